"""Face to Face: the numba search kernel (win/loss negamax over whole turns).

Encoding (no Python objects): a hand is an ``int64`` bitset (bit c = card c, cards
2..59), a draw pile is a row of the ``draws`` array plus a pointer to its next card,
and each player's own piles are two small integers (up, down). A node is the player
to move ``side`` with (hand, pointer, up, down) for the mover and for the opponent.

Turn generation (:func:`gen_turns`) walks every sequence of plays of one turn with a
visited set on the in-turn state (cards laid, four pile tops), so plays that commute
(different piles, different orders) are expanded once, and emits each state where the
turn may end (FF-4: at least 2 cards, at least 1 on own piles) exactly once, already
drawn (FF-5). Distinct in-turn states give distinct positions after the draw (the
drawn cards are never in the hand), so no turn is emitted twice. Laying the last card
with an empty draw pile (FF-6) makes the node a win at once.

The search (:func:`search`) is plain negamax on proven values only: a node is a win
when some turn leads to a lost node for the opponent, a loss when every turn leads to
a won one or there is no turn at all (FF-6, the loss at the start of the turn). Its
shortcuts are all exact: the cut-off after the first winning turn (a two-valued game
needs no more); a turn after which the opponent has no turn at all (:func:`has_turn`,
the FF-6 loss) wins at once; the transposition table stores proven values only (never
a value found under a budget); and the enhanced transposition cutoff reads the table
for every turn before searching any (a turn into a position proven lost for the
opponent wins, turns into positions proven won for the opponent go last, and a node
whose turns are all of those is lost). Turns are searched in order of a score that
mostly prefers drawing many cards (the refill after a card on the opponent's pile,
FF-5), then laying many cards and keeping the own piles apart; measured on random
endgames it cut the nodes by orders of magnitude. Ordering never changes a value.
Every position is keyed by a 64-bit Zobrist hash and
the stored value carries 32 more check bits of an independent Zobrist hash, so a
wrong table hit needs a 96-bit collision. The game is finite (every turn lays at
least 2 cards), so the recursion ends; a budget that runs out makes the value 0
(unknown) and nothing unproven is stored.
"""

from __future__ import annotations

import time

import numpy as np
import numpy.typing as npt
from numba import njit, objmode

from solver.core.tt import MISSING, tt_lookup, tt_store

HAND_SIZE = 6
TRICK = 10
#: children rows per depth; the in-turn states of a 6-card hand are fewer than 9,400
MAX_KIDS = 10_240
#: columns of a child row: hand, pointer, own up, own down, opp up, opp down, score
ROW = 7
#: in-turn visited-set slots (a power of two, over twice the states of a 6-card hand)
VISIT_SLOTS = 32_768
#: node-budget counters in ``ctx``
NODES, NODE_LIMIT, ABORTED, STAMP, TT_NEW, OVERFLOW = 0, 1, 2, 3, 4, 5
CTX_SIZE = 8
#: generation results
WIN_NOW = -1
TOO_MANY = -2
#: nodes between two clock reads
CLOCK_EVERY = 2048

I64Array = npt.NDArray[np.int64]
U64Array = npt.NDArray[np.uint64]


@njit(cache=True)
def hand_cards(hand: int, cards: I64Array) -> int:
    """Fill ``cards`` with the cards of the bitset ``hand`` (ascending); return count."""
    n = 0
    for c in range(64):
        if (hand >> c) & 1:
            cards[n] = c
            n += 1
    return n


@njit(cache=True)
def _visit(vkeys: I64Array, vstamp: I64Array, stamp: int, key: int) -> bool:
    """Mark ``key`` visited in this generation; False if it already was (or full)."""
    mask = VISIT_SLOTS - 1
    slot = (key * 2654435761) & mask
    for _ in range(VISIT_SLOTS):
        if vstamp[slot] != stamp:
            vstamp[slot] = stamp
            vkeys[slot] = key
            return True
        if vkeys[slot] == key:
            return False
        slot = (slot + 1) & mask
    return False


