"""Face to Face: deciding a race without searching it (an exact shortcut of the kernel).

A player wins Face to Face only by laying all their cards first (FF-6; the other way,
the opponent being unable to play, needs the opponent's piles). Two facts bound when
each player can finish:

**Fastest finish (a lower bound).** A turn lays cards from the hand only, and a hand
never holds more than 6 cards: a turn on own piles lays at least 2 and draws 2, a
turn with a card on the opponent's piles draws back up to 6 (FF-4, FF-5). So a
player with ``d`` cards left to draw needs at least ``1 + ceil(d / 6)`` turns (1 when
``d = 0``). Also, while nobody else lays on this player's piles, a card below the
lowest top their ascending pile can ever show and above the highest top their
descending pile can ever show (:func:`lowest_up_top`, :func:`highest_down_top`)
fits no own pile, so it must go on the opponent's piles, at most one card a turn
(FF-4): at least as many turns as such cards (:func:`fastest_finish`).

**An unstoppable plan (an upper bound).** A *plan* lays every remaining card with
normal plays on the own piles only (a card above the up top or below the down top,
TG-3 without the backwards trick), at least 2 cards a turn except the last (FF-4,
FF-6). Such a plan cannot be stopped: the opponent can only lay cards on this
player's piles, and only to lower the up top or raise the down top (FF-3), after
which every planned normal play still fits; the plan never touches the opponent's
piles, so it draws exactly 2 cards after each turn (FF-5) and its hands are the
same whatever the opponent does. A player with a plan of ``t`` turns therefore lays
their last card in their ``t``-th turn at the latest, unless the game ended before.

**The verdict.** With X to move at the start of a turn, X's k-th turn comes before
the opponent Y's k-th. If X has a plan of ``t`` turns and Y's fastest finish is at
least ``t`` turns, Y cannot finish before X does and X cannot be blocked: X wins.
If Y has a plan of ``t`` turns and X's fastest finish is more than ``t`` turns, X
cannot finish before Y's ``t``-th turn, which Y reaches unblocked: X loses. (The
player following a plan lays nothing on the other's piles, so the other's fastest
finish may assume that nobody lays on their piles.)

**Finding a plan** (:func:`plan_turns`). The cards of the draw pile arrive at fixed
turns (two after each turn), so a plan's length is the turn in which the last card
arrives, ``t = 2 + (d - 1) // 2`` for ``d >= 1`` cards to draw (1 when ``d = 0``),
and the question is whether the cards can be laid by then. Give every card a pile it
fits (up: above the up top; down: below the down top). Up cards must be laid in
ascending order, so the earliest turn an up card can be laid is the latest arrival
among the up cards not above it; down cards likewise in descending order. A plan
with this assignment exists exactly when, for every turn ``j < t``, at least ``2j``
cards can be laid by turn ``j`` at the earliest: then laying in each turn ``j < t``
the 2 cards next in line on the piles (there are enough by that count) and the rest
in turn ``t`` keeps both piles in order, lays no card before it arrives and lays at
least 2 a turn; without it some turn ``j`` could not have its 2 cards. Every
assignment of the cards that fit both piles is tried, so only short plans are
searched (at most :data:`MAX_PLAN_DRAWS` cards to draw).

Cross-checked against the brute force directly (``tests/facetoface/test_race.py``)
and inside the solver with the shortcut on and off
(``tests/facetoface/test_search_bruteforce.py``).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from playable.solver.core.bits import popcount

I64Array = npt.NDArray[np.int64]

HAND_SIZE = 6
TRICK = 10
#: plans are searched only with at most this many cards left to draw (5 turns)
MAX_PLAN_DRAWS = 8
#: :func:`plan_turns` when no plan was found
NO_PLAN = 1 << 20
#: the scratch array :func:`verdict` needs
SCRATCH = 3 * 16


@njit(cache=True)
def lowest_up_top(u: int, cards: int) -> int:
    """The lowest top an ascending pile showing ``u`` can come to show when its owner
    lays any of ``cards`` (a bitset) on it, nobody else laying there: a lower bound.

    A top ``t`` can follow any top below it (a normal play) or the top ``t + 10``
    (the backwards trick, TG-3). So with ``m`` the lowest top found so far, every
    card above ``m`` can be reached, and a card ``c`` below ``m`` can be reached when
    ``c + 10`` is ``u`` or a card at or above ``m``; scanning downwards finds them all
    (cards passed over lie above the new ``m``). Which cards are still in hand when
    is ignored, so the true lowest top is at least this one.
    """
    m = u
    for c in range(u - 1, 1, -1):
        if (cards >> c) & 1:
            t = c + TRICK
            if t == u or (t >= m and t < 63 and (cards >> t) & 1):
                m = c
    return m


@njit(cache=True)
def highest_down_top(d: int, cards: int) -> int:
    """As :func:`lowest_up_top` for a descending pile: the highest top it can come to."""
    m = d
    for c in range(d + 1, 63):
        if (cards >> c) & 1:
            t = c - TRICK
            if t == d or (0 <= t <= m and (cards >> t) & 1):
                m = c
    return m


@njit(cache=True)
def fastest_finish(hand: int, ptr: int, dlen: int, u: int, d: int, remaining: int) -> int:
    """A lower bound on the turns a player needs to lay all their cards while the
    opponent lays nothing on this player's piles (module doc); ``remaining`` is the
    bitset of the player's hand and draw pile, ``u``/``d`` their pile tops."""
    todraw = dlen - ptr
    turns = 1 if todraw <= 0 else 1 + (todraw + HAND_SIZE - 1) // HAND_SIZE
    # cards no own pile can ever take go on the opponent's piles, one a turn (FF-4)
    low = lowest_up_top(u, remaining)
    high = highest_down_top(d, remaining)
    if low > high + 1:
        stranded = popcount(np.uint64(remaining & ((1 << low) - 1) & ~((1 << (high + 1)) - 1)))
        turns = max(turns, stranded)
    return turns


