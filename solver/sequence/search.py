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
from playable.solver.core.slices import TimeSlices
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
from playable.solver.sequence.threats import threat_win
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
        #: a tighter limit than the budget's for the next searches (see :meth:`cap`)
        self.node_cap: int | None = None
        self.deadline: float | None = None
        self.slices = TimeSlices()  # sizes the slices of a timed search (:meth:`wins`)

    def cap(self, share: float | None) -> None:
        """Limit the next searches to ``share`` of what is left of the budget (nodes
        and seconds); ``None`` lifts the limit."""
        if share is None:
            self.node_cap = self.deadline = None
            return
        if self.budget.nodes is not None:
            self.node_cap = self.nodes + int(share * max(0, self.budget.nodes - self.nodes))
        if self.budget.deadline is not None:
            left = max(0.0, self.budget.deadline - time.perf_counter())
            self.deadline = time.perf_counter() + share * left

    def _limits(self) -> tuple[int, float | None]:
        nodes = self.budget.node_limit
        if self.node_cap is not None:
            nodes = min(nodes, self.node_cap)
        deadline = self.budget.deadline
        if self.deadline is not None:
            deadline = self.deadline if deadline is None else min(deadline, self.deadline)
        return nodes, deadline

    def wins(self, state: State, turns: int, side: int, threats: int = 0) -> bool | None:
        """Kernel answer for ``state`` (None when a budget ran out); with ``threats``
        L > 0 the root side plays only threats of level L (kernel cut 5), so True is
        a proven win and False proves nothing.

        With a time limit or a ``stop`` question (Ctrl-C, cli/budget.py) the kernel
        runs in node slices (10 000, doubling, but never more nodes than half the
        time left at the slowest rate of a slice so far:
        :class:`~playable.solver.core.slices.TimeSlices`); a slice cut
        short is restarted from fresh arrays and the table keeps what finished, so
        the clock is checked between slices.
        """
        if state.winner is not None:
            return state.winner == side
        plies = 2 * turns * state.variant.players + 4
        movebuf = np.zeros((plies, kernel.MAX_MOVES, 4), dtype=np.int64)
        node_limit, deadline = self._limits()
        sliced = deadline is not None or self.budget.stop is not None
        step = 10_000 if sliced else node_limit
        while True:
            board, cards = kernel.encode(state)
            self.counters[kernel.DRAW_PTR] = 0
            self.counters[kernel.STOPPED] = 0
            limit = min(node_limit, self.nodes + self.slices.size(step, deadline))
            query = Query(
                state.to_move,
                turns,
                int(state.replaced),
                side,
                state.variant.sides,
                state.variant.sequences_to_win,
                limit,
                threats,
            )
            before, clock = self.nodes, time.perf_counter()
            won = kernel.win_within(board, cards, query, self.table, self.counters, movebuf)
            self.slices.timed(self.nodes - before, time.perf_counter() - clock)
            if not self.counters[kernel.STOPPED]:
                return bool(won)
            if limit >= node_limit or self.budget.expired(self.nodes):
                return None
            if deadline is not None and time.perf_counter() >= deadline:
                return None
            step *= 2

    @property
    def incomplete(self) -> bool:
        return bool(self.counters[kernel.INCOMPLETE])

    def clear_incomplete(self) -> None:
        """Forget that a search needed an unknown card (its answer is not used)."""
        self.counters[kernel.INCOMPLETE] = 0

    @property
    def nodes(self) -> int:
        return int(self.counters[kernel.NODES])


#: without ``fastest``: the share of the budget left after a threat-search win that
#: the full search may spend looking for a faster one
FASTER_SHARE = 0.25


@functools.cache
def warm_up() -> None:
    """Load (or compile) the numba kernel once per process on a short search of a
    fresh deal, so that no search budget is spent on it."""
    start = deal(Variant(players=2), DECK)
    KernelSearch(Budget(nodes=2_000, memory_mb=1).start()).wins(start, 2, start.side)


