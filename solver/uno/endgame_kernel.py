"""The two-player UNO endgame df-pn compiled with numba: the search of
:mod:`playable.solver.uno.endgame` (docs/solver-uno.md) over integer rows.

Same search, move for move: depth-first proof-number search (Nagai) in negamax form,
the same first estimates (cards the mover holds, cards the opponent holds), the same
1 + epsilon thresholds (epsilon 1/4, as ``pn2 + 1 + pn2 // 4``), the same move order
(:mod:`playable.solver.uno.endgame_rules_kernel`), the same two-outcome game (a
reshuffle leaf and an endless pass cycle count for player ``favour``) and the same
reading of the facts of an earlier search (what it proved *against* its favoured
player). With a table large enough to keep everything and a node budget below one
chunk it visits exactly the nodes the Python search visits
(tests/uno/test_endgame_kernel.py checks node counts and values).

What differs, and why it changes no value:

* **Recursion** is an explicit stack of frames (a row, its thresholds, its children
  with their packed keys and hashes), :data:`MAX_DEPTH` deep. A search that would go
  deeper stops as if its budget ran out (counted in ``stats[DEEP]``): unknown, never
  a guess.
* **The table** is open addressing over NumPy arrays (aligned clusters of
  :data:`CLUSTER` slots whose 64-bit hashes share a cache line; the whole 6-word
  key is compared after the hash, so a hit is never wrong). When a cluster is
  full an undecided entry is replaced first, else the first slot. A lost entry is
  searched again from its first estimate: df-pn stays sound when it forgets (a
  proof or disproof number of 0 is only ever stored for a node whose children were
  proven at that time), it only costs time.
* **The table grows**: it starts small (:data:`FIRST_SLOTS`) and the caller makes
  it four times larger between chunks while it is more than half full, up to the
  memory budget, so a small search does not pay for touching a large table.
* **Budgets**: numba cannot read the clock, so the caller runs the search in chunks
  of nodes (``stop_at``): when a chunk ends the search unwinds as the Python search
  does when its budget runs out (every frame stores its current numbers), and the
  caller checks the budget and starts again from the root, where the table leads it
  straight back.
* **Cycles**: the Python search checks every child against the set of nodes on its
  path. Only a draw with nothing left anywhere (draw pile empty, just the top card
  on the discard pile) moves without laying or drawing a card (between reshuffles
  every other move lays a card, draws one, or passes after a draw that drew one, and
  phase COLOUR is never entered again), so a node can only repeat a node of its path
  when the pile is empty and at most one card is on the discard pile; the kernel
  scans the path only then, and finds the same repetitions.

The small functions called once a child or a lookup (:func:`probe`, :func:`lookup`,
and the rules' ``child``, ``pack``) are inlined in numba's IR (``inline="always"``):
12% more nodes a second on a mix of full rounds and small endgames (775 k to 870 k
nodes a second of CPU at load 13). numba's disk cache of a function is invalidated
by a change of its own file only: after editing endgame_rules_kernel.py, clear
``solver/uno/__pycache__/endgame_kernel*.nb*`` (a fresh checkout has none).

Seeded reshuffles are not followed here: a move that needs a reshuffle is a leaf.
:mod:`playable.solver.uno.endgame` runs its third, seeded search in Python over the
facts this kernel's two searches proved.
"""

from __future__ import annotations

from typing import Final, NamedTuple

import numpy as np
from numba import njit

from playable.solver.core.arrays import I64, U64
from playable.solver.uno.endgame_rules_kernel import (
    KEY_WORDS,
    MAX_MOVES,
    MOV,
    N0,
    NODE,
    P_LEN,
    P_TOTAL,
    POS,
    RESHUFFLED,
    WIDTH,
    child,
    moves,
    pack,
)

#: "infinity" for proof and disproof numbers (as endgame.INF)
INF: Final = 1 << 48
CLUSTER: Final = 8
#: the table's first size (slots); it grows between chunks
FIRST_SLOTS: Final = 1 << 14
#: the proof and disproof numbers in a table row, after the key
PN: Final = KEY_WORDS
DN: Final = KEY_WORDS + 1
#: bytes per table slot: the hash, the 6-word key, proof and disproof numbers
SLOT_BYTES: Final = 8 + 8 * KEY_WORDS + 16
MAX_DEPTH: Final = 1024

