"""Builders of Sequence positions for the tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import pytest

from playable.solver.sequence.board import CORNERS, LINES, parse_line
from playable.solver.sequence.rules import COLOURS, CORNER, DECK, EMPTY, Completed, State, Variant

Builder = Callable[..., State]


def build(
    board: str = "",
    hands: Sequence[str] = ("", ""),
    *,
    players: int = 2,
    sides: int = 2,
    sequences: str = "",
    draw: str | None = None,
    to_move: int = 0,
    fill: bool = True,
) -> State:
    """A position from a compact board (one line per row from row 0, symbols
    ``. B G R *``, short or missing rows padded with empty spaces; corners are
    always free), hands as space-separated cards, sequences like ``B:a0-e0``;
    the draw pile is ``draw`` or, by default, every remaining card in sorted
    order (so every card is known)."""
    rows = [r.replace(" ", "").ljust(10, ".") for r in board.split("\n")] if board else []
    rows += ["." * 10] * (10 - len(rows))
    chips: list[int] = []
    for r, row in enumerate(rows):
        assert len(row) == 10, row
        for c, symbol in enumerate(row):
            cell = r * 10 + c
            if cell in CORNERS:
                assert symbol in "*.", symbol
                chips.append(CORNER)
            elif symbol in COLOURS:
                chips.append(COLOURS.index(symbol))
            else:
                assert symbol == ".", symbol
                chips.append(EMPTY)
    seqs = []
    for word in sequences.split():
        colour, _, name = word.partition(":")
        line = parse_line(name)
        assert line is not None
        assert all(chips[c] in (COLOURS.index(colour), CORNER) for c in LINES[line])
        seqs.append(Completed(COLOURS.index(colour), line))
    hand_tuples = tuple(tuple(h.split()) for h in hands)
    used = Counter(c for h in hand_tuples for c in h)
    if draw is None:
        rest = Counter(DECK) - used
        draw_cards = tuple(sorted(rest.elements())) if fill else ()
    else:
        draw_cards = tuple(draw.split())
    unknown = len(DECK) - sum(used.values()) - len(draw_cards)
    empty: tuple[tuple[str, ...], ...] = tuple(() for _ in range(players))
    return State(
        Variant(players, sides),
        tuple(chips),
        tuple(seqs),
        hand_tuples,
        empty,
        draw_cards,
        unknown,
        to_move,
    )


@pytest.fixture
def make() -> Builder:
    return build
