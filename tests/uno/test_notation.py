"""UNO notation: round trips and located errors (docs/notation-uno.md)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from playable.solver.core.errors import InvalidVariant, NotationError
from playable.solver.uno import notation
from playable.solver.uno.cards import KINDS, WILD, name, parse_card
from playable.solver.uno.game import GAME
from playable.solver.uno.rules import Options, Play, Scoring, random_deal
from tests.random_play import random_states

EXAMPLES = Path(__file__).parents[2] / "examples"


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


# ------------------------------------------------ what no round of UNO can hold


def _deal_text(seed: int = 1) -> str:
    return notation.format_deal(random_deal(Options(), 2, seed=seed))


def _line_of(text: str, key: str) -> tuple[int, str]:
    lines = text.splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith(key))
    return number + 1, lines[number]


def test_deal_with_an_eight_card_hand_is_rejected_at_the_eighth_card() -> None:
    """UN-2: 7 cards each, even when the 108 cards are all there."""
    text = _deal_text()
    number, hand_line = _line_of(text, "hand 1:")
    _, draw_line = _line_of(text, "draw:")
    first_draw = draw_line.split()[1]
    moved = text.replace(hand_line, f"{hand_line} {first_draw}").replace(
        draw_line, draw_line.replace(f" {first_draw}", "", 1)
    )
    with pytest.raises(NotationError, match=r"holds 8 cards.*7 each \(UN-2\)") as error:
        notation.parse(moved)
    assert error.value.line == number
    assert error.value.column == len(hand_line) + 2  # the eighth card


def test_deal_missing_a_card_names_the_count_and_the_draw_line() -> None:
    """UN-1: the cards must add up to the 108 of the deck."""
    text = _deal_text()
    number, draw_line = _line_of(text, "draw:")
    last = draw_line.split()[-1]
    with pytest.raises(NotationError, match=rf"add up to 107.*UN-1.*missing {last}") as error:
        notation.parse(text.replace(draw_line, draw_line.rsplit(" ", 1)[0]))
    assert (error.value.line, error.value.column) == (number, 7)


def test_a_copy_too_many_is_reported_at_its_token() -> None:
    text = _deal_text()
    number, draw_line = _line_of(text, "draw:")
    with pytest.raises(NotationError, match=r"holds 1 R0 \(UN-1\)") as error:
        # the deal has its one R0 before; a second one at the end of the draw pile
        notation.parse(text.replace(draw_line, draw_line + " R0"))
    assert (error.value.line, error.value.column) == (number, len(draw_line) + 2)
    assert error.value.message.startswith("a 2nd R0")


def test_playout_hand_beyond_the_deck_is_rejected() -> None:
    """UN-1: one R0 per colour, two of each 1-9; the top card counts too."""
    with pytest.raises(NotationError, match=r"2nd R0.*holds 1 R0") as error:
        notation.parse("playable uno hand\ntop: R5\nhand: R0 R0 R0 R0 R0\n")
    assert (error.value.line, error.value.column) == (3, 10)
    with pytest.raises(NotationError, match=r"3rd R5 \(counting the top card\)") as error:
        notation.parse("playable uno hand\ntop: R5\nhand: R5 G1 R5\n")
    assert (error.value.line, error.value.column) == (3, 13)
    with pytest.raises(NotationError, match="5th W4"):
        notation.parse("playable uno hand\ntop: W4:red\nhand: W4 W4 W4 W4\n")
    ok = notation.parse("playable uno hand\ntop: R5\nhand: R5 W4 W4 W4 W4\n")
    assert isinstance(ok, notation.PlayoutHand)
    with pytest.raises(InvalidVariant, match="UN-1"):
        notation.PlayoutHand((0, 0), 4, 0)
    with pytest.raises(InvalidVariant, match="only a wild names"):
        notation.PlayoutHand((1,), 4, 2)


def test_wild_top_with_its_colour_as_on_the_discard_pile() -> None:
    """docs/notation-uno.md writes a wild that named a colour as W:green."""
    h = notation.parse("playable uno hand\ntop: W:green\nhand: G1 R1\n")
    assert isinstance(h, notation.PlayoutHand) and (h.top, h.colour) == (WILD, 2)
    assert notation.parse(notation.format_hand(h)) == h
    same = notation.parse("playable uno hand\ntop: W:green\ncolour: green\nhand: G1 R1\n")
    assert same == h
    for text, column, words in [
        ("top: W:green\ncolour: red\n", 9, "already names green"),
        ("top: R5:green\n", 6, "only a wild names a colour"),
        ("top: W:pink\n", 8, "expected a colour"),
    ]:
        with pytest.raises(NotationError, match=words) as error:
            notation.parse(f"playable uno hand\n{text}hand: G1\n")
        assert error.value.column == column


def _position_text() -> str:
    return (EXAMPLES / "endgame.uno.txt").read_text()


def test_colour_in_force_must_be_the_colour_of_a_coloured_top() -> None:
    """UN-3: only a wild names a colour; a red top with 'colour: green' is refused."""
    # put a coloured card on top: swap the W on top for the G8 of the discard pile
    text = _position_text().replace(" G8 R8", " W R8").replace("B4 W\ncolour", "B4 G8\ncolour")
    assert notation.parse(text).top == parse_card("G8")  # type: ignore[union-attr]
    bad = text.replace("colour: green", "colour: red")
    with pytest.raises(NotationError, match="colour in force on G8 is green") as error:
        notation.parse(bad)
    assert error.value.line == bad.splitlines().index("colour: red") + 1


def test_phase_must_be_one_the_top_card_can_cause() -> None:
    text = _position_text()  # a W on top
    challenge = text.replace("phase: play", "phase: challenge").replace("accused: -", "accused: 1")
    with pytest.raises(NotationError, match=r"needs a Wild Draw Four on top.*UN-6"):
        notation.parse(challenge.replace("pending: 0", "pending: 4"))
    with pytest.raises(NotationError, match="needs a Draw Two on top"):
        notation.parse(text.replace("phase: play", "phase: stack"))
    with_w4 = text.replace(" W4 B9", " W B9").replace("B4 W\ncolour", "B4 W4\ncolour")
    accepted = notation.parse(
        with_w4.replace("phase: play", "phase: challenge").replace("accused: -", "accused: 1")
    )
    assert accepted.phase.value == "challenge"  # type: ignore[union-attr]
    with pytest.raises(NotationError, match="accused is the player who laid"):
        notation.parse(
            with_w4.replace("phase: play", "phase: challenge").replace("accused: -", "accused: 2")
        )


def test_every_reachable_position_still_parses() -> None:
    """The checks above refuse only impossible positions: every position of random
    rounds (stacking on and off, 2-5 players) round-trips."""
    rng = random.Random(3)
    for game in range(8):
        options = Options(stacking=game % 2 == 1)
        start = random_deal(options, 2 + game % 4, seed=game).start()
        for state in random_states(GAME, start, rng, 199):
            assert notation.parse(notation.format_position(state)) == state


def test_non_ascii_hand_number_is_an_error_not_a_crash() -> None:
    with pytest.raises(NotationError, match="unknown field 'hand ²'"):
        notation.parse("playable uno deal\nplayers: 2\nhand ²: R1\n")


def test_a_drawn_card_that_cannot_be_played_is_rejected() -> None:
    """UN-4: the turn passes at once when the drawn card cannot be played."""
    text = _position_text()  # a W on top, green in force; player 2 holds G7 G9
    drawn = text.replace("phase: play", "phase: drawn")
    assert notation.parse(drawn.replace("drawn: -", "drawn: G7")).phase.value == "drawn"  # type: ignore[union-attr]
    swapped = drawn.replace("hand 2: G7 G9", "hand 2: G7 R1").replace(
        "draw: G1 B5 R1", "draw: G1 B5 G9"
    )
    with pytest.raises(NotationError, match="R1 does not match W with green in force"):
        notation.parse(swapped.replace("drawn: -", "drawn: R1"))