def forced_win(
    state: State,
    max_turns: int,
    budget: Budget | None = None,
    *,
    threats: bool = True,
    fastest: bool = True,
) -> SolveResult:
    """Proof search for a forced win of the side to move within ``max_turns`` own
    turns. The kernel is loaded before the budget starts (:func:`warm_up`).

    With ``threats`` the threat-space search (:mod:`playable.solver.sequence.threats`)
    first looks for a win on a share of the budget; the full search (iterative
    deepening, 1, 2, ... own turns, with the kernel's distance cut) then looks for
    a faster one or proves that there is none, and proves "no forced win within N"
    when the threat search found nothing. With ``fastest`` a win is reported only
    once it is proven the fastest (a puzzle's exact N); without it a proven win
    that may not be the fastest is reported too, with ``proven_optimal`` false and
    ``bound`` the fewest own turns not yet excluded."""
    warm_up()
    budget = (budget or Budget()).start()
    started = time.perf_counter()
    search = KernelSearch(budget)
    side = state.side
    quick = threat_win(state, max_turns, search) if threats else None
    ceiling = quick.turns - 1 if quick is not None else max_turns
    if quick is not None and not fastest:
        search.cap(FASTER_SHARE)  # a faster win is a nicety here, not the answer
    found: int | None = None
    excluded = 0  # no forced win within this many own turns
    stopped = False
    for turns in range(1, ceiling + 1):
        budget.note(depth=turns)  # own turns searched now, for progress
        won = search.wins(state, turns, side)
        if won is None:
            stopped = True
            break
        if won:
            found = turns
            break
        excluded = turns
    search.cap(None)
    level = 0
    if found is None and quick is not None and (excluded == ceiling or not fastest):
        found, level = quick.turns, quick.level
    exact = found is not None and excluded == found - 1
    line: Line[State, Move] = Line(SEQUENCE, state)
    if found is not None and not search.incomplete:
        built = principal_line(state, found, side, search, level)
        if built is None:
            stopped = True
        else:
            line = built
            stopped = False
    seconds = time.perf_counter() - started
    # docs/json.md: "winner" is the side that wins with perfect play, when proven
    extra: dict[str, Any] = {"side": side, "winner": None, "max_turns": max_turns}
    if quick is not None:
        extra["threat_turns"] = quick.turns
    if search.incomplete:
        status = Status.UNKNOWN
        extra["reason"] = "the search needed a card that is not known (unknown draw or SQ-9)"
    elif found is not None and line.steps:
        status = Status.SOLVED
        extra["winner"] = side
    elif stopped or found is not None:
        status = Status.UNKNOWN
        extra["reason"] = "budget ran out"
    else:
        status = Status.UNSOLVABLE
        extra["reason"] = f"no forced win within {max_turns} own turns"
    solved = status == Status.SOLVED
    return SolveResult(
        game="sequence",
        engine="threat-space+proof-search" if threats else "proof-search",
        status=status,
        objective_name="turns",
        objective=found if solved else None,
        bound=(found if exact else excluded + 1) if solved else None,
        proven_optimal=solved and exact,
        line=line if solved else Line(SEQUENCE, state),
        nodes=search.nodes,
        seconds=seconds,
        tt_entries=int(search.counters[kernel.TT_NEW]),
        extra=extra,
    )


def _gain_or_least(state: State, move: Move) -> float:
    """:func:`analyse.gain`, or the least value for a move that would draw a card
    the position does not list (it is skipped below anyway)."""
    try:
        return gain(state, move)
    except UnknownCard:
        return float("-inf")


def principal_line(
    state: State, turns: int, side: int, search: KernelSearch, threats: int = 0
) -> Line[State, Move] | None:
    """One line of a proven forced win, played through the rules as it is built.

    The winning side plays a move whose child the kernel proves won (by the search
    that proved the win: with ``threats`` L > 0 the threat search of level L, whose
    wins are true wins, module notes of kernel.py); the defence shown is the reply
    of highest :func:`analyse.gain` (all of them lose). None if a budget ran out.
    """
    start, steps = state, list[Step[State, Move]]()
    while state.winner is None:
        mine = state.side == side
        chosen: Move | None = None
        if not mine:  # every defence loses; show the one the evaluation likes best
            chosen = max(legal_moves(state), key=lambda m: gain(state, m))
        options = [] if chosen is not None else legal_moves(state)
        if threats:  # the threats first: the threat search proved one of them
            options.sort(key=lambda m: -_gain_or_least(state, m))
        for move in options:
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
            won = search.wins(child, left, side, threats)
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
