"""The Game notation: exact round trips and a clear, located error for each bad input."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.core.errors import NotationError
from playable.solver.thegame import notation
from playable.solver.thegame.game import GAME
from playable.solver.thegame.notation import Deal
from playable.solver.thegame.rules import State, Variant, accepts, deal, shuffled_deck
from tests.notation_checks import refused_at
from tests.random_play import random_position, random_states

from .search_cases import variants


@settings(max_examples=50, deadline=None)
@given(variants, st.integers(0, 2**32))
def test_deal_round_trip(variant: Variant, seed: int) -> None:
    d = Deal(variant, tuple(shuffled_deck(variant, seed)))
    assert notation.parse(notation.format_deal(d)) == d


@settings(max_examples=50, deadline=None)
@given(variants, st.integers(0, 2**32), st.integers(0, 300))
def test_position_round_trip_anywhere_in_a_game(variant: Variant, seed: int, steps: int) -> None:
    start = deal(variant, shuffled_deck(variant, seed), seed % variant.players)
    state = random_position(GAME, start, random.Random(seed), steps)
    assert notation.parse(notation.format_position(state)) == state


def test_comments_and_blank_lines_are_ignored() -> None:
    d = Deal(Variant(max_card=20), tuple(range(2, 21)))
    text = "# a deal\n\n" + notation.format_deal(d).replace("\n", "  # note\n", 1)
    assert notation.parse(text) == d


def test_defaults_for_optional_variant_fields() -> None:
    cards = " ".join(str(c) for c in range(2, 100))
    parsed = notation.parse(f"playable thegame deal\nplayers: 2\ndeck: {cards}\n")
    assert isinstance(parsed, Deal) and parsed.variant == Variant(players=2)


POSITION = """playable thegame position
players: 2
max-card: 20
piles: 5 1 21 12
hand 1: 2 3 4 6 7 8
hand 2: 9 10 11 13 14 15 16
draw: 17 18 19 20
to-move: 1
laid: 1
"""


def test_position_example_parses() -> None:
    state = notation.parse_position(POSITION)
    assert state.piles == (5, 1, 21, 12) and state.laid == 1 and state.to_move == 0
    assert state.draw == (17, 18, 19, 20)


def test_moves_text_form() -> None:
    assert [str(m) for m in notation.parse_plays("37@0, 75@2")] == ["37@0", "75@2"]
    with pytest.raises(NotationError):
        notation.parse_plays("37@4")


# ------------------------------------------------------- positions that cannot arise

SOLO = """playable thegame position
players: 1
max-card: 20
piles: {piles}
hand 1: {hand}
draw: {draw}
to-move: 1
laid: {laid}
"""


def solo(piles: str, hand: str, draw: str, laid: int = 0) -> str:
    return SOLO.format(piles=piles, hand=hand, draw=draw, laid=laid)


@pytest.mark.parametrize(
    ("text", "column", "fragment"),
    [
        # no pile has left its start, so no card was laid: 6..20 are nowhere (TG-1)
        (solo("1 1 21 21", "2 3 4 5", "-"), 8, "card 6 is in no hand"),
        # 11 cannot lie under an ascending 5 (nothing reaches 5 from 11, TG-3)
        (
            solo("5 1 21 21", "2 3 4 6 7 8 9 10", "12 13 14 15 16 17 18 19 20"),
            8,
            "card 11 is in no hand and not in the draw pile, and it cannot lie under",
        ),
        # 4 cannot lie under a descending 15: 14 would have to follow it (TG-3)
        (
            solo("1 1 15 21", "2 3 5 6 7 8 9 10", "11 12 13 14 16 17 18 19 20"),
            8,
            "card 4 is in no hand",
        ),
    ],
)
def test_a_card_missing_everywhere_is_refused(text: str, column: int, fragment: str) -> None:
    refused_at(notation.parse, text, 4, column, fragment)


def test_laid_cards_under_a_top_reached_by_tricks_are_accepted() -> None:
    # 15 lies under the ascending 5: 1, 15, 5 (the backwards trick, TG-3)
    state = notation.parse_position(
        solo("5 1 21 21", "2 3 4 6 7 8 9 10", "11 12 13 14 16 17 18 19 20")
    )
    assert state.piles[0] == 5
    # 20 and 10 lie under the descending 4: 21, 20, 10, 4 and so on
    notation.check_position(State(Variant(max_card=20), (1, 1, 4, 21), ((2, 3, 5),), ()))


def test_more_cards_laid_this_turn_than_are_on_the_piles_is_refused() -> None:
    text = solo("2 1 21 21", "3 4 5 6 7 8 9", "10 11 12 13 14 15 16 17 18 19 20", laid=1)
    notation.parse(text)  # 2 laid this turn: fine
    text = solo("1 1 21 21", "2 3 4 5 6 7 8", "9 10 11 12 13 14 15 16 17 18 19 20", laid=1)
    with pytest.raises(NotationError, match="1 cards laid this turn, but only 0") as caught:
        notation.parse(text)
    assert (caught.value.line, caught.value.column) == (8, 7)


def test_a_stranded_turn_is_refused_by_the_parser_and_the_solver() -> None:
    """TG-7 decision: the one check (notation.check_turn) behind parse and solve."""
    from playable.solver.thegame.search import solve

    text = solo("20 19 2 3", "4 5 6 7 8 11 14", "9 10 12 13 15 16 17 18", laid=1)
    with pytest.raises(NotationError, match="cannot reach the minimum") as caught:
        notation.parse(text)
    assert (caught.value.line, caught.value.column) == (8, 7)
    state = State(Variant(max_card=20), (20, 19, 2, 3), ((4, 5, 6, 7, 8, 11, 14),), (9,), 0, 1)
    with pytest.raises(notation.InvalidPosition, match="cannot reach the minimum"):
        solve(state)


def _under_by_brute_force(pile: int, top: int, laid: frozenset[int], start: int) -> set[int]:
    """Every laid card that some pile history start, ..., top (TG-3, distinct laid
    cards) passes through: all histories enumerated."""
    found: set[int] = set()

    def walk(current: int, used: tuple[int, ...]) -> None:
        if accepts(pile, current, top):
            found.update(used)
        for card in laid - set(used):
            if accepts(pile, current, card):
                walk(card, (*used, card))

    walk(start, ())
    return found


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from([0, 2]),
    st.integers(2, 30),
    st.frozensets(st.integers(2, 30), max_size=6),
)
def test_cards_under_a_top_match_a_brute_force(pile: int, top: int, laid: frozenset[int]) -> None:
    laid = laid - {top}
    start = 1 if pile == 0 else 31
    expected = _under_by_brute_force(pile, top, laid, start)
    assert notation._can_lie_under(pile, top, set(laid)) == expected


@settings(max_examples=30, deadline=None)
@given(variants, st.integers(0, 2**32))
def test_every_position_of_a_game_passes_the_checks(variant: Variant, seed: int) -> None:
    """Soundness: no reachable position (mid-turn ones included) is refused."""
    start = deal(variant, shuffled_deck(variant, seed), seed % variant.players)
    for state in random_states(GAME, start, random.Random(seed)):
        notation.check_position(state)
