"""The Game: the numba search kernel (docs/solver-thegame.md).

A resumable, explicit-stack depth-first search over single moves (lay one card, or
end the turn) on a compact state:

* cards are bit positions of two ``uint64`` words (card ``c`` is bit ``c & 63`` of
  word ``c >> 6``); ``hands[p]`` is player p's hand, ``avail`` every card not yet
  laid (all hands plus the rest of the draw pile);
* the draw pile is the fixed array ``draw`` and a position ``dpos`` in it;
* ``st`` holds the four pile tops, ``dpos``, the player to move, the cards laid
  this turn, the lowest pile still open this turn (``q``), and the search registers.

The search answers one question per run: *is there a continuation that leaves at
most ``beta - 1`` cards?* (``beta`` = 1: is the deal winnable?). It returns FOUND
with the line on its stack, DONE with a proven lower bound on the cards left
(exhaustive when no limited-discrepancy cut happened), or BUDGET, in which case it
can be resumed by calling it again with the same arrays.

Pruning rules, each proven in :mod:`playable.solver.thegame.pruning` and cross-checked
against :mod:`playable.solver.thegame.bruteforce` by the tests:

1. pile symmetry (the piles 0/1 and 2/3 are interchangeable): the hash adds the
   keys of a pair, so swapped tops share one table entry; while both piles of a pair
   show their start card, only the first of them is played on (P1);
2. within-turn commutation: in a turn, piles are used in non-decreasing index
   order (``q``), because the order of plays only matters on the same pile (P2);
3. solo only: while the draw pile has cards a turn lays at most 2*minimum-1 cards,
   longer turns being splittable into legal shorter ones (P3);
4. solo only: once the draw pile is empty turn boundaries do not matter, so the
   turn never ends (P4);
5. dead cards (cards no pile can ever take again) bound the cards left (P5);
6. dominance at turn starts (D1, proof in :mod:`playable.solver.thegame.bounds`): a bound
   proven for a position whose piles take a superset of the cards transfers to a
   position with the same hands, draw pile and player to move.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from playable.solver.core.arrays import I64, U64
from playable.solver.core.bits import popcount
from playable.solver.core.tt import MISSING, tt_lookup, tt_store
from playable.solver.thegame.workspace import Position, Scratch, Stack, Tables, Zobrist

#: lower bound meaning "no legal continuation" (a turn that cannot reach its minimum)
INF = 127
#: move code of ending the turn; a play is ``card * 4 + pile``
END = -1
#: most moves at one node: 8 cards x 4 piles + end of turn
MAX_MOVES = 40
#: deepest line: 98 plays and at most 98 turn ends, with room to spare
MAX_DEPTH = 256
#: discrepancy limit meaning "unlimited" (an exhaustive run)
UNLIMITED = 1 << 40
#: TT stamp field: entries proven exhaustively carry EXHAUSTIVE in the depth field
EXHAUSTIVE = 255

# ---- run outcomes
DONE = 0
FOUND = 1
BUDGET = 2

# ---- params (int64): the variant and the deal
PR_PLAYERS = 0
PR_MINFULL = 1  # minimum while the draw pile has cards (2, expert 3)
PR_NDRAW = 2
PR_MAXCARD = 3
PR_SOLO = 4
PR_END_COST = 5  # ordering: plays cheaper than this come before ending the turn
PR_DIVE = 6  # 1: a heuristic dive (no P5 cut, no table probe) that records its leaf
PR_DOMINANCE = 7  # 1: probe and fill the dominance table at turn starts (D1)
N_PARAMS = 8

# ---- st (int64): the position and the search registers
S_TOP = 0  # 0..3: pile tops
S_DPOS = 4
S_TOMOVE = 5
S_LAID = 6
S_Q = 7  # lowest pile index still open this turn (P2)
S_CAPOFF = 8  # 1 while the root's turn (laid > 0 at the root) is not finished (P3)
S_DEPTH = 9
S_MODE = 10
S_NODES = 11
S_BETA = 12
S_STAMP = 13
S_RET_LB = 14
S_RET_INC = 15
S_BEST = 16  # fewest cards left at a leaf seen so far
S_BEST_LEN = 17
S_PATH_LEN = 18
S_TT_NEW = 19
N_ST = 20

MODE_ENTER = 0
MODE_NEXT = 1
MODE_RETURN = 2
MODE_FINISHED = 3

# ---- per-frame undo record u[d, :]
U_PILE = 0
U_TOP = 1
U_Q = 2
U_LAID = 3
U_TOMOVE = 4
U_DPOS = 5
U_CAPOFF = 6
N_U = 7

_ONE = np.uint64(1)
_ALL = np.uint64(0xFFFFFFFFFFFFFFFF)


@njit(cache=True)
def has(words: U64, card: int) -> bool:
    """Is ``card`` in the bitset ``words``?"""
    return bool(((words[card >> 6] >> np.uint64(card & 63)) & _ONE) != 0)


@njit(cache=True)
def _word_mask(lo: int, hi: int, base: int) -> np.uint64:
    """The bits of cards lo..hi (inclusive) that fall in the word of cards base..base+63."""
    a = max(lo, base)
    b = min(hi, base + 63)
    if a > b:
        return np.uint64(0)
    width = b - a + 1
    if width == 64:
        return _ALL
    return ((_ONE << np.uint64(width)) - _ONE) << np.uint64(a - base)


@njit(cache=True)
def count_between(words: U64, lo: int, hi: int) -> int:
    """How many cards lo..hi (inclusive) the bitset holds."""
    if lo > hi:
        return 0
    return popcount(words[0] & _word_mask(lo, hi, 0)) + popcount(words[1] & _word_mask(lo, hi, 64))


@njit(cache=True)
def accepts(pile: int, top: int, card: int) -> bool:
    """TG-3: ascending piles (0, 1) take a higher card or exactly 10 lower;
    descending piles (2, 3) a lower card or exactly 10 higher."""
    if pile < 2:
        return card > top or card == top - 10
    return card < top or card == top + 10


@njit(cache=True)
def _reach(top: int, avail: U64, way: int, edge: int) -> int:
    """How far back tricks can ever drive a pile showing ``top``: ``way`` -1 for an
    ascending pile (the lowest top it can show, no card below ``edge`` = 2), +1 for a
    descending one (the highest, no card above ``edge`` = the highest card). From
    ``m``, the pile can get to an available ``y`` up to 10 back when ``y`` is exactly
    10 back or the card 10 beyond ``y`` is available too; the nearest-to-10-back such
    ``y`` is taken first (proof in ``pruning.lowest_reach``)."""
    m = top
    while True:
        found = -1
        for k in range(10, 0, -1):
            y = m + way * k
            if way * y > way * edge:
                continue
            if has(avail, y) and (k == 10 or has(avail, y - 10 * way)):
                found = y
                break
        if found < 0:
            return m
        m = found


@njit(cache=True)
def lowest_reach(top: int, avail: U64) -> int:
    """A lower bound on every top an ascending pile showing ``top`` can ever show
    (and so on every card it can ever take); proof in ``pruning.dead_cards``."""
    return _reach(top, avail, -1, 2)


@njit(cache=True)
def highest_reach(top: int, avail: U64, max_card: int) -> int:
    """The mirror of :func:`lowest_reach` for a descending pile."""
    return _reach(top, avail, 1, max_card)


@njit(cache=True)
def dead_count(t0: int, t1: int, t2: int, t3: int, avail: U64, max_card: int) -> int:
    """P5: how many cards not yet laid no pile can ever take (a lower bound on the
    cards left at the end of every continuation)."""
    # The reaches only widen the tops' range, so no card strictly between the
    # highest descending top and the lowest ascending top means no dead card.
    if count_between(avail, max(t2, t3) + 1, min(t0, t1) - 1) == 0:
        return 0
    low = min(lowest_reach(t0, avail), lowest_reach(t1, avail))
    high = max(highest_reach(t2, avail, max_card), highest_reach(t3, avail, max_card))
    return count_between(avail, high + 1, low - 1)


@njit(cache=True)
def can_complete(tops: I64, cards: I64, n: int, skip: int, need: int, q: int) -> bool:
    """Can ``need`` (0-2) more cards of ``cards[:n]`` (without index ``skip``) be laid on
    the piles ``q``..3 in non-decreasing pile order (TG-7 decision, P2)?"""
    if need <= 0:
        return True
    for i in range(n):
        if i == skip:
            continue
        c = cards[i]
        for p in range(q, 4):
            if accepts(p, tops[p], c):
                if need == 1:
                    return True
                old = tops[p]
                tops[p] = c
                for j in range(n):
                    if j == i or j == skip:  # noqa: SIM109 (numba-friendly)
                        continue
                    for p2 in range(p, 4):
                        if accepts(p2, tops[p2], cards[j]):
                            tops[p] = old
                            return True
                tops[p] = old
    return False


@njit(cache=True)
def _pair(a: np.uint64, b: np.uint64) -> np.uint64:
    """A symmetric combination of two keys (P1) that keeps equal pairs apart
    (unlike ``a ^ b``): the smaller XOR the larger rotated by one bit. Equal pairs
    ``(a, a)`` and ``(b, b)`` collide only when ``b`` is ``a``'s complement."""
    lo = min(a, b)
    hi = max(a, b)
    return np.uint64(lo ^ ((hi << np.uint64(1)) | (hi >> np.uint64(63))))


