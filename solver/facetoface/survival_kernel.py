"""Face to Face: deciding who is blocked first without searching it (an exact shortcut).

Most Face to Face games end with a player who cannot lay the minimum of a turn and
loses at once (FF-6): their own piles have no room left for any card they hold.
This module proves such endings ahead of the search by two one-player questions.

**The relaxed question: can a player complete ``k`` more turns at most?** While the
opponent lays nothing on this player's piles, the player's own game is a solitaire:
their hand, their draw pile and their two pile tops change only by their own turns.
The *relaxed* turn over-approximates the real ones: any sequence of plays on the own
piles (normal plays and backwards tricks, TG-3) and at most one card given away,
which may be *any* hand card (the real rule, FF-3, allows only cards that improve an
opponent's pile), at least 2 cards with at least one on an own pile (FF-4), then the
draw of FF-5 (2 cards, or back up to 6 after a gift). Laying every remaining card,
even mid-turn or with a single card (FF-6), counts as surviving for ever. So if the
relaxed solitaire cannot complete ``k`` turns, the real player cannot either while
nobody lays on their piles: they lose at their ``k``-th turn at the latest.

Two reductions keep the relaxed search small, both exact for the question "can
``k`` turns be completed" (:func:`_relaxed_turns`):

* a turn without a gift lays exactly 2 cards. *Proof:* let a turn lay the own
  sequence ``c1 .. cn`` (n >= 3) and continue with a turn ``T``. The turn laying
  only ``c1 c2`` draws the same 2 cards (FF-5) and its next turn can lay
  ``c3 .. cn`` first (the tops continue from where ``c2`` left them, as in the long
  turn) and then ``T``: one legal turn (at least 2 cards, at most one gift) that ends
  with the same hand, tops and draw position. Every line of the long turn is matched
  turn for turn, so the short turn completes at least as many turns.
* a gift that some hand card could never take on an own pile (below every top the
  up pile can come to show and above every top the down pile can, from
  ``race.lowest_up_top``/``race.highest_down_top`` over the remaining cards) is the
  only gift tried, if there is one. *Proof:* two hands that differ only in one
  such dead card ``g`` held instead of another card ``h``: the hand holding ``h``
  copies every turn of the other, giving ``h`` when the other gives ``g`` (any card
  may be given in the relaxed turn); the hands have the same size, so the draws are
  the same, and until then ``g`` could not be played on an own pile anyway.

**The robust question: can a player surely complete ``k`` more turns?** A *robust*
line lays exactly 2 cards a turn by normal plays on the own piles only (above the up
top, below the down top, no trick, no gift) and draws 2 (FF-5). The opponent can only
lower this player's up top or raise their down top (FF-3), after which every normal
play of the line still fits, and the line's hands do not depend on the opponent: so
whatever the opponent does, a robust line of ``k`` turns is playable, unless the game
ended before.

**The verdict** (:func:`verdict`). With X to move at the start of a turn, X's j-th
turn comes before Y's j-th. If X has a robust line of ``k`` turns and Y cannot
complete ``k`` turns in the relaxed solitaire, X wins: X follows the line, which
lays nothing on Y's piles, so the relaxed bound holds for Y; Y cannot finish (that
would count as surviving), so Y is blocked at one of its first ``k`` turns, and X has
played every turn before it. If Y has a robust line of ``k - 1`` turns and X cannot
complete ``k`` relaxed turns, X loses, by the same argument with the roles swapped.

**Searching.** Both questions are depth-first searches over whole turns of at most
:data:`MAX_TURNS` turns, sharing a table of bounds on "how many turns can be
completed" per player position (hand, draw position, the two tops) and per question.
A relaxed search that runs out of its steps (:data:`MAX_STEPS`) or of room for a
turn's results answers "can complete" (no verdict); a robust one answers "cannot"
(no line claimed): a budget never produces a verdict. Cross-checked against the
brute force (``tests/facetoface/test_survival.py``) and inside the solver.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from playable.solver.core.arrays import I64
from playable.solver.core.bits import popcount
from playable.solver.facetoface.race_kernel import HAND_SIZE, TRICK, highest_down_top, lowest_up_top
from playable.solver.facetoface.workspace import Deal, Node, Seat, Survival

#: the longest line either question looks for, in turns
MAX_TURNS = 6
#: turn generations one question may use before it gives up (no verdict)
MAX_STEPS = 512
#: results of one turn kept per search level; more gives up (no verdict)
MAX_RESULTS = 512
#: the two questions, stored apart in the table of bounds
RELAXED, ROBUST = 0, 1
#: the table of bounds: entries of (hand, packed position, lower, upper bound), a
#: power of two of them between these sizes
MIN_TABLE_BITS, MAX_TABLE_BITS = 12, 18
# the work array: per search level a frame (position, turns asked, state, results,
# next result) and its results (hand, draw position, up top, down top); then the
# in-turn stack and visited set of :func:`_relaxed_turns`, the steps, the stamp
_HAND, _PTR, _U, _D, _K, _OPEN, _N, _NEXT = range(8)
_FRAME = 8
_RESULT = 4
_LEVEL = _FRAME + MAX_RESULTS * _RESULT
_STACK = (MAX_TURNS + 1) * _LEVEL
_STACK_SIZE = 256
_VISITED = _STACK + 3 * _STACK_SIZE
_VISITED_SIZE = 4096
_STEPS = _VISITED + 3 * _VISITED_SIZE
_STAMP = _STEPS + 1
WORK = _STAMP + 1
#: a position's bound when it can lay every remaining card (it survives any number)
FOR_EVER = MAX_TURNS + 1
#: the turn generators when laying every remaining card is possible this turn
FINISH = -1
#: the turn generators when the results do not fit
TOO_MANY = -2


def new_table(memory_mb: float = 128) -> I64:
    """An empty table of bounds for :func:`verdict`: a sixteenth of ``memory_mb``
    (the solver's table budget), 128 KiB to 8 MiB."""
    bits = MIN_TABLE_BITS
    while bits < MAX_TABLE_BITS and (32 << (bits + 1)) <= memory_mb * 2**20 / 16:
        bits += 1
    return np.zeros((1 << bits, 4), dtype=np.int64)


def new_work() -> I64:
    """The work array :func:`verdict` needs."""
    return np.zeros(WORK, dtype=np.int64)


def new_survival(memory_mb: float = 128) -> Survival:
    """A fresh table of bounds (:func:`new_table`) and work array for :func:`verdict`."""
    return Survival(new_table(memory_mb), new_work())


@njit(cache=True)
def _pack(model: int, player: int, ptr: int, u: int, d: int) -> int:
    """Everything but the hand that a player's bound depends on, as one integer."""
    return 1 + (((model * 2 + player) * 64 + ptr) * 64 + u) * 64 + d


@njit(cache=True)
def _slot(table: I64, hand: int, packed: int) -> int:
    # int(): compiled, the int64 product wraps; as plain Python (NUMBA_DISABLE_JIT)
    # a numpy int64 times a constant above 2**63 would overflow, a Python int keeps
    # the same low 63 bits
    h = (int(hand) * 0x9E3779B97F4A7C15 + int(packed) * 0x2545F4914F6CDD1D) & 0x7FFFFFFFFFFFFFFF
    mask: int = table.shape[0] - 1
    return (h >> 23) & mask


@njit(cache=True)
def _bounds(table: I64, hand: int, packed: int) -> tuple[int, int]:
    """(lower, upper) bound on the turns the position can complete."""
    i = _slot(table, hand, packed)
    if table[i, 0] == hand and table[i, 1] == packed:
        return table[i, 2], table[i, 3]
    return 0, FOR_EVER


@njit(cache=True)
def _learn(table: I64, hand: int, packed: int, lower: int, upper: int) -> None:
    """Tighten the stored bounds (a new position replaces whatever shared its slot)."""
    i = _slot(table, hand, packed)
    if table[i, 0] != hand or table[i, 1] != packed:
        table[i, 0], table[i, 1], table[i, 2], table[i, 3] = hand, packed, 0, FOR_EVER
    table[i, 2] = max(table[i, 2], lower)
    table[i, 3] = min(table[i, 3], upper)


@njit(cache=True)
def _draw(hand: int, ptr: int, dlen: int, draw: I64, count: int) -> tuple[int, int]:
    """The hand and draw position after drawing ``count`` cards (at most what is left)."""
    while count > 0 and ptr < dlen:
        hand |= 1 << draw[ptr]
        ptr += 1
        count -= 1
    return hand, ptr


@njit(cache=True)
def _visit(work: I64, hand: int, tops: int) -> int:
    """1 if the in-turn state is new (and now recorded), 0 if seen, -1 if full."""
    stamp = work[_STAMP]
    mixed = (int(hand) ^ int(tops) * 0x9E3779B97F4A7C15) * 0x2545F4914F6CDD1D  # as _slot
    i = (mixed >> 21) & (_VISITED_SIZE - 1)
    for _ in range(_VISITED_SIZE):
        at = _VISITED + 3 * i
        if work[at + 2] != stamp:
            work[at], work[at + 1], work[at + 2] = hand, tops, stamp
            return 1
        if work[at] == hand and work[at + 1] == tops:
            return 0
        i = (i + 1) & (_VISITED_SIZE - 1)
    return -1


@njit(cache=True)
def _add(work: I64, base: int, n: int, hand: int, ptr: int, u: int, d: int) -> int:
    """Append a result to the level at ``base``: the new count, or :data:`TOO_MANY`."""
    if n >= MAX_RESULTS:
        return TOO_MANY
    at = base + _FRAME + n * _RESULT
    work[at], work[at + 1], work[at + 2], work[at + 3] = hand, ptr, u, d
    return n + 1


@njit(cache=True)
def _relaxed_turns(
    hand: int, ptr: int, dlen: int, draw: I64, u: int, d: int, work: I64, base: int
) -> int:
    """The positions after every relaxed turn (module doc) into the level at ``base``:
    their number, :data:`FINISH` if the turn can lay every remaining card, or
    :data:`TOO_MANY`. Turns without a gift lay exactly 2 cards; a dead card, if the
    hand holds one, is the only gift tried (both exact, module doc)."""
    empty = ptr >= dlen
    size = popcount(np.uint64(hand))
    if empty and size <= 1:
        return FINISH  # the last card, on an own pile or given away (FF-6)
    remaining = hand
    for i in range(ptr, dlen):
        remaining |= 1 << draw[i]
    low = lowest_up_top(u, remaining)
    high = highest_down_top(d, remaining)
    dead = 0
    for c in range(high + 1, low):
        if (hand >> c) & 1:
            dead = c
            break
    work[_STAMP] += 1
    n = 0
    work[_STACK], work[_STACK + 1], work[_STACK + 2] = hand, u, d
    top = 1
    while top > 0:
        top -= 1
        at = _STACK + 3 * top
        h, uu, dd = work[at], work[at + 1], work[at + 2]
        left = popcount(np.uint64(h))
        laid = size - left
        if laid >= 1:
            if empty and left <= 1:
                return FINISH
            if laid == 2:
                nh, np_ = _draw(h, ptr, dlen, draw, 2)
                n = _add(work, base, n, nh, np_, uu, dd)
                if n < 0:
                    return n
            for g in range(2, 63):
                if (h >> g) & 1 and (dead == 0 or g == dead):
                    nh, np_ = _draw(h & ~(1 << g), ptr, dlen, draw, HAND_SIZE - left + 1)
                    n = _add(work, base, n, nh, np_, uu, dd)
                    if n < 0:
                        return n
        for c in range(2, 63):
            if not (h >> c) & 1:
                continue
            rest = h & ~(1 << c)
            for pile in range(2):
                if pile == 0 and (c > uu or c == uu - TRICK):
                    nu, nd = c, dd
                elif pile == 1 and (c < dd or c == dd + TRICK):
                    nu, nd = uu, c
                else:
                    continue
                new = _visit(work, rest, nu * 64 + nd)
                if new < 0 or (new == 1 and top >= _STACK_SIZE):
                    return TOO_MANY
                if new == 1:
                    at = _STACK + 3 * top
                    work[at], work[at + 1], work[at + 2] = rest, nu, nd
                    top += 1
    return n


@njit(cache=True)
def _robust_turns(
    hand: int, ptr: int, dlen: int, draw: I64, u: int, d: int, work: I64, base: int
) -> int:
    """The positions after every robust turn (2 normal plays on own piles, module
    doc) into the level at ``base``, fewest pile points used first: their number, or
    :data:`FINISH` if the remaining cards can all be laid this way now."""
    empty = ptr >= dlen
    if empty and popcount(np.uint64(hand)) == 1:
        c = 2
        while not (hand >> c) & 1:
            c += 1
        return FINISH if c > u or c < d else 0
    n = 0
    for a in range(2, 63):
        if not (hand >> a) & 1:
            continue
        for b in range(a + 1, 63):
            if not (hand >> b) & 1:
                continue
            rest = hand & ~(1 << a) & ~(1 << b)
            # (up, down) after the pair: a then b up; b then a down; one on each pile
            for way in range(4):
                if way == 0 and a > u:
                    nu, nd = b, d
                elif way == 1 and b < d:
                    nu, nd = u, a
                elif way == 2 and a > u and b < d:
                    nu, nd = a, b
                elif way == 3 and b > u and a < d:
                    nu, nd = b, a
                else:
                    continue
                if empty and rest == 0:
                    return FINISH
                nh, np_ = _draw(rest, ptr, dlen, draw, 2)
                n = _add(work, base, n, nh, np_, nu, nd)
                # keep the results ordered by the pile points they use (insertion)
                i = n - 1
                cost = nu - u + d - nd
                while i > 0:
                    prev = base + _FRAME + (i - 1) * _RESULT
                    if work[prev + 2] - u + d - work[prev + 3] <= cost:
                        break
                    cur = base + _FRAME + i * _RESULT
                    for j in range(_RESULT):
                        work[prev + j], work[cur + j] = work[cur + j], work[prev + j]
                    i -= 1
    return n


@njit(cache=True)
def _give_up(
    model: int, player: int, hand: int, ptr: int, u: int, d: int, k: int, table: I64
) -> bool:
    """The answer of a question out of steps or of room, which can never give a
    verdict: a relaxed one "can complete", a robust one "cannot". It is remembered as
    a bound, so the same question is not searched again; such a bound only ever
    answers other questions the same safe way."""
    packed = _pack(model, player, ptr, u, d)
    if model == RELAXED:
        _learn(table, hand, packed, k, FOR_EVER)
        return True
    _learn(table, hand, packed, 0, k - 1)
    return False


@njit(cache=True)
def can_complete(
    model: int, player: int, seat: Seat, draw: I64, dlen: int, k: int, sv: Survival
) -> bool:
    """Whether the player can complete ``k`` more turns (or lay every card) with the
    :data:`RELAXED` or the :data:`ROBUST` turns (module doc). Out of steps or of room,
    a relaxed question answers True and a robust one False: never a wrong verdict.
    ``seat`` is the player's (hand, draw position, up, down), ``draw`` and ``dlen``
    their draw pile."""
    hand, ptr, u, d = seat
    table, work = sv.table, sv.work
    work[_STEPS] = 0
    level = 0
    work[_HAND], work[_PTR], work[_U], work[_D], work[_K], work[_OPEN] = hand, ptr, u, d, k, 0
    answer = False
    while True:
        base = level * _LEVEL
        h, p, uu, dd, kk = (
            work[base + _HAND],
            work[base + _PTR],
            work[base + _U],
            work[base + _D],
            work[base + _K],
        )
        packed = _pack(model, player, p, uu, dd)
        decided = False
        if work[base + _OPEN] == 0:
            lower, upper = _bounds(table, h, packed)
            if kk <= lower:
                answer, decided = True, True
            elif kk > upper:
                answer, decided = False, True
            else:
                work[_STEPS] += 1
                if work[_STEPS] > MAX_STEPS:
                    return _give_up(model, player, hand, ptr, u, d, k, table)
                if model == RELAXED:
                    n = _relaxed_turns(h, p, dlen, draw, uu, dd, work, base)
                else:
                    n = _robust_turns(h, p, dlen, draw, uu, dd, work, base)
                if n == TOO_MANY:
                    return _give_up(model, player, hand, ptr, u, d, k, table)
                if n == FINISH:
                    _learn(table, h, packed, FOR_EVER, FOR_EVER)
                    answer, decided = True, True
                else:
                    work[base + _OPEN], work[base + _N], work[base + _NEXT] = 1, n, 0
        elif answer:
            _learn(table, h, packed, kk, FOR_EVER)
            decided = True
        else:
            work[base + _NEXT] += 1
        if not decided:
            i = work[base + _NEXT]
            if i < work[base + _N]:
                at = base + _FRAME + i * _RESULT
                child = base + _LEVEL
                work[child + _HAND], work[child + _PTR] = work[at], work[at + 1]
                work[child + _U], work[child + _D] = work[at + 2], work[at + 3]
                work[child + _K], work[child + _OPEN] = kk - 1, 0
                level += 1
                continue
            _learn(table, h, packed, 0, kk - 1)
            answer, decided = False, True
        if level == 0:
            return answer
        level -= 1


@njit(cache=True)
def _most_turns(player: int, seat: Seat, draw: I64, dlen: int, sv: Survival) -> int:
    """How many relaxed turns the player can complete, if fewer than :data:`MAX_TURNS`;
    else :data:`MAX_TURNS` (also when a search gives up)."""
    if can_complete(RELAXED, player, seat, draw, dlen, MAX_TURNS, sv):
        return MAX_TURNS  # the usual answer, found along one line
    k = 0
    while k < MAX_TURNS and can_complete(RELAXED, player, seat, draw, dlen, k + 1, sv):
        k += 1
    return k


@njit(cache=True)
def verdict(node: Node, deal: Deal, sv: Survival, wins: bool = True) -> int:
    """1 if the mover of this start-of-turn node wins by being blocked second (module
    doc), -1 if they lose by being blocked first, 0 if neither is proven. Without
    ``wins`` only a loss is looked for."""
    side, mh, mp, mu, md, oh, op, ou, od = node
    draws, dlens = deal.draws, deal.dlens
    other = 1 - side
    mine, theirs = draws[side], draws[other]
    if wins:
        # Y is blocked at their (r + 1)-th turn at the latest: X needs r + 1 turns
        r = _most_turns(other, (oh, op, ou, od), theirs, dlens[other], sv)
        if r < MAX_TURNS and can_complete(
            ROBUST, side, (mh, mp, mu, md), mine, dlens[side], r + 1, sv
        ):
            return 1
    # X is blocked at their (r + 1)-th turn at the latest: Y needs r turns
    r = _most_turns(side, (mh, mp, mu, md), mine, dlens[side], sv)
    if r < MAX_TURNS and can_complete(ROBUST, other, (oh, op, ou, od), theirs, dlens[other], r, sv):
        return -1
    return 0
