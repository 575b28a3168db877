"""Fresh deals through the one game interface (``Game.deal``, ``Game.deal_text``,
``Game.player_counts``; solver/core/game.py): the deals of the former per-game code,
every allowed player count, the refused ones in one line, and the same deal on the
command line (``playable deal``) and on the web board (web/deal.py)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.core.errors import InvalidVariant
from playable.solver.games import NAMES, game
from playable.web.deal import DealError, deal_text
from tests.clirun import invoke

DATA = Path(__file__).parent.parent / "data" / "former_deals.txt"

#: The deal files the former if-chain of web/deal.py wrote, as SHA-256 digests
#: (tests/data/former_deals.txt): the same seed must keep giving the same deal, byte
#: for byte.
FORMER_DEALS = [
    (name, int(players), int(seed), digest)
    for name, players, seed, digest in (
        line.split() for line in DATA.read_text().splitlines() if not line.startswith("#")
    )
]

#: What docs/rules.md allows (TG-2, FF-1, UN-2, SQ-3).
RULES_COUNTS = {
    "thegame": (1, 2, 3, 4, 5),
    "facetoface": (2,),
    "uno": tuple(range(2, 11)),
    "sequence": (2, 3, 4, 6, 8, 9, 10, 12),
}


@pytest.mark.parametrize(("name", "players", "seed", "digest"), FORMER_DEALS)
def test_the_same_seed_gives_the_former_deal(
    name: str, players: int, seed: int, digest: str
) -> None:
    text = game(name).deal_text(players, seed)
    assert hashlib.sha256(text.encode()).hexdigest() == digest
    assert deal_text(name, players, seed) == text


@pytest.mark.parametrize("name", NAMES)
def test_every_allowed_count_deals_its_file(name: str) -> None:
    """``parse(deal_text(p, s)) == deal(p, s)``, with p players and player 1 to move
    (TG-9, FF-7, UN-2's first card turned, SQ-3); another seed, another deal."""
    rules = game(name)
    assert rules.player_counts == RULES_COUNTS[name]
    for players in rules.player_counts:
        state = rules.deal(players, 3)
        assert rules.parse(rules.deal_text(players, 3)) == state
        assert rules.players(state) == players
        assert not rules.is_terminal(state) and rules.legal_moves(state)
        assert rules.deal(players, 4) != state
    if name != "uno":  # UNO's first card may skip or reverse (UN-7)
        assert rules.to_move(rules.deal(rules.player_counts[0], 3)) == 0


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(NAMES), st.integers(-2, 14), st.integers(0, 2**31 - 1))
def test_a_count_the_game_refuses_is_one_line(name: str, players: int, seed: int) -> None:
    rules = game(name)
    if players in rules.player_counts:
        assert rules.parse(rules.deal_text(players, seed)) == rules.deal(players, seed)
        return
    for make in (rules.deal, rules.deal_text):
        with pytest.raises(InvalidVariant) as refused:
            make(players, seed)
        message = str(refused.value)
        assert message.startswith(f"{rules.title} is played by ")
        assert message.endswith(f" players, not {players}") and "\n" not in message
    with pytest.raises(DealError, match=f"not {players}$"):
        deal_text(name, players, seed)


def test_the_refusals_name_the_allowed_counts() -> None:
    expected = {
        "thegame": "The Game is played by 1 to 5 players, not 6",
        "facetoface": "The Game: Face to Face is played by 2 players, not 3",
        "uno": "UNO is played by 2 to 10 players, not 11",
        "sequence": "Sequence is played by 2, 3, 4, 6, 8, 9, 10 or 12 players, not 5",
    }
    for name, message in expected.items():
        players = int(message.rsplit(" ", 1)[1])
        with pytest.raises(InvalidVariant, match=f"^{message}$"):
            game(name).deal(players, 0)
    with pytest.raises(DealError, match="no game 'chess'"):
        deal_text("chess", 2, 0)


@pytest.mark.parametrize("name", NAMES)
def test_the_command_line_deals_the_same(name: str) -> None:
    """``playable deal NAME --players N --seed S`` (text and JSON) is the game's deal."""
    rules = game(name)
    players = rules.player_counts[-1]
    options = [] if name == "facetoface" else ["--players", str(players)]
    printed = invoke("deal", name, *options, "--seed", "11")
    assert printed.returncode == 0, printed.stderr
    assert printed.stdout == rules.deal_text(players, 11)
    document = json.loads(invoke("deal", name, *options, "--seed", "11", "--json").stdout)
    header = printed.stdout.split("\n", 1)[0].split()
    assert [document["game"], document["kind"]] == header[1:]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["thegame", "uno", "sequence"]), st.integers(-1, 13), st.integers(0, 99))
def test_the_command_line_allows_the_games_counts(name: str, players: int, seed: int) -> None:
    """``playable deal NAME --players N`` deals exactly the counts the game allows, the
    same deal; any other count is one error line and exit code 2."""
    rules = game(name)
    printed = invoke("deal", name, "--players", str(players), "--seed", str(seed))
    if players in rules.player_counts:
        assert (printed.returncode, printed.stdout) == (0, rules.deal_text(players, seed))
    else:
        assert printed.returncode == 2 and printed.stdout == ""
        assert len(printed.stderr.strip().splitlines()) == 1, printed.stderr