# fields of ``stats``
NODES: Final = 0
LEAVES: Final = 1  # reshuffle leaves met
CYCLES: Final = 2  # endless pass cycles met
ENTRIES: Final = 3  # table slots in use
OUT: Final = 4  # the chunk (or the depth) ran out: unwinding
DEEP: Final = 5  # the search went deeper than MAX_DEPTH
STATS: Final = 6

# fields of ``params`` after those of endgame_rules_kernel
P_FAVOUR: Final = 4  # the player a reshuffle leaf or a cycle counts for
P_FACT_FAVOUR: Final = 5  # the favoured player of the facts' search (-1: no facts)
PARAMS: Final = 6


class Table(NamedTuple):
    """A transposition table: ``hashes[slot]`` (0 = empty) and ``data[slot]``, the
    whole key (:data:`KEY_WORDS` words) then the proof and disproof numbers (for the
    node's mover). A cluster is :data:`CLUSTER` slots, its hashes one cache line."""

    hashes: U64  # (slots,)
    data: I64  # (slots, KEY_WORDS + 2)


class Frames(NamedTuple):
    """The explicit stack: one frame per depth."""

    rows: I64  # (MAX_DEPTH + 1, WIDTH): the node at each depth
    key: I64  # (MAX_DEPTH + 1, KEY_WORDS)
    hash: U64  # (MAX_DEPTH + 1,)
    thpn: I64
    thdn: I64
    nch: I64  # children of the node at each depth
    ch: I64  # (MAX_DEPTH, MAX_MOVES, WIDTH)
    ckey: I64  # (MAX_DEPTH, MAX_MOVES, KEY_WORDS)
    chash: U64  # (MAX_DEPTH, MAX_MOVES)
    fixed: I64  # 1: the child's numbers are fixed (end of round, reshuffle, cycle)
    cpn: I64  # fixed numbers, for the parent's mover
    cdn: I64
    same: I64  # 1: the child's mover is the parent's
    codes: I64  # (MAX_MOVES,) scratch
    later: I64  # (MAX_MOVES,) scratch


def new_table(slots: int) -> Table:
    """An empty table of ``slots`` (a power of two, at least a cluster) slots."""
    if slots < CLUSTER or slots & (slots - 1):
        raise ValueError(f"table size must be a power of two >= {CLUSTER}, got {slots}")
    return Table(np.zeros(slots, dtype=np.uint64), np.zeros((slots, PN + 2), dtype=np.int64))


def new_frames(depth: int = MAX_DEPTH) -> Frames:
    """An empty stack of ``depth`` frames."""
    return Frames(
        np.zeros((depth + 1, WIDTH), dtype=np.int64),
        np.zeros((depth + 1, KEY_WORDS), dtype=np.int64),
        np.zeros(depth + 1, dtype=np.uint64),
        np.zeros(depth + 1, dtype=np.int64),
        np.zeros(depth + 1, dtype=np.int64),
        np.zeros(depth + 1, dtype=np.int64),
        np.zeros((depth, MAX_MOVES, WIDTH), dtype=np.int64),
        np.zeros((depth, MAX_MOVES, KEY_WORDS), dtype=np.int64),
        np.zeros((depth, MAX_MOVES), dtype=np.uint64),
        np.zeros((depth, MAX_MOVES), dtype=np.int64),
        np.zeros((depth, MAX_MOVES), dtype=np.int64),
        np.zeros((depth, MAX_MOVES), dtype=np.int64),
        np.zeros((depth, MAX_MOVES), dtype=np.int64),
        np.zeros(MAX_MOVES, dtype=np.int64),
        np.zeros(MAX_MOVES, dtype=np.int64),
    )


