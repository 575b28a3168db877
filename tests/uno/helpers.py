"""Builders for hand-made UNO positions in tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from playable.solver.uno.cards import colour_of, full_deck, parse_card
from playable.solver.uno.rules import Options, State


def cards(text: str) -> list[int]:
    """``"R7 GS W4"`` -> kinds."""
    out = []
    for word in text.split():
        card = parse_card(word)
        assert card is not None, word
        out.append(card)
    return out


def rest_of_deck(used: Sequence[int]) -> list[int]:
    """The deck minus ``used`` (a multiset), sorted by kind."""
    left = Counter(full_deck())
    left.subtract(Counter(used))
    assert all(v >= 0 for v in left.values()), "more copies than the deck holds"
    return sorted(left.elements())


def position(
    hands: Sequence[str],
    discard: str,
    draw: str = "",
    colour: int | None = None,
    options: Options | None = None,
    fill_draw: bool = True,
    **fields: Any,
) -> State:
    """A position whose hands, discard pile (bottom first) and first draw cards are
    given; the rest of the 108 cards go to the bottom of the draw pile (or, with
    ``fill_draw=False``, under the top of the discard pile)."""
    hs = [cards(h) for h in hands]
    disc = cards(discard)
    dr = cards(draw)
    rest = rest_of_deck([c for h in hs for c in h] + disc + dr)
    if fill_draw:
        dr += rest
    else:
        disc = rest + disc
    top = disc[-1]
    return State(
        options or Options(),
        tuple(tuple(h) for h in hs),
        tuple(dr),
        tuple(disc),
        colour if colour is not None else colour_of(top),
        fields.pop("to_move", 0),
        fields.pop("dealer", len(hs) - 1),
        **fields,
    )
