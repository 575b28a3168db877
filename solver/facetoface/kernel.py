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
shortcuts are all exact (docs/solver-facetoface.md gives each proof): the cut-off
after the first winning turn (a two-valued game needs no more); a turn after which the
opponent has no turn at all (:func:`has_turn`, the FF-6 loss) wins at once; the
transposition table stores proven values only (never a value found under a budget);
the enhanced transposition cutoff reads the table for every turn before searching any
(a turn into a position proven lost for the opponent wins, turns into positions proven
won for the opponent go last, and a node whose turns are all of those is lost); and
turns whose result is dominated by another turn's result are not searched
(:func:`_prune_dominated`); a node, or the position after a turn, that the race
argument decides (:func:`playable.solver.facetoface.race_kernel.verdict`; for a node also
with plans that give cards to the opponent), and a node in which one player is blocked
first (:func:`playable.solver.facetoface.survival_kernel.verdict`; checked when the
node is opened and, with ``ctx[SURVIVAL_AFTER]``, after every turn: rule 9b of
docs/solver-facetoface.md), is not searched.
A subtree below the root may be capped at a number of nodes (``ctx[SUBTREE_CAP]``):
once it has used them it stops and stays unknown, and the driver searches again with
a larger cap (rule 10 of docs/solver-facetoface.md; nothing is pruned, only proven
values are stored). Turns are searched in order of :func:`order_score`: least
help to the opponent first, then most room between the own piles, with the turn that
last won at the same depth first (killer turn; where it is legal it is searched
before the node's other turns are even generated); ordering never changes a value.
A node is keyed by a 64-bit hash of its packed fields (:func:`position_key`) and the
stored value carries 31 check bits of an independent hash, so a wrong table hit needs
a 95-bit collision. The game is finite (every turn lays at least 2 cards), so the
search ends; a budget that runs out makes the value 0 (unknown) and nothing unproven
is stored.

The small helpers the search runs once a turn or a node (:func:`hand_cards`,
:func:`_visit`, :func:`_fits`, :func:`_play`, :func:`_push`, :func:`_child_row`,
:func:`position_key`, :func:`node_keys`, :func:`probe`, :func:`order_score`,
:func:`tops_at_least_as_good`, :func:`_wins_at_once`, :func:`_after`, :func:`_is_turn`,
:func:`_store`) are inlined in numba's IR (``inline="always"``): called with the
named tuples of :mod:`playable.solver.facetoface.workspace` they cost the search a
few per cent (benchmarks/results/facetoface_kernel_speed.md).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import numpy as np
from numba import njit, objmode

from playable.solver.core.arrays import I64, U64
from playable.solver.core.bits import mix64
from playable.solver.core.tt import MISSING, tt_lookup, tt_store
from playable.solver.facetoface import survival_kernel as survival
from playable.solver.facetoface.race_kernel import SCRATCH, verdict
from playable.solver.facetoface.workspace import (
    Deal,
    Frames,
    Generation,
    Node,
    Seat,
    Survival,
    Table,
    Work,
)

HAND_SIZE = 6
TRICK = 10
#: children rows per depth; the in-turn states of a 6-card hand are fewer than 9,400
MAX_KIDS = 10_240
#: columns of a child row: hand, pointer, own up, own down, opp up, opp down, score
ROW = 7
#: in-turn visited-set slots (a power of two, over twice the states of a 6-card hand)
VISIT_SLOTS = 32_768
#: node-budget counters in ``ctx``
NODES, NODE_LIMIT, ABORTED, STAMP, TT_NEW, OVERFLOW, ORDERING, NO_ETC, TURNS = range(9)
NO_DOMINANCE, PRUNED, NO_RACE, RACE_CUTS, NO_KILLER_FIRST = 9, 10, 11, 12, 13
NO_SURVIVAL, SURVIVAL_CUTS = 14, 15
#: a root in the middle of a turn: cards already laid on own piles, 1 if one was laid
#: on the opponent's (0, 0 at the start of a turn)
ROOT_OWN, ROOT_OPP = 16, 17
#: the subtree cap of :func:`search` (nodes a subtree below the root may use before it
#: is left unknown; 0: no cap) and how many subtrees it stopped
SUBTREE_CAP, CAP_CUTS = 18, 19
#: 1: the survival verdict also after every generated turn, not only when a node is
#: opened (:attr:`search.Solver.survival_after`, on by default: rule 9b of
#: docs/solver-facetoface.md)
SURVIVAL_AFTER = 20
#: the count of generated turns at which the clock is read next (see CLOCK_TURNS_EVERY)
CLOCK_TURNS = 21
CTX_SIZE = 22
#: no limit on a subtree's nodes
NO_LIMIT = 1 << 62
#: table values: the low 2 bits a code (proven loss or win for the mover, or open:
#: not proven, bits 2-16 and 17-31 then hold proof and disproof numbers of the df-pn
#: search), bits 32-62 the 31 check bits of an independent hash
LOSS_CODE, OPEN_CODE, WIN_CODE = 0, 1, 2
CHECK_SHIFT = np.uint64(33)
#: generation results
WIN_NOW = -1
TOO_MANY = -2
#: nodes between two clock reads, at most (about 3 ms of a quiet core) ...
CLOCK_EVERY = 512
#: ... and generated turns: 512 nodes of a full hand generate up to 100,000 turns,
#: 60-95 ms of a busy core, so the clock is also read every 2,048 turns (about 2,500
#: reads a second, 0.5% of the time); a search with a seconds budget then stops
#: within a few ms of its deadline (benchmarks/budget_keeping.py; every 8,192 turns
#: it still ended up to 36 ms late on a busy machine)
CLOCK_TURNS_EVERY = 2048


def new_generation() -> Generation:
    """Fresh buffers for :func:`gen_turns` (:class:`workspace.Generation`)."""
    return Generation(
        np.zeros(VISIT_SLOTS, dtype=np.int64),
        np.zeros(VISIT_SLOTS, dtype=np.int64),
        np.zeros((VISIT_SLOTS, 6), dtype=np.int64),
    )


@njit(cache=True, inline="always")
def hand_cards(hand: int, cards: I64) -> int:
    """Fill ``cards`` with the cards of the bitset ``hand`` (ascending); return count."""
    n = 0
    for c in range(64):
        if (hand >> c) & 1:
            cards[n] = c
            n += 1
    return n


@njit(cache=True, inline="always")
def _visit(vkeys: I64, vstamp: I64, stamp: int, key: int) -> bool:
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


@njit(cache=True, inline="always")
def _fits(c: int, target: int, u: int, d: int, xu: int, xd: int) -> bool:
    """FF-2/TG-3 on own piles (targets 0 up, 1 down), FF-3 on the opponent's (2, 3)."""
    if target == 0:
        return c > u or c == u - TRICK
    if target == 1:
        return c < d or c == d + TRICK
    if target == 2:
        return c < xu
    return c > xd


@njit(cache=True, inline="always")
def _play(
    c: int, target: int, u: int, d: int, xu: int, xd: int, opp_used: bool
) -> tuple[bool, int, int, int, int, int]:
    """Lay card ``c`` on pile ``target`` (0 own up, 1 own down, 2 opponent's up, 3
    opponent's down) within a turn whose tops are (u, d, xu, xd): whether the rules
    allow it (:func:`_fits`; FF-3: at most one card a turn on the opponent's piles, so
    none when ``opp_used``), the four tops after it and the cards it adds to the own
    piles (1 or 0). The one step of every walk over a turn's plays
    (:func:`gen_turns`, :func:`killer_row`, :func:`has_turn`)."""
    if (target >= 2 and opp_used) or not _fits(c, target, u, d, xu, xd):
        return False, u, d, xu, xd, 0
    if target == 0:
        return True, c, d, xu, xd, 1
    if target == 1:
        return True, u, c, xu, xd, 1
    if target == 2:
        return True, u, d, c, xd, 0
    return True, u, d, xu, c, 0


@njit(cache=True, inline="always")
def _push(stack: I64, top: int, cards: int, u: int, d: int, xu: int, xd: int, own: int) -> int:
    """Push an in-turn state (the subset of the cards laid, the four tops, the cards on
    own piles) as row ``top`` of ``stack``; return the new height."""
    stack[top, 0] = cards
    stack[top, 1] = u
    stack[top, 2] = d
    stack[top, 3] = xu
    stack[top, 4] = xd
    stack[top, 5] = own
    return top + 1


@njit(cache=True, inline="always")
def _child_row(
    row: I64,
    rest: int,
    left: int,
    opp_used: bool,
    draw: I64,
    ptr: int,
    dlen: int,
    u: int,
    d: int,
    xu: int,
    xd: int,
) -> int:
    """Write the first six columns of a turn's child row (as :func:`gen_turns` gives
    them): the hand ``rest`` (``left`` cards) after the draw, the draw pointer after
    it and the four tops; return how many cards were drawn. FF-5: a turn that laid on
    the opponent's piles draws back up to six cards, any other turn draws two, never
    more than the draw pile holds."""
    want = HAND_SIZE - left if opp_used else 2
    k = min(want, dlen - ptr)
    for j in range(k):
        rest |= 1 << draw[ptr + j]
    row[0] = rest
    row[1] = ptr + k
    row[2] = u
    row[3] = d
    row[4] = xu
    row[5] = xd
    return k


@njit(cache=True)
def gen_turns(
    node: Node, deal: Deal, laid_own0: int, opp0: int, out: I64, gen: Generation, ctx: I64
) -> int:
    """Every distinct whole turn of the mover; returns the count written to ``out``,
    :data:`WIN_NOW` if a turn lays the last card (FF-6), :data:`TOO_MANY` on overflow.

    ``laid_own0``/``opp0`` describe a turn already in progress (root positions only).
    Rows of ``out``: hand after the draw, draw pointer after it, own up, own down,
    opponent up, opponent down, ordering score.
    """
    side, hand, ptr, mu, md, _, _, ou, od = node
    dlen, draw = deal.dlens[side], deal.draws[side]
    vkeys, vstamp, stack = gen.vkeys, gen.vstamp, gen.stack
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
    top = _push(stack, 0, 0, mu, md, ou, od, 0)
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
            k = _child_row(out[count], rest, left, opp_used, draw, ptr, dlen, u, d, xu, xd)
            helped = (ou - xu) + (xd - od)
            out[count, 6] = 3 * (d - u) - 2 * helped + 20 * laid + 200 * k
            count += 1
        for i in range(n):
            if (removed >> i) & 1:
                continue
            c = cards[i]
            r2 = removed | (1 << i)
            for target in range(4):
                ok, nu, nd, nxu, nxd, step = _play(c, target, u, d, xu, xd, opp_used)
                if not ok:
                    continue
                key = r2 | nu << 6 | nd << 12 | nxu << 18 | nxd << 24
                if not _visit(vkeys, vstamp, stamp, key):
                    continue
                if top >= stack.shape[0]:
                    return TOO_MANY
                top = _push(stack, top, r2, nu, nd, nxu, nxd, own - laid_own0 + step)
    return count


@njit(cache=True)
def killer_row(node: Node, deal: Deal, laid: int, tops: I64, row: I64) -> int:
    """Is laying exactly the cards ``laid`` a legal whole turn (FF-4) that ends with
    the pile tops ``tops`` (own up, own down, opponent up, opponent down)? 1 with
    the turn's child row written to ``row`` (as :func:`gen_turns` writes it), 0 if
    not, :data:`WIN_NOW` if it lays the mover's last card with an empty draw pile.

    Every order of the cards on every pile is tried under the rules of
    :func:`gen_turns` (own piles TG-3, at most one card on the opponent's piles,
    FF-3), so the answer is exact; the cards of a killer turn are few.
    """
    side, hand, ptr, mu, md, _, _, ou, od = node
    dlen, draw = deal.dlens[side], deal.draws[side]
    if laid == 0 or laid & ~hand:
        return 0
    cards = np.empty(HAND_SIZE + 1, dtype=np.int64)
    n = hand_cards(laid, cards)
    left = hand_cards(hand & ~laid, np.empty(64, dtype=np.int64))
    full = (1 << n) - 1
    # stack rows: placed subset, own up, own down, opp up, opp down, cards on own piles
    stack = np.empty((4 * HAND_SIZE * HAND_SIZE + 1, 6), dtype=np.int64)
    top = _push(stack, 0, 0, mu, md, ou, od, 0)
    while top > 0:
        top -= 1
        placed, u, d, xu, xd, own = stack[top]
        opp_used = xu != ou or xd != od
        if placed == full:
            if left == 0 and ptr == dlen:
                return WIN_NOW  # FF-6: the last card laid wins at once
            if own < 1 or n < 2:
                continue
            if u != tops[0] or d != tops[1] or xu != tops[2] or xd != tops[3]:
                continue
            _child_row(row, hand & ~laid, left, opp_used, draw, ptr, dlen, u, d, xu, xd)
            return 1
        for i in range(n):
            if (placed >> i) & 1:
                continue
            c = cards[i]
            for target in range(4):
                ok, nu, nd, nxu, nxd, step = _play(c, target, u, d, xu, xd, opp_used)
                if not ok:
                    continue
                top = _push(stack, top, placed | (1 << i), nu, nd, nxu, nxd, own + step)
    return 0


@njit(cache=True)
def has_turn(cards: I64, n: int, ptr: int, dlen: int, u: int, d: int, xu: int, xd: int) -> bool:
    """Can the mover holding ``cards[:n]`` play a whole turn (FF-4) or win by laying
    their last card (FF-6)?

    Any two plays of which at most one is on the opponent's piles make a legal turn,
    so two plays are enough to decide it.
    """
    for i in range(n):
        a = cards[i]
        for ta in range(4):
            ok, u2, d2, xu2, xd2, _ = _play(a, ta, u, d, xu, xd, False)
            if not ok:
                continue
            if n == 1 and ptr == dlen:
                return True
            for j in range(n):
                if j == i:
                    continue
                for tb in range(4):
                    if _play(cards[j], tb, u2, d2, xu2, xd2, ta >= 2)[0]:
                        return True
    return False


@njit(cache=True, inline="always")
def position_key(salt: np.uint64, side: int, first: Seat, second: Seat) -> np.uint64:
    """A 64-bit hash of a node (player 0's and player 1's hand, draw pointer and own
    pile tops, and the side to move); ``salt`` picks one of independent hash functions.

    The node is packed into three words (each hand is a bitset of cards < 64; the
    pointers and tops are < 64 and take 6 bits each) and chained through
    :func:`playable.solver.core.bits.mix64`; two different salts give the table key
    and its check bits. ``first`` is player 0's (hand, draw pointer, up, down),
    ``second`` player 1's.
    """
    h0, p0, u0, d0 = first
    h1, p1, u1, d1 = second
    packed = np.uint64(side | p0 << 1 | p1 << 7 | u0 << 13 | d0 << 19 | u1 << 25 | d1 << 31)
    x = mix64(np.uint64(h0) ^ salt)
    x = mix64(x ^ np.uint64(h1) ^ (salt >> np.uint64(7)))
    return mix64(x ^ packed)


#: The driver's progress listeners, told the nodes of the running search at every
#: clock read (the search runs as one kernel call; see search.Solver._search).
progress_listeners: list[Callable[[int], object]] = []


def _tick(nodes: int) -> float:
    """Plain Python, run from the kernel in object mode: tell the listeners, read the
    clock; infinity (past any deadline) when a listener says the budget expired (Ctrl-C
    in the CLI, cli/budget.py)."""
    stop = False
    for listener in progress_listeners:
        stop = bool(listener(nodes)) or stop
    return math.inf if stop else time.perf_counter()


@njit(cache=True)
def _clock(nodes: int) -> float:
    t = 0.0
    with objmode(t="float64"):
        t = _tick(nodes)
    return t


EXPAND = 2
#: node columns: side, mover hand, pointer, up, down, opponent hand, pointer, up, down
NODE_COLS = 9
#: the two hash salts: table key and check bits
KEY_SALT = np.uint64(0x9E3779B97F4A7C15)
CHECK_SALT = np.uint64(0xD1B54A32D192ED03)
#: orderings of the turns (``ctx[ORDERING]``), for measurements
ORDER_ROOM, ORDER_REFILL, ORDER_MOBILITY = 0, 1, 2


@njit(cache=True)
def _up_signature(u: int, owner: int, other: int) -> tuple[int, int]:
    """Which remaining cards an ascending top ``u`` lets through: the owner's cards that
    fit it (c > u or c == u - 10, TG-3) and the other player's cards that may go on it
    (c < u, FF-3), as bitsets."""
    mine = owner & -(1 << (u + 1))  # bits above u (u <= 62: fits an int64)
    if u >= TRICK:
        mine |= owner & (1 << (u - TRICK))
    return mine, other & ((1 << u) - 1)


@njit(cache=True)
def _down_signature(d: int, owner: int, other: int) -> tuple[int, int]:
    """As :func:`_up_signature` for a descending top: c < d or c == d + 10 for the owner,
    c > d for the other player."""
    mine = owner & ((1 << d) - 1)
    if d + TRICK < 62:
        mine |= owner & (1 << (d + TRICK))
    return mine, other & -(1 << (d + 1))


@njit(cache=True)
def canonical_up(u: int, owner: int, other: int) -> int:
    """The lowest top reached from ``u`` downwards through tops that let exactly the
    same remaining cards through (:func:`_up_signature`); see :func:`node_keys`."""
    want = _up_signature(u, owner, other)
    v = u
    while v > 0 and _up_signature(v - 1, owner, other) == want:
        v -= 1
    return v


@njit(cache=True)
def canonical_down(d: int, owner: int, other: int) -> int:
    """The highest top reached from ``d`` upwards (below 63) through tops that let
    exactly the same remaining cards through (:func:`_down_signature`)."""
    want = _down_signature(d, owner, other)
    v = d
    while v < 62 and _down_signature(v + 1, owner, other) == want:
        v += 1
    return v


@njit(cache=True, inline="always")
def node_keys(node: Node, suffix: I64) -> tuple[np.uint64, np.int64]:
    """The table key and the check bits of a node given from the mover's side: its
    :func:`position_key` under the two salts, with each pile top replaced by a
    canonical equivalent one (computed once for both).

    Exact: from a start-of-turn position the rest of the game depends on a pile top
    only through which remaining cards it lets through (the owner's by TG-3, the
    other player's by FF-3; remaining = hand and draw pile, ``suffix`` gives the
    draw pile's cards). Every play on a pile replaces its top by the card laid (the
    same in two such positions) and the remaining cards only shrink, so two tops
    that let the same remaining cards through do so for the rest of the game: the
    two positions have the same turns with the same results and the same value.
    :func:`canonical_up` and :func:`canonical_down` move a top only through such
    equivalent tops, so equal keys mean equivalent positions (up to hash collisions).
    """
    side, mh, mp, mu, md, oh, op, ou, od = node
    mine = mh | suffix[side, mp]
    theirs = oh | suffix[1 - side, op]
    cmu = canonical_up(mu, mine, theirs)
    cmd = canonical_down(md, mine, theirs)
    cou = canonical_up(ou, theirs, mine)
    cod = canonical_down(od, theirs, mine)
    if side == 0:
        key = position_key(KEY_SALT, 0, (mh, mp, cmu, cmd), (oh, op, cou, cod))
        check = position_key(CHECK_SALT, 0, (mh, mp, cmu, cmd), (oh, op, cou, cod))
    else:
        key = position_key(KEY_SALT, 1, (oh, op, cou, cod), (mh, mp, cmu, cmd))
        check = position_key(CHECK_SALT, 1, (oh, op, cou, cod), (mh, mp, cmu, cmd))
    return key, np.int64(check >> CHECK_SHIFT)


@njit(cache=True, inline="always")
def probe(table: Table, node: Node, suffix: I64) -> int:
    """The proven value stored for a start-of-turn node (1, -1), or 0 if none."""
    key, check = node_keys(node, suffix)
    stored = tt_lookup(table.keys, table.values, key)
    if stored == MISSING or stored >> 32 != check:
        return 0
    code = stored & 3
    return 1 if code == WIN_CODE else (-1 if code == LOSS_CODE else 0)


@njit(cache=True, inline="always")
def order_score(row: I64, ou: int, od: int) -> int:
    """The ordering score of a turn (higher is tried first); never changes a value.

    :data:`ORDER_ROOM` (the default) tries first the turns that help the opponent least
    (no card on their piles, else the smallest improvement of their pile, FF-3), then
    those that keep the most room between the own piles (down - up). The older
    :data:`ORDER_REFILL` score, written by :func:`gen_turns`, preferred drawing many
    cards (the FF-5 refill), then laying many; it is kept only to measure the
    difference.
    """
    helped = (ou - row[4]) + (row[5] - od)
    return int(-128 * helped + (row[3] - row[2]))


@njit(cache=True, inline="always")
def tops_at_least_as_good(u1: int, d1: int, u2: int, d2: int, remaining: int) -> bool:
    """Are own pile tops (u1, d1) at least as good for their owner as (u2, d2), whatever
    happens next, given the owner's ``remaining`` cards (hand and draw pile, bitset)?

    True when u1 <= u2 and d1 >= d2 and every card the owner may still lay on (u2, d2)
    also fits (u1, d1): a normal play c > u2 is > u1 and c < d2 is < d1 (TG-3); the
    backwards trick u2 - 10 fits u1 only if u2 - 10 > u1, so where u1 < u2 <= u1 + 10
    the owner must not hold the card u2 - 10 any more (likewise d2 + 10 on the down
    pile). See :func:`_prune_dominated` for why this makes the position no worse.
    """
    if u1 > u2 or d1 < d2:
        return False
    if u1 < u2 and u2 - TRICK <= u1 and u2 - TRICK >= 0 and (remaining >> (u2 - TRICK)) & 1:
        return False
    trick_down = d2 + TRICK
    return not (d1 > d2 and trick_down >= d1 and trick_down < 64 and (remaining >> trick_down) & 1)


@njit(cache=True)
def _prune_dominated(
    out: I64, count: int, side: int, oh: int, op: int, suffix: I64, pruned: I64
) -> int:
    """Mark (``pruned[i] = 1``) every turn whose result is dominated by another turn's
    result; return how many. Exact (never changes the node's value):

    Turns A and B that leave the mover the same hand (hence the same draw pointer,
    whose cards are never in the hand) give positions that differ only in pile tops.
    A's result dominates B's when the mover's tops after A are at least as good for
    the mover as after B and the opponent's tops after B at least as good for the
    opponent as after A (:func:`tops_at_least_as_good`, with each owner's remaining
    cards). Then the mover wins after A whenever they win after B: the mover copies
    their winning strategy from B's position. Every card the mover may lay after B
    fits after A too (own piles: by the test; the opponent's piles, FF-3: a card
    lower than their up top after B is lower than the higher-or-equal top after A,
    likewise for their down pile), and every card the opponent may lay after A fits
    after B (the same arguments with the roles swapped), so every opponent turn after
    A is also an opponent turn after B and the copied answer stays legal; the first
    card laid on a pile makes its two tops equal, tops that differ stay as they were,
    hands and draws stay equal (the same cards are laid and drawn, FF-5), and a player
    who cannot complete a turn after B (FF-6) cannot after A either when it is the
    opponent, while the mover can whenever they could after B. The relation is
    transitive and strict between distinct results (distinct results of one hand
    differ in some top), so every pruned turn is dominated by a kept one: removing them
    all keeps the maximum (a win survives) and a kept set of losing turns still
    proves the node lost.
    """
    other = 1 - side
    opp_remaining = oh | suffix[other, op]
    by_hand = np.argsort(out[:count, 0])
    removed = 0
    start = 0
    while start < count:
        end = start + 1
        hand = out[by_hand[start], 0]
        while end < count and out[by_hand[end], 0] == hand:
            end += 1
        if end - start > 1:
            mine = hand | suffix[side, out[by_hand[start], 1]]
            for x in range(start, end):
                b = out[by_hand[x]]
                for y in range(start, end):
                    if x == y or pruned[by_hand[y]]:
                        continue
                    a = out[by_hand[y]]
                    if tops_at_least_as_good(
                        a[2], a[3], b[2], b[3], mine
                    ) and tops_at_least_as_good(b[4], b[5], a[4], a[5], opp_remaining):
                        pruned[by_hand[x]] = 1
                        removed += 1
                        break
        start = end
    return removed


@njit(cache=True, inline="always")
def _wins_at_once(
    after: Node, n_opp: int, cards: I64, scratch: I64, deal: Deal, sv: Survival, ctx: I64
) -> bool:
    """Whether a turn wins at once: the opponent, to move in the node ``after`` it
    (their hand's ``n_opp`` cards in ``cards``), has no turn at all (FF-6), loses the
    race (rule 8; ``scratch`` its buffer) or, with ``ctx[SURVIVAL_AFTER]`` (the
    default), is blocked first (rule 9; without it that verdict waits until the
    turn's node is opened, rule 9b). Only the opponent's loss is looked for, the one
    answer that decides the node. (Called for every turn: it takes the two buffers it
    needs, not all of the search's frames.)"""
    other, _, op, ou, od, _, _, xu, xd = after
    if not has_turn(cards, n_opp, op, deal.dlens[other], ou, od, xu, xd):
        return True
    if ctx[NO_RACE] == 0 and verdict(after, deal, scratch, False, False) == -1:
        ctx[RACE_CUTS] += 1
        return True
    if (
        ctx[NO_SURVIVAL] == 0
        and ctx[SURVIVAL_AFTER] == 1
        and survival.verdict(after, deal, sv, False) == -1
    ):
        ctx[SURVIVAL_CUTS] += 1
        return True
    return False


@njit(cache=True, inline="always")
def _after(other: int, oh: int, op: int, row: I64) -> Node:
    """The node after the turn of the child ``row`` (:func:`gen_turns`): the opponent
    ``other`` (hand ``oh``, draw pointer ``op``) to move, whose own piles are the
    row's opponent piles."""
    return (other, oh, op, row[4], row[5], row[0], row[1], row[2], row[3])


@njit(cache=True, inline="always")
def _is_turn(turns: I64, d: int, at: int, laid: int, row: I64) -> bool:
    """Is the turn of the child ``row``, which laid the cards ``laid``, the turn kept
    in ``turns[d, at:at + 5]`` (cards laid, then the four tops after it: the killer
    turns, rule 6 of docs/solver-facetoface.md)?"""
    return bool(
        turns[d, at] == laid
        and turns[d, at + 1] == row[2]
        and turns[d, at + 2] == row[3]
        and turns[d, at + 3] == row[4]
        and turns[d, at + 4] == row[5]
    )


@njit(cache=True)
def _enter(d: int, work: Work, deadline: float) -> int:
    """Open node ``d`` (``frames.nodes[d]``): its value if it is decided at once (1,
    -1; 0 when the budget ran out), else :data:`EXPAND` with its turns to search in
    ``frames.kids[d]``/``frames.order[d]``.

    Killer turn first (rule 6b, docs/solver-facetoface.md): when the turn that last
    won at this depth (same cards laid, same four tops) is a legal turn here
    (:func:`killer_row`), it alone is offered first (``lazy[d, 0] = 1``) and the
    node's other turns are generated only if it fails (:func:`_expand`). A node is
    won when some turn wins, so trying one legal turn before the others changes no
    value; it saves generating and checking every turn where the killer wins."""
    deal, table, frames, _, sv, ctx = work
    ctx[NODES] += 1
    if ctx[NODES] >= ctx[NODE_LIMIT]:
        ctx[ABORTED] = 1
        return 0
    if ctx[NODES] % CLOCK_EVERY == 0 or ctx[TURNS] >= ctx[CLOCK_TURNS]:
        ctx[CLOCK_TURNS] = ctx[TURNS] + CLOCK_TURNS_EVERY
        if _clock(ctx[NODES]) >= deadline > 0.0:
            ctx[ABORTED] = 1
            return 0
    nodes, kids, killers, lazy = frames.nodes, frames.kids, frames.killers, frames.lazy
    side, mh, mp, mu, md = nodes[d, 0], nodes[d, 1], nodes[d, 2], nodes[d, 3], nodes[d, 4]
    oh, op, ou, od = nodes[d, 5], nodes[d, 6], nodes[d, 7], nodes[d, 8]
    node = (side, mh, mp, mu, md, oh, op, ou, od)
    in_turn = d == 0 and (ctx[ROOT_OWN] != 0 or ctx[ROOT_OPP] != 0)
    key, check = node_keys(node, deal.suffix)
    tag = check << 32
    if in_turn:
        tag = np.int64(-1)  # never stored: a root in the middle of a turn
    frames.keys[d] = key
    frames.tags[d] = tag
    if not in_turn:
        stored = tt_lookup(table.keys, table.values, key)
        if stored != MISSING and stored >> 32 == check:
            code = stored & 3
            if code == WIN_CODE:
                return 1
            if code == LOSS_CODE:
                return -1
        value = 0
        if ctx[NO_RACE] == 0:
            value = verdict(node, deal, frames.scratch, True)
            if value != 0:
                ctx[RACE_CUTS] += 1
        if value == 0 and ctx[NO_SURVIVAL] == 0:
            value = survival.verdict(node, deal, sv, True)
            if value != 0:
                ctx[SURVIVAL_CUTS] += 1
        if value != 0:
            _store(d, value, frames.keys, frames.tags, table, ctx)
            return value
    lazy[d, 0] = 0
    if d > 0 and ctx[NO_KILLER_FIRST] == 0 and killers[d, 0] >= 0:
        row = kids[d, 0]
        found = killer_row(node, deal, killers[d, 0], killers[d, 1:5], row)
        if found == WIN_NOW:
            _store(d, 1, frames.keys, frames.tags, table, ctx)
            return 1
        if found == 1:
            ctx[TURNS] += 1
            n_opp = hand_cards(oh, frames.cards)
            after = _after(1 - side, oh, op, row)
            if _wins_at_once(after, n_opp, frames.cards, frames.scratch, deal, sv, ctx):
                _store(d, 1, frames.keys, frames.tags, table, ctx)
                return 1
            lazy[d, 0] = 1
            lazy[d, 1:6] = killers[d, 0:5]
            frames.order[d, 0] = 0
            frames.counts[d] = 1
            return EXPAND
    return _expand(d, work)


@njit(cache=True)
def _expand(d: int, work: Work) -> int:
    """Generate, check and order every turn of node ``d``: its value if that decides
    it (1, -1), else :data:`EXPAND`. With ``lazy[d, 0] == 2`` the killer turn in
    ``lazy[d, 1:6]`` was searched first and lost; it counts as refuted."""
    deal, table, frames, gen, sv, ctx = work
    nodes, killers, lazy, cards = frames.nodes, frames.killers, frames.lazy, frames.cards
    side, mh, mp, mu, md = nodes[d, 0], nodes[d, 1], nodes[d, 2], nodes[d, 3], nodes[d, 4]
    oh, op, ou, od = nodes[d, 5], nodes[d, 6], nodes[d, 7], nodes[d, 8]
    out = frames.kids[d]
    count = gen_turns(
        (side, mh, mp, mu, md, oh, op, ou, od),
        deal,
        ctx[ROOT_OWN] if d == 0 else 0,
        ctx[ROOT_OPP] if d == 0 else 0,
        out,
        gen,
        ctx,
    )
    if count == TOO_MANY:
        ctx[OVERFLOW] += 1
        ctx[ABORTED] = 1
        return 0
    if count > 0:
        ctx[TURNS] += count
    if count == WIN_NOW or count == 0:
        value = 1 if count == WIN_NOW else -1
        _store(d, value, frames.keys, frames.tags, table, ctx)
        return value
    other = 1 - side
    n_opp = hand_cards(oh, cards)
    mode = ctx[ORDERING]
    refuted = 0
    for i in range(count):
        row = out[i]
        after = _after(other, oh, op, row)
        if _wins_at_once(after, n_opp, frames.cards, frames.scratch, deal, sv, ctx):
            _store(d, 1, frames.keys, frames.tags, table, ctx)
            return 1
        # Enhanced transposition cutoff: a turn into a position the table already
        # proves lost for the opponent wins at once; turns into positions proven won
        # for the opponent are tried last, and if every turn is one of those the node
        # is lost.
        known = 0
        if ctx[NO_ETC] == 0:
            known = probe(table, after, deal.suffix)
        if lazy[d, 0] == 2 and _is_turn(lazy, d, 1, mh & ~row[0], row):
            known = 1  # the killer turn, searched first and lost
        if known == -1:
            _store(d, 1, frames.keys, frames.tags, table, ctx)
            return 1
        if known == 1:
            row[6] = -(1 << 40)
            refuted += 1
        else:
            if mode == ORDER_ROOM:
                row[6] = order_score(row, ou, od)
                # Killer turn: the turn that last won at this depth (same cards laid,
                # same four tops) is tried first; ordering only.
                if _is_turn(killers, d, 0, mh & ~row[0], row):
                    row[6] += 1 << 45
            elif mode == ORDER_MOBILITY:
                plays = 0
                for j in range(n_opp):
                    for t in range(4):
                        if _fits(cards[j], t, row[4], row[5], row[2], row[3]):
                            plays += 1
                row[6] = order_score(row, ou, od) - 8 * plays
    removed = 0
    if ctx[NO_DOMINANCE] == 0:
        pruned = frames.pruned
        pruned[:count] = 0
        removed = _prune_dominated(out, count, side, oh, op, deal.suffix, pruned)
        for i in range(count):
            if pruned[i]:
                if out[i, 6] == -(1 << 40):
                    refuted -= 1
                out[i, 6] = -(1 << 50)
        ctx[PRUNED] += removed
    if refuted == count - removed:
        _store(d, -1, frames.keys, frames.tags, table, ctx)
        return -1
    frames.order[d, :count] = np.argsort(-out[:count, 6], kind="mergesort")
    frames.counts[d] = count - removed
    return EXPAND


@njit(cache=True, inline="always")
def _store(d: int, value: int, keys: U64, tags: I64, table: Table, ctx: I64) -> None:
    """Store the proven ``value`` of node ``d`` (not for a root in mid-turn) under its
    key and check bits ``keys[d]``, ``tags[d]`` (``frames.keys``, ``frames.tags``)."""
    if tags[d] < 0:
        return
    if tt_store(table.keys, table.values, keys[d], tags[d] | (value + 1)):
        ctx[TT_NEW] += 1


def new_frames(depth: int) -> Frames:
    """The search's work arrays for lines of up to ``depth`` turns
    (:class:`workspace.Frames`); :func:`search` clears them itself."""
    return Frames(
        np.zeros((depth, NODE_COLS), dtype=np.int64),
        np.zeros((depth, MAX_KIDS, ROW), dtype=np.int64),
        np.zeros((depth, MAX_KIDS), dtype=np.int64),
        np.zeros(depth, dtype=np.int64),
        np.zeros(depth, dtype=np.int64),
        np.zeros(depth, dtype=np.int64),
        np.zeros(depth, dtype=np.int64),
        np.zeros(depth, dtype=np.uint64),
        np.zeros(depth, dtype=np.int64),
        np.full((depth, 5), -1, dtype=np.int64),
        np.zeros((depth, 6), dtype=np.int64),
        np.zeros(64, dtype=np.int64),
        np.zeros(MAX_KIDS, dtype=np.int64),
        np.zeros(SCRATCH, dtype=np.int64),
    )


@njit(cache=True)
def _clear(frames: Frames) -> None:
    """Every work array as :func:`new_frames` makes it (``kids`` and ``order`` apart:
    a node's rows are written before they are read)."""
    frames.nodes[:] = 0
    frames.counts[:] = 0
    frames.nexts[:] = 0
    frames.unknown[:] = 0
    frames.limits[:] = 0
    frames.keys[:] = 0
    frames.tags[:] = 0
    frames.killers[:] = -1
    frames.lazy[:] = 0
    frames.cards[:] = 0
    frames.pruned[:] = 0
    frames.scratch[:] = 0


@njit(cache=True)
def search(
    node: Node,
    deal: Deal,
    table: Table,
    frames: Frames,
    gen: Generation,
    sv: Survival,
    ctx: I64,
    deadline: float,
) -> int:
    """The value of the root ``node`` for the mover: 1 proven win, -1 proven loss, 0
    unknown (``ctx[ABORTED]``: the budget ran out).

    Negamax with an explicit stack of nodes (one per turn of the line; numba cannot
    cache a self-recursive function) in ``frames`` (:func:`new_frames`, cleared
    here); ``sv`` is the survival verdict's table of bounds and work array (kept by
    the caller across searches). ``ctx[ROOT_OWN]``/``ctx[ROOT_OPP]`` (cards laid on
    own piles, 1 if one on the opponent's) are nonzero only for a root in the middle
    of a turn; such a root is neither looked up nor stored.

    ``ctx[SUBTREE_CAP]`` (0: none) caps the nodes of every subtree below the root: a
    node stops searching its turns once its subtree has used that many nodes (or its
    parent's subtree has run out), and its value stays unknown, not stored, like a
    node left by an exhausted budget; its parent goes on with its next turn. Only
    proven values are returned and stored, so a cap changes no value, only which
    subtrees are finished first (the driver, :meth:`search.Solver.value`, searches
    again with a larger cap; docs/solver-facetoface.md, rule 10).
    """
    _clear(frames)
    work = Work(deal, table, frames, gen, sv, ctx)
    nodes, kids, order, counts = frames.nodes, frames.kids, frames.order, frames.counts
    nexts, unknown, killers, lazy = frames.nexts, frames.unknown, frames.killers, frames.lazy
    nodes[0, 0], nodes[0, 1], nodes[0, 2], nodes[0, 3], nodes[0, 4] = node[:5]
    nodes[0, 5], nodes[0, 6], nodes[0, 7], nodes[0, 8] = node[5:]
    limits = frames.limits
    cap = ctx[SUBTREE_CAP]
    limits[0] = NO_LIMIT
    r = _enter(0, work, deadline)
    if r != EXPAND:
        return r
    d = 0
    while True:
        if nexts[d] < counts[d] and ctx[NODES] >= limits[d]:
            # the subtree cap: node d's subtree used its nodes; it stays unknown
            unknown[d] = 1
            nexts[d] = counts[d]
            ctx[CAP_CUTS] += 1
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
            r = _enter(c, work, deadline)
            if r == EXPAND:
                nexts[c] = 0
                unknown[c] = 0
                limits[c] = min(limits[d], ctx[NODES] + cap) if cap > 0 else limits[d]
                d = c
                continue
            v = r
        else:
            if lazy[d, 0] == 1 and not unknown[d]:
                # the killer turn lost: now every turn of node d (rule 6b)
                lazy[d, 0] = 2
                r = _expand(d, work)
                if r == EXPAND:
                    nexts[d] = 0
                    continue
                v = r  # decided by the checks (lazy nodes are never the root)
            # every turn of node d is done: lost unless some child stayed unknown
            elif unknown[d]:
                v = 0
            else:
                v = -1
                _store(d, -1, frames.keys, frames.tags, table, ctx)
            if d == 0:
                return v
            d -= 1
        # v is the value of a finished child of node d, for the child's mover
        while True:
            if v == -1:
                _store(d, 1, frames.keys, frames.tags, table, ctx)
                won = kids[d, order[d, nexts[d] - 1]]
                killers[d, 0] = nodes[d, 1] & ~won[0]
                killers[d, 1:5] = won[2:6]
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
