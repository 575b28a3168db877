"""Sequence: can the side to move force a win within N of its own turns? (SQ-8)

:func:`forced_win` runs the numba proof search of :mod:`playable.solver.sequence.kernel`
with iterative deepening (1, 2, ..., N own turns), so a reported win is also the
fastest forced win. The answer is a :class:`SolveResult`:

* ``solved``: a forced win in ``turns`` own turns; ``line`` is one line of play
  (the winning side's moves against one defence; every other defence loses too),
  replayed through the reference rules before it is reported.
* ``unsolvable``: no forced win within N own turns (an exhaustive search; see the
  kernel's notes for its exact cuts).
* ``unknown``: the budget ran out, or the search would have needed a card that is
  not known (an unknown draw or an SQ-9 reshuffle within the horizon).

:func:`reference_win_within` is the plain oracle over :mod:`rules` (no table, no
cuts beyond AND/OR short-circuit); tests check the kernel against it.
"""

from __future__ import annotations

import functools
import time
from typing import Any

import numpy as np

from playable.solver.core.budget import Budget
from playable.solver.core.errors import IllegalMove
from playable.solver.core.line import Line, Step
from playable.solver.core.result import SolveResult, Status
from playable.solver.core.tt import SLOT_BYTES, new_table
from playable.solver.sequence import kernel
from playable.solver.sequence.analysis import gain
from playable.solver.sequence.game import GAME as SEQUENCE
from playable.solver.sequence.rules import (
    DECK,
    Move,
    ReplaceDead,
    State,
    UnknownCard,
    Variant,
    apply,
    deal,
    legal_moves,
)
from playable.solver.sequence.workspace import Query, Table


def reference_win_within(state: State, turns: int, side: int | None = None) -> bool:
    """The oracle: does ``side`` (default: the side to move) force a win within
    ``turns`` of its own turns? Plain AND/OR search over :func:`rules.legal_moves`.

    Raises :class:`UnknownCard` when the answer depends on a card of the draw pile
    that the position does not list."""
    side = state.side if side is None else side
    if state.winner is not None:
        return state.winner == side
    mine = state.side == side
    needs_unlisted = False
    for move in legal_moves(state):
        try:
            child = apply(state, move)
        except UnknownCard:
            # SQ-8: a winning move draws nothing, so this one does not win at once; on
            # the last own turn it cannot win at all, otherwise the answer needs the card
            if not mine or turns > 1 or isinstance(move, ReplaceDead):
                needs_unlisted = True
            continue
        if child.winner is not None:
            won = child.winner == side
        elif isinstance(move, ReplaceDead):
            won = reference_win_within(child, turns, side)
        elif mine:
            won = turns > 1 and reference_win_within(child, turns - 1, side)
        else:
            won = reference_win_within(child, turns, side)
        if mine and won:
            return True
        if not mine and not won:
            return False
    if needs_unlisted:
        raise UnknownCard(
            "the answer depends on a card of the draw pile the position does not list"
        )
    return not mine


