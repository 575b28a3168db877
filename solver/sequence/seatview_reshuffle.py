"""Sequence from one seat after a reshuffle (SQ-9): what the seat saw go into the new
draw pile, and the dealer that keeps it (docs/seatview.md, "Sequence").

When the draw pile runs out, every discard pile is shuffled into a new one (SQ-9).
The seat saw those cards, all laid face up (SQ-4): the new pile holds exactly them.
Since then each discard pile holds what its player laid from the hand, and each
player drew one card after each card laid (SQ-4, SQ-6), the player whose draw found
the pile empty one more (its first), the player who made the winning sequence one
fewer (SQ-8, SQ-11). So a seat that keeps

* ``cards`` (R): the multiset shuffled into the new pile,
* ``by``: who drew first from it,
* ``drawn``: the cards the seat itself drew from it since,

knows the seat's own hand at the reshuffle (its hand now, plus what it laid since,
less what it drew), the other hands at the reshuffle *together* (U0: the two decks
less R less that hand; with one opponent, the opponent's hand then, exactly) and
M = R less the seat's draws: what the others drew since plus the draw pile now.
Other player p held ``s_p`` cards of U0 at the reshuffle, drew ``k_p`` of M and laid
the cards ``C_p`` of its discard pile.

**The dealer.** A fair shuffle of the physical cards of U0 cut into the hands at the
reshuffle, and of M cut into the others' draws and the draw pile, kept when each
player's laid cards were among its ``s_p + k_p`` cards (as a multiset). Every
placement that keeps that is equally likely: :mod:`.reshuffle_count` counts them and
draws one exactly; past a budget of states (many players) a fair shuffle is drawn
again until it keeps every laid card, which is exact too. A player's hand now is its
part of U0 plus its draws less what it laid; the draw pile is the rest of M in the
shuffled order.

**What it leaves out.** That a player laid a card *before* a later draw is not
checked, only that the card was among all its cards: with look-alike copies the
order of the plays can make some hands a little likelier, which this dealer ignores.
The hands at the reshuffle are a fair split of U0, as a view with no reshuffle
deals them (nothing of the play before the reshuffle is read). Only the last
reshuffle is kept.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

from playable.solver.core.errors import PlayableError
from playable.solver.core.limited_deal import TooLarge
from playable.solver.core.multisets import orders, sub_multisets
from playable.solver.sequence.reshuffle_count import Cards, Counting, Split, shuffled
from playable.solver.sequence.rules import DECK, Move, State, apply

_DECK_COUNT = Counter(DECK)
#: states the exact count of one view may keep before deals are drawn by rejection
STATE_BUDGET = 200_000
#: rejection draws before a view past the budget is given up as having no deal found
MAX_DRAWS = 20_000


@dataclass(frozen=True)
class Reshuffle:
    """What the seat saw of the last reshuffle (module docstring): ``cards`` went into
    the new draw pile (sorted), player ``by`` (0-based) drew first from it, the seat
    drew ``drawn`` from it since (in order)."""

    cards: tuple[str, ...]
    by: int
    drawn: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))


class Inconsistent(ValueError):
    """The reshuffle does not fit the rest of the view (the message says why)."""


@dataclass(frozen=True)
class Seen:
    """The public part of a view that the reshuffle is read with: the seat, its hand,
    every discard pile (laid since the reshuffle) and every hand's size now."""

    seat: int
    hand: tuple[str, ...]
    discards: tuple[tuple[str, ...], ...]
    sizes: tuple[int, ...]
    winner_moved: int  # the player who made the winning sequence (-1: none), SQ-8

    @property
    def others(self) -> tuple[int, ...]:
        return tuple(p for p in range(len(self.sizes)) if p != self.seat)


