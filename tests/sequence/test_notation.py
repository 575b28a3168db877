"""Sequence notation: round trips, and errors with line and column."""

from __future__ import annotations

import random

import pytest

from playable.solver.core.errors import IllegalMove, NotationError
from playable.solver.sequence.notation import (
    apply_text,
    format_position,
    parse_move,
    parse_position,
)
from playable.solver.sequence.players import GreedyPlayer
from playable.solver.sequence.rules import (
    PASS,
    Place,
    Remove,
    Variant,
    apply,
    deal,
    legal_moves,
    shuffled_deck,
)
from tests.notation_checks import refused_at
from tests.sequence.conftest import Builder

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
    refused_at(parse_position, text, line_of(text, prefix), column, message)


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


# ------------------------------------------------- what no game of Sequence reaches


def test_an_unlisted_completed_five_is_rejected() -> None:
    """The placement that completed it would have claimed it (SQ-7, SQ-11)."""
    text = replace_line("row 1:", "row 1: . B B B B B . . . .")
    with pytest.raises(
        NotationError, match=r"B has five in a row on b1-f1 that is not listed"
    ) as e:
        parse_position(text, "pos.txt")
    assert (e.value.line, e.value.column) == (line_of(text, "sequences:"), 12)
    listed = parse_position(text.replace("sequences: -", "sequences: B:b1-f1"))
    assert len(listed.sequences) == 1
    corner = replace_line("row 0:", "row 0: * G G G G . . . . *")  # a corner counts for all
    with pytest.raises(NotationError, match="G has five in a row on a0-e0"):
        parse_position(corner)


def test_a_five_that_could_not_be_claimed_is_accepted() -> None:
    """A run of six claims one five; the other shares four spaces with it (SQ-7), so
    it stays unlisted; a run of nine lists two sequences sharing one space."""
    six = replace_line("row 1:", "row 1: . B B B B B B . . .").replace(
        "sequences: -", "sequences: B:b1-f1"
    )
    assert len(parse_position(six).sequences) == 1
    nine = replace_line("row 1:", "row 1: . B B B B B B B B B")
    with pytest.raises(NotationError, match="not listed"):
        parse_position(nine.replace("sequences: -", "sequences: B:b1-f1"))
    won = nine.replace("sequences: -", "sequences: B:b1-f1 B:f1-j1").replace(HAND_1, HAND_1[:-3])
    assert parse_position(won).winner == 0  # the winner draws no card (SQ-8)


def test_two_sides_at_their_target_are_rejected() -> None:
    """SQ-8: the game ends when the first side has its sequences."""
    text = replace_line("row 1:", "row 1: . B B B B B B B B B")
    text = "\n".join(
        "row 3: . G G G G G G G G G" if ln.startswith("row 3:") else ln for ln in text.splitlines()
    )
    text = text.replace("sequences: -", "sequences: B:b1-f1 B:f1-j1 G:b3-f3 G:f3-j3")
    with pytest.raises(NotationError, match="both have the 2 sequence"):
        parse_position(text)


def test_every_position_of_random_games_parses() -> None:
    """The checks refuse only unreachable boards: every position of games between
    greedy and random bots (2 and 3 sides, to the win) round-trips."""
    rng = random.Random(11)
    greedy = GreedyPlayer()
    for game, variant in enumerate((Variant(2, 2), Variant(3, 3), Variant(4, 2))):
        state = deal(variant, shuffled_deck(100 + game), 0)
        for turn in range(400):
            if turn % 5 == 0 or state.winner is not None:
                assert parse_position(format_position(state)) == state
            if state.winner is not None:
                break
            moves = legal_moves(state)
            move = greedy.choose(state) if rng.random() < 0.8 else rng.choice(moves)
            state = apply(state, move)


def test_a_stuck_side_lets_the_chip_difference_grow(make: Builder) -> None:
    """Why chip counts are not checked: with two sides a turn that places or
    removes moves the difference by one towards the mover, but a side whose cards
    are all dead passes (SQ-11) while the other places on; the board reached is
    legal, so the parser accepts it."""
    # both spaces of 2S, 3S, 4S and 5S are taken: green's hand is all dead
    board = "*BGBG....*\n\n\n\n\n\n\n\n...GBGB..."
    state = make(board=board, hands=("6S 7S 8S 9S AH KH QH", "2S 2S 3S 3S 4S 4S 5S"))
    start = state.chips.count(0) - state.chips.count(1)
    for card in ("6S", "7S", "8S"):
        state = apply(state, next(m for m in legal_moves(state) if str(m).startswith(card)))
        assert not [m for m in legal_moves(state) if isinstance(m, Place | Remove)]
        state = apply(state, PASS)
    assert state.chips.count(0) - state.chips.count(1) == start + 3
    assert parse_position(format_position(state)) == state