@njit(cache=True)
def gen_turns(
    hand: int,
    ptr: int,
    dlen: int,
    draw: I64Array,
    mu: int,
    md: int,
    ou: int,
    od: int,
    laid_own0: int,
    opp0: int,
    out: I64Array,
    vkeys: I64Array,
    vstamp: I64Array,
    stack: I64Array,
    ctx: I64Array,
) -> int:
    """Every distinct whole turn of the mover; returns the count written to ``out``,
    :data:`WIN_NOW` if a turn lays the last card (FF-6), :data:`TOO_MANY` on overflow.

    ``laid_own0``/``opp0`` describe a turn already in progress (root positions only).
    Rows of ``out``: hand after the draw, draw pointer after it, own up, own down,
    opponent up, opponent down, ordering score.
    """
    ctx[STAMP] += 1
    stamp = ctx[STAMP]
    cards = np.empty(HAND_SIZE + 1, dtype=np.int64)
    n = hand_cards(hand, cards)
    full = (1 << n) - 1
    count = 0
    top = 0
    # stack row: removed-subset, own up, own down, opp up, opp down, own cards laid
    key0 = mu << 6 | md << 12 | ou << 18 | od << 24
    _visit(vkeys, vstamp, stamp, key0)
    stack[0, 0] = 0
    stack[0, 1] = mu
    stack[0, 2] = md
    stack[0, 3] = ou
    stack[0, 4] = od
    stack[0, 5] = 0
    top = 1
    while top > 0:
        top -= 1
        removed = stack[top, 0]
        u = stack[top, 1]
        d = stack[top, 2]
        xu = stack[top, 3]
        xd = stack[top, 4]
        own = stack[top, 5] + laid_own0
        opp_used = opp0 == 1 or xu != ou or xd != od
        laid = own + (1 if opp_used else 0)
        if removed == full and ptr == dlen:
            return WIN_NOW
        if own >= 1 and laid >= 2:
            if count >= MAX_KIDS:
                return TOO_MANY
            rest = 0
            left = 0
            for i in range(n):
                if not (removed >> i) & 1:
                    rest |= 1 << cards[i]
                    left += 1
            want = HAND_SIZE - left if opp_used else 2
            k = min(want, dlen - ptr)
            for j in range(k):
                rest |= 1 << draw[ptr + j]
            out[count, 0] = rest
            out[count, 1] = ptr + k
            out[count, 2] = u
            out[count, 3] = d
            out[count, 4] = xu
            out[count, 5] = xd
            helped = (ou - xu) + (xd - od)
            out[count, 6] = 3 * (d - u) - 2 * helped + 20 * laid + 200 * k
            count += 1
        for i in range(n):
            if (removed >> i) & 1:
                continue
            c = cards[i]
            r2 = removed | (1 << i)
            for target in range(4):
                nu, nd, nxu, nxd, step = u, d, xu, xd, 1
                if target == 0:
                    if not (c > u or c == u - TRICK):
                        continue
                    nu = c
                elif target == 1:
                    if not (c < d or c == d + TRICK):
                        continue
                    nd = c
                elif target == 2:
                    if opp_used or not c < xu:
                        continue
                    nxu, step = c, 0
                else:
                    if opp_used or not c > xd:
                        continue
                    nxd, step = c, 0
                key = r2 | nu << 6 | nd << 12 | nxu << 18 | nxd << 24
                if not _visit(vkeys, vstamp, stamp, key):
                    continue
                if top >= stack.shape[0]:
                    return TOO_MANY
                stack[top, 0] = r2
                stack[top, 1] = nu
                stack[top, 2] = nd
                stack[top, 3] = nxu
                stack[top, 4] = nxd
                stack[top, 5] = own - laid_own0 + step
                top += 1
    return count


@njit(cache=True)
def _fits(c: int, target: int, u: int, d: int, xu: int, xd: int) -> bool:
    """FF-2/TG-3 on own piles (targets 0 up, 1 down), FF-3 on the opponent's (2, 3)."""
    if target == 0:
        return c > u or c == u - TRICK
    if target == 1:
        return c < d or c == d + TRICK
    if target == 2:
        return c < xu
    return c > xd


