"""`playable play FILE|GAME` for Face to Face, UNO and Sequence (cli/play.py): bots
play a deal or position out through the reference rules; the line replays by the
rules to the printed outcome, the document is of kind ``play-bots`` (docs/json.md),
and the play-out is the one `simulate` plays for the same seed."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from playable.cli.play import play_out
from playable.solver.core.jsonkeys import SCHEMA_DIR
from playable.solver.games import game
from tests.clirun import invoke

EX = Path(__file__).parents[2] / "examples"
SCHEMAS = {p.stem: json.loads(p.read_text("utf-8")) for p in SCHEMA_DIR.glob("*.json")}
REGISTRY: Registry[Any] = Registry().with_resources(
    (s["$id"], Resource.from_contents(s)) for s in SCHEMAS.values()
)
VALIDATOR = Draft202012Validator(SCHEMAS["play-bots"], registry=REGISTRY)

#: `play` arguments: files and fresh deals of each game.
CASES: list[list[str]] = [
    ["play", str(EX / "endgame.facetoface.txt")],
    ["play", "facetoface", "--max-card", "20", "--seed", "4", "--bot", "greedy"],
    ["play", "facetoface", "--max-card", "20", "--seed", "1", "--first", "2", "--bot", "careful"],
    ["play", str(EX / "endgame.uno.txt")],
    [
        "play",
        str(EX / "deal-3p.uno.txt"),
        "--bot",
        "heuristic",
        "--bot",
        "greedy",
        "--bot",
        "random",
    ],
    ["play", "uno", "--players", "4", "--seed", "7", "--stacking"],
    ["play", str(EX / "win-in-2.sequence.txt")],
    ["play", "sequence", "--seed", "2", "--bot", "greedy", "--bot", "random"],
    ["play", "sequence", "--players", "3", "--seed", "5", "--bot", "greedy"],
]


def _start(args: list[str]) -> Any:
    """The position a case starts from, read again independently of the command."""
    name = args[1]
    if name.endswith(".txt"):
        path = Path(name)
        return game(_game_of(path)).parse(path.read_text("utf-8"), str(path))
    return None


def _game_of(path: Path) -> str:
    header = next(
        line for line in path.read_text("utf-8").splitlines() if line.startswith("playable")
    )
    return header.split()[1]


def replay(name: str, start: Any, document: dict[str, Any]) -> Any:
    """The document's line applied by the rules (``Game.apply``) from ``start``."""
    rules = game(name)
    state = start
    for item in document["line"]:
        assert item["player"] == rules.to_move(state)
        for text in item["move"].split():
            state = rules.apply(state, rules.parse_move(state, text))
        if rules.turn_end is not None and not rules.is_terminal(state):
            state = rules.apply(state, rules.parse_move(state, rules.turn_end))
    return state


@pytest.mark.parametrize("args", CASES, ids=[" ".join(Path(a).name for a in c[1:]) for c in CASES])
def test_play_prints_a_document_whose_line_replays_to_its_outcome(args: list[str]) -> None:
    code, out, err = invoke(*args, "--json")
    assert code == 0, err
    document = json.loads(out)
    errors = [e.message for e in VALIDATOR.iter_errors(document)]
    assert not errors, errors
    assert document["finished"] and document["turns"] == len(document["line"])
    start = _start(args)
    if start is not None:
        rules = game(document["game"])
        final = replay(document["game"], start, document)
        assert rules.is_terminal(final)
        assert document["outcome"] == rules.outcome_text(final)
        assert document["returns"] == list(rules.returns(final))
        assert document["first_player"] == rules.to_move(start)
    text_code, text, _ = invoke(*args)
    assert text_code == 0
    assert text.strip().splitlines()[-1].startswith(document["outcome"])
    assert len(text.strip().splitlines()) == document["turns"] + 1


