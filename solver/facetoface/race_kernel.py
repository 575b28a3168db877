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

**Plans with gifts** (:func:`gift_plan`). A plan may also lay, at most once a turn,
a card on the opponent's piles (FF-3, FF-4) if no move of the opponent can make it
illegal: on their up pile a card below every top that pile can come to show, on
their down pile a card above every top it can come to show. Their up pile changes
only by their own plays (normal or trick, starting from its top or from the last
card the plan laid there) and by the plan's own gifts, so :func:`lowest_up_top` of
that start over the opponent's remaining cards bounds every top it can show until
the plan's next gift there (likewise :func:`highest_down_top`). Such a gift stays
legal whatever the opponent does, and the turn draws back up to 6 (FF-5), again
the same cards whatever the opponent does, so the plan stays unstoppable and lays
the last card in its ``t``-th turn at the latest. It may finish sooner than a plan
that draws 2 a turn, since a hand refilled to 6 lets up to 6 cards a turn through.
The opponent's side of the verdict is then only the bound ``1 + ceil(d / 6)`` (the
count of stranded cards above assumes that nobody lays on the opponent's piles,
which a gift does). Only plans of at most :data:`MAX_GIFT_TURNS` turns are looked
for, and the search stops after :data:`MAX_GIFT_STEPS` candidate turns: a plan it
finds is a real one (checked move by move above), one it misses only leaves the
node to the search.

