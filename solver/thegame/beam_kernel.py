"""The Game: beam search over cards laid, the finder of the hardest wins.

Level ``k`` of the search holds up to ``width`` positions reached by laying ``k``
cards from the root. A position's successors are every legal play of the kernel's
move generator (:func:`playable.solver.thegame.kernel._generate`, so pruning rules
P1-P4 hold) and, where the turn may end, every first play of the next turn after
ending it; each successor lays one more card, so all positions of a level have the
same number of cards left. The next level keeps the ``width`` successors whose line
has the smallest summed ordering cost (the kernel's cost of each move: cards not yet
laid that the play jumps over, tricks first), leaving out

* positions already kept on the level (the same tops, hands, draw position and turn
  state; at a turn start the two piles of a pair may be swapped, P1; compared by a
  64-bit hash, so a collision can only drop a line), and
* positions with a dead card (P5): no pile can ever take it, so no line from there
  wins.

A position whose every card is laid is a win. The pilot (:mod:`.pilot`) decides one
position at a time from the end of rollouts; the beam keeps thousands of partial lines
side by side and so survives the early choices whose cost shows only much later. On
the solo expert deals that 400 M nodes of pilot, NRPA and exhaustive search left
undecided, width 10,000 (about 2.5 M nodes) won all but one.

Heuristic search only: it finds lines and proves nothing (the cuts above drop lines,
never keep an illegal one). Every line is replayed through the reference rules by
:mod:`playable.solver.thegame.search` before it is offered.

The search runs level by level and pauses after the level during which it reached its
node limit, so the driver can check the clock between calls (a level costs about
three nodes per position kept). Nodes are counted like the pilot's: one per move
generation and one per successor built.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt
from numba import njit

from playable.solver.core.arrays import I64, U64
from playable.solver.core.bits import mix64, popcount
from playable.solver.thegame.kernel import (
    END,
    MAX_MOVES,
    N_ST,
    PR_MAXCARD,
    S_LAID,
    _generate,
    apply_move,
    dead_count,
    new_scratch,
)
from playable.solver.thegame.pilot_kernel import BUDGET, DONE, FOUND, _xorshift
from playable.solver.thegame.workspace import Position

#: the state registers a beam position keeps (tops, draw position, player to move,
#: cards laid this turn, lowest open pile, P3 cap flag: kernel.S_TOP..S_CAPOFF)
NS = 9
#: successors per position at most: the plays now and the first plays after ending
FANOUT = 2 * MAX_MOVES
#: a successor's sort key is ``(cost + COST_OFFSET) << INDEX_BITS | index``
INDEX_BITS = 28
COST_OFFSET = 1 << 22
#: the widest beam whose successor indices fit the sort key
MAX_WIDTH = (1 << INDEX_BITS) // FANOUT

# registers (int64 array ``reg``)
R_LEVEL = 0  # cards laid from the root at the current level
R_SIZE = 1  # positions on the current level
R_NODES = 2
R_LIMIT = 3  # pause once R_NODES reaches this
R_RNG = 4  # xorshift state (pilot._xorshift keeps it at pilot.R_RNG == 4)
R_NOISE = 5  # > 0: a seeded amount in [0, noise) is added to every move's cost
R_TOTAL = 6  # cards not laid at the root
R_SIDE = 7  # which half of the double-buffered arrays holds the current level
N_REG = 8


class Workspace(NamedTuple):
    """The arrays of one search (:func:`workspace`)."""

    st: I64  # (2, width, NS) state registers, two levels
    hands: U64  # (2, width, players, 2)
    avail: U64  # (2, width, 2) cards not laid
    cost: I64  # (2, width) summed ordering cost of the line
    parent: npt.NDArray[np.int32]  # (levels + 1, width) index on the level before
    step: npt.NDArray[np.int16]  # (levels + 1, width) 2 * play + 1 if the turn ended first
    keys: I64  # (width * FANOUT,) successor sort keys
    steps: npt.NDArray[np.int16]  # (width * FANOUT,) successor steps
    owners: npt.NDArray[np.int32]  # (width * FANOUT,) successor parents
    seen: U64  # hash set of the positions kept on the level
    stamps: I64  # the level that wrote each slot of ``seen``


def bytes_per_width(players: int, levels: int) -> int:
    """Memory of a workspace per unit of width (for the memory budget): two levels
    of positions, the line history, the successors (with the partition's copy of
    their keys) and the hash set (at most 8 slots a position)."""
    position = NS * 8 + players * 16 + 16 + 8
    return 2 * position + levels * 6 + FANOUT * 22 + 8 * 16


def workspace(width: int, players: int, levels: int) -> Workspace:
    """Arrays for a search of ``width`` (at most :data:`MAX_WIDTH`) positions a level,
    ``levels`` cards deep."""
    if not 0 < width <= MAX_WIDTH:
        raise ValueError(f"beam width {width} is not in 1..{MAX_WIDTH}")
    slots = 1
    while slots < 4 * width:
        slots *= 2
    return Workspace(
        np.zeros((2, width, NS), dtype=np.int64),
        np.zeros((2, width, players, 2), dtype=np.uint64),
        np.zeros((2, width, 2), dtype=np.uint64),
        np.zeros((2, width), dtype=np.int64),
        np.zeros((levels + 1, width), dtype=np.int32),
        np.zeros((levels + 1, width), dtype=np.int16),
        np.zeros(width * FANOUT, dtype=np.int64),
        np.zeros(width * FANOUT, dtype=np.int16),
        np.zeros(width * FANOUT, dtype=np.int32),
        np.zeros(slots, dtype=np.uint64),
        np.full(slots, -1, dtype=np.int64),
    )


@njit(cache=True)
def _position_hash(st: I64, hands: U64) -> np.uint64:
    """A hash of everything the rest of the game depends on: tops, draw position,
    player to move, turn state and hands (the cards not laid follow from the hands
    and the draw position). At a turn start each pair of piles is hashed in sorted
    order, so swapped pairs meet (P1); in a turn the pile order matters (P2)."""
    a0, a1, d0, d1 = st[0], st[1], st[2], st[3]
    if st[S_LAID] == 0:
        a0, a1 = min(a0, a1), max(a0, a1)
        d0, d1 = min(d0, d1), max(d0, d1)
    h = mix64(np.uint64(a0 | a1 << 8 | d0 << 16 | d1 << 24))
    for k in range(4, NS):
        h = mix64(h ^ np.uint64(st[k] << 8 | k))
    for p in range(hands.shape[0]):
        h = mix64(h ^ hands[p, 0])
        h = mix64(h ^ hands[p, 1] ^ np.uint64(p + 1))
    return h


@njit(cache=True)
def start(root: Position, ws: Workspace, reg: I64) -> None:
    """Make the root position level 0. Set ``reg[R_NOISE]`` and a non-zero
    ``reg[R_RNG]`` before, ``reg[R_LIMIT]`` before each :func:`run`."""
    avail = root.avail
    ws.st[0, 0, :] = root.st[:NS]
    ws.hands[0, 0] = root.hands
    ws.avail[0, 0] = avail
    ws.cost[0, 0] = 0
    ws.stamps[:] = -1
    reg[R_LEVEL] = 0
    reg[R_SIZE] = 1
    reg[R_NODES] = 0
    reg[R_SIDE] = 0
    reg[R_TOTAL] = popcount(avail[0]) + popcount(avail[1])


@njit(cache=True)
def _successors(params: I64, draw: I64, ws: Workspace, reg: I64) -> int:
    """Write the sort key, step and parent of every successor of the current level
    into ``ws.keys``, ``ws.steps``, ``ws.owners``; return how many."""
    side = reg[R_SIDE]
    keys, steps, owners = ws.keys, ws.steps, ws.owners
    moves = np.empty((2, MAX_MOVES), dtype=np.int64)
    scratch = new_scratch()
    costs = scratch.costs
    players = ws.hands.shape[2]
    st = np.zeros(N_ST, dtype=np.int64)
    hands = np.empty((players, 2), dtype=np.uint64)
    avail = np.empty(2, dtype=np.uint64)
    pos = Position(st, hands, avail)
    noise = reg[R_NOISE]
    count = 0
    for i in range(reg[R_SIZE]):
        st[:NS] = ws.st[side, i]
        hands[:] = ws.hands[side, i]
        avail[:] = ws.avail[side, i]
        base = ws.cost[side, i] + COST_OFFSET
        n = _generate(params, pos, moves, 0, scratch, False)
        reg[R_NODES] += 1
        end_cost = -1
        for j in range(n):
            m = moves[0, j]
            if m == END:
                end_cost = costs[j]
                continue
            extra = _xorshift(reg) % noise if noise > 0 else 0
            keys[count] = (base + costs[j] + extra) << INDEX_BITS | count
            steps[count] = 2 * m
            owners[count] = i
            count += 1
        if end_cost < 0:
            continue
        apply_move(params, draw, pos, END)
        n = _generate(params, pos, moves, 1, scratch, False)
        reg[R_NODES] += 1
        for j in range(n):
            m = moves[1, j]  # never END: a new turn has laid nothing yet
            extra = _xorshift(reg) % noise if noise > 0 else 0
            keys[count] = (base + end_cost + costs[j] + extra) << INDEX_BITS | count
            steps[count] = 2 * m + 1
            owners[count] = i
            count += 1
    return count


@njit(cache=True)
def _keep(
    params: I64, draw: I64, ws: Workspace, reg: I64, key: int, kept: int, pos: Position
) -> int:
    """Build the successor of sort key ``key`` on the next level unless it has a dead
    card (P5) or is already there; return the new number kept. ``pos`` is the
    caller's buffer for the successor (made once per :func:`run`: arrays made here,
    once per successor, cost the beam more than the rest of the step)."""
    side = reg[R_SIDE]
    nxt = 1 - side
    level = reg[R_LEVEL] + 1
    k = key & ((1 << INDEX_BITS) - 1)
    i = ws.owners[k]
    s = ws.steps[k]
    st, hands, avail = pos
    st[:NS] = ws.st[side, i]
    hands[:] = ws.hands[side, i]
    avail[:] = ws.avail[side, i]
    if s & 1:
        apply_move(params, draw, pos, END)
    apply_move(params, draw, pos, s >> 1)
    reg[R_NODES] += 1
    if dead_count(st[0], st[1], st[2], st[3], avail, params[PR_MAXCARD]) > 0:
        return kept
    seen, stamps = ws.seen, ws.stamps
    mask = seen.shape[0] - 1
    h = _position_hash(st, hands)
    slot = np.int64(h & np.uint64(mask))
    while stamps[slot] == level:
        if seen[slot] == h:
            return kept
        slot = (slot + 1) & mask
    stamps[slot] = level
    seen[slot] = h
    ws.st[nxt, kept] = st[:NS]
    ws.hands[nxt, kept] = hands
    ws.avail[nxt, kept] = avail
    ws.cost[nxt, kept] = (key >> INDEX_BITS) - COST_OFFSET
    ws.parent[level, kept] = i
    ws.step[level, kept] = s
    return kept + 1


@njit(cache=True)
def run(params: I64, draw: I64, ws: Workspace, reg: I64) -> int:
    """Advance the search level by level until a win (FOUND), no position left on a
    level (DONE) or the node limit ``reg[R_LIMIT]`` (BUDGET: call again to resume).
    The cheapest ``2 * width`` successors are sorted first (a partition finds them),
    the rest only if duplicates and dead cards leave the level short."""
    width = ws.st.shape[1]
    players = ws.hands.shape[2]
    # the successor's registers past NS stay 0: apply_move writes only S_TOP..S_CAPOFF
    pos = Position(
        np.zeros(N_ST, dtype=np.int64),
        np.empty((players, 2), dtype=np.uint64),
        np.empty(2, dtype=np.uint64),
    )
    while True:
        if reg[R_SIZE] == 0:
            return DONE
        if reg[R_LEVEL] == reg[R_TOTAL]:
            return FOUND
        if reg[R_NODES] >= reg[R_LIMIT]:
            return BUDGET
        count = _successors(params, draw, ws, reg)
        head = min(count, 2 * width)
        keys = np.partition(ws.keys[:count], head - 1) if count > head else ws.keys[:count].copy()
        kept = 0
        for key in np.sort(keys[:head]):
            kept = _keep(params, draw, ws, reg, key, kept, pos)
            if kept == width:
                break
        if kept < width and count > head:
            for key in np.sort(keys[head:]):
                kept = _keep(params, draw, ws, reg, key, kept, pos)
                if kept == width:
                    break
        reg[R_LEVEL] += 1
        reg[R_SIZE] = kept
        reg[R_SIDE] = 1 - reg[R_SIDE]


@njit(cache=True)
def line(ws: Workspace, reg: I64, out: I64) -> int:
    """Write the kernel moves from the root to the first (cheapest) position of the
    deepest level reached into ``out``; return how many."""
    level = reg[R_LEVEL]
    if reg[R_SIZE] == 0:
        level -= 1  # the last level was empty: the one before holds the deepest
    n = 0
    e = 0
    for lv in range(level, 0, -1):
        s = ws.step[lv, e]
        out[n] = s >> 1
        n += 1
        if s & 1:
            out[n] = END
            n += 1
        e = ws.parent[lv, e]
    out[:n] = out[:n][::-1].copy()
    return n
