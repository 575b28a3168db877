"""Sequence puzzles: the exact facts a win-in-N puzzle rests on (SQ-4 ... SQ-8).

Everything here is proven by the numba proof search of :mod:`playable.solver.sequence.search`
(iterative deepening, AND/OR over every legal move, exact cuts only); a budget that
runs out, or a search that would need a card that is not known, gives ``None``,
never a guess.

* :func:`wins_within`: does ``side`` force a win within ``turns`` own turns?
* :func:`prove`: the exact N of a position (a forced win in N own turns, none in
  N - 1), every winning first move among the legal ones, and one winning line.

A fresh transposition table is used for every root: the kernel's key holds the
*index* into the known draw pile, not the cards left, so two roots with different
draw piles must not share a table.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from playable.solver.core.budget import Budget
from playable.solver.core.errors import IllegalMove
from playable.solver.core.result import Status
from playable.solver.sequence.rules import Move, ReplaceDead, State, apply, legal_moves
from playable.solver.sequence.search import KernelSearch, forced_win

#: Table memory per search in MiB: puzzle searches are small (thousands of nodes).
TABLE_MB = 8


def wins_within(state: State, turns: int, side: int, seconds: float) -> bool | None:
    """Whether ``side`` forces a win within ``turns`` of its own turns (SQ-8).

    ``None`` when the budget ran out or the search needed an unknown card.
    """
    return _search(state, turns, side, seconds)[0]


def _search(state: State, turns: int, side: int, seconds: float) -> tuple[bool | None, int]:
    """:func:`wins_within` and the nodes it took."""
    if state.winner is not None:
        return state.winner == side, 0
    if turns < 1:
        return False, 0
    search = KernelSearch(Budget(seconds=max(seconds, 0.01), memory_mb=TABLE_MB).start())
    won = search.wins(state, turns, side)
    if won is None or search.incomplete:
        return None, search.nodes
    return won, search.nodes


@dataclass(frozen=True)
class Proof:
    """The proven facts of a position whose side to move has a forced win.

    ``turns``: the exact N (won within N own turns, not within N - 1);
    ``winning``: every legal first move after which the win within N still holds
    (a move that wins at once included); ``legal``: the number of legal first moves;
    ``line``: one winning line against the defence the solver shows, each move
    written ``P:MOVE`` with the 1-based player (as ``playable solve`` prints it);
    ``nodes`` and ``seconds``: the effort of the whole proof.
    """

    turns: int
    winning: tuple[Move, ...]
    legal: int
    line: tuple[str, ...]
    nodes: int
    seconds: float


def prove(state: State, max_turns: int, seconds: float) -> Proof | None:
    """The exact proof of ``state`` (see :class:`Proof`), or None.

    None when the side to move has no forced win within ``max_turns``, when the
    budget ran out, when any search needed an unknown card, or when the side to
    move holds a dead card (SQ-6): a dead-card exchange is not a move a puzzle asks
    for, so such positions are left out.
    """
    started = time.perf_counter()
    moves = legal_moves(state)
    if not moves or any(isinstance(m, ReplaceDead) for m in moves):
        return None
    try:
        result = forced_win(state, max_turns, Budget(seconds=seconds, memory_mb=TABLE_MB))
    except IllegalMove:
        # forced_win builds its shown line by applying moves the kernel never needed;
        # one of them may draw a card the position does not list: unknown here
        return None
    if result.status != Status.SOLVED or result.objective is None:
        return None
    turns = int(result.objective)
    side = state.side
    nodes = result.nodes
    winning: list[Move] = []
    for move in moves:
        try:
            child = apply(state, move)
        except IllegalMove:  # the move would draw a card the position does not list
            return None
        left = seconds - (time.perf_counter() - started)
        if left <= 0:
            return None
        won, spent = _search(child, turns - 1, side, left)
        nodes += spent
        if won is None:
            return None
        if won:
            winning.append(move)
    if not winning:  # cannot happen when the search is right; never report it
        return None
    line = tuple(f"{step.player + 1}:{step.text}" for step in result.line)
    return Proof(turns, tuple(winning), len(moves), line, nodes, time.perf_counter() - started)