def test_the_turn_limit_stops_a_game_with_exit_3() -> None:
    for args in (
        ["play", "sequence", "--bot", "random", "--max-turns", "4"],
        ["play", "uno", "--players", "3", "--max-turns", "2"],
    ):
        code, out, _ = invoke(*args, "--json")
        document = json.loads(out)
        assert code == 3 and VALIDATOR.is_valid(document)
        assert document["turns"] == len(document["line"]) == int(args[-1])
        assert not document["finished"]
        assert document["winner"] is document["outcome"] is document["returns"] is None
        code, text, _ = invoke(*args)
        assert code == 3 and "unfinished" in text.splitlines()[-1]


@pytest.mark.parametrize(
    "args",
    [
        ["play", "facetoface", "--bot", "bogus"],
        ["play", "facetoface", "--bot", "greedy", "--bot", "greedy", "--bot", "greedy"],
        ["play", str(EX / "endgame.facetoface.txt"), "--first", "2"],
        ["play", str(EX / "endgame.facetoface.txt"), "--seed", "2"],
        ["play", str(EX / "playout.uno.txt")],
        ["play", str(EX / "endgame.uno.txt"), "--players", "3"],
        ["play", "uno", "--players", "3", "--bot", "greedy", "--bot", "random"],
        ["play", "uno", "--dealer", "5"],
        ["play", str(EX / "win-in-2.sequence.txt"), "--seed", "1"],
        ["play", "sequence", "--sides", "3", "--bot", "greedy", "--bot", "random"],
        ["play", "sequence", "--players", "2", "--first", "3"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str]) -> None:
    code, out, err = invoke(*args, "--json")
    assert code == 2 and out == "", out
    assert len(err.strip().splitlines()) == 1, err


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**40))
def test_facetoface_play_is_the_game_simulate_plays(seed: int) -> None:
    """The game of a seed played through Game.apply (play) ends as simulate's game of
    that seed (the rules' own turn function): same winner, same number of turns."""
    from playable.solver.facetoface.notation import Deal
    from playable.solver.facetoface.rules import Variant, shuffled_decks
    from playable.solver.facetoface.simulate import SeatBots, Simulation

    variant = Variant(20)
    row = Simulation(variant, "greedy", "careful").play(seed)
    a, b = shuffled_decks(variant, seed)
    start = Deal(variant, tuple(a), tuple(b)).start(seed % 2)
    played = play_out(game("facetoface"), start, SeatBots(("greedy", "careful"), seed), 1000)
    assert played.finished
    assert game("facetoface").to_json(played.final)["winner"] == row["value"]
    assert len(played.turns) == row["turns"]


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.integers(2, 5), bots=st.randoms())
def test_uno_play_is_the_round_a_match_plays(seed: int, players: int, bots: random.Random) -> None:
    from playable.solver.uno.players import STRATEGIES, make_player
    from playable.solver.uno.rules import Options, random_deal
    from playable.solver.uno.simulate import SeatBots, play_round

    # the seat players are slow: they are timed in benchmarks/seat_players.py
    quick = [s for s in STRATEGIES if not s.startswith("seat")]
    names = [bots.choice(quick) for _ in range(players)]
    start = random_deal(Options(), players, seed, seed % players).start()
    seats = [make_player(s, seed * 100 + p) for p, s in enumerate(names)]
    record = play_round(start, seats, random.Random(0))
    played = play_out(game("uno"), start, SeatBots(names, seed), 20_000)
    assert played.final == record.final
    assert len(played.turns) == record.moves


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31), bots=st.randoms())
def test_sequence_play_is_the_game_simulate_plays(seed: int, bots: random.Random) -> None:
    from playable.solver.sequence.players import play_game
    from playable.solver.sequence.rules import Variant, deal, shuffled_deck
    from playable.solver.sequence.simulate import SeatBots, make_players

    variant = Variant(2, 2)
    names = [bots.choice(["random", "greedy"]) for _ in range(2)]
    start = deal(variant, shuffled_deck(seed), seed % 2)
    record = play_game(start, make_players(variant, names, seed), 300)
    played = play_out(game("sequence"), start, SeatBots(variant, names, seed), 300)
    assert played.final == record.final
    assert len(played.turns) == record.turns
