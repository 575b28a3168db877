"""The play-out DFS of solver/uno/playout.py as a numba kernel.

Same search, same pruning rules 1-4 (proven in playout.py's docstring), same move
ordering, but iterative over NumPy arrays. The failed-state memo is the shared
open-addressing table of solver/core/tt.py keyed by a Zobrist hash of (card counts,
card on top); the stored value is a second, independent 62-bit Zobrist hash that
must match too, so a false hit needs a 126-bit collision. An always-replace table
may forget failures: that only costs time, never correctness.

The search state lives in arrays the caller keeps, grouped in the typed workspaces of
:mod:`playable.solver.uno.playout_workspace`, so the kernel runs in chunks of nodes
and Python checks the clock between chunks (numba cannot read it). Every
order found is still certified by :func:`playable.solver.uno.playout.check_order`.
Runs unchanged with ``NUMBA_DISABLE_JIT=1``.
"""

from __future__ import annotations

import functools

import numpy as np
from numba import njit

from playable.solver.core.arrays import I64, U64
from playable.solver.core.budget import Budget
from playable.solver.core.result import Status
from playable.solver.core.tt import SLOT_BYTES, new_table, tt_lookup, tt_store
from playable.solver.uno.cards import WILD, WILD_DRAW_FOUR, kind
from playable.solver.uno.playout import (
    NO_SYMBOL,
    PlayoutResult,
    Problem,
    assign_colours,
    check_order,
    from_uno,
)
from playable.solver.uno.playout_workspace import Hand, Kinds, Stack, Table, Zobrist

CHUNK = 20_000
MASK62 = (1 << 62) - 1


@njit(cache=True)
def _fits(k: int, prev: int, root_pc: int, root_ps: int, kcol: I64, ksym: I64, kwild: I64) -> bool:
    """Does kind k fit on ``prev`` (a kind, -1 for a wild on top = anything, -2 for
    the root top)? Wild Draw Four honesty is checked separately. Called for every
    candidate, so it takes the loose fields: with the ``Kinds`` tuple (and the
    take-back as a function) the kernel measured 12% slower
    (benchmarks/results/kernel_workspace_speed.md)."""
    if kwild[k] != 0 or prev == -1:
        return True
    if prev == -2:
        return bool(kcol[k] == root_pc or (root_ps >= 0 and ksym[k] == root_ps))
    return bool(kcol[k] == kcol[prev] or ksym[k] == ksym[prev])


@njit(cache=True, inline="always")
def _root(parent: I64, x: int) -> int:
    """The representative of ``x``'s set in the union-find ``parent`` (colours, then
    symbols: a card joins its colour's set and its symbol's)."""
    while parent[x] != x:
        x = parent[x]
    return x


@njit(cache=True)
def _prunes(hand: Hand, prev: int, kinds: Kinds, parent: I64) -> bool:
    """Pruning rules 3 (connectivity) and 4 (dead ends): True when the state is
    proven to have no play-out. ``parent`` is the union-find's scratch array."""
    counts, ccount, scount = hand
    kcol, ksym, kwild, root_pc, root_ps, _, _ = kinds
    n_kinds = counts.shape[0]
    n_col = ccount.shape[0]
    for k in range(n_kinds):
        if counts[k] > 0 and kwild[k] != 0:
            return False  # a wild connects everything
    for i in range(parent.shape[0]):
        parent[i] = i
    first = -1
    touches = prev == -1
    dead = 0
    fitting = 0
    for k in range(n_kinds):
        if counts[k] == 0:
            continue
        parent[_root(parent, kcol[k])] = _root(parent, n_col + ksym[k])
        if first < 0:
            first = kcol[k]
        if _fits(k, prev, root_pc, root_ps, kcol, ksym, kwild):
            touches = True
        if ccount[kcol[k]] + scount[ksym[k]] - counts[k] - 1 == 1:
            dead += counts[k]
            if _fits(k, prev, root_pc, root_ps, kcol, ksym, kwild):
                fitting += counts[k]
    if first < 0:
        return False
    if not touches:
        return True
    root = _root(parent, first)
    for k in range(n_kinds):
        if counts[k] > 0 and _root(parent, kcol[k]) != root:
            return True
    return not (dead <= 1 or (dead == 2 and fitting > 0))


