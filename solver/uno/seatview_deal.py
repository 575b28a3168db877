"""UNO from one seat: the dealer of the unseen cards and the brute-force list of the
deals it draws from (docs/seatview.md, "UNO").

A deal consistent with a view (:func:`~playable.solver.uno.seatview_view.consistent`)
gives every other player its seen cards plus unseen ones up to its hand size, puts
the rest of the unseen cards in the draw pile in some order, and fills in what the
seat cannot see: the card another player just drew (one of its unseen cards that
can be played, UN-4), the guilt of an accused player (UN-6: whether the hand holds
the colour in force when the Wild Draw Four was laid) and the seed of later
reshuffles (UN-9).

What "uniform" means: the deck has look-alike copies (UN-1), and a fair shuffle
makes every placement of the *physical* cards equally likely, not every distinct
position: a hand with two R5 is reached in half as many ways as one with R5 and
R6. :func:`deal` draws every physical placement that keeps the constraints with
the same probability (exactly, by counting: :mod:`~playable.solver.core.limited_deal`;
past a budget of states the lacks and holds of the hands likeliest to keep them are
checked by rejection instead, which stays exact), so a position comes up in
proportion to :func:`weight`, its number of placements; :func:`deals`
lists each distinct position once and the chi-square test of tests/uno weighs
them so. Then:

* the card just drawn by another player is one particular physical card of its
  hand that can be played: a bucket of one card limited to playable kinds;
* the seed is drawn uniformly from 0..2**63-1, independently of the cards (the
  engine's reshuffles are seeded only to make a deal file fix every card drawn; no
  seat can know how a reshuffle will fall). :func:`deals` lists every position
  with seed 0: positions differing only in the seed are one deal of the cards;
* a hidden guilt follows from the accused's hand and the colour under the Wild
  Draw Four; when a wild lies under it the state has lost the colour that wild
  named, and the dealer takes each of the four colours as equally likely (guilty
  with probability: the accused's colours / 4, as :func:`weight` counts).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb, factorial

from playable.solver.core.errors import PlayableError
from playable.solver.core.limited_deal import Dealer, Limit, Problem, TooLarge
from playable.solver.core.multisets import orders, sub_multisets
from playable.solver.uno.cards import KINDS, colour_of, is_wild, matches
from playable.solver.uno.rules import State
from playable.solver.uno.seatview_view import (
    COLOUR_COUNT,
    Holds,
    Lack,
    View,
    before_colour,
    consistent,
    holds_colour,
    holds_need,
    lack_bound,
)

SEED_BITS = 63


#: states the exact count of one view may keep before constrained hands are left
#: to rejection (each state is a few hundred bytes)
STATE_BUDGET = 200_000
#: draws the dealer makes when some lacks are checked by rejection, before it gives up
MAX_DRAWS = 20_000


@dataclass(frozen=True)
class Layout:
    """Where the dealer's buckets go: ``hand_bucket`` maps a counted player to its
    bucket, ``slot`` is the bucket of the card just drawn (-1: none), ``free`` the
    other players whose unseen cards come from the free pool, in order (the draw pile
    takes the rest of the pool), ``rejected`` the lacks and holds the count leaves
    out, checked on each draw instead."""

    dealer: Dealer
    hand_bucket: dict[int, int]
    slot: int
    free: tuple[int, ...]
    rejected: tuple[Lack | Holds, ...]


def _problem(view: View, counted: list[int]) -> tuple[Problem, dict[int, int], int]:
    """The counting problem with the lacks and holds of the ``counted`` players (and
    the card just drawn) as limits: the problem, each counted player's bucket, the
    slot."""
    hand_bucket = {p: b for b, p in enumerate(sorted(counted))}
    sizes = [view.hidden_size(p) for p in sorted(counted)]
    limits: list[Limit] = []
    slot = -1
    if view.hidden_drawn:
        slot = len(sizes)
        sizes.append(1)
        unplayable = frozenset(k for k in range(KINDS) if not matches(k, view.top, view.colour))
        limits.append(Limit((slot,), unplayable, 0))
    for fact in _facts(view):
        if fact.player not in hand_bucket:
            continue
        buckets: tuple[int, ...] = (hand_bucket[fact.player],)
        if slot >= 0 and fact.player == view.to_move:
            buckets += (slot,)
        kinds = frozenset(fact.kinds)
        if isinstance(fact, Lack):
            limits.append(Limit(buckets, kinds, lack_bound(view, fact)))
        elif holds_need(view, fact):
            limits.append(Limit(buckets, kinds, sum(sizes[b] for b in buckets), 1))
    return Problem.of(view.unseen(), tuple(sizes), tuple(limits)), hand_bucket, slot


def _facts(view: View) -> tuple[Lack | Holds, ...]:
    """The view's constraints on single hands: its lacks and holds."""
    return (*view.lacks, *view.holds)