@njit(cache=True)
def plan_turns(
    hand: int, ptr: int, dlen: int, draw: I64Array, u: int, d: int, limit: int, scratch: I64Array
) -> int:
    """The length of an unstoppable plan (module doc) if one of at most ``limit`` turns
    exists, else :data:`NO_PLAN`. ``scratch`` holds at least :data:`SCRATCH` ints."""
    todraw = dlen - ptr
    if todraw > MAX_PLAN_DRAWS:
        return NO_PLAN
    t = 1 if todraw == 0 else 2 + (todraw - 1) // 2
    if t > limit:
        return NO_PLAN
    value = scratch[0:16]
    arrive = scratch[16:32]
    count = scratch[32:48]
    n = 0
    for c in range(64):
        if (hand >> c) & 1:
            value[n] = c
            arrive[n] = 1
            n += 1
    for k in range(todraw):
        value[n] = draw[ptr + k]
        arrive[n] = 2 + k // 2
        n += 1
    # insertion sort by value (at most 10 cards)
    for i in range(1, n):
        v, a = value[i], arrive[i]
        j = i - 1
        while j >= 0 and value[j] > v:
            value[j + 1] = value[j]
            arrive[j + 1] = arrive[j]
            j -= 1
        value[j + 1] = v
        arrive[j + 1] = a
    forced_up = 0
    both = 0
    for i in range(n):
        up, down = value[i] > u, value[i] < d
        if not up and not down:
            return NO_PLAN
        if up and down:
            both |= 1 << i
        elif up:
            forced_up |= 1 << i
    free = popcount(np.uint64(both))
    for choice in range(1 << free):
        on_up = forced_up
        bit = 0
        for i in range(n):
            if (both >> i) & 1:
                if (choice >> bit) & 1:
                    on_up |= 1 << i
                bit += 1
        for j in range(t + 1):
            count[j] = 0
        latest = 0
        for i in range(n):  # up cards, ascending
            if (on_up >> i) & 1:
                latest = max(latest, arrive[i])
                count[latest] += 1
        latest = 0
        for i in range(n - 1, -1, -1):  # down cards, descending
            if not (on_up >> i) & 1:
                latest = max(latest, arrive[i])
                count[latest] += 1
        laid = 0
        ok = True
        for j in range(1, t):
            laid += count[j]
            if laid < 2 * j:
                ok = False
                break
        if ok:
            return t
    return NO_PLAN


@njit(cache=True)
def verdict(
    side: int,
    mh: int,
    mp: int,
    mu: int,
    md: int,
    oh: int,
    op: int,
    ou: int,
    od: int,
    draws: I64Array,
    dlens: I64Array,
    suffix: I64Array,
    scratch: I64Array,
) -> int:
    """1 if the mover of this start-of-turn node wins by the race argument, -1 if they
    lose by it, 0 if it does not decide the node (module doc). ``suffix[p, i]`` is the
    bitset of player p's draw pile from position i on."""
    other = 1 - side
    theirs = fastest_finish(oh, op, dlens[other], ou, od, oh | suffix[other, op])
    if plan_turns(mh, mp, dlens[side], draws[side], mu, md, theirs, scratch) <= theirs:
        return 1
    mine = fastest_finish(mh, mp, dlens[side], mu, md, mh | suffix[side, mp])
    if mine >= 2:
        limit = mine - 1
        if plan_turns(oh, op, dlens[other], draws[other], ou, od, limit, scratch) <= limit:
            return -1
    return 0
