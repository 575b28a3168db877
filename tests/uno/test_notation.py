"""UNO notation: round trips and located errors (docs/notation-uno.md)."""

from __future__ import annotations

import pytest

from solver.core.errors import NotationError
from solver.uno import notation
from solver.uno.cards import KINDS, name, parse_card
from solver.uno.rules import Options, Play, Scoring, random_deal


def test_every_card_name_round_trips() -> None:
    for kind in range(KINDS):
        assert parse_card(name(kind)) == kind
    assert parse_card("yd2") == parse_card("YD2")
    assert parse_card("R10") is None and parse_card("W2") is None


def test_deal_and_position_round_trip_with_options() -> None:
    opts = Options(reverse_skips=False, stacking=True, scoring=Scoring.ALTERNATIVE, target=250)
    d = random_deal(opts, 4, seed=9, dealer=3)
    assert notation.parse(notation.format_deal(d)) == d
    s = d.start()
    assert notation.parse(notation.format_position(s)) == s


def test_hand_file_round_trips_and_wild_top_needs_a_colour() -> None:
    h = notation.parse("playable uno hand\ntop: W\ncolour: green\nhand: R1, G1, W\n")
    assert isinstance(h, notation.PlayoutHand) and h.colour == 2
    assert notation.parse(notation.format_hand(h)) == h
    with pytest.raises(NotationError) as error:
        notation.parse("playable uno hand\ntop: W4\nhand: R1\n")
    assert (error.value.line, error.value.column) == (2, 6)


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("playable uno hand\ntop: R5\nhand: R1 X9\n", 3, 10, "expected a card"),
        ("playable uno hand\ntop: R5\ncolour: blue\nhand: R1\n", 3, 9, "own colour"),
        ("playable uno deal\nplayers: 11\n", 2, 10, "player count"),
        ("playable uno hand\nfoo: 1\n", 2, 1, "unknown field"),
        ("playable uno puzzle\n", 1, 14, "expected kind"),
        ("playable thegame hand\n", 1, 10, "expected game"),
    ],
)
def test_errors_name_line_and_column(text: str, line: int, column: int, words: str) -> None:
    with pytest.raises(NotationError) as error:
        notation.parse(text, "x.uno")
    assert (error.value.line, error.value.column) == (line, column)
    assert words in error.value.message and str(error.value).startswith("x.uno:")


def test_deal_with_a_card_too_many_is_rejected() -> None:
    d = random_deal(Options(), 2, seed=1)
    text = notation.format_deal(d).replace("draw: ", "draw: R1 ", 1)
    with pytest.raises(NotationError, match="108-card deck"):
        notation.parse(text)


def test_moves_parse_from_text() -> None:
    assert notation.play_from_text("W:green") == Play(52, 2)
    assert str(notation.play_from_text("R7")) == "R7"
    assert str(notation.play_from_text("colour:blue")) == "colour:blue"
    for bad in ("W", "R7:red", "Q1"):
        with pytest.raises(NotationError):
            notation.play_from_text(bad)