@njit(cache=True)
def _honest_ok(k: int, prev: int, kinds: Kinds, ccount: I64) -> bool:
    """UN-5 for a Wild Draw Four k (its copy already removed from the counts)."""
    if kinds.kwild[k] != 2:
        return True
    if prev == -1:
        for c in range(kinds.colours):  # noqa: SIM110 (numba has no any() over generators)
            if c >= ccount.shape[0] or ccount[c] == 0:
                return True
        return False
    pc = kinds.root_pc if prev == -2 else kinds.kcol[prev]
    return pc < 0 or pc >= ccount.shape[0] or ccount[pc] == 0


@njit(cache=True, inline="always")
def _take_back(
    k: int, step: int, counts: I64, ccount: I64, scount: I64, kcol: I64, ksym: I64, kwild: I64
) -> None:
    """Add ``step`` copies of kind ``k`` to the hand's counts: 1 takes back a card
    played (backtracking), -1 plays one; a wild counts in no colour and no symbol.
    Loose arrays, not the ``Hand`` and ``Kinds`` tuples (see :func:`_fits`)."""
    counts[k] += step
    if kwild[k] == 0:
        ccount[kcol[k]] += step
        scount[ksym[k]] += step


@njit(cache=True, inline="always")
def _memo_key(
    hashes: U64, d: int, prev: int, n_kinds: int, zprev1: U64, zprev2: U64
) -> tuple[np.uint64, int]:
    """The failed-state memo's key and check of the node at depth ``d`` whose card to
    follow is ``prev``: the two hashes of the hand (``hashes[2d]``, ``hashes[2d + 1]``)
    with the keys of ``prev`` (its kind, or the wild or root entries after the kinds)."""
    p_index = n_kinds if prev == -1 else (n_kinds + 1 if prev == -2 else prev)
    k1 = hashes[2 * d] ^ zprev1[p_index]
    k2 = int((hashes[2 * d + 1] ^ zprev2[p_index]) & np.uint64(MASK62))
    return k1, k2