def _chance(view: View, player: int) -> float:
    """How likely a uniform hand keeps the player's lacks and holds (each by the
    hypergeometric law, multiplied as if independent): the order in which hands are
    counted, the least likely first, since rejection suits the likely ones."""
    unseen = view.unseen()
    total = sum(unseen.values())
    size = max(0, view.hidden_size(player))
    chance = 1.0
    for fact in _facts(view):
        if fact.player != player:
            continue
        marked = sum(n for k, n in unseen.items() if k in set(fact.kinds))
        if isinstance(fact, Lack):
            top = min(max(0, lack_bound(view, fact)), size)
            ways = sum(comb(marked, s) * comb(total - marked, size - s) for s in range(top + 1))
        else:
            ways = comb(total, size) - comb(total - marked, size) * holds_need(view, fact)
        chance *= ways / max(1, comb(total, size))
    return chance


@lru_cache(maxsize=64)
def layout(view: View) -> Layout:
    """The counting problem of ``view`` (cached: a view is dealt many times): every
    lack and holds counted when the count stays within :data:`STATE_BUDGET` states,
    else those of the players most likely to keep them by chance left to rejection."""
    facts = _facts(view)
    players = sorted({fact.player for fact in facts}, key=lambda p: (_chance(view, p), p))
    for k in range(len(players), -1, -1):
        problem, hand_bucket, slot = _problem(view, players[:k])
        dealer = Dealer(problem, STATE_BUDGET if k else None)
        try:
            dealer.total()
        except TooLarge:
            continue
        free = tuple(p for p in view.others if p not in hand_bucket)
        rejected = tuple(fact for fact in facts if fact.player not in hand_bucket)
        return Layout(dealer, hand_bucket, slot, free, rejected)
    raise AssertionError("the count without lacks needs no budget")  # pragma: no cover


def count(view: View) -> int:
    """How many placements of the unseen physical cards keep every constraint (the
    free pool's arrangements not counted; 0: none) when the count takes in every
    lack and holds; raises ValueError when some are left to rejection."""
    if any(view.hidden_size(p) < 0 for p in view.others):
        return 0
    if any(lack_bound(view, lack) < 0 for lack in view.lacks):
        return 0
    plan = layout(view)
    if plan.rejected:
        raise ValueError("the count leaves some lacks or holds to rejection")
    return plan.dealer.total()


def undealable(view: View) -> str | None:
    """Why no deal agrees with ``view``, or None when one does: proven by the count,
    or, with lacks left to rejection, after :data:`MAX_DRAWS` draws found none."""
    if any(view.hidden_size(p) < 0 for p in view.others):
        return "a hand is smaller than its seen cards and the card just drawn"
    if any(lack_bound(view, lack) < 0 for lack in view.lacks):
        return "a hand was seen holding more of the kinds it lacks than it received since"
    plan = layout(view)
    unseen = sum(view.unseen().values())
    reason = "hand sizes, seen cards, lacks, holds, the card just drawn"
    if plan.dealer.total() == 0:
        return f"no deal of the {unseen} unseen cards is consistent with the view ({reason})"
    rng = random.Random(0)
    if plan.rejected and not any(_keeps(_draw(view, plan, rng), plan) for _ in range(MAX_DRAWS)):
        players = ", ".join(sorted({str(fact.player + 1) for fact in plan.rejected}))
        return (
            f"no deal of the {unseen} unseen cards consistent with the view found in "
            f"{MAX_DRAWS} draws (the lacks and holds of players {players} are checked by "
            "drawing)"
        )
    return None


def _keeps(state: State, plan: Layout) -> bool:
    """Does ``state`` keep the lacks and holds left to rejection?"""
    for fact in plan.rejected:
        hand = state.hands[fact.player]
        if isinstance(fact, Holds):
            if not fact.kept(hand):
                return False
        elif sum(1 for c in hand if c in set(fact.kinds)) > fact.since:
            return False
    return True


