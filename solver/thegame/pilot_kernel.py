"""The Game: the pilot method, a fast finder of winning lines (docs/solver-thegame.md).

A *rollout* from a position plays the kernel's first move everywhere (its move
ordering, :func:`playable.solver.thegame.kernel._generate`) until the game is over and
counts the cards left. The *pilot* (nested rollouts, level 1, with the best line
memorised) builds a line one move at a time: at each position it runs a rollout
after every legal move, remembers the best complete line seen so far, and follows
that line's next move. Its line is never worse than the plain rollout's and very
often far better: the rollouts look to the end of the game, where the per-move
ordering only looks at one card.

This is heuristic search only: it finds lines, it proves nothing. The moves it
generates are the kernel's (so the pruning rules P2-P4 of
:mod:`playable.solver.thegame.pruning` hold), and every line it finds is replayed through the
reference rules by :mod:`playable.solver.thegame.search` before it is reported.

Numba's on-disk cache of this module does not notice edits of
:mod:`playable.solver.thegame.kernel` (whose move generator and ``apply_move`` it
compiles in): after changing the kernel, delete
``solver/thegame/__pycache__/{pilot,beam,nrpa}.*.nb*`` (the beam and NRPA alike).
The small helpers of the rollout loop (``_moves``, ``_leaf_value``,
``copy_position``), like the kernel's move generator and ``apply_move``, are inlined
in numba's IR (``inline="always"``): as calls taking the named tuples they cost the
pilot about 5% (benchmarks/results/thegame_kernel_speed.md).

Each call is bounded by a number of nodes (moves played, rollouts included) and can
be resumed with the same arrays, so the driver checks the clock between calls.
``noise`` > 0 adds a seeded random amount in ``[0, noise)`` to every move's ordering
cost, so restarts with other seeds follow other lines; ``width`` > 0 runs rollouts
after only that many of the cheapest moves of each position (on official solo deals
width 8 wins as often as all moves, in about half the time).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from playable.solver.core.arrays import I64
from playable.solver.core.bits import popcount
from playable.solver.thegame.kernel import (
    INF,
    MAX_DEPTH,
    MAX_MOVES,
    PR_NDRAW,
    PR_SOLO,
    S_DPOS,
    S_LAID,
    _generate,
    apply_move,
    cheapest_first,
    new_scratch,
    sort_moves,
)
from playable.solver.thegame.workspace import Position, Scratch

# ---- pilot registers (int64 array ``reg``)
R_LEN = 0  # moves of the best line already followed (the current position's depth)
R_BEST = 1  # cards left at the end of the best line (-1: no line yet)
R_BEST_LEN = 2
R_NODES = 3
R_RNG = 4  # state of the xorshift generator for the ordering noise
R_NOISE = 5
R_WIDTH = 6  # at most this many of the cheapest moves get a rollout (0: all)
N_REG = 7

# ---- outcomes
DONE = 0  # the pilot's line is complete (``line[:reg[R_BEST_LEN]]``)
FOUND = 1  # a winning line is in ``line[:reg[R_BEST_LEN]]``
BUDGET = 2  # stopped after the node limit: call again to resume

__all__ = ["BUDGET", "DONE", "FOUND", "apply_move", "apply_moves", "pilot", "rollout"]


@njit(cache=True)
def _xorshift(reg: I64) -> int:
    x = np.uint64(reg[R_RNG])
    x ^= x << np.uint64(13)
    x ^= x >> np.uint64(7)
    x ^= x << np.uint64(17)
    reg[R_RNG] = np.int64(x & np.uint64(0x7FFFFFFFFFFFFFFF))
    return int(x >> np.uint64(11))


@njit(cache=True, inline="always")
def _moves(
    params: I64, pos: Position, moves: I64, row: int, scratch: Scratch, reg: I64, full: bool
) -> int:
    """The kernel's moves by cost (plus noise): all sorted when ``full``, else only
    the cheapest one first (a rollout needs no more)."""
    n = _generate(params, pos, moves, row, scratch, False)
    costs = scratch.costs
    noise = reg[R_NOISE]
    if noise > 0 and n > 1:
        for i in range(n):
            costs[i] += _xorshift(reg) % noise
    if full:
        sort_moves(moves, row, costs, n)
    else:
        cheapest_first(moves, row, costs, n)
    return n


@njit(cache=True, inline="always")
def _leaf_value(params: I64, pos: Position) -> int:
    """The cards left at a node without moves: a leaf (TG-7 end, or the end of the
    solo endgame turn, P4), or INF for a turn that cannot reach its minimum."""
    st = pos.st
    if st[S_LAID] == 0 or (params[PR_SOLO] != 0 and st[S_DPOS] == params[PR_NDRAW]):
        return popcount(pos.avail[0]) + popcount(pos.avail[1])
    return INF


@njit(cache=True, inline="always")
def copy_position(src: Position, dst: Position) -> None:
    """Copy the position ``src`` into the arrays of ``dst``."""
    dst.st[:] = src.st
    dst.hands[:] = src.hands
    dst.avail[:] = src.avail


@njit(cache=True)
def apply_moves(params: I64, draw: I64, pos: Position, moves: I64) -> None:
    """Play ``moves`` in order on ``pos`` (a restart's prefix of a best line): one call
    from Python instead of one a move, since numba types the named tuple ``pos`` anew
    at every call from Python (about 1.5 us, more than the moves themselves)."""
    for m in moves:
        apply_move(params, draw, pos, m)


@njit(cache=True)
def rollout(
    params: I64,
    draw: I64,
    pos: Position,
    moves: I64,
    scratch: Scratch,
    reg: I64,
    out: I64,
    start: int,
) -> int:
    """Play the first move everywhere from the given position (changed in place),
    writing the moves to ``out[start:]``; return the cards left (INF for a dead
    end). The end index of the line is left in ``out[MAX_DEPTH]``; the moves played
    are added to ``reg[R_NODES]``."""
    k = start
    while True:
        n = _moves(params, pos, moves, 1, scratch, reg, False)
        if n == 0 or k >= MAX_DEPTH:
            out[MAX_DEPTH] = k
            return _leaf_value(params, pos)
        m = moves[1, 0]
        out[k] = m
        k += 1
        reg[R_NODES] += 1
        apply_move(params, draw, pos, m)


@njit(cache=True)
def pilot(params: I64, draw: I64, pos: Position, line: I64, reg: I64, node_limit: int) -> int:
    """Run (or resume) the pilot from the position ``pos`` (it advances along the
    best line). Before the first call set ``reg[R_LEN] = 0``,
    ``reg[R_BEST] = -1``, ``reg[R_NODES] = 0``, ``reg[R_NOISE]``, ``reg[R_WIDTH]``
    and a non-zero ``reg[R_RNG]``. ``line`` needs ``MAX_DEPTH + 1`` entries."""
    moves = np.empty((2, MAX_MOVES), dtype=np.int64)
    scratch = new_scratch()
    buf = np.empty(MAX_DEPTH + 1, dtype=np.int64)
    child = Position(np.empty_like(pos.st), np.empty_like(pos.hands), np.empty_like(pos.avail))
    stop_at = reg[R_NODES] + node_limit
    if reg[R_BEST] < 0:
        copy_position(pos, child)
        reg[R_BEST] = rollout(params, draw, child, moves, scratch, reg, buf, 0)
        reg[R_BEST_LEN] = buf[MAX_DEPTH]
        line[: reg[R_BEST_LEN]] = buf[: reg[R_BEST_LEN]]
    while True:
        if reg[R_BEST] == 0:
            return FOUND
        plen = reg[R_LEN]
        if plen >= reg[R_BEST_LEN]:
            return DONE
        if reg[R_NODES] >= stop_at:
            return BUDGET
        n = _moves(params, pos, moves, 0, scratch, reg, True)
        if reg[R_WIDTH] > 0:
            n = min(n, reg[R_WIDTH])
        for i in range(n):
            copy_position(pos, child)
            m = moves[0, i]
            apply_move(params, draw, child, m)
            buf[plen] = m
            left = rollout(params, draw, child, moves, scratch, reg, buf, plen + 1)
            if left < reg[R_BEST]:
                end = buf[MAX_DEPTH]
                reg[R_BEST] = left
                reg[R_BEST_LEN] = end
                line[plen:end] = buf[plen:end]
                if left == 0:
                    return FOUND
        apply_move(params, draw, pos, line[plen])
        reg[R_LEN] = plen + 1
        reg[R_NODES] += 1
