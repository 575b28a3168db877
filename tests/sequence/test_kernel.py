"""The proof-search kernel called directly on its workspaces (solver/sequence/workspace.py):
it plays moves on the caller's arrays and takes every one back, and its answer is
the one :class:`KernelSearch` and the reference search give."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.core.budget import Budget
from playable.solver.core.tt import new_table
from playable.solver.sequence import kernel
from playable.solver.sequence.rules import State
from playable.solver.sequence.search import KernelSearch
from playable.solver.sequence.workspace import Board, Cards, Query, Table
from tests.sequence.test_search import CASES


def search(
    state: State, board: Board, cards: Cards, turns: int, limit: int = 1_000_000
) -> tuple[bool, npt.NDArray[np.int64]]:
    """``kernel.win_within`` for the side to move, on fresh counters and table."""
    counters = np.zeros(5, dtype=np.int64)
    movebuf = np.zeros((2 * turns * state.variant.players + 4, kernel.MAX_MOVES, 4), np.int64)
    query = Query(
        state.to_move,
        turns,
        int(state.replaced),
        state.side,
        state.variant.sides,
        state.variant.sequences_to_win,
        limit,
    )
    won = kernel.win_within(board, cards, query, Table(*new_table(1 << 12)), counters, movebuf)
    return bool(won), counters


@settings(max_examples=30, deadline=None)
@given(st.integers(0, len(CASES) - 1), st.integers(1, 2))
def test_the_kernel_restores_its_workspaces_and_agrees(case_index: int, turns: int) -> None:
    case = CASES[case_index]
    board, cards = kernel.encode(case.state)
    before = [a.copy() for a in (*board, *cards[:3])]
    won, counters = search(case.state, board, cards, turns)
    assert counters[kernel.STOPPED] == 0
    after = [*board, *cards[:3]]
    for old, new in zip(before, after, strict=True):
        np.testing.assert_array_equal(old, new)
    assert cards.draw_len == len(case.state.draw)
    expected = KernelSearch(Budget(memory_mb=1)).wins(case.state, turns, case.state.side)
    assert won == expected
    if turns in case.wins and not counters[kernel.INCOMPLETE]:
        assert won == case.wins[turns]


def test_a_node_limit_stops_the_kernel() -> None:
    state = next(c.state for c in CASES if 2 in c.wins)
    board, cards = kernel.encode(state)
    won, counters = search(state, board, cards, 2, limit=1)
    assert not won
    assert counters[kernel.STOPPED] == 1 and counters[kernel.NODES] == 1
