"""The Sequence kernel's transposition table is shared by the searches from the
positions along one proven line (search.principal_line): its keys must not depend on
where a search's root starts in the draw pile (kernel.py, note 3).

tests/data/shared-table.sequence.txt is a position from the tree search's leaf solves
where a key built on the index into the root's draw array made the line builder
refuse a true forced win in 3 ("the proven win has no winning move")."""

from __future__ import annotations

from playable.solver.core.budget import Budget
from playable.solver.core.result import Status
from playable.solver.sequence.notation import parse_position
from playable.solver.sequence.rules import ReplaceDead, State, apply, legal_moves
from playable.solver.sequence.search import KernelSearch, forced_win, reference_win_within


def position() -> State:
    with open("tests/data/shared-table.sequence.txt", encoding="utf-8") as file:
        return parse_position(file.read())


def test_the_forced_win_comes_with_its_line() -> None:
    state = position()
    assert reference_win_within(state, 3)
    result = forced_win(state, 3, Budget(nodes=100_000), threats=False, fastest=False)
    assert result.status is Status.SOLVED and result.line is not None
    assert result.line.steps[-1].after.winner == state.side


def test_a_shared_table_answers_the_children_as_a_fresh_one() -> None:
    state = position()
    shared = KernelSearch(Budget(nodes=2_000_000))
    assert shared.wins(state, 3, state.side)
    for move in legal_moves(state)[:40]:
        child = apply(state, move)
        if child.winner is not None:
            continue
        left = 3 if isinstance(move, ReplaceDead) else 2
        fresh = KernelSearch(Budget(nodes=2_000_000)).wins(child, left, state.side)
        assert shared.wins(child, left, state.side) == fresh, str(move)