@dataclass(frozen=True)
class Posterior:
    """The dealer of one view with a reshuffle (module docstring)."""

    seen: Seen
    reshuffle: Reshuffle

    def draws(self, p: int) -> int:
        """How many cards player ``p`` drew from the new pile."""
        laid = len(self.seen.discards[p])
        return laid + (p == self.reshuffle.by) - (p == self.seen.winner_moved)

    @cached_property
    def u0(self) -> Counter[str]:
        """The other hands at the reshuffle, together: the decks less R less the seat's
        hand then. Raises :class:`Inconsistent` when the counts do not add up."""
        seen, r = self.seen, self.reshuffle
        if len(r.drawn) != self.draws(seen.seat):
            raise Inconsistent(
                f"the seat drew {self.draws(seen.seat)} card(s) from the reshuffled pile "
                f"(one after each card it laid since, SQ-4), but {len(r.drawn)} are listed"
            )
        before = Counter(seen.hand) + Counter(seen.discards[seen.seat])
        before.subtract(r.drawn)
        if any(n < 0 for n in before.values()):
            raise Inconsistent("a card the seat drew since the reshuffle is neither held nor laid")
        left = _DECK_COUNT - Counter(r.cards)
        left.subtract(before)
        if any(n < 0 for n in left.values()):
            raise Inconsistent(
                "the reshuffled cards and the seat's hand at the reshuffle hold a card more "
                "than twice (SQ-2)"
            )
        sizes = sum(self.held(p) for p in seen.others)
        if sum(left.values()) != sizes:
            raise Inconsistent(
                f"the other hands held {sizes} card(s) at the reshuffle (their hands now, "
                f"plus what they laid, less what they drew), but {sum(left.values())} cards "
                "are neither the seat's then nor reshuffled"
            )
        return +left

    @cached_property
    def m(self) -> Counter[str]:
        """What the others drew since and the draw pile now: R less the seat's draws."""
        left = Counter(self.reshuffle.cards)
        left.subtract(self.reshuffle.drawn)
        if any(n < 0 for n in left.values()):
            raise Inconsistent("the seat drew a card that was not reshuffled")
        return +left

    def held(self, p: int) -> int:
        """How many cards other player ``p`` held at the reshuffle."""
        return self.seen.sizes[p] + len(self.seen.discards[p]) - self.draws(p)

    def pile_size(self) -> int:
        return sum(self.m.values()) - sum(self.draws(p) for p in self.seen.others)

    @cached_property
    def split(self) -> Split:
        """The counting problem (:mod:`.reshuffle_count`)."""
        others = self.seen.others
        return Split(
            tuple(sorted(self.u0.items())),
            tuple(sorted(self.m.items())),
            tuple(self.held(p) for p in others),
            tuple(self.draws(p) for p in others),
            tuple(tuple(sorted(Counter(self.seen.discards[p]).items())) for p in others),
        )

    @cached_property
    def counting(self) -> Counting | None:
        """The exact count, or None past :data:`STATE_BUDGET` (then deals are drawn by
        rejection)."""
        counting = Counting(self.split, STATE_BUDGET)
        try:
            counting.total()
        except TooLarge:
            return None
        return counting

    def check(self) -> None:
        """Raise :class:`Inconsistent` unless some deal keeps the view."""
        if any(self.held(p) < 0 or self.draws(p) < 0 for p in self.seen.others):
            raise Inconsistent("a player drew more cards from the reshuffled pile than it laid")
        if self.pile_size() < 0:
            raise Inconsistent("the others drew more cards than were reshuffled")
        if self.counting is not None and self.counting.total() > 0:
            return
        if self.counting is None and self._rejected(random.Random(0)) is not None:
            return
        raise Inconsistent(
            "no deal lets every other player have held the cards it laid since the reshuffle"
        )

    def _rejected(self, rng: random.Random) -> tuple[list[Cards], list[Cards], Cards] | None:
        for _ in range(MAX_DRAWS):
            placed = shuffled(self.split, rng)
            if placed is not None:
                return placed
        return None

    def deal(self, rng: random.Random) -> tuple[dict[int, tuple[str, ...]], tuple[str, ...]]:
        """The other hands now and the draw pile (next card first), every placement of
        the physical cards that keeps the view equally likely."""
        if self.counting is not None:
            held, drew, pile = self.counting.draw(rng)
        else:
            placed = self._rejected(rng)
            if placed is None:
                raise PlayableError(f"no deal keeping the laid cards found in {MAX_DRAWS} draws")
            held, drew, pile = placed
        hands: dict[int, tuple[str, ...]] = {}
        for i, p in enumerate(self.seen.others):
            cards = Counter(held[i]) + Counter(drew[i])
            cards.subtract(self.seen.discards[p])
            hands[p] = tuple(sorted(cards.elements()))
        return hands, tuple(pile)

    def deals(self) -> Iterator[tuple[dict[int, tuple[str, ...]], tuple[str, ...]]]:
        """Every distinct (other hands, draw pile) a deal can give, each once: brute
        force over the multisets of every bucket and the orders of the pile (tests)."""
        found: set[tuple[tuple[tuple[int, tuple[str, ...]], ...], tuple[str, ...]]] = set()
        others = self.seen.others
        for split in _splits(self.u0, [self.held(p) for p in others]):
            for drew in _splits(self.m, [self.draws(p) for p in others]):
                rest = self.m - sum(drew, Counter())
                if not all(
                    not Counter(self.seen.discards[p]) - (split[i] + drew[i])
                    for i, p in enumerate(others)
                ):
                    continue
                hands = {
                    p: tuple(
                        sorted((split[i] + drew[i] - Counter(self.seen.discards[p])).elements())
                    )
                    for i, p in enumerate(others)
                }
                for pile in orders(rest):
                    key = (tuple(sorted(hands.items())), pile)
                    if key not in found:
                        found.add(key)
                        yield hands, pile


def _splits(pool: Counter[str], sizes: list[int]) -> Iterator[list[Counter[str]]]:
    """Every way to take multisets of ``sizes`` from ``pool`` in turn."""
    if not sizes:
        yield []
        return
    for part in sub_multisets(pool, sizes[0]):
        taken = Counter(part)
        for rest in _splits(pool - taken, sizes[1:]):
            yield [taken, *rest]


@lru_cache(maxsize=64)
def posterior(seen: Seen, reshuffle: Reshuffle) -> Posterior:
    """The dealer of a view (cached: a view is dealt many times)."""
    return Posterior(seen, reshuffle)


def laid_card(move: Move) -> str | None:
    """The card a move lays on its player's discard pile (SQ-4, SQ-6), if any: every
    move but a pass."""
    card: str | None = getattr(move, "card", None)
    return card


def along(steps: Sequence[tuple[State, Move]], seat: int) -> list[Reshuffle | None]:
    """What ``seat`` knows of the last reshuffle before each ``(position, move)`` step
    of a game (None: none yet). A step reshuffles when its seed moves on (SQ-9: the
    engine seeds each reshuffle and counts them in ``seed``)."""
    known: list[Reshuffle | None] = []
    last: Reshuffle | None = None
    for before, move in steps:
        known.append(last)
        after = apply(before, move)
        laid = laid_card(move)
        mover = before.to_move
        if after.seed != before.seed:
            cards = [c for pile in before.discards for c in pile]
            if laid is not None:
                cards.append(laid)
            last = Reshuffle(tuple(cards), mover)
        if last is not None and mover == seat and laid is not None:
            got = Counter(after.hands[seat]) - (Counter(before.hands[seat]) - Counter([laid]))
            last = Reshuffle(last.cards, last.by, (*last.drawn, *got.elements()))
    return known