@njit(cache=True)
def has_turn(hand: int, ptr: int, dlen: int, u: int, d: int, xu: int, xd: int) -> bool:
    """Can the mover play a whole turn (FF-4) or win by laying their last card (FF-6)?

    Any two plays of which at most one is on the opponent's piles make a legal turn,
    so two plays are enough to decide it.
    """
    cards = np.empty(HAND_SIZE + 1, dtype=np.int64)
    n = hand_cards(hand, cards)
    for i in range(n):
        a = cards[i]
        for ta in range(4):
            if not _fits(a, ta, u, d, xu, xd):
                continue
            if n == 1 and ptr == dlen:
                return True
            u2, d2, xu2, xd2 = u, d, xu, xd
            if ta == 0:
                u2 = a
            elif ta == 1:
                d2 = a
            elif ta == 2:
                xu2 = a
            else:
                xd2 = a
            for j in range(n):
                if j == i:
                    continue
                b = cards[j]
                for tb in range(4):
                    if ta >= 2 and tb >= 2:
                        continue
                    if _fits(b, tb, u2, d2, xu2, xd2):
                        return True
    return False


@njit(cache=True)
def _hand_hash(zob: U64Array, row: int, hand: int) -> np.uint64:
    """The Zobrist contribution of a hand (bitset) in table row ``row``."""
    key = np.uint64(0)
    for c in range(64):
        if (hand >> c) & 1:
            key ^= zob[row, c]
    return key


@njit(cache=True)
def zobrist_key(
    zob: U64Array, side: int, h0: int, p0: int, u0: int, d0: int, h1: int, p1: int, u1: int, d1: int
) -> np.uint64:
    """The Zobrist hash of a node: rows 0-1 hands, 2-3 pointers, 4-5 ups, 6-7 downs,
    row 8 the side to move."""
    key: np.uint64 = zob[8, side]
    for c in range(64):
        if (h0 >> c) & 1:
            key ^= zob[0, c]
        if (h1 >> c) & 1:
            key ^= zob[1, c]
    key ^= zob[2, p0] ^ zob[3, p1] ^ zob[4, u0] ^ zob[5, u1] ^ zob[6, d0] ^ zob[7, d1]
    return key


@njit(cache=True)
def _clock() -> float:
    t = 0.0
    with objmode(t="float64"):
        t = time.perf_counter()
    return t


EXPAND = 2
#: node columns: side, mover hand, pointer, up, down, opponent hand, pointer, up, down
NODE_COLS = 9


