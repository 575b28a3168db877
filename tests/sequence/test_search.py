"""The win-in-N proof search: the numba kernel against the plain reference search."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from playable.solver.core.budget import Budget
from playable.solver.core.result import Status
from playable.solver.sequence.notation import parse_move, parse_position
from playable.solver.sequence.rules import State, UnknownCard, apply
from playable.solver.sequence.search import KernelSearch, forced_win, reference_win_within

DATA = Path(__file__).parents[1] / "data" / "sequence" / "winin.txt"
ANSWER = {"yes": True, "no": False, "-": None}


@dataclass(frozen=True)
class Case:
    number: int
    state: State
    wins: dict[int, bool]
    reference_seconds: float


def load_cases() -> list[Case]:
    """The cases of winin.txt (see make_winin.py): position + reference answers."""
    cases = []
    for block in DATA.read_text(encoding="utf-8").split("# case ")[1:]:
        header, _, text = block.partition("\n")
        number, _, rest = header.partition(":")
        fields = dict(word.split("=") for word in rest.split())
        wins = {n: answer for n in (1, 2, 3) if (answer := ANSWER[fields[f"win{n}"]]) is not None}
        cases.append(
            Case(int(number), parse_position(text, f"case {number}"), wins, float(fields["ref2"]))
        )
    return cases


CASES = load_cases()


def test_the_data_set_has_200_cases_with_wins_and_non_wins() -> None:
    assert len(CASES) == 200
    assert sum(c.wins[2] for c in CASES) >= 50
    assert sum(not c.wins[2] for c in CASES) >= 50
    assert sum(3 in c.wins for c in CASES) >= 20


def test_kernel_agrees_with_the_reference_on_200_positions() -> None:
    search = KernelSearch(Budget(memory_mb=8))
    for case in CASES:
        for n, expected in case.wins.items():
            got = search.wins(case.state, n, case.state.side)
            assert got == expected, f"case {case.number}, {n} own turns"
    assert not search.incomplete


def test_reference_answers_still_hold_on_the_cheap_cases() -> None:
    cheap = [c for c in CASES if c.reference_seconds < 0.02][:60]
    assert len(cheap) >= 30
    for case in cheap:
        for n in (1, 2):
            assert reference_win_within(case.state, n) == case.wins[n], case.number


def test_forced_wins_are_fastest_and_replay_through_the_rules() -> None:
    for case in [c for c in CASES if c.wins[2]][:40]:
        result = forced_win(case.state, 2, Budget(memory_mb=8))
        assert result.status == Status.SOLVED
        assert result.objective == (1 if case.wins[1] else 2)
        state = case.state
        for step in result.to_json()["line"]:
            assert step["player"] == state.to_move
            state = apply(state, parse_move(state, step["move"]))
        assert state.winner == case.state.side


def test_no_forced_win_is_reported_as_unsolvable() -> None:
    case = next(c for c in CASES if 3 in c.wins and not c.wins[3])
    result = forced_win(case.state, 3, Budget(memory_mb=8))
    assert result.status == Status.UNSOLVABLE and not result.line
    assert "no forced win within 3" in result.extra["reason"]


def test_a_budget_that_runs_out_gives_unknown() -> None:
    case = next(c for c in CASES if not c.wins[2])
    result = forced_win(case.state, 3, Budget(nodes=3, memory_mb=1))
    assert result.status == Status.UNKNOWN and result.extra["reason"] == "budget ran out"


def test_an_unknown_card_gives_unknown_not_a_guess() -> None:
    case = next(c for c in CASES if not c.wins[2] and c.state.variant.players == 2)
    hidden = replace(case.state, draw=(), unknown=case.state.unknown + len(case.state.draw))
    result = forced_win(hidden, 2, Budget(memory_mb=8))
    assert result.status == Status.UNKNOWN
    assert "not known" in result.extra["reason"]


def test_kernel_runs_without_jit() -> None:
    script = (
        f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
        "from test_search import CASES\n"
        "from solver.core.budget import Budget\n"
        "from solver.sequence.search import KernelSearch\n"
        "s = KernelSearch(Budget(memory_mb=1))\n"
        "for c in CASES[:3] + CASES[-3:]:\n"
        "    assert s.wins(c.state, 2, c.state.side) == c.wins[2], c.number\n"
        "print('ok')\n"
    )
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1", "PYTHONWARNINGS": "ignore"}
    out = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=False
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "ok"


@pytest.mark.slow
def test_kernel_agrees_with_the_reference_at_three_turns_on_more_cases() -> None:
    for case in CASES[:60]:
        assert KernelSearch(Budget(memory_mb=8)).wins(case.state, 3, case.state.side) == (
            reference_win_within(case.state, 3)
        )


def test_a_time_budget_runs_the_kernel_in_slices() -> None:
    case = next(c for c in CASES if c.wins[2] and not c.wins[1])
    result = forced_win(case.state, 2, Budget(seconds=60, memory_mb=8))
    assert result.status == Status.SOLVED and result.objective == 2


def load_exact_three() -> list[tuple[int, State]]:
    text = (DATA.parent / "winin3.txt").read_text(encoding="utf-8")
    return [
        (int(b.partition(":")[0]), parse_position(b.partition("\n")[2]))
        for b in text.split("# case ")[1:]
    ]


def test_wins_in_exactly_three_turns_are_found_and_replayed() -> None:
    cases = load_exact_three()
    assert len(cases) >= 5
    for number, state in cases:
        result = forced_win(state, 3, Budget(memory_mb=16))
        assert result.status == Status.SOLVED and result.objective == 3, number
        replayed = state
        for step in result.to_json()["line"]:
            replayed = apply(replayed, parse_move(replayed, step["move"]))
        assert replayed.winner == state.side


@pytest.mark.slow
def test_exact_three_cases_against_the_reference() -> None:
    for number, state in load_exact_three():
        assert not reference_win_within(state, 2), number
        assert reference_win_within(state, 3), number


def test_a_proven_win_is_shown_when_other_moves_would_draw_unlisted_cards() -> None:
    """Regression: the shown line skipped no move and raised IllegalMove on the first
    legal move that draws a card the position does not list (its draw pile is cut)."""
    path = DATA.parent / "unlisted-draw.position.txt"
    state = parse_position(path.read_text(encoding="utf-8"))
    assert state.unknown > 0 and len(state.draw) == 2
    result = forced_win(state, 3, Budget(seconds=30))
    assert result.status is Status.SOLVED and result.objective == 2
    assert reference_win_within(state, 2) and not reference_win_within(state, 1)
    with pytest.raises(UnknownCard):  # without the two listed draws the oracle cannot tell
        reference_win_within(replace(state, draw=(), unknown=state.unknown + 2), 2)
    side = state.side
    for step in result.to_json()["line"]:
        state = apply(state, parse_move(state, step["move"]))
    assert state.winner == side
