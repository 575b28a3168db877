"""Brute-force enumeration of multisets of cards, for the seat views' lists of every
consistent deal (docs/seatview.md: the dealers are checked against these lists).

Decks with look-alike copies (UNO, Sequence) make hands multisets: each distinct
hand and each distinct order of a draw pile is listed once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

Card = TypeVar("Card", bound="SupportsRichComparison")


def sub_multisets(pool: Counter[Card], size: int) -> Iterator[tuple[Card, ...]]:
    """Every distinct sub-multiset of ``size`` cards of ``pool`` (sorted tuples)."""
    cards = sorted(+pool)

    def pick(i: int, left: int) -> Iterator[tuple[Card, ...]]:
        if left == 0:
            yield ()
            return
        if i == len(cards):
            return
        for n in range(min(pool[cards[i]], left), -1, -1):
            for rest in pick(i + 1, left - n):
                yield (cards[i],) * n + rest

    return pick(0, size)


def orders(pool: Counter[Card]) -> Iterator[tuple[Card, ...]]:
    """Every distinct order of the multiset ``pool``."""
    if not +pool:
        yield ()
        return
    for card in sorted(+pool):
        left = pool.copy()
        left[card] -= 1
        for rest in orders(left):
            yield (card, *rest)