@njit(cache=True)
def _enter(
    d: int,
    nodes: I64Array,
    laid_own0: int,
    opp0: int,
    draws: I64Array,
    dlens: I64Array,
    zob: U64Array,
    zob_check: U64Array,
    tt_keys: U64Array,
    tt_values: I64Array,
    kids: I64Array,
    order: I64Array,
    counts: I64Array,
    keys: U64Array,
    tags: I64Array,
    vkeys: I64Array,
    vstamp: I64Array,
    stack: I64Array,
    ctx: I64Array,
    deadline: float,
) -> int:
    """Open node ``d``: its value if it is decided at once (1, -1; 0 when the budget
    ran out), else :data:`EXPAND` with its turns generated and ordered."""
    ctx[NODES] += 1
    if ctx[NODES] >= ctx[NODE_LIMIT]:
        ctx[ABORTED] = 1
        return 0
    if ctx[NODES] % CLOCK_EVERY == 0 and deadline > 0.0 and _clock() >= deadline:
        ctx[ABORTED] = 1
        return 0
    side, mh, mp, mu, md = nodes[d, 0], nodes[d, 1], nodes[d, 2], nodes[d, 3], nodes[d, 4]
    oh, op, ou, od = nodes[d, 5], nodes[d, 6], nodes[d, 7], nodes[d, 8]
    in_turn = d == 0 and (laid_own0 != 0 or opp0 != 0)
    if side == 0:
        key = zobrist_key(zob, 0, mh, mp, mu, md, oh, op, ou, od)
        check = zobrist_key(zob_check, 0, mh, mp, mu, md, oh, op, ou, od) >> np.uint64(32)
    else:
        key = zobrist_key(zob, 1, oh, op, ou, od, mh, mp, mu, md)
        check = zobrist_key(zob_check, 1, oh, op, ou, od, mh, mp, mu, md) >> np.uint64(32)
    tag = np.int64(check) << 2
    if in_turn:
        tag = np.int64(-1)  # never stored: a root in the middle of a turn
    keys[d] = key
    tags[d] = tag
    if not in_turn:
        stored = tt_lookup(tt_keys, tt_values, key)
        if stored != MISSING and (stored >> 2) << 2 == tag:
            return 1 if stored & 3 == 2 else -1
    out = kids[d]
    count = gen_turns(
        mh,
        mp,
        dlens[side],
        draws[side],
        mu,
        md,
        ou,
        od,
        laid_own0 if d == 0 else 0,
        opp0 if d == 0 else 0,
        out,
        vkeys,
        vstamp,
        stack,
        ctx,
    )
    if count == TOO_MANY:
        ctx[OVERFLOW] += 1
        ctx[ABORTED] = 1
        return 0
    if count == WIN_NOW or count == 0:
        value = 1 if count == WIN_NOW else -1
        _store(d, value, keys, tags, tt_keys, tt_values, ctx)
        return value
    other = 1 - side
    # A turn after which the opponent has no turn at all wins at once (FF-6).
    for i in range(count):
        if not has_turn(oh, op, dlens[other], out[i, 4], out[i, 5], out[i, 2], out[i, 3]):
            _store(d, 1, keys, tags, tt_keys, tt_values, ctx)
            return 1
    # Enhanced transposition cutoff: a turn into a position the table already proves
    # lost for the opponent wins at once; turns into positions proven won for the
    # opponent are tried last, and if every turn is one of those the node is lost.
    base_opp = zob[8, other] ^ _hand_hash(zob, other, oh) ^ zob[2 + other, op]
    base_check = zob_check[8, other] ^ _hand_hash(zob_check, other, oh) ^ zob_check[2 + other, op]
    refuted = 0
    for i in range(count):
        child = (
            base_opp
            ^ zob[4 + other, out[i, 4]]
            ^ zob[6 + other, out[i, 5]]
            ^ _hand_hash(zob, side, out[i, 0])
            ^ zob[2 + side, out[i, 1]]
            ^ zob[4 + side, out[i, 2]]
            ^ zob[6 + side, out[i, 3]]
        )
        stored = tt_lookup(tt_keys, tt_values, child)
        if stored == MISSING:
            continue
        child_check = (
            base_check
            ^ zob_check[4 + other, out[i, 4]]
            ^ zob_check[6 + other, out[i, 5]]
            ^ _hand_hash(zob_check, side, out[i, 0])
            ^ zob_check[2 + side, out[i, 1]]
            ^ zob_check[4 + side, out[i, 2]]
            ^ zob_check[6 + side, out[i, 3]]
        ) >> np.uint64(32)
        if (stored >> 2) << 2 != np.int64(child_check) << 2:
            continue
        if stored & 3 == 0:  # the opponent is proven lost after this turn
            _store(d, 1, keys, tags, tt_keys, tt_values, ctx)
            return 1
        out[i, 6] = -(1 << 40)
        refuted += 1
    if refuted == count:
        _store(d, -1, keys, tags, tt_keys, tt_values, ctx)
        return -1
    order[d, :count] = np.argsort(-out[:count, 6])
    counts[d] = count
    return EXPAND