@njit(cache=True)
def _lowest_bit(x: np.uint64) -> int:
    """Index of the lowest set bit of a non-zero ``uint64``."""
    return popcount((x & (~x + _ONE)) - _ONE)


@njit(cache=True)
def _highest_bit(x: np.uint64) -> int:
    """Index of the highest set bit of a non-zero ``uint64``."""
    n = 0
    for shift in (32, 16, 8, 4, 2, 1):
        if (x >> np.uint64(shift)) != 0:
            x >>= np.uint64(shift)
            n += shift
    return n


@njit(cache=True)
def next_above(avail: U64, t: int) -> int:
    """The smallest card above ``t`` in the bitset, or 127 when there is none."""
    for w in range(2):
        base = 64 * w
        if t >= base + 63:
            continue
        x = avail[w]
        if t >= base:
            x &= ~((_ONE << np.uint64(t - base + 1)) - _ONE)
        if x != 0:
            return base + _lowest_bit(x)
    return 127


@njit(cache=True)
def next_below(avail: U64, t: int) -> int:
    """The largest card below ``t`` in the bitset, or 0 when there is none."""
    for w in range(1, -1, -1):
        base = 64 * w
        if t <= base:
            continue
        x = avail[w]
        if t < base + 64:
            x &= (_ONE << np.uint64(t - base)) - _ONE
        if x != 0:
            return base + _highest_bit(x)
    return 0