@njit(cache=True, inline="always")
def _cluster(table: Table, h: np.uint64) -> tuple[int, np.uint64]:
    """The first slot of the cluster of hash ``h`` and the hash as stored (never 0)."""
    mask = np.uint64(table.hashes.shape[0] - CLUSTER)
    return int(np.int64(h & mask)), h | np.uint64(1)


@njit(cache=True, inline="always")
def _holds(table: Table, slot: int, key: I64) -> bool:
    """Does ``slot`` hold ``key`` (every word compared; no generator in numba)?"""
    same = True
    for w in range(KEY_WORDS):
        if table.data[slot, w] != key[w]:
            same = False
            break
    return same


@njit(cache=True, inline="always")
def probe(table: Table, key: I64, h: np.uint64) -> int:
    """The slot holding ``key``, or -1 (the hash is compared first, then the key)."""
    first, hv = _cluster(table, h)
    for slot in range(first, first + CLUSTER):
        got = table.hashes[slot]
        if got == 0:
            return -1
        if got == hv and _holds(table, slot, key):
            return slot
    return -1


@njit(cache=True)
def store(table: Table, key: I64, h: np.uint64, pn: int, dn: int, stats: I64) -> None:
    """Store ``(pn, dn)`` under ``key``: its own slot, else a free one, else the
    cluster's first undecided entry, else its first slot (see the module docstring)."""
    first, hv = _cluster(table, h)
    victim = -1
    for slot in range(first, first + CLUSTER):
        got = table.hashes[slot]
        if got == 0:
            stats[ENTRIES] += 1
            victim = slot
            break
        if got == hv and _holds(table, slot, key):
            table.data[slot, PN] = pn
            table.data[slot, DN] = dn
            return
        if victim < 0 and table.data[slot, PN] != 0 and table.data[slot, DN] != 0:
            victim = slot
    if victim < 0:
        victim = first
    table.hashes[victim] = hv
    for w in range(KEY_WORDS):
        table.data[victim, w] = key[w]
    table.data[victim, PN] = pn
    table.data[victim, DN] = dn


@njit(cache=True)
def rehash(old: Table, new: Table) -> int:
    """Every entry of ``old`` stored in the larger, empty ``new`` (clusters are
    chosen by the stored hash, whose low bit :func:`_cluster` never reads); returns
    the entries now in ``new`` (one lands on another only if a cluster overflows)."""
    mask = np.uint64(new.hashes.shape[0] - CLUSTER)
    entries = 0
    for slot in range(old.hashes.shape[0]):
        hv = old.hashes[slot]
        if hv == 0:
            continue
        first = int(np.int64(hv & mask))
        target = first
        for t in range(first, first + CLUSTER):
            if new.hashes[t] == 0:
                target = t
                entries += 1
                break
        new.hashes[target] = hv
        for w in range(KEY_WORDS + 2):
            new.data[target, w] = old.data[slot, w]
    return entries


@njit(cache=True, inline="always")
def lookup(
    own: Table, facts: Table, params: I64, key: I64, h: np.uint64, mover: int, nm: int, no: int
) -> tuple[int, int]:
    """``(proof, disproof)`` numbers of a node for its ``mover``: stored, proven by
    the facts' search against its favoured player, or the first estimate (``nm``
    cards the mover holds, ``no`` the opponent), as ``Search.lookup``."""
    slot = probe(own, key, h)
    if slot >= 0:
        return own.data[slot, PN], own.data[slot, DN]
    favour = params[P_FACT_FAVOUR]
    if favour >= 0:
        slot = probe(facts, key, h)
        if slot >= 0:
            pn = facts.data[slot, PN]
            dn = facts.data[slot, DN]
            winner = mover if pn == 0 else (1 - mover if dn == 0 else -1)
            if winner >= 0 and winner != favour:
                return pn, dn
    return nm, no


