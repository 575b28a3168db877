"""UNO cards (docs/rules.md UN-1) and their text form.

A card *kind* is a small integer: ``colour * 13 + symbol`` for the 52 coloured kinds
(colours 0-3 red, yellow, green, blue; symbols 0-9 the numbers, 10 Skip, 11 Reverse,
12 Draw Two), 52 for Wild and 53 for Wild Draw Four. The deck holds several copies
of most kinds, so hands are sorted tuples of kinds (a multiset).

Text: ``R7`` (red seven), ``GS`` (green Skip), ``BR`` (blue Reverse), ``YD2``
(yellow Draw Two), ``W`` (Wild), ``W4`` (Wild Draw Four). A wild on the discard pile
or in a play-out order carries the colour it named: ``W:green``, ``W4:blue``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Final

COLOURS: Final = ("red", "yellow", "green", "blue")
COLOUR_LETTERS: Final = ("R", "Y", "G", "B")
SKIP: Final = 10
REVERSE: Final = 11
DRAW_TWO: Final = 12
SYMBOLS: Final = 13
WILD: Final = 52
WILD_DRAW_FOUR: Final = 53
KINDS: Final = 54
DECK_SIZE: Final = 108
_SYMBOL_TEXT: Final = (*(str(n) for n in range(10)), "S", "R", "D2")


def kind(colour: int, symbol: int) -> int:
    """The kind of the coloured card ``colour`` (0-3), ``symbol`` (0-12)."""
    return colour * SYMBOLS + symbol


def is_wild(card: int) -> bool:
    """Wild and Wild Draw Four (UN-5)."""
    return card >= WILD


def colour_of(card: int) -> int:
    """The printed colour 0-3, or -1 for a wild."""
    return -1 if card >= WILD else card // SYMBOLS


def symbol_of(card: int) -> int:
    """The printed number or symbol: 0-9, SKIP, REVERSE, DRAW_TWO; 13 W, 14 W4."""
    if card >= WILD:
        return SYMBOLS + (card - WILD)
    return card % SYMBOLS


def copies(card: int) -> int:
    """UN-1: one 0 per colour, two of every other coloured kind, four of each wild."""
    if card >= WILD:
        return 4
    return 1 if card % SYMBOLS == 0 else 2


def full_deck() -> list[int]:
    """UN-1: the 108 cards, sorted by kind."""
    return [card for card in range(KINDS) for _ in range(copies(card))]


def points(card: int) -> int:
    """UN-10: numbers face value, Draw Two / Reverse / Skip 20, wilds 50."""
    if card >= WILD:
        return 50
    symbol = card % SYMBOLS
    return symbol if symbol < 10 else 20


def name(card: int) -> str:
    """``R7``, ``GS``, ``BR``, ``YD2``, ``W``, ``W4``."""
    if card == WILD:
        return "W"
    if card == WILD_DRAW_FOUR:
        return "W4"
    if not 0 <= card < KINDS:
        raise ValueError(f"no card kind {card}")
    return COLOUR_LETTERS[card // SYMBOLS] + _SYMBOL_TEXT[card % SYMBOLS]


_BY_NAME: Final = {name(card): card for card in range(KINDS)}


def parse_card(text: str) -> int | None:
    """The kind named by ``text`` (``R7``, ``W4``...; case-insensitive), or None."""
    return _BY_NAME.get(text.upper())


def parse_colour(text: str) -> int | None:
    """A colour by name or letter (``green``, ``G``; case-insensitive), or None."""
    low = text.lower()
    if low in COLOURS:
        return COLOURS.index(low)
    up = text.upper()
    return COLOUR_LETTERS.index(up) if up in COLOUR_LETTERS else None


def colour_name(colour: int) -> str:
    return COLOURS[colour]


def matches(card: int, top: int, colour: int) -> bool:
    """UN-3: may ``card`` go on ``top`` with ``colour`` in force?

    A wild may always be played; otherwise the card matches the colour in force, or
    the number or symbol of the top card (a wild on top matches by colour only).
    """
    if card >= WILD:
        return True
    if card // SYMBOLS == colour:
        return True
    return top < WILD and card % SYMBOLS == top % SYMBOLS


def names(cards: Iterable[int]) -> str:
    """Cards as text separated by blanks."""
    return " ".join(name(c) for c in cards)


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``... (for error messages)."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def first_excess(cards: Iterable[int]) -> tuple[int, int] | None:
    """The position and kind of the first card of ``cards`` (in the order given) that
    is one copy more than the deck holds (UN-1), or None when every kind stays within
    its multiplicity (one 0 per colour, two of every other coloured kind, four of
    each wild)."""
    seen: Counter[int] = Counter()
    for i, card in enumerate(cards):
        seen[card] += 1
        if seen[card] > copies(card):
            return i, card
    return None


def check_deck(cards: Iterable[int]) -> str | None:
    """None when ``cards`` is exactly the 108-card deck (UN-1), else what is wrong."""
    have = Counter(cards)
    problems = []
    for card in range(KINDS):
        if have[card] != copies(card):
            problems.append(f"{name(card)} x{have[card]} (expected {copies(card)})")
    foreign = [c for c in have if not 0 <= c < KINDS]
    if foreign:
        problems.append(f"unknown kinds {foreign}")
    return None if not problems else "; ".join(problems[:6])