@njit(cache=True)
def dfs_chunk(
    hand: Hand, kinds: Kinds, zobrist: Zobrist, table: Table, stack: Stack, chunk: int
) -> int:
    """Run up to ``chunk`` nodes. ``stack.stats`` = [depth, nodes, entered, total
    cards]; ``entered`` is 0 when the node at ``depth`` still has to be expanded.
    Returns 1 solved (``stack.path[:total]`` is the order), 0 proven unsolvable,
    2 paused."""
    counts, ccount, scount = hand
    kcol, ksym, kwild, root_pc, root_ps, _, honest = kinds
    z1, z2, zprev1, zprev2 = zobrist
    keys, values = table
    path, cand, ncand, pos, hashes, stats = stack
    n_kinds = counts.shape[0]
    total = stats[3]
    parent = np.empty(ccount.shape[0] + scount.shape[0], dtype=np.int64)
    keyv = np.zeros(n_kinds, dtype=np.int64)
    done = 0
    while True:
        d = stats[0]
        if d < 0:
            return 0
        prev = -2 if d == 0 else (-1 if kwild[path[d - 1]] != 0 else path[d - 1])
        if stats[2] == 0:  # expand the node at depth d
            if d == total:
                return 1
            if done >= chunk:
                return 2
            k1, k2 = _memo_key(hashes, d, prev, n_kinds, zprev1, zprev2)
            if d > 0 and tt_lookup(keys, values, k1) == k2:
                stats[0] = d - 1
                stats[2] = 1
                _take_back(path[d - 1], 1, counts, ccount, scount, kcol, ksym, kwild)
                continue
            done += 1
            stats[1] += 1
            if _prunes(hand, prev, kinds, parent):
                if d > 0:
                    tt_store(keys, values, k1, k2)
                stats[0] = d - 1
                stats[2] = 1
                if d > 0:
                    _take_back(path[d - 1], 1, counts, ccount, scount, kcol, ksym, kwild)
                continue
            m = 0
            for k in range(n_kinds):
                if counts[k] > 0:
                    if kwild[k] != 0:
                        keyv[k] = (1 << 40) + kwild[k]
                    else:
                        keyv[k] = ccount[kcol[k]] + scount[ksym[k]]
                    j = m
                    while j > 0 and keyv[cand[d * n_kinds + j - 1]] > keyv[k]:
                        cand[d * n_kinds + j] = cand[d * n_kinds + j - 1]
                        j -= 1
                    cand[d * n_kinds + j] = k
                    m += 1
            ncand[d] = m
            pos[d] = 0
            stats[2] = 1
        # try the next candidate of the node at depth d
        moved = False
        while pos[d] < ncand[d]:
            k = cand[d * n_kinds + pos[d]]
            pos[d] += 1
            if not _fits(k, prev, root_pc, root_ps, kcol, ksym, kwild):
                continue
            _take_back(k, -1, counts, ccount, scount, kcol, ksym, kwild)
            if honest and not _honest_ok(k, prev, kinds, ccount):
                counts[k] += 1
                continue
            c = counts[k]
            hashes[2 * d + 2] = hashes[2 * d] ^ z1[k * 8 + c + 1] ^ z1[k * 8 + c]
            hashes[2 * d + 3] = hashes[2 * d + 1] ^ z2[k * 8 + c + 1] ^ z2[k * 8 + c]
            path[d] = k
            stats[0] = d + 1
            stats[2] = 0
            moved = True
            break
        if moved:
            continue
        # every candidate failed: remember and backtrack
        if d > 0:
            k1, k2 = _memo_key(hashes, d, prev, n_kinds, zprev1, zprev2)
            tt_store(keys, values, k1, k2)
            _take_back(path[d - 1], 1, counts, ccount, scount, kcol, ksym, kwild)
        stats[0] = d - 1
        stats[2] = 1


@functools.cache
def warm_up() -> None:
    """Load (or compile) the kernel once per process on a small hand, so that no
    search budget is spent on it."""
    red, green, blue = 0, 2, 3
    hand = [kind(red, 1), kind(green, 1), WILD, kind(blue, 7), WILD_DRAW_FOUR]  # R1 G1 W B7 W4
    _solve(from_uno(hand, kind(red, 5), red), Budget().start())


def solve_kernel(problem: Problem, budget: Budget | None = None) -> PlayoutResult:
    """The play-out DFS in numba (see the module docstring); never guesses. The kernel
    is loaded before the budget starts (:func:`warm_up`)."""
    warm_up()
    return _solve(problem, (budget or Budget()).start())


