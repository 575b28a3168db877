"""The seat-view files of Face to Face and Sequence (docs/seatview.md), one table and
one fuzz test for both games: an edit that breaks a view is refused with one line
naming the file, the line and the column of the fault and saying what is wrong; a
damaged file (junk after a line's key, or a line of junk) is either read back
unchanged or refused the same way (tests/seat_checks.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.games import views
from tests.facetoface.test_seatview import MID_TURN
from tests.notation_checks import edited, refused_at
from tests.seat_checks import damaged_files, read_or_located_error
from tests.sequence.test_seatview import TEXT

#: each game (by its rule ids' prefix, docs/rules.md) and its well-formed view, which
#: the cases below break
VIEWS = {"FF": (views("facetoface"), MID_TURN), "SQ": (views("sequence"), TEXT)}


#: (game, old, new, line, column, words): ``old`` replaced by ``new`` in the game's view
#: is refused at ``line`` and ``column``, saying ``words``
CASES = [
    # Face to Face: MID_TURN, seat 2's view of player 1 in the middle of a turn
    ("FF", "playable facetoface view", "playable facetoface sight", 1, 21, "expected kind"),
    ("FF", "seat: 2", "seat: 3", 3, 7, "expected a player 1..2"),
    ("FF", "hand: 2 3 4 5 6 7", "hand: 2 3 4 5 6 6", 6, 17, "appears twice"),
    ("FF", "hand-sizes: 2 6", "hand-sizes: 2 5", 7, 15, "seat 2 holds 6 cards"),
    ("FF", "hand-sizes: 2 6", "hand-sizes: 2", 7, 13, "expected 2 values"),
    ("FF", "hand-sizes: 2 6", "hand-sizes: 7 6", 7, 13, "a hand size 0..6"),
    ("FF", "draw-counts: 3 2", "draw-counts: 4 2", 8, 14, "draw pile 1 holds 3 card(s)"),
    ("FF", "played 2: -", "played 2: 2", 12, 11, "card 2 appears twice for this player"),
    ("FF", "played 1: 2 3 8", "played 1: 2 3", 8, 14, "draw pile 1 holds 4 card(s)"),
    ("FF", "played 1: 2 3 8", "played 1: 2 3 8 11", 11, 17, "a card 2..9"),
    ("FF", "laid: 1 0", "laid: 1 2", 10, 9, "at most 1 card"),
    ("FF", "to-move: 1\n", "", 11, 1, "missing field 'to-move'"),
    ("FF", "played 2: -", "played 3: -", 12, 1, "unknown field 'played 3'"),
    # the card player 1 laid on player 2's piles this turn would be on top (FF-3)
    ("FF", "laid: 1 0", "laid: 1 1", 10, 7, "on the opponent's piles this turn"),
    # a laid card is under a pile, so some pile has left its start (FF-1)
    ("FF", "piles 1: 8 3", "piles 1: 1 10", 7, 13, "no pile has left its start"),
    # a top is a laid card: player 2 still holds their 4
    ("FF", "piles 2: 1 10", "piles 2: 4 10", 5, 10, "still hold their 4"),
    # player 1 has 5 cards left
    ("FF", "hand-sizes: 2 6", "hand-sizes: 6 6", 7, 13, "5 card(s) not played"),
    # Sequence: TEXT, examples/win-in-2.sequence.txt from blue's seat
    ("SQ", "playable sequence view", "playable sequence sight", 1, 19, "expected kind"),
    ("SQ", "seat: 1", "seat: 3", 4, 7, "expected a player 1..2"),
    ("SQ", "row 1: . . B B B . . . . .", "row 1: . . B B B . . . . X", 6, 26, "expected one of"),
    ("SQ", "hand: 2S 3S 4S 5C 5S 6S AH", "hand: 2S 3S 4S 5C 5S 6S", 16, 7, "must hold 7 cards"),
    ("SQ", "hand: 2S 3S 4S 5C 5S 6S AH", "hand: 2S 3S 4S 5C 5S 6S A", 16, 25, "a card like"),
    ("SQ", "discard 1: -", "discard 1: 5C 5C", 17, 15, "appears a third time"),
    ("SQ", "discard 2: -", "discard 3: -", 18, 1, "no player 3"),
    ("SQ", "discard 2: -", "hand 2: 7S 8S 9S 7D 8D 9D TD", 18, 1, "unknown field 'hand 2'"),
    ("SQ", "draw-count: 90", "draw-count: 89", 19, 13, "the draw pile holds 90 card(s)"),
    ("SQ", "draw-count: 90", "draw-count: many", 19, 13, "a number of cards"),
    ("SQ", "draw-count: 90\n", "", 21, 1, "missing field 'draw-count'"),
    ("SQ", "row 1: . . B B B . . . . .", "row 1: . B B B B B . . . .", 15, 12, "not listed"),
]


@pytest.mark.parametrize(("game", "old", "new", "line", "column", "words"), CASES)
def test_errors_name_line_and_column(
    game: str, old: str, new: str, line: int, column: int, words: str
) -> None:
    seats, text = VIEWS[game]
    refused_at(seats.parse, edited(text, old, new), line, column, words)


@pytest.mark.parametrize(
    ("game", "alphabet"),
    [
        ("FF", "0123456789 -:,#abdehilnprstvwyz\t"),
        ("SQ", "0123456789 -:,#.*BGRSHDCAKQJTabdehilnprstvwyz\t"),
    ],
)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_damaged_files_are_refused_with_a_location(
    game: str, alphabet: str, data: st.DataObject
) -> None:
    """A line replaced by junk, or junk inserted: a view or one located error."""
    seats, text = VIEWS[game]
    read_or_located_error(seats, data.draw(damaged_files(text, alphabet)), "v.txt")
