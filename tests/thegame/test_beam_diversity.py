"""The beam's cap on positions with the same pile tops (beam_kernel.R_PER_TOPS): every
level keeps at most the cap per set of tops (pairs unordered, P1), and its lines are
still legal under the reference rules and lay the cards they claim."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from playable.solver.core.budget import Budget
from playable.solver.thegame import beam_kernel as B
from playable.solver.thegame.notation import Deal
from playable.solver.thegame.rules import State, Variant, shuffled_deck
from playable.solver.thegame.search import _Solver, replay

from .search_cases import SMALL_VARIANTS


def _tops_on_level(ws: B.Workspace, reg: np.ndarray) -> Counter[tuple[int, ...]]:
    side = int(reg[B.R_SIDE])
    tops: Counter[tuple[int, ...]] = Counter()
    for i in range(int(reg[B.R_SIZE])):
        a0, a1, d0, d1 = (int(x) for x in ws.st[side, i, :4])
        tops[(min(a0, a1), max(a0, a1), min(d0, d1), max(d0, d1))] += 1
    return tops


def _beam(state: State, width: int, cap: int) -> tuple[int, int, list[int], int]:
    """Run the beam level by level, checking the cap on every level: (outcome,
    deepest cards left, line, the most positions one set of tops had on a level)."""
    solver = _Solver([state], Budget(memory_mb=1), False)
    run = solver.runs[0]
    run.reset(1, 0, 0)
    ws = B.workspace(width, state.variant.players, state.cards_left)
    reg = np.zeros(B.N_REG, dtype=np.int64)
    reg[B.R_RNG] = 1
    reg[B.R_PER_TOPS] = cap
    B.start(run.pos, ws, reg)
    most = 0
    outcome = B.BUDGET
    while outcome == B.BUDGET:
        reg[B.R_LIMIT] = reg[B.R_NODES] + 1  # one level a call
        outcome = B.run(run.params, run.draw, ws, reg)
        if reg[B.R_SIZE] > 0 and reg[B.R_LEVEL] > 0:
            most = max(most, max(_tops_on_level(ws, reg).values()))
    line = np.zeros(2 * state.cards_left + 2, dtype=np.int64)
    n = B.line(ws, reg, line)
    deepest = int(reg[B.R_LEVEL]) - (1 if reg[B.R_SIZE] == 0 else 0)
    return outcome, state.cards_left - deepest, [int(m) for m in line[:n]], most


@pytest.mark.parametrize("variant", [*SMALL_VARIANTS, Variant(1, True, True, 99)], ids=str)
@pytest.mark.parametrize("cap", [1, 3])
def test_cap_holds_and_lines_replay(variant: Variant, cap: int) -> None:
    state = Deal(variant, tuple(shuffled_deck(variant, 5 + cap))).start(0)
    outcome, claimed, path, most = _beam(state, 64, cap)
    assert 1 <= most <= cap
    unfinished = replay(state, path, finish=False)
    assert unfinished.cards_left == claimed
    assert (outcome == B.FOUND) == (claimed == 0)


def test_without_cap_tops_repeat() -> None:
    """The cap is what spreads the level: without it, a wide level of a full deal holds
    many positions with the same tops (so the test above can fail)."""
    variant = Variant(1, True, True, 99)
    state = Deal(variant, tuple(shuffled_deck(variant, 5))).start(0)
    assert _beam(state, 64, 0)[3] > 3