Cross-checked against the brute force directly (``tests/facetoface/test_race.py``)
and inside the solver with the shortcut on and off
(``tests/facetoface/test_search_bruteforce.py``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from playable.solver.core.arrays import I64
from playable.solver.core.bits import popcount
from playable.solver.facetoface.workspace import Deal, Node, Seat

HAND_SIZE = 6
TRICK = 10
#: plans are searched only with at most this many cards left to draw (5 turns)
MAX_PLAN_DRAWS = 8
#: :func:`plan_turns` when no plan was found
NO_PLAN = 1 << 20
#: plans with gifts are looked for up to this many turns ...
MAX_GIFT_TURNS = 4
#: ... and among at most this many candidate turns
MAX_GIFT_STEPS = 4096
# what a turn does with each hand card in :func:`gift_plan`
UP, DOWN, GIFT_UP, GIFT_DOWN, KEEP = 0, 1, 2, 3, 4
# one level of :func:`gift_plan` in the scratch array: the position (hand, draw
# position, own up and down tops, bounds on the opponent's up and down tops), the
# number of hand cards, whether the choices are exhausted, how many cards the turn
# may keep, whether it must give one; then the hand cards, their number of options,
# the chosen option of each, the bounds a gift of each would leave, the options
_HAND, _PTR, _U, _D, _LOW, _HIGH, _N, _DONE, _MAXKEEP, _NEEDGIFT = range(10)
_CARDS, _NOPT, _DIGIT, _UP_BOUND, _DOWN_BOUND, _OPTS = 10, 16, 22, 28, 34, 40
_LEVEL = 40 + 6 * 5
# :func:`plan_turns` uses the first 3 x 16 ints of the scratch array, the levels
# of :func:`gift_plan` the rest
_GIFT_AT = 3 * 16
#: the scratch array :func:`verdict` needs
SCRATCH = _GIFT_AT + MAX_GIFT_TURNS * _LEVEL


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
def base_finish(ptr: int, dlen: int) -> int:
    """``1 + ceil(d / 6)`` turns (1 with nothing to draw): a lower bound on a player's
    finish whoever lays what on their piles (module doc)."""
    todraw = dlen - ptr
    return 1 if todraw <= 0 else 1 + (todraw + HAND_SIZE - 1) // HAND_SIZE


@njit(cache=True)
def fastest_finish(hand: int, ptr: int, dlen: int, u: int, d: int, remaining: int) -> int:
    """A lower bound on the turns a player needs to lay all their cards while the
    opponent lays nothing on this player's piles (module doc); ``remaining`` is the
    bitset of the player's hand and draw pile, ``u``/``d`` their pile tops."""
    turns = base_finish(ptr, dlen)
    # cards no own pile can ever take go on the opponent's piles, one a turn (FF-4)
    low = lowest_up_top(u, remaining)
    high = highest_down_top(d, remaining)
    if low > high + 1:
        stranded = popcount(np.uint64(remaining & ((1 << low) - 1) & ~((1 << (high + 1)) - 1)))
        turns = max(turns, stranded)
    return turns


@njit(cache=True)
def plan_turns(
    hand: int, ptr: int, dlen: int, draw: I64, u: int, d: int, limit: int, scratch: I64
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
def _may_finish(cards: int, todraw: int, turns: int) -> bool:
    """Whether ``cards`` in hand and ``todraw`` to draw can be laid in ``turns`` turns
    at all: at most 6 a turn, and everything drawn before the last."""
    if turns < 1:
        return False
    return cards + todraw <= HAND_SIZE * turns and todraw <= HAND_SIZE * (turns - 1)


@njit(cache=True)
def _open_level(s: I64, b: int, todraw: int, turns: int, opp: int) -> None:
    """Fill level ``b`` of :func:`gift_plan` (its position already set) for a turn
    with ``turns`` turns left, this one included: what each hand card may do
    (laying first, keeping last, so turns that lay many cards come first), how many
    cards the turn may keep and whether it must give one. After this turn at most
    ``6 (turns - 1)`` cards may be left in all (at most 6 a turn) and at most
    ``6 (turns - 2)`` to draw; where that means drawing more than 2 now, only a turn
    with a gift can (FF-5)."""
    hand, u, d, low, high = s[b + _HAND], s[b + _U], s[b + _D], s[b + _LOW], s[b + _HIGH]
    n = 0
    for c in range(64):
        if (hand >> c) & 1:
            s[b + _CARDS + n] = c
            k = 0
            o = b + _OPTS + 5 * n
            if c > u:
                s[o + k] = UP
                k += 1
            if c < d:
                s[o + k] = DOWN
                k += 1
            if c < low:
                s[o + k] = GIFT_UP
                s[b + _UP_BOUND + n] = lowest_up_top(c, opp)
                k += 1
            if c > high:
                s[o + k] = GIFT_DOWN
                s[b + _DOWN_BOUND + n] = highest_down_top(c, opp)
                k += 1
            s[o + k] = KEEP
            s[b + _NOPT + n] = k + 1
            s[b + _DIGIT + n] = 0
            n += 1
    s[b + _N] = n
    s[b + _DONE] = 0
    s[b + _MAXKEEP] = HAND_SIZE * (turns - 1) - todraw
    s[b + _NEEDGIFT] = int(turns >= 2 and todraw - HAND_SIZE * max(turns - 2, 0) > 2)


@njit(cache=True)
def gift_plan(
    seat: Seat,
    draw: I64,
    dlen: int,
    theirs: tuple[int, int, int],
    limit: int,
    scratch: I64,
    steps: int = MAX_GIFT_STEPS,
) -> bool:
    """Whether an unstoppable plan with gifts (module doc) of at most ``limit`` turns
    was found: own cards by normal plays only, at most one card a turn on the
    opponent's piles below the lowest top their up pile ``ou`` can reach or above the
    highest their down pile ``od`` can reach with their remaining cards ``opp``.
    A depth-first search over turns (each turn: a choice of up / down / gift / keep
    per hand card; choices that keep too many cards or give two are skipped with all
    their completions), at most ``steps`` turns tried. ``seat`` is the planner's
    (hand, draw position, up, down), ``theirs`` the opponent's (up, down, ``opp``)."""
    hand, ptr, u, d = seat
    ou, od, opp = theirs
    limit = min(limit, MAX_GIFT_TURNS)
    cards = popcount(np.uint64(hand))
    if cards > HAND_SIZE or not _may_finish(cards, dlen - ptr, limit):
        return False
    s = scratch[_GIFT_AT:]
    s[_HAND], s[_PTR], s[_U], s[_D] = hand, ptr, u, d
    s[_LOW], s[_HIGH] = lowest_up_top(ou, opp), highest_down_top(od, opp)
    _open_level(s, 0, dlen - ptr, limit, opp)
    level = 0
    tried = 0
    while level >= 0:
        b = level * _LEVEL
        if s[b + _DONE]:
            level -= 1
            continue
        tried += 1
        if tried > steps:
            return False
        n = s[b + _N]
        left, p = s[b + _HAND], s[b + _PTR]
        up, down, low, high = s[b + _U], s[b + _D], s[b + _LOW], s[b + _HIGH]
        own = gifts = kept = 0
        bad = -1
        for i in range(n):
            c = s[b + _CARDS + i]
            o = s[b + _OPTS + 5 * i + s[b + _DIGIT + i]]
            if o == KEEP:
                kept += 1
                if kept > s[b + _MAXKEEP]:
                    bad = i
                    break
                continue
            left ^= 1 << c
            if o == UP:
                own += 1
                up = max(up, c)
            elif o == DOWN:
                own += 1
                down = min(down, c)
            else:
                gifts += 1
                if gifts > 1:
                    bad = i
                    break
                if o == GIFT_UP:
                    low = s[b + _UP_BOUND + i]
                else:
                    high = s[b + _DOWN_BOUND + i]
        # the next choice (the last card's option changes fastest); after a bad
        # prefix, every completion of it is skipped
        if bad >= 0:
            for j in range(bad + 1, n):
                s[b + _DIGIT + j] = s[b + _NOPT + j] - 1
        i = n - 1
        while i >= 0:
            s[b + _DIGIT + i] += 1
            if s[b + _DIGIT + i] < s[b + _NOPT + i]:
                break
            s[b + _DIGIT + i] = 0
            i -= 1
        if i < 0:
            s[b + _DONE] = 1
        if bad >= 0:
            continue
        if left == 0 and p == dlen and own + gifts >= 1:
            return True  # the last card laid (FF-6)
        if own < 1 or own + gifts < 2 or (s[b + _NEEDGIFT] and gifts == 0):
            continue  # not a turn (FF-4), or one that cannot draw enough
        k = min(HAND_SIZE - kept, dlen - p) if gifts else min(2, dlen - p)
        for j in range(k):
            left |= 1 << draw[p + j]
        if not _may_finish(kept + k, dlen - p - k, limit - level - 1):
            continue
        level += 1
        c = level * _LEVEL
        s[c + _HAND], s[c + _PTR], s[c + _U], s[c + _D] = left, p + k, up, down
        s[c + _LOW], s[c + _HIGH] = low, high
        _open_level(s, c, dlen - p - k, limit - level, opp)
    return False


@njit(cache=True)
def verdict(node: Node, deal: Deal, scratch: I64, gifts: bool = False, wins: bool = True) -> int:
    """1 if the mover of this start-of-turn node wins by the race argument, -1 if they
    lose by it, 0 if it does not decide the node (module doc). ``deal.suffix[p, i]``
    is the bitset of player p's draw pile from position i on. With ``gifts``, plans that
    give cards to the opponent's piles are tried too, against the bound
    ``1 + ceil(d / 6)``. Without ``wins`` only a loss is looked for (both cannot be
    proven: the argument is sound both ways)."""
    side, mh, mp, mu, md, oh, op, ou, od = node
    draws, dlens, suffix = deal.draws, deal.dlens, deal.suffix
    other = 1 - side
    mine_left = mh | suffix[side, mp]
    their_left = oh | suffix[other, op]
    if wins:
        theirs = fastest_finish(oh, op, dlens[other], ou, od, their_left)
        if plan_turns(mh, mp, dlens[side], draws[side], mu, md, theirs, scratch) <= theirs:
            return 1
    mine = fastest_finish(mh, mp, dlens[side], mu, md, mine_left)
    if mine >= 2:
        limit = mine - 1
        if plan_turns(oh, op, dlens[other], draws[other], ou, od, limit, scratch) <= limit:
            return -1
    if not gifts:
        return 0
    theirs = base_finish(op, dlens[other])
    if wins and gift_plan(
        (mh, mp, mu, md), draws[side], dlens[side], (ou, od, their_left), theirs, scratch
    ):  # fmt: skip
        return 1
    limit = base_finish(mp, dlens[side]) - 1
    if gift_plan(
        (oh, op, ou, od), draws[other], dlens[other], (mu, md, mine_left), limit, scratch
    ):  # fmt: skip
        return -1
    return 0
