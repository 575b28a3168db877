"""The CP-SAT distance to win against the proof search and the reference rules."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from playable.solver.core.budget import Budget
from playable.solver.core.result import SolveResult, Status
from playable.solver.sequence.cpsat import distance_to_win, solitaire
from playable.solver.sequence.notation import parse_move, parse_position
from playable.solver.sequence.rules import DECK, PASS, State, apply
from playable.solver.sequence.search import forced_win
from tests.sequence.conftest import Builder

DATA = Path(__file__).parents[1] / "data" / "sequence" / "solitaire.txt"
EXAMPLES = Path(__file__).parents[2] / "examples"


def load() -> list[tuple[int, object, int | None]]:
    cases = []
    for block in DATA.read_text(encoding="utf-8").split("# case ")[1:]:
        header, _, text = block.partition("\n")
        number, _, answer = header.partition(": distance=")
        distance = None if answer.strip() == "-" else int(answer)
        cases.append((int(number), parse_position(text), distance))
    return cases


def test_cpsat_agrees_with_the_search_and_the_reference() -> None:
    cases = load()
    assert len(cases) == 20 and sum(d is not None for _, _, d in cases) >= 10
    for number, position, distance in cases:
        state = solitaire(position)  # type: ignore[arg-type]
        model = distance_to_win(position, 3)  # type: ignore[arg-type]
        search = forced_win(state, 3, Budget(memory_mb=8))
        assert model.objective == distance == search.objective, number
        if distance is None:
            assert model.status == Status.UNSOLVABLE
            continue
        assert model.status == Status.SOLVED and model.proven_optimal
        for step in model.to_json()["line"]:  # the plan replays through the rules
            while state.to_move != step["player"]:
                state = apply(state, PASS)
            state = apply(state, parse_move(state, step["move"]))
        assert state.winner == position.side  # type: ignore[attr-defined]


def test_cpsat_says_what_is_exact() -> None:
    position = parse_position((EXAMPLES / "win-in-2.sequence.txt").read_text())
    result = distance_to_win(position, 4)
    assert result.status == Status.SOLVED and result.objective == 2
    assert "exact for the side playing alone" in result.extra["exactness"]
    assert result.to_json()["turns"] == 2


# ------------------------------------------- dead-card exchanges, passes, unknown draws

WINS = Path(__file__).parents[1] / "data" / "sequence"
#: blue has a1-e1 and needs b3-f3 (3C on f3); both spaces of 2S 3S 4S 5S are taken
TEAM_BOARD = "*GBGB....*\nBBBBB.....\n\nGBBBB.....\n\n\n\n\n...GBGB..."
TEAM_HANDS = ("2S 2S 3S 3S 4S 5S", "9H 9H TH TH QD QD", "3C 6H 7H 8H KH AH", "KD KD 7D 7D 8D 8D")


def _team(make: Builder, replaced: bool) -> State:
    used = Counter(c for h in TEAM_HANDS for c in h.split())
    rest = Counter(DECK) - used - Counter(["3C"])
    draw = "3C " + " ".join(sorted(rest.elements()))
    state = make(board=TEAM_BOARD, hands=TEAM_HANDS, players=4, sequences="B:a1-e1", draw=draw)
    return replace(state, replaced=replaced)


def _agree(position: State, turns: int) -> SolveResult:
    """CP-SAT and the exact proof search on the solitaire position agree."""
    model = distance_to_win(position, turns)
    search = forced_win(solitaire(position), turns, Budget(memory_mb=8))
    assert model.status == search.status, (model.to_json(), search.to_json())
    assert model.objective == search.objective
    return model


def test_a_dead_card_exchange_wins_at_once(make: Builder) -> None:
    """SQ-6: player 1 holds only dead cards, exchanges one and draws 3C."""
    model = _agree(_team(make, replaced=False), 3)
    assert model.objective == 1 and model.proven_optimal
    moves = [d["move"] for d in model.to_json()["line"]]
    assert moves[0].startswith("dead:") and moves[1:] == ["3C@f3+b3-f3"]


def test_a_player_with_nothing_to_play_passes(make: Builder) -> None:
    """SQ-11: having replaced a card already, player 1 must pass; the teammate wins
    on the side's second turn (the model once demanded a card every turn and found
    no plan at all)."""
    model = _agree(_team(make, replaced=True), 3)
    assert model.objective == 2
    # player 1 passes, the other side passes (it plays alone), the teammate wins
    assert [d["move"] for d in model.to_json()["line"]] == ["pass", "pass", "3C@f3+b3-f3"]
    assert _agree(_team(make, replaced=True), 1).status == Status.UNSOLVABLE


def _stored(name: str) -> dict[str, State]:
    cases = {}
    for block in (WINS / name).read_text(encoding="utf-8").split("# case ")[1:]:
        header, _, text = block.partition("\n")
        cases[header.split(":")[0]] = parse_position(text)
    return cases


#: winin.txt 35 is won at once with an exchange (the model without it said 2 turns);
#: the team positions 104, 106, 164 and winin3 2 caught a model that let a player
#: use a teammate's draw at 4 turns; 28 one that exchanged the replacement itself.
CHOSEN = (("winin.txt", "35", 3), ("winin.txt", "28", 3), ("winin.txt", "104", 4),
          ("winin.txt", "106", 4), ("winin.txt", "164", 4), ("winin3.txt", "2", 4))  # fmt: skip


@pytest.mark.parametrize(("name", "case", "turns"), CHOSEN)
def test_cpsat_agrees_with_the_search_on_chosen_stored_positions(
    name: str, case: str, turns: int
) -> None:
    model = _agree(_stored(name)[case], turns)
    if case == "35":
        assert model.objective == 1 and model.to_json()["line"][0]["move"].startswith("dead:")
    if model.status == Status.SOLVED:
        assert model.proven_optimal and model.bound == model.objective


@pytest.mark.slow
@pytest.mark.parametrize("name", ["winin.txt", "winin3.txt"])
def test_cpsat_agrees_with_the_search_on_every_stored_position(name: str) -> None:
    """Never unsolvable where the search wins, the same turns where both decide."""
    for case, position in _stored(name).items():
        for turns in (3, 4):
            model = distance_to_win(position, turns)
            search = forced_win(solitaire(position), turns, Budget(memory_mb=8))
            decided = {Status.SOLVED, Status.UNSOLVABLE}
            if model.status in decided and search.status in decided:
                assert (model.status, model.objective) == (search.status, search.objective), case


def test_search_shows_a_line_where_cpsat_finds_one() -> None:
    """Found by the random cross-check: CP-SAT wins in 3 with a plan that does not
    rely on the unknown card a teammate draws; the full search alone proved the win
    but then raised 'the proven win has no winning move'; the threat search
    (solver/sequence/threats.py) proves it and shows its line."""
    position = parse_position((WINS / "search-no-winning-move.position.txt").read_text())
    model = distance_to_win(position, 3)
    assert model.status == Status.SOLVED and model.objective == 3 and model.proven_optimal
    assert forced_win(solitaire(position), 3, Budget(memory_mb=8)).objective == 3
