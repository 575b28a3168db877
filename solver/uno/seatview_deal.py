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
the same probability (exactly, by counting: :mod:`.seatview_count`), so a position
comes up in proportion to :func:`weight`, its number of placements; :func:`deals`
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
from math import factorial

from playable.solver.uno.cards import KINDS, colour_of, is_wild, matches
from playable.solver.uno.rules import State
from playable.solver.uno.seatview_count import Dealer, Limit, Problem
from playable.solver.uno.seatview_view import (
    COLOUR_COUNT,
    View,
    before_colour,
    consistent,
    holds_colour,
    lack_bound,
)

SEED_BITS = 63


@dataclass(frozen=True)
class Layout:
    """Where the dealer's buckets go: ``hand_bucket`` maps a constrained player to
    its bucket, ``slot`` is the bucket of the card just drawn (-1: none),
    ``free`` the other players whose unseen cards come from the free pool, in
    order (the draw pile takes the rest of the pool)."""

    dealer: Dealer
    hand_bucket: dict[int, int]
    slot: int
    free: tuple[int, ...]


@lru_cache(maxsize=64)
def layout(view: View) -> Layout:
    """The counting problem of ``view`` (cached: a view is dealt many times)."""
    limited = sorted({lack.player for lack in view.lacks})
    hand_bucket = {p: b for b, p in enumerate(limited)}
    sizes = [view.hidden_size(p) for p in limited]
    limits: list[Limit] = []
    slot = -1
    if view.hidden_drawn:
        slot = len(sizes)
        sizes.append(1)
        unplayable = frozenset(k for k in range(KINDS) if not matches(k, view.top, view.colour))
        limits.append(Limit((slot,), unplayable, 0))
    for lack in view.lacks:
        buckets: tuple[int, ...] = (hand_bucket[lack.player],)
        if slot >= 0 and lack.player == view.to_move:
            buckets += (slot,)
        limits.append(Limit(buckets, frozenset(lack.kinds), lack_bound(view, lack)))
    free = tuple(p for p in view.others if p not in hand_bucket)
    problem = Problem.of(view.unseen(), tuple(sizes), tuple(limits))
    return Layout(Dealer(problem), hand_bucket, slot, free)


def count(view: View) -> int:
    """How many placements of the unseen physical cards keep every constraint (the
    free pool's arrangements not counted); 0: no deal is consistent with ``view``."""
    if any(view.hidden_size(p) < 0 for p in view.others):
        return 0
    if any(lack_bound(view, lack) < 0 for lack in view.lacks):
        return 0
    return layout(view).dealer.total()


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
    return State(
        view.options,
        tuple(tuple(h) for h in hands),
        tuple(pile),
        view.discard,
        view.colour,
        view.to_move,
        view.dealer,
        view.direction,
        view.phase,
        view.pending,
        drawn,
        view.accused,
        guilty,
        view.winner,
        seed,
        view.reshuffles,
    )


def deal(view: View, rng: random.Random) -> State:
    """A full position consistent with ``view``, every placement of the unseen
    physical cards that keeps the constraints equally likely (module docstring).
    Raises ValueError when none is (``parse`` refuses such views)."""
    plan = layout(view)
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


def _parts(cards: list[tuple[int, int]], size: int) -> Iterator[tuple[int, ...]]:
    """Every sub-multiset of ``size`` cards of ``cards`` (``(kind, copies)``)."""
    if size == 0:
        yield ()
        return
    if not cards:
        return
    (kind, n), rest = cards[0], cards[1:]
    for take in range(min(n, size), -1, -1):
        for part in _parts(rest, size - take):
            yield (kind,) * take + part


def _orders(left: Counter[int]) -> Iterator[tuple[int, ...]]:
    """Every distinct order of the multiset ``left``."""
    if not +left:
        yield ()
        return
    for kind in sorted(+left):
        left[kind] -= 1
        for rest in _orders(left):
            yield (kind, *rest)
        left[kind] += 1


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
        for part in _parts(sorted((+left).items()), view.counts[p] - len(view.seen[p])):
            for rest, final in hands_from(i + 1, left - Counter(part)):
                yield [part, *rest], final

    for parts, left in hands_from(0, view.unseen()):
        hands = [list(view.hand) for _ in range(view.players)]
        for p, part in zip(view.others, parts, strict=True):
            hands[p] = [*view.seen[p], *part]
        drawns = sorted(set(hands[view.to_move])) if view.hidden_drawn else [view.drawn]
        guilts = [False, True] if view.hidden_guilty else [bool(view.guilty)]
        for pile in _orders(Counter(left)):
            for drawn in drawns:
                for guilty in guilts:
                    state = _state(view, hands, list(pile), drawn, guilty, 0)
                    if consistent(view, state):
                        yield state
