"""Sequence notation: round trips, and errors with line and column."""

from __future__ import annotations

import pytest

from solver.core.errors import IllegalMove, NotationError
from solver.sequence.notation import apply_text, format_position, parse_move, parse_position
from solver.sequence.rules import Variant, deal, legal_moves, shuffled_deck

START = format_position(deal(Variant(2, 2), shuffled_deck(7)))
HAND_1 = next(ln for ln in START.splitlines() if ln.startswith("hand 1:"))


def test_round_trip_of_a_fresh_deal() -> None:
    state = parse_position(START)
    assert format_position(state) == START
    assert state.unknown == 0 and len(state.draw) == 90


def test_comments_and_partial_draw() -> None:
    lines = START.splitlines()
    lines = [
        ln if not ln.startswith("draw:") else "draw: 2S 3S  # the rest unknown" for ln in lines
    ]
    text = "# a position\n" + "\n".join(lines)
    state = parse_position(text)
    assert state.draw == ("2S", "3S") and state.unknown == 88
    assert parse_position(format_position(state)) == state


def replace_line(prefix: str, new: str) -> str:
    return "\n".join(new if ln.startswith(prefix) else ln for ln in START.splitlines()) + "\n"


def line_of(text: str, prefix: str) -> int:
    return next(i for i, ln in enumerate(text.splitlines(), 1) if ln.startswith(prefix))


@pytest.mark.parametrize(
    ("prefix", "new", "column", "message"),
    [
        ("row 3:", "row 3: . . . . . . . X . .", 22, "expected one of"),
        ("row 0:", "row 0: . . . . . . . . . *", 8, "free corner"),
        ("row 4:", "row 4: . . . . . . . . .", 8, "expected 10 spaces"),
        ("players:", "players: 5", 10, "players must be"),
        ("sides:", "sides: 4", 8, "a number of sides"),
        ("sequences:", "sequences: B:a0-e0", 12, "not five B chips"),
        ("sequences:", "sequences: B:a0-f0", 12, "expected a sequence"),
        ("hand 1:", HAND_1[:-2] + "ZZ", 27, "expected a card"),
        ("hand 1:", HAND_1[:-3], 9, "must hold 7 cards"),
        ("to-move:", "to-move: 3", 10, "expected a player 1..2"),
        ("replaced:", "replaced: maybe", 11, "'yes' or 'no'"),
    ],
)
def test_errors_name_line_and_column(prefix: str, new: str, column: int, message: str) -> None:
    text = replace_line(prefix, new)
    with pytest.raises(NotationError) as error:
        parse_position(text, "pos.txt")
    assert error.value.line == line_of(text, prefix)
    assert error.value.column == column, str(error.value)
    assert message in error.value.message
    assert str(error.value).startswith(f"pos.txt:{error.value.line}:{column}: ")


def test_a_card_three_times_is_an_error() -> None:
    text = replace_line("hand 2:", "hand 2: AS AS AS 2C 3C 4C 5C")
    with pytest.raises(NotationError, match="third time"):
        parse_position(text)


def test_header_and_unknown_fields() -> None:
    with pytest.raises(NotationError, match="expected game 'sequence'"):
        parse_position(START.replace("playable sequence", "playable uno"))
    with pytest.raises(NotationError, match="unknown field 'colour'"):
        parse_position(START + "colour: blue\n")
    with pytest.raises(NotationError, match="missing field 'row 5'"):
        parse_position("\n".join(ln for ln in START.splitlines() if not ln.startswith("row 5")))


def test_sequences_sharing_two_spaces_are_rejected() -> None:
    rows = ["row 1: B B B B B B B . . ."]
    text = replace_line("row 1:", rows[0])
    text = text.replace("sequences: -", "sequences: B:a1-e1 B:c1-g1")
    with pytest.raises(NotationError, match="shares more than one space"):
        parse_position(text)


def test_move_texts() -> None:
    state = parse_position(START)
    for move in legal_moves(state):
        assert parse_move(state, str(move)) == move
    with pytest.raises(NotationError, match="expected a move"):
        parse_move(state, "hello")
    with pytest.raises(IllegalMove):
        apply_text(state, "AS@a0")
