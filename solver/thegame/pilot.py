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
:mod:`playable.solver.thegame.kernel` (whose move generator it compiles in): after changing
the kernel, delete ``solver/thegame/__pycache__/pilot.*.nb*``.

Each call is bounded by a number of nodes (moves played, rollouts included) and can
be resumed with the same arrays, so the driver checks the clock between calls.
``noise`` > 0 adds a seeded random amount in ``[0, noise)`` to every move's ordering
cost, so restarts with other seeds follow other lines; ``width`` > 0 runs rollouts
after only that many of the cheapest moves of each position (on official solo deals
width 8 wins as often as all moves, in about half the time).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from playable.solver.core.bits import popcount
from playable.solver.thegame.kernel import (
    END,
    INF,
    MAX_DEPTH,
    MAX_MOVES,
    PR_NDRAW,
    PR_PLAYERS,
    PR_SOLO,
    S_CAPOFF,
    S_DPOS,
    S_LAID,
    S_Q,
    S_TOMOVE,
    S_TOP,
    _generate,
    cheapest_first,
    sort_moves,
)

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

_ONE = np.uint64(1)


@njit(cache=True)
def apply_move(
    params: npt.NDArray[np.int64],
    draw: npt.NDArray[np.int64],
    st: npt.NDArray[np.int64],
    hands: npt.NDArray[np.uint64],
    avail: npt.NDArray[np.uint64],
    m: int,
) -> None:
    """Play move ``m`` (``card * 4 + pile`` or ``END``) exactly as the kernel does."""
    tm = st[S_TOMOVE]
    if m == END:
        dpos = st[S_DPOS]
        take = min(st[S_LAID], params[PR_NDRAW] - dpos)  # TG-4
        for k in range(take):
            c = draw[dpos + k]
            hands[tm, c >> 6] |= _ONE << np.uint64(c & 63)
        st[S_DPOS] = dpos + take
        st[S_LAID] = 0
        st[S_Q] = 0
        st[S_CAPOFF] = 0
        players = params[PR_PLAYERS]
        for step in range(1, players + 1):  # TG-7: empty hands are skipped
            cand = (tm + step) % players
            if hands[cand, 0] != 0 or hands[cand, 1] != 0:
                st[S_TOMOVE] = cand
                break
    else:
        c = m >> 2
        p = m & 3
        st[S_TOP + p] = c
        st[S_Q] = p
        st[S_LAID] += 1
        bit = ~(_ONE << np.uint64(c & 63))
        hands[tm, c >> 6] &= bit
        avail[c >> 6] &= bit


@njit(cache=True)
def _xorshift(reg: npt.NDArray[np.int64]) -> int:
    x = np.uint64(reg[R_RNG])
    x ^= x << np.uint64(13)
    x ^= x >> np.uint64(7)
    x ^= x << np.uint64(17)
    reg[R_RNG] = np.int64(x & np.uint64(0x7FFFFFFFFFFFFFFF))
    return int(x >> np.uint64(11))


@njit(cache=True)
def _moves(
    params: npt.NDArray[np.int64],
    st: npt.NDArray[np.int64],
    hands: npt.NDArray[np.uint64],
    avail: npt.NDArray[np.uint64],
    moves: npt.NDArray[np.int64],
    row: int,
    cards: npt.NDArray[np.int64],
    tops: npt.NDArray[np.int64],
    costs: npt.NDArray[np.int64],
    reg: npt.NDArray[np.int64],
    full: bool,
) -> int:
    """The kernel's moves by cost (plus noise): all sorted when ``full``, else only
    the cheapest one first (a rollout needs no more)."""
    n = _generate(params, st, hands, avail, moves, row, cards, tops, costs, False)
    noise = reg[R_NOISE]
    if noise > 0 and n > 1:
        for i in range(n):
            costs[i] += _xorshift(reg) % noise
    if full:
        sort_moves(moves, row, costs, n)
    else:
        cheapest_first(moves, row, costs, n)
    return n