@njit(cache=True)
def _store(
    d: int,
    value: int,
    keys: U64Array,
    tags: I64Array,
    tt_keys: U64Array,
    tt_values: I64Array,
    ctx: I64Array,
) -> None:
    """Store the proven ``value`` of node ``d`` (not for a root in mid-turn)."""
    if tags[d] < 0:
        return
    if tt_store(tt_keys, tt_values, keys[d], tags[d] | (value + 1)):
        ctx[TT_NEW] += 1


@njit(cache=True)
def search(
    side: int,
    mh: int,
    mp: int,
    mu: int,
    md: int,
    oh: int,
    op: int,
    ou: int,
    od: int,
    laid_own0: int,
    opp0: int,
    draws: I64Array,
    dlens: I64Array,
    zob: U64Array,
    zob_check: U64Array,
    tt_keys: U64Array,
    tt_values: I64Array,
    kids: I64Array,
    order: I64Array,
    vkeys: I64Array,
    vstamp: I64Array,
    stack: I64Array,
    ctx: I64Array,
    deadline: float,
) -> int:
    """The value of the root for the mover: 1 proven win, -1 proven loss, 0 unknown.

    Negamax with an explicit stack of nodes (one per turn of the line; numba cannot
    cache a self-recursive function). ``kids`` and ``order`` are work arrays of
    shape (depth, MAX_KIDS, ROW) and (depth, MAX_KIDS). ``laid_own0``/``opp0`` are
    nonzero only for a root in the middle of a turn; such a root is neither looked up
    nor stored.
    """
    depth_max = kids.shape[0]
    nodes = np.zeros((depth_max, NODE_COLS), dtype=np.int64)
    counts = np.zeros(depth_max, dtype=np.int64)
    nexts = np.zeros(depth_max, dtype=np.int64)
    unknown = np.zeros(depth_max, dtype=np.int64)
    keys = np.zeros(depth_max, dtype=np.uint64)
    tags = np.zeros(depth_max, dtype=np.int64)
    nodes[0, 0] = side
    nodes[0, 1] = mh
    nodes[0, 2] = mp
    nodes[0, 3] = mu
    nodes[0, 4] = md
    nodes[0, 5] = oh
    nodes[0, 6] = op
    nodes[0, 7] = ou
    nodes[0, 8] = od
    r = _enter(
        0, nodes, laid_own0, opp0, draws, dlens, zob, zob_check, tt_keys, tt_values,
        kids, order, counts, keys, tags, vkeys, vstamp, stack, ctx, deadline,
    )  # fmt: skip
    if r != EXPAND:
        return r
    d = 0
    while True:
        if nexts[d] < counts[d]:
            i = order[d, nexts[d]]
            nexts[d] += 1
            row = kids[d, i]
            c = d + 1
            nodes[c, 0] = 1 - nodes[d, 0]
            nodes[c, 1] = nodes[d, 5]
            nodes[c, 2] = nodes[d, 6]
            nodes[c, 3] = row[4]
            nodes[c, 4] = row[5]
            nodes[c, 5] = row[0]
            nodes[c, 6] = row[1]
            nodes[c, 7] = row[2]
            nodes[c, 8] = row[3]
            r = _enter(
                c, nodes, 0, 0, draws, dlens, zob, zob_check, tt_keys, tt_values,
                kids, order, counts, keys, tags, vkeys, vstamp, stack, ctx, deadline,
            )  # fmt: skip
            if r == EXPAND:
                nexts[c] = 0
                unknown[c] = 0
                d = c
                continue
            v = r
        else:
            # every turn of node d is done: lost unless some child stayed unknown
            if unknown[d]:
                v = 0
            else:
                v = -1
                _store(d, -1, keys, tags, tt_keys, tt_values, ctx)
            if d == 0:
                return v
            d -= 1
        # v is the value of a finished child of node d, for the child's mover
        while True:
            if v == -1:
                _store(d, 1, keys, tags, tt_keys, tt_values, ctx)
                if d == 0:
                    return 1
                d -= 1
                v = 1
                continue
            if v == 0:
                unknown[d] = 1
                if ctx[ABORTED]:
                    return 0
            break