def _guilt(view: View, hands: list[list[int]], rng: random.Random) -> bool:
    if not view.hidden_guilty:
        return bool(view.guilty)
    hand = tuple(hands[view.accused])
    before = before_colour(view.discard)
    if before >= 0:
        return holds_colour(hand, before)
    return rng.randrange(COLOUR_COUNT) < _colours(hand)


def _colours(hand: tuple[int, ...]) -> int:
    return len({colour_of(c) for c in hand if not is_wild(c)})


def _state(
    view: View, hands: list[list[int]], pile: list[int], drawn: int, guilty: bool, seed: int
) -> State:
    return view.position(tuple(tuple(h) for h in hands), tuple(pile), drawn, guilty, seed)


def _draw(view: View, plan: Layout, rng: random.Random) -> State:
    """A deal drawn uniformly among those that keep the counted constraints."""
    buckets, free = plan.dealer.draw(rng)
    hands = [list(view.hand) if p == view.seat else list(view.seen[p]) for p in range(view.players)]
    for p, b in plan.hand_bucket.items():
        hands[p] += buckets[b]
    start = 0
    for p in plan.free:
        size = view.hidden_size(p)
        hands[p] += free[start : start + size]
        start += size
    drawn = view.drawn
    if plan.slot >= 0:
        drawn = buckets[plan.slot][0]
        hands[view.to_move].append(drawn)
    guilty = _guilt(view, hands, rng)
    return _state(view, hands, free[start:], drawn, guilty, rng.getrandbits(SEED_BITS))


def deal(view: View, rng: random.Random) -> State:
    """A full position consistent with ``view``, every placement of the unseen
    physical cards that keeps the constraints equally likely (module docstring):
    drawn by the count, and again while a lack or holds left to rejection is broken (still
    uniform: the accepted draws are uniform among those that keep it). Raises
    :class:`PlayableError` when none is found (``parse`` refuses views without
    deals)."""
    plan = layout(view)
    for _ in range(MAX_DRAWS):
        state = _draw(view, plan, rng)
        if _keeps(state, plan):
            return state
    raise PlayableError(f"no deal keeping the lacks and holds found in {MAX_DRAWS} draws")


def weight(view: View, state: State) -> Fraction:
    """The relative chance that :func:`deal` gives ``state`` (a deal consistent with
    ``view``, seed aside): its number of physical placements, ``1 / prod n!`` over
    the look-alike copies ``n`` in each hand's unseen part (the draw pile is in
    order: one placement per order), times the chance of its guilt when a wild
    hides the colour under the Wild Draw Four."""
    w = Fraction(1)
    for p in view.others:
        part = Counter(state.hands[p]) - Counter(view.seen[p])
        if view.hidden_drawn and p == view.to_move:
            part[state.drawn] -= 1
        for n in part.values():
            w /= factorial(n)
    if view.hidden_guilty and before_colour(view.discard) < 0:
        present = _colours(state.hands[view.accused])
        w *= Fraction(present if state.guilty else COLOUR_COUNT - present, COLOUR_COUNT)
    return w


def deals(view: View) -> Iterator[State]:
    """Every full position consistent with ``view`` (seed 0), each once: all
    sub-multisets for the other hands, all orders of the draw pile, every drawn card
    and guilt, kept when :func:`~playable.solver.uno.seatview_view.consistent`
    accepts them. Brute force, for small views (tests)."""

    def hands_from(
        i: int, left: Counter[int]
    ) -> Iterator[tuple[list[tuple[int, ...]], Counter[int]]]:
        if i == len(view.others):
            yield [], left
            return
        p = view.others[i]
        for part in sub_multisets(left, view.counts[p] - len(view.seen[p])):
            for rest, final in hands_from(i + 1, left - Counter(part)):
                yield [part, *rest], final

    for parts, left in hands_from(0, view.unseen()):
        hands = [list(view.hand) for _ in range(view.players)]
        for p, part in zip(view.others, parts, strict=True):
            hands[p] = [*view.seen[p], *part]
        drawns = sorted(set(hands[view.to_move])) if view.hidden_drawn else [view.drawn]
        guilts = [False, True] if view.hidden_guilty else [bool(view.guilty)]
        for pile in orders(Counter(left)):
            for drawn in drawns:
                for guilty in guilts:
                    state = _state(view, hands, list(pile), drawn, guilty, 0)
                    if consistent(view, state):
                        yield state
