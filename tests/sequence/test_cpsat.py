"""The CP-SAT distance to win against the proof search and the reference rules."""

from __future__ import annotations

from pathlib import Path

from solver.core.budget import Budget
from solver.core.result import Status
from solver.sequence.cpsat import distance_to_win, solitaire
from solver.sequence.notation import parse_move, parse_position
from solver.sequence.rules import PASS, apply
from solver.sequence.search import forced_win

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
        for step in model.line:  # the plan replays through the rules
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