@njit(cache=True)
def top_class(pile: int, top: int, avail: U64) -> int:
    """P6: an index (0..255) that two tops of a pile share exactly when the pile takes
    the same cards of ``avail`` on either (proof in ``pruning.top_class``): 128 + the
    first card the pile takes (127 or 0 when it takes none) when it takes every
    available card from there on, else (a trick card with a gap above it) the top."""
    if pile < 2:
        if top >= 12 and has(avail, top - 10):
            # no available card between the trick card and the top: all from it up
            return 128 + top - 10 if next_above(avail, top - 10) > top else top
        return 128 + next_above(avail, top)
    if top + 10 < 128 and has(avail, top + 10):
        return 128 + top + 10 if next_below(avail, top + 10) < top else top
    return 128 + next_below(avail, top)


#: ways (entries) per bucket of the dominance table (D1)
DOM_WAYS = 4


@njit(cache=True)
def accept_word(pile: int, top: int, avail: U64, w: int) -> np.uint64:
    """Word ``w`` of the bitset of cards of ``avail`` that the pile showing ``top``
    takes (TG-3): above (ascending) or below (descending) the top, and exactly 10 back."""
    base = 64 * w
    if pile < 2:
        mask = _word_mask(top + 1, 127, base)
        trick = top - 10
    else:
        mask = _word_mask(0, top - 1, base)
        trick = top + 10
    if base <= trick < base + 64:
        mask |= _ONE << np.uint64(trick - base)
    return np.uint64(avail[w] & mask)