@njit(cache=True)
def _leaf_value(params: npt.NDArray[np.int64], st: npt.NDArray[np.int64], left: int) -> int:
    """The cards left at a node without moves: a leaf (TG-7 end, or the end of the
    solo endgame turn, P4), or INF for a turn that cannot reach its minimum."""
    if st[S_LAID] == 0 or (params[PR_SOLO] != 0 and st[S_DPOS] == params[PR_NDRAW]):
        return left
    return INF


@njit(cache=True)
def rollout(
    params: npt.NDArray[np.int64],
    draw: npt.NDArray[np.int64],
    st: npt.NDArray[np.int64],
    hands: npt.NDArray[np.uint64],
    avail: npt.NDArray[np.uint64],
    moves: npt.NDArray[np.int64],
    cards: npt.NDArray[np.int64],
    tops: npt.NDArray[np.int64],
    costs: npt.NDArray[np.int64],
    reg: npt.NDArray[np.int64],
    out: npt.NDArray[np.int64],
    start: int,
) -> int:
    """Play the first move everywhere from the given position (changed in place),
    writing the moves to ``out[start:]``; return the cards left (INF for a dead
    end). The end index of the line is left in ``out[MAX_DEPTH]``; the moves played
    are added to ``reg[R_NODES]``."""
    k = start
    while True:
        n = _moves(params, st, hands, avail, moves, 1, cards, tops, costs, reg, False)
        if n == 0 or k >= MAX_DEPTH:
            out[MAX_DEPTH] = k
            return _leaf_value(params, st, popcount(avail[0]) + popcount(avail[1]))
        m = moves[1, 0]
        out[k] = m
        k += 1
        reg[R_NODES] += 1
        apply_move(params, draw, st, hands, avail, m)


@njit(cache=True)
def pilot(
    params: npt.NDArray[np.int64],
    draw: npt.NDArray[np.int64],
    st: npt.NDArray[np.int64],
    hands: npt.NDArray[np.uint64],
    avail: npt.NDArray[np.uint64],
    line: npt.NDArray[np.int64],
    reg: npt.NDArray[np.int64],
    node_limit: int,
) -> int:
    """Run (or resume) the pilot from the position in ``st``/``hands``/``avail`` (it
    advances along the best line). Before the first call set ``reg[R_LEN] = 0``,
    ``reg[R_BEST] = -1``, ``reg[R_NODES] = 0``, ``reg[R_NOISE]``, ``reg[R_WIDTH]``
    and a non-zero ``reg[R_RNG]``. ``line`` needs ``MAX_DEPTH + 1`` entries."""
    moves = np.empty((2, MAX_MOVES), dtype=np.int64)
    cards = np.empty(16, dtype=np.int64)
    tops = np.empty(4, dtype=np.int64)
    costs = np.empty(MAX_MOVES, dtype=np.int64)
    buf = np.empty(MAX_DEPTH + 1, dtype=np.int64)
    st2 = np.empty_like(st)
    hands2 = np.empty_like(hands)
    avail2 = np.empty_like(avail)
    stop_at = reg[R_NODES] + node_limit
    if reg[R_BEST] < 0:
        st2[:] = st
        hands2[:] = hands
        avail2[:] = avail
        reg[R_BEST] = rollout(
            params, draw, st2, hands2, avail2, moves, cards, tops, costs, reg, buf, 0
        )
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
        n = _moves(params, st, hands, avail, moves, 0, cards, tops, costs, reg, True)
        if reg[R_WIDTH] > 0:
            n = min(n, reg[R_WIDTH])
        for i in range(n):
            st2[:] = st
            hands2[:] = hands
            avail2[:] = avail
            m = moves[0, i]
            apply_move(params, draw, st2, hands2, avail2, m)
            buf[plen] = m
            left = rollout(
                params, draw, st2, hands2, avail2, moves, cards, tops, costs, reg, buf, plen + 1
            )
            if left < reg[R_BEST]:
                end = buf[MAX_DEPTH]
                reg[R_BEST] = left
                reg[R_BEST_LEN] = end
                line[plen:end] = buf[plen:end]
                if left == 0:
                    return FOUND
        apply_move(params, draw, st, hands, avail, line[plen])
        reg[R_LEN] = plen + 1
        reg[R_NODES] += 1