class KernelSearch:
    """One transposition table and its counters, reused across searches."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.table = Table(*new_table(budget.table_slots(SLOT_BYTES)))
        self.counters = np.zeros(5, dtype=np.int64)

    def wins(self, state: State, turns: int, side: int) -> bool | None:
        """Kernel answer for ``state`` (None when a budget ran out).

        With a time limit or a ``stop`` question (Ctrl-C, cli/budget.py) the kernel
        runs in node slices (10 000, doubling); a slice cut short is restarted from
        fresh arrays and the table keeps what finished, so the clock is checked
        between slices.
        """
        if state.winner is not None:
            return state.winner == side
        plies = 2 * turns * state.variant.players + 4
        movebuf = np.zeros((plies, kernel.MAX_MOVES, 4), dtype=np.int64)
        sliced = self.budget.seconds is not None or self.budget.stop is not None
        step = 10_000 if sliced else self.budget.node_limit
        while True:
            board, cards = kernel.encode(state)
            self.counters[kernel.DRAW_PTR] = 0
            self.counters[kernel.STOPPED] = 0
            limit = min(self.budget.node_limit, int(self.counters[kernel.NODES]) + step)
            query = Query(
                state.to_move,
                turns,
                int(state.replaced),
                side,
                state.variant.sides,
                state.variant.sequences_to_win,
                limit,
            )
            won = kernel.win_within(board, cards, query, self.table, self.counters, movebuf)
            if not self.counters[kernel.STOPPED]:
                return bool(won)
            if limit >= self.budget.node_limit or self.budget.expired(self.nodes):
                return None
            step *= 2

    @property
    def incomplete(self) -> bool:
        return bool(self.counters[kernel.INCOMPLETE])

    @property
    def nodes(self) -> int:
        return int(self.counters[kernel.NODES])


@functools.cache
def warm_up() -> None:
    """Load (or compile) the numba kernel once per process on a short search of a
    fresh deal, so that no search budget is spent on it."""
    start = deal(Variant(players=2), DECK)
    KernelSearch(Budget(nodes=2_000, memory_mb=1).start()).wins(start, 2, start.side)


def forced_win(state: State, max_turns: int, budget: Budget | None = None) -> SolveResult:
    """Iterative deepening proof search for a forced win of the side to move. The
    kernel is loaded before the budget starts (:func:`warm_up`)."""
    warm_up()
    budget = (budget or Budget()).start()
    started = time.perf_counter()
    search = KernelSearch(budget)
    side = state.side
    found: int | None = None
    stopped = False
    for turns in range(1, max_turns + 1):
        budget.note(depth=turns)  # own turns searched now, for progress
        won = search.wins(state, turns, side)
        if won is None:
            stopped = True
            break
        if won:
            found = turns
            break
    line: Line[State, Move] = Line(SEQUENCE, state)
    if found is not None and not search.incomplete:
        built = principal_line(state, found, side, search)
        if built is None:
            stopped = True
        else:
            line = built
    seconds = time.perf_counter() - started
    # docs/json.md: "winner" is the side that wins with perfect play, when proven
    extra: dict[str, Any] = {"side": side, "winner": None, "max_turns": max_turns}
    if search.incomplete:
        status = Status.UNKNOWN
        extra["reason"] = "the search needed a card that is not known (unknown draw or SQ-9)"
    elif stopped:
        status = Status.UNKNOWN
        extra["reason"] = "budget ran out"
    elif found is not None:
        status = Status.SOLVED
        extra["winner"] = side
    else:
        status = Status.UNSOLVABLE
        extra["reason"] = f"no forced win within {max_turns} own turns"
    return SolveResult(
        game="sequence",
        engine="proof-search",
        status=status,
        objective_name="turns",
        objective=found if status == Status.SOLVED else None,
        bound=found if status == Status.SOLVED else None,
        proven_optimal=status == Status.SOLVED,
        line=line if status == Status.SOLVED else Line(SEQUENCE, state),
        nodes=search.nodes,
        seconds=seconds,
        tt_entries=int(search.counters[kernel.TT_NEW]),
        extra=extra,
    )


def principal_line(
    state: State, turns: int, side: int, search: KernelSearch
) -> Line[State, Move] | None:
    """One line of a proven forced win, played through the rules as it is built.

    The winning side plays a move whose child the kernel proves won; the defence
    shown is the reply of highest :func:`analyse.gain` (all of them lose). None if
    a budget ran out.
    """
    start, steps = state, list[Step[State, Move]]()
    while state.winner is None:
        mine = state.side == side
        chosen: Move | None = None
        if not mine:  # every defence loses; show the one the evaluation likes best
            chosen = max(legal_moves(state), key=lambda m: gain(state, m))
        for move in [] if chosen is not None else legal_moves(state):
            try:
                child = apply(state, move)
            except UnknownCard:  # it draws an unlisted card, so it neither wins at once
                continue  # (SQ-8: no draw after a win) nor can be part of a complete proof
            if child.winner == side:
                chosen = move
                break
            left = turns if isinstance(move, ReplaceDead) else turns - 1
            if left < 1:
                continue
            won = search.wins(child, left, side)
            if won is None:
                return None
            if won:
                chosen = move
                break
        if chosen is None:
            raise IllegalMove("internal error: the proven win has no winning move")
        player = state.to_move
        if mine and not isinstance(chosen, ReplaceDead):
            turns -= 1
        state = apply(state, chosen)
        steps.append(Step(player, (chosen,), state))
    if state.winner != side:
        raise IllegalMove("internal error: the proven line does not win")
    return Line(SEQUENCE, start, tuple(steps))