@njit(cache=True)
def _enter(d: int, params: I64, pile: I64, fr: Frames, stats: I64, stop_at: int) -> None:
    """Count the node at depth ``d``, key it and generate its children (``Search.mid``
    on entry and ``Search.children``)."""
    stats[NODES] += 1
    if stats[NODES] >= stop_at:
        stats[OUT] = 1
    row = fr.rows[d]
    fr.hash[d] = pack(row, fr.key[d])
    mover = row[MOV]
    favour = params[P_FAVOUR]
    n = moves(row, params, fr.codes, fr.later)
    for i in range(n):
        out = fr.ch[d, i]
        got = child(row, fr.codes[i], params, pile, out)
        fr.fixed[d, i] = 1
        won = False
        if got == NODE:
            cycle = False
            nd = params[P_TOTAL] - out[N0] - out[N0 + 1] - (params[P_LEN] - out[POS])
            if out[POS] >= params[P_LEN] and nd <= 1:  # an endless pass cycle?
                for e in range(d + 1):
                    equal = True
                    for f in range(WIDTH):
                        if fr.rows[e, f] != out[f]:
                            equal = False
                            break
                    if equal:
                        cycle = True
                        break
            if not cycle:
                fr.fixed[d, i] = 0
                fr.same[d, i] = 1 if out[MOV] == mover else 0
                fr.chash[d, i] = pack(out, fr.ckey[d, i])
                continue
            stats[CYCLES] += 1
            won = favour == mover
        elif got == RESHUFFLED:
            stats[LEAVES] += 1
            won = favour == mover
        else:
            won = got == mover
        fr.cpn[d, i] = 0 if won else INF
        fr.cdn[d, i] = INF if won else 0
    fr.nch[d] = n


@njit(cache=True)
def search(
    root: I64,
    th_pn: int,
    th_dn: int,
    params: I64,
    pile: I64,
    fr: Frames,
    own: Table,
    facts: Table,
    stats: I64,
    stop_at: int,
) -> tuple[int, int]:
    """``Search.mid(root, th_pn, th_dn)`` without recursion: the root's proof and
    disproof numbers for its mover when they reach their thresholds, the root is
    proven, or the chunk ends (``stats[NODES]`` reaches ``stop_at``: ``stats[OUT]``
    set, every frame stores its numbers on the way up)."""
    depth = fr.nch.shape[0] - 1
    for f in range(WIDTH):
        fr.rows[0, f] = root[f]
    fr.thpn[0] = th_pn
    fr.thdn[0] = th_dn
    _enter(0, params, pile, fr, stats, stop_at)
    d = 0
    while True:
        pn1 = INF
        pn2 = INF
        dn = 0
        best = -1
        best_dn = 0
        for i in range(fr.nch[d]):
            if fr.fixed[d, i] != 0:
                cpn = fr.cpn[d, i]
                cdn = fr.cdn[d, i]
            else:
                c = fr.ch[d, i]
                m = c[MOV]
                a, b = lookup(
                    own, facts, params, fr.ckey[d, i], fr.chash[d, i], m, c[N0 + m], c[N0 + 1 - m]
                )
                if fr.same[d, i] != 0:
                    cpn = a
                    cdn = b
                else:
                    cpn = b
                    cdn = a
            if cpn < pn1:
                pn2 = pn1
                pn1 = cpn
                best = i
                best_dn = cdn
            elif cpn < pn2:
                pn2 = cpn
            dn += cdn
        dn = min(dn, INF)
        if pn1 >= fr.thpn[d] or dn >= fr.thdn[d] or stats[OUT] != 0 or pn1 == 0:
            store(own, fr.key[d], fr.hash[d], pn1, dn, stats)
            if d == 0:
                return pn1, dn
            d -= 1
            continue
        if d + 1 > depth:
            stats[OUT] = 1
            stats[DEEP] += 1
            continue
        c_pn = min(fr.thpn[d], pn2 + 1 + pn2 // 4) if pn2 < INF else fr.thpn[d]
        c_dn = min(INF, fr.thdn[d] - dn + best_dn)
        for f in range(WIDTH):
            fr.rows[d + 1, f] = fr.ch[d, best, f]
        if fr.same[d, best] != 0:
            fr.thpn[d + 1] = c_pn
            fr.thdn[d + 1] = c_dn
        else:
            fr.thpn[d + 1] = c_dn
            fr.thdn[d + 1] = c_pn
        d += 1
        _enter(d, params, pile, fr, stats, stop_at)