def _solve(problem: Problem, budget: Budget) -> PlayoutResult:
    kinds = sorted(set(problem.cards))
    n = len(kinds)
    total = len(problem.cards)
    if total == 0:
        return PlayoutResult(Status.SOLVED, [], 0, 0.0, 0, engine="playout-kernel")
    colours = sorted({k.colour for k in kinds if not k.wild} | {problem.colour})
    symbols = sorted({k.symbol for k in kinds if not k.wild})
    col_index = {c: i for i, c in enumerate(colours)}
    sym_index = {s: i for i, s in enumerate(symbols)}
    counts = np.array([problem.cards.count(k) for k in kinds], dtype=np.int64)
    if counts.max() >= 7:
        raise ValueError("the kernel supports at most 6 copies of a card")
    kcol = np.array([col_index[k.colour] if not k.wild else 0 for k in kinds], dtype=np.int64)
    ksym = np.array([sym_index[k.symbol] if not k.wild else 0 for k in kinds], dtype=np.int64)
    kwild = np.array([k.wild for k in kinds], dtype=np.int64)
    ccount = np.zeros(len(colours), dtype=np.int64)
    scount = np.zeros(max(len(symbols), 1), dtype=np.int64)
    for i, k in enumerate(kinds):
        if not k.wild:
            ccount[kcol[i]] += counts[i]
            scount[ksym[i]] += counts[i]
    # colour indices of the universe: the kernel's honesty test needs "a colour with
    # no card left"; colours outside the hand always qualify, so index them last
    universe = problem.colours
    free_outside = universe > len(colours)
    root_pc = col_index[problem.colour]
    top = problem.top
    root_ps = sym_index.get(top.symbol, -1) if not top.wild and top.symbol != NO_SYMBOL else -1
    rng = np.random.default_rng(0x5EED)
    z1 = rng.integers(1, 2**63, size=n * 8, dtype=np.uint64)
    z2 = rng.integers(1, 2**63, size=n * 8, dtype=np.uint64)
    zprev1 = rng.integers(1, 2**63, size=n + 2, dtype=np.uint64)
    zprev2 = rng.integers(1, 2**63, size=n + 2, dtype=np.uint64)
    h1 = np.uint64(0)
    h2 = np.uint64(0)
    for i in range(n):
        h1 ^= z1[i * 8 + counts[i]]
        h2 ^= z2[i * 8 + counts[i]]
    hashes = np.zeros(2 * (total + 2), dtype=np.uint64)
    hashes[0], hashes[1] = h1, h2
    # a table no larger than the search can use: 2^(cards / 2 + 12) slots, at most
    # 2^22 (64 MiB) and what --memory allows
    slots = min(budget.table_slots(SLOT_BYTES), 1 << min(22, total // 2 + 12))
    keys, values = new_table(slots)
    path = np.zeros(total + 1, dtype=np.int64)
    cand = np.zeros((total + 1) * n, dtype=np.int64)
    ncand = np.zeros(total + 1, dtype=np.int64)
    pos = np.zeros(total + 1, dtype=np.int64)
    stats = np.array([0, 0, 0, total], dtype=np.int64)
    honest_colours = len(colours) + (1 if free_outside else 0)
    ccount_h = np.concatenate([ccount, np.zeros(1 if free_outside else 0, dtype=np.int64)])
    hand = Hand(counts, ccount_h, scount)
    kind_info = Kinds(kcol, ksym, kwild, root_pc, root_ps, honest_colours, bool(problem.honest))
    zobrist = Zobrist(z1, z2, zprev1, zprev2)
    table = Table(keys, values)
    stack = Stack(path, cand, ncand, pos, hashes, stats)
    status = 2
    while status == 2:
        chunk = min(CHUNK, max(1, budget.node_limit - int(stats[1])))
        status = dfs_chunk(hand, kind_info, zobrist, table, stack, chunk)
        if status == 2 and (
            int(stats[1]) >= budget.node_limit or budget.expired(int(stats[1]))
        ):  # the node limit, the clock, or Ctrl-C (Budget.stop)
            break
    nodes = int(stats[1])
    entries = int(np.count_nonzero(keys))
    if status == 1:
        order = assign_colours(problem, [kinds[int(k)] for k in path[:total]])
        check_order(problem, order)
        return PlayoutResult(
            Status.SOLVED, order, nodes, budget.elapsed, entries, engine="playout-kernel"
        )
    if status == 0:
        return PlayoutResult(
            Status.UNSOLVABLE,
            [],
            nodes,
            budget.elapsed,
            entries,
            proof=f"exhaustive search (numba kernel): {nodes} states, all failing",
            engine="playout-kernel",
        )
    return PlayoutResult(
        Status.UNKNOWN, [], nodes, budget.elapsed, entries, engine="playout-kernel"
    )