@njit(cache=True)
def pile_covers(pile: int, better: int, worse: int, avail: U64) -> bool:
    """Does the pile showing ``better`` take every card of ``avail`` that it takes
    showing ``worse``?"""
    for w in range(2):
        if accept_word(pile, worse, avail, w) & ~accept_word(pile, better, avail, w) != 0:
            return False
    return True


@njit(cache=True)
def tops_dominate(b0: int, b1: int, b2: int, b3: int, tops: I64, avail: U64) -> bool:
    """D1: do the tops ``b0..b3`` take a superset of the available cards on every
    pile, the piles of ``tops`` maybe swapped inside a pair (P1)?"""
    asc = (pile_covers(0, b0, tops[0], avail) and pile_covers(1, b1, tops[1], avail)) or (
        pile_covers(0, b0, tops[1], avail) and pile_covers(1, b1, tops[0], avail)
    )
    if not asc:
        return False
    return (pile_covers(2, b2, tops[2], avail) and pile_covers(3, b3, tops[3], avail)) or (
        pile_covers(2, b2, tops[3], avail) and pile_covers(3, b3, tops[2], avail)
    )


@njit(cache=True)
def _dom_bucket(dom_keys: U64, key: np.uint64) -> tuple[np.uint64, int]:
    """The key as stored (0 marks an empty slot, so key 0 is stored as 1) and the first
    slot of its bucket of :data:`DOM_WAYS` slots."""
    if key == 0:
        key = np.uint64(1)
    return key, int(key & np.uint64(dom_keys.shape[0] // DOM_WAYS - 1)) * DOM_WAYS


@njit(cache=True)
def dom_probe(
    dom_keys: U64, dom_values: I64, key: np.uint64, tops: I64, avail: U64, beta: int
) -> int:
    """The largest bound ``>= beta`` stored for a position with the same hands, draw
    and player to move (``key``) whose tops dominate ``tops`` (D1); -1 if none."""
    key, base = _dom_bucket(dom_keys, key)
    best = -1
    for i in range(base, base + DOM_WAYS):
        if dom_keys[i] != key:
            continue
        v = dom_values[i]
        lb = int(v & 127)
        if lb >= beta and lb > best:
            b0 = int((v >> 7) & 127)
            b1 = int((v >> 14) & 127)
            b2 = int((v >> 21) & 127)
            b3 = int((v >> 28) & 127)
            if tops_dominate(b0, b1, b2, b3, tops, avail):
                best = lb
    return best


@njit(cache=True)
def dom_store(dom_keys: U64, dom_values: I64, key: np.uint64, tops: I64, lb: int) -> None:
    """Store an exhaustively proven bound ``lb`` of the turn-start position ``key``
    with ``tops``: into the slot of the same tops, else an empty slot, else the slot
    with the smallest bound."""
    key, base = _dom_bucket(dom_keys, key)
    value = (
        min(lb, 127)
        | (int(tops[0]) << 7)
        | (int(tops[1]) << 14)
        | (int(tops[2]) << 21)
        | (int(tops[3]) << 28)
    )
    victim = base
    for i in range(base, base + DOM_WAYS):
        if dom_keys[i] == key and (dom_values[i] >> 7) == (value >> 7):
            if (dom_values[i] & 127) < lb:
                dom_values[i] = value
            return
        if dom_keys[i] == 0:
            victim = i
            break
        if (dom_values[i] & 127) < (dom_values[victim] & 127):
            victim = i
    dom_keys[victim] = key
    dom_values[victim] = value


@njit(cache=True)
def _state_key(st: I64, hk: np.uint64, zob: Zobrist, avail: U64) -> np.uint64:
    """The position's hash. Each top enters through its class (:func:`top_class`,
    P6), so positions whose tops take the same cards share an entry; the pile keys of
    a pair are combined symmetrically (:func:`_pair`), so swapping the two ascending
    (or the two descending) piles, open/closed flag included, gives the same key (P1)."""
    q = st[S_Q]
    ztop = zob.ztop
    key = hk ^ zob.zdpos[st[S_DPOS]] ^ zob.zmove[st[S_TOMOVE]] ^ zob.zlaid[st[S_LAID]]
    c0 = top_class(0, st[S_TOP], avail)
    c1 = top_class(1, st[S_TOP + 1], avail)
    c2 = top_class(2, st[S_TOP + 2], avail)
    c3 = top_class(3, st[S_TOP + 3], avail)
    key ^= _pair(ztop[0, 1 if q > 0 else 0, c0], ztop[0, 1 if q > 1 else 0, c1])
    key ^= _pair(ztop[1, 1 if q > 2 else 0, c2], ztop[1, 0, c3])
    if st[S_CAPOFF] != 0:
        key ^= zob.zcap
    return np.uint64(key)


@njit(cache=True)
def _turn_start_key(st: I64, hk: np.uint64, zob: Zobrist, tops: I64) -> np.uint64:
    """D1: the key of the hands, draw position and player to move of the turn-start
    position in ``st`` (whose tops it copies to ``tops``), for the dominance table."""
    for p in range(4):
        tops[p] = st[S_TOP + p]
    return np.uint64(hk ^ zob.zdpos[st[S_DPOS]] ^ zob.zmove[st[S_TOMOVE]])


@njit(cache=True)
def _hand_cards(hands: U64, player: int, out: I64) -> int:
    n = 0
    for w in range(2):
        x = hands[player, w]
        while x != 0:
            low = x & (~x + _ONE)
            bit = popcount(low - _ONE)
            out[n] = w * 64 + bit
            n += 1
            x ^= low
    return n


@njit(cache=True)
def _play_cost(pile: int, card: int, tops: I64, avail: U64) -> int:
    """Ordering only (no effect on correctness): tricks first, then plays by the cards
    not yet laid that they jump over, 64 each and 5 x 64 for a jumped card that no
    other pile still takes in its usual direction; the gap breaks ties."""
    top = tops[pile]
    if pile < 2:
        if card == top - 10:
            return -1000 + card
        lo, hi = top + 1, card - 1
        other = tops[1 - pile]
        family_ok_from = other + 1  # jumped cards above the other ascending top
        opposite_ok_to = max(tops[2], tops[3]) - 1  # and those below a descending top
        dead = count_between(avail, max(lo, opposite_ok_to + 1), min(hi, family_ok_from - 1))
        gap = card - top
    else:
        if card == top + 10:
            return -1000 - card
        lo, hi = card + 1, top - 1
        other = tops[5 - pile]
        family_ok_to = other - 1
        opposite_ok_from = min(tops[0], tops[1]) + 1
        dead = count_between(avail, max(lo, family_ok_to + 1), min(hi, opposite_ok_from - 1))
        gap = top - card
    jumped = count_between(avail, lo, hi)
    return int(64 * (jumped + 4 * dead) + gap)


@njit(cache=True)
def new_scratch() -> Scratch:
    """Fresh buffers for :func:`_generate` (from Python or numba code)."""
    return Scratch(
        np.empty(16, dtype=np.int64),
        np.empty(4, dtype=np.int64),
        np.empty(MAX_MOVES, dtype=np.int64),
    )


@njit(cache=True, inline="always")
def _generate(
    params: I64, pos: Position, moves: I64, d: int, scratch: Scratch, ordered: bool = True
) -> int:
    """Fill ``moves[d]`` with the moves of the node and ``scratch.costs`` with their
    ordering costs, cheapest first (unsorted when ``ordered`` is False); return how many.

    Inlined into each caller in numba's IR (``inline="always"``), as is
    :func:`apply_move`: both run once a node, and as calls that take the named tuples
    they cost the pilot, the beam and the systematic search a few per cent
    (benchmarks/results/thegame_kernel_speed.md)."""
    st, hands, avail = pos
    cards, tops, costs = scratch
    tm = st[S_TOMOVE]
    laid = st[S_LAID]
    q = st[S_Q]
    draw_left = st[S_DPOS] < params[PR_NDRAW]
    minimum = params[PR_MINFULL] if draw_left else 1
    solo = params[PR_SOLO] != 0
    for p in range(4):
        tops[p] = st[S_TOP + p]
    n = _hand_cards(hands, tm, cards)
    count = 0
    cap = 2 * minimum - 1 if (solo and draw_left and st[S_CAPOFF] == 0) else 1000  # P3
    if laid < cap:
        need = minimum - laid - 1
        for i in range(n):
            c = cards[i]
            for p in range(q, 4):
                top = tops[p]
                if not accepts(p, top, c):
                    continue
                # P1: while both piles of a pair show their start card, use the first.
                if p == 1 and q == 0 and tops[0] == tops[1]:
                    continue
                if p == 3 and q <= 2 and tops[2] == tops[3]:
                    continue
                if need > 0:
                    tops[p] = c
                    ok = can_complete(tops, cards, n, i, need, p)
                    tops[p] = top
                    if not ok:
                        continue
                cost = _play_cost(p, c, tops, avail)
                moves[d, count] = c * 4 + p
                costs[count] = cost
                count += 1
    if laid >= minimum and not (solo and not draw_left):  # P4: no turn end in solo endgame
        moves[d, count] = END
        costs[count] = params[PR_END_COST]
        count += 1
    if ordered:
        sort_moves(moves, d, costs, count)
    return count


@njit(cache=True)
def sort_moves(moves: I64, d: int, costs: I64, count: int) -> None:
    """Insertion sort of ``moves[d, :count]`` by ``costs`` (stable: cheaper first)."""
    for i in range(1, count):
        m = moves[d, i]
        c = costs[i]
        j = i - 1
        while j >= 0 and costs[j] > c:
            moves[d, j + 1] = moves[d, j]
            costs[j + 1] = costs[j]
            j -= 1
        moves[d, j + 1] = m
        costs[j + 1] = c


@njit(cache=True)
def cheapest_first(moves: I64, d: int, costs: I64, count: int) -> None:
    """Swap the first of the cheapest moves of ``moves[d, :count]`` to the front (all
    a greedy rollout needs, without sorting the rest)."""
    best = 0
    for i in range(1, count):
        if costs[i] < costs[best]:
            best = i
    if best > 0:
        m = moves[d, best]
        moves[d, best] = moves[d, 0]
        moves[d, 0] = m
        c = costs[best]
        costs[best] = costs[0]
        costs[0] = c


@njit(cache=True, inline="always")
def apply_move(params: I64, draw: I64, pos: Position, m: int) -> None:
    """Play move ``m`` (``card * 4 + pile``, or ``END``: draw as many cards as laid,
    TG-4, and pass the turn to the next player holding cards, TG-7) on ``pos``."""
    st, hands, avail = pos
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


def new_stack() -> Stack:
    """A fresh explicit stack for :func:`search` (:data:`MAX_DEPTH` frames)."""
    d = MAX_DEPTH
    return Stack(
        np.zeros(d + 1, dtype=np.uint64),
        np.zeros((d, MAX_MOVES), dtype=np.int64),
        np.zeros(d, dtype=np.int64),
        np.zeros(d, dtype=np.int64),
        np.zeros(d, dtype=np.int64),
        np.zeros(d, dtype=np.int64),
        np.zeros(d + 1, dtype=np.int64),
        np.zeros((d, N_U), dtype=np.int64),
        np.zeros((d, 2), dtype=np.uint64),
        np.zeros(d, dtype=np.int64),
    )


def new_position(players: int) -> Position:
    """A zeroed position of ``players`` hands (fill it before a search)."""
    return Position(
        np.zeros(N_ST, dtype=np.int64),
        np.zeros((players, 2), dtype=np.uint64),
        np.zeros(2, dtype=np.uint64),
    )


@njit(cache=True)
def search(
    params: I64,
    draw: I64,
    pos: Position,
    zob: Zobrist,
    stack: Stack,
    tables: Tables,
    node_limit: int,
) -> int:
    """Run (or resume) one search until FOUND, DONE or ``node_limit`` more nodes.

    Before the first call of a run the caller sets the root position in ``pos`` and
    ``stack.hkey[0]`` (XOR of ``zob.zhand`` over every hand card), ``st[S_MODE] =
    MODE_ENTER``, ``st[S_DEPTH] = 0``, ``stack.drem[0]`` (the discrepancy limit),
    ``st[S_BETA]`` and a fresh ``st[S_STAMP]``.
    """
    st, hands, avail = pos
    hkey, moves, nmov, idx, lbs, inc, drem, undo, uhand, best_path = stack
    tt_keys, tt_values, dom_keys, dom_values = tables
    zhand = zob.zhand
    scratch = new_scratch()
    tops = scratch.tops
    ndraw = params[PR_NDRAW]
    max_card = params[PR_MAXCARD]
    beta = st[S_BETA]
    stamp = st[S_STAMP]
    stop_at = st[S_NODES] + node_limit
    mode = st[S_MODE]
    d = st[S_DEPTH]
    while True:
        if mode == MODE_ENTER:
            if st[S_NODES] >= stop_at:
                st[S_MODE] = mode
                st[S_DEPTH] = d
                return BUDGET
            st[S_NODES] += 1
            left = popcount(avail[0]) + popcount(avail[1])
            if left < beta:  # at most beta - 1 cards left already: continuing only lowers it
                st[S_PATH_LEN] = d
                st[S_MODE] = MODE_FINISHED
                st[S_DEPTH] = d
                return FOUND
            dead = dead_count(
                st[S_TOP], st[S_TOP + 1], st[S_TOP + 2], st[S_TOP + 3], avail, max_card
            )
            ret_lb = -1
            ret_inc = 0
            if dead >= beta and params[PR_DIVE] == 0:  # P5
                ret_lb = dead
            elif params[PR_DIVE] == 0:
                key = _state_key(st, hkey[d], zob, avail)
                e = tt_lookup(tt_keys, tt_values, key)
                if e != MISSING:
                    e_lb = e & 127
                    e_dr = (e >> 7) & 255
                    if e_dr == EXHAUSTIVE and e_lb >= beta:
                        ret_lb = e_lb
                    elif e_dr != EXHAUSTIVE and (e >> 15) == stamp and e_dr >= min(drem[d], 254):
                        ret_lb = beta
                        ret_inc = 1
                turn_start = st[S_LAID] == 0 and st[S_CAPOFF] == 0
                if ret_lb < 0 and params[PR_DOMINANCE] != 0 and turn_start:  # D1
                    dkey = _turn_start_key(st, hkey[d], zob, tops)
                    found_lb = dom_probe(dom_keys, dom_values, dkey, tops, avail, beta)
                    if found_lb >= beta:
                        ret_lb = found_lb
            if ret_lb < 0:
                count = _generate(params, pos, moves, d, scratch)
                nmov[d] = count
                if count == 0:
                    if st[S_LAID] == 0 or (
                        params[PR_SOLO] != 0 and st[S_DPOS] == ndraw
                    ):  # TG-7 end (or the P4 endgame turn cannot go on): a leaf
                        ret_lb = left
                        if left < st[S_BEST]:
                            st[S_BEST] = left
                            for k in range(d):
                                best_path[k] = moves[k, idx[k] - 1]
                            st[S_BEST_LEN] = d
                    else:  # a turn that cannot reach its minimum is not played (TG-7)
                        ret_lb = INF
                else:
                    idx[d] = 0
                    lbs[d] = INF
                    inc[d] = 0
                    hkey[d + 1] = hkey[d]
                    mode = MODE_NEXT
                    continue
            # an immediate answer: return it to the parent
            if d == 0:
                st[S_RET_LB] = ret_lb
                st[S_RET_INC] = ret_inc
                st[S_MODE] = MODE_FINISHED
                return DONE
            d -= 1
            mode = MODE_RETURN
            st[S_RET_LB] = ret_lb
            st[S_RET_INC] = ret_inc
            continue

        if mode == MODE_RETURN:
            # undo the move of frame d, fold the child's answer into frame d
            m = moves[d, idx[d] - 1]
            if m == END:
                tm = undo[d, U_TOMOVE]
                st[S_TOMOVE] = tm
                st[S_LAID] = undo[d, U_LAID]
                st[S_DPOS] = undo[d, U_DPOS]
                st[S_Q] = undo[d, U_Q]
                st[S_CAPOFF] = undo[d, U_CAPOFF]
                hands[tm, 0] = uhand[d, 0]
                hands[tm, 1] = uhand[d, 1]
            else:
                c = m >> 2
                p = m & 3
                st[S_TOP + p] = undo[d, U_TOP]
                st[S_Q] = undo[d, U_Q]
                st[S_LAID] -= 1
                w = c >> 6
                bit = _ONE << np.uint64(c & 63)
                hands[st[S_TOMOVE], w] |= bit
                avail[w] |= bit
            if st[S_RET_LB] < lbs[d]:
                lbs[d] = st[S_RET_LB]
            if st[S_RET_INC] != 0:
                inc[d] = 1
            mode = MODE_NEXT
            continue

        if mode == MODE_NEXT:
            i = idx[d]
            finished = i >= nmov[d]
            if not finished and i > 0 and drem[d] <= 0:  # limited discrepancy cut
                inc[d] = 1
                finished = True
            if finished:
                key = _state_key(st, hkey[d], zob, avail)
                if inc[d] == 0:
                    new = tt_store(tt_keys, tt_values, key, min(lbs[d], INF) | (EXHAUSTIVE << 7))
                    if params[PR_DOMINANCE] != 0 and st[S_LAID] == 0 and st[S_CAPOFF] == 0:
                        dkey = _turn_start_key(st, hkey[d], zob, tops)
                        dom_store(dom_keys, dom_values, dkey, tops, min(lbs[d], INF))
                else:
                    value = beta | (min(drem[d], 254) << 7) | (stamp << 15)
                    new = tt_store(tt_keys, tt_values, key, value)
                if new:
                    st[S_TT_NEW] += 1
                if d == 0:
                    st[S_RET_LB] = lbs[0]
                    st[S_RET_INC] = inc[0]
                    st[S_MODE] = MODE_FINISHED
                    return DONE
                st[S_RET_LB] = lbs[d]
                st[S_RET_INC] = inc[d]
                d -= 1
                mode = MODE_RETURN
                continue
            idx[d] = i + 1
            drem[d + 1] = drem[d] - (1 if i > 0 else 0)
            m = moves[d, i]
            tm = st[S_TOMOVE]
            hk = hkey[d]
            if m == END:
                undo[d, U_TOMOVE] = tm
                undo[d, U_LAID] = st[S_LAID]
                undo[d, U_DPOS] = st[S_DPOS]
                undo[d, U_Q] = st[S_Q]
                undo[d, U_CAPOFF] = st[S_CAPOFF]
                uhand[d, 0] = hands[tm, 0]
                uhand[d, 1] = hands[tm, 1]
                dpos = st[S_DPOS]
                for k in range(min(st[S_LAID], ndraw - dpos)):  # the cards drawn (TG-4)
                    hk ^= zhand[tm, draw[dpos + k]]
            else:
                undo[d, U_TOP] = st[S_TOP + (m & 3)]
                undo[d, U_Q] = st[S_Q]
                hk ^= zhand[tm, m >> 2]
            apply_move(params, draw, pos, m)
            hkey[d + 1] = hk
            d += 1
            mode = MODE_ENTER
            continue

        return DONE  # MODE_FINISHED: nothing left to do
