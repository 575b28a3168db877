"""Face to Face seat views (docs/seatview.md, "Face to Face"): the view of reachable
positions, the view file, its located errors, and the dealer of the unseen cards
against the brute-force list of deals (chi-square)."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from playable.solver.core.errors import PlayableError
from playable.solver.core.jsonkeys import schema
from playable.solver.core.seat_stats import chi_square_p
from playable.solver.core.seatview import SeatViews
from playable.solver.facetoface import notation, rules
from playable.solver.facetoface.game import GAME
from playable.solver.facetoface.rules import Move, State, Variant, shuffled_decks
from playable.solver.facetoface.seatview import VIEWS, View
from playable.solver.games import views
from tests.cli.test_json_contract import REGISTRY
from tests.notation_checks import refused_at
from tests.random_play import random_position, random_states

SEATS: SeatViews[View, State, Move] = VIEWS

#: Player 1 is in a turn (8 laid on their ascending pile) and must lay
#: one more card: only the 9 fits (own piles 8 and 3, player 2's piles untouched), so
#: only the hands of their unseen 4 5 6 7 9 holding the 9 are consistent.
MID_TURN = """playable facetoface view
max-card: 9
seat: 2
piles 1: 8 3
piles 2: 1 10
hand: 2 3 4 5 6 7
hand-sizes: 2 6
draw-counts: 3 2
to-move: 1
laid: 1 0
played 1: 2 3 8
played 2: -
"""

#: Seat 1 to move at the start of a turn: every split of the unseen cards is a deal.
START = """playable facetoface view
max-card: 9
seat: 1
piles 1: 3 8
piles 2: 4 9
hand: 4 5
hand-sizes: 2 2
draw-counts: 2 2
to-move: 1
laid: 0 0
played 1: 2 3 8 9
played 2: 2 3 4 9
"""


def a_position(seed: int, max_card: int, moves: int) -> State:
    variant = Variant(max_card)
    deck_a, deck_b = shuffled_decks(variant, seed)
    start = rules.deal(variant, deck_a, deck_b, seed % 2)
    return random_position(GAME, start, random.Random(seed), moves)


def arrangements(view: View) -> int:
    """Every split of the unseen cards, consistent or not (module docstring)."""
    other = len(view.unseen(view.other))
    return (
        math.comb(other, view.other_hand)
        * math.factorial(other - view.other_hand)
        * math.factorial(len(view.unseen(view.seat)))
    )


def test_the_registry_finds_the_views() -> None:
    assert views("facetoface") is VIEWS


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([9, 12, 20, 59]), st.integers(0, 80), st.booleans())
def test_views_of_reachable_positions(seed: int, max_card: int, moves: int, first: bool) -> None:
    """Round trips, view_of(deal(v)) == v, deals that are positions a game can reach,
    and the seat's legal moves equal to the rules' in every sampled deal."""
    state = a_position(seed, max_card, moves)
    seat = int(first)
    view = SEATS.view_of(state, seat)
    text = SEATS.format(view)
    assert SEATS.parse(text) == view
    assert SEATS.seat(view) == seat and SEATS.to_move(view) == state.to_move
    assert view.hand == state.hands[seat]
    assert all(
        len(view.unseen(p)) == len(state.draws[p]) + (p != seat) * len(state.hands[p])
        for p in (0, 1)
    )
    document = SEATS.to_json(view)
    assert document["hand"] == list(state.hands[seat])
    assert document["draw_counts"] == [len(d) for d in state.draws]
    rng = random.Random(seed)
    for _ in range(4):
        dealt = SEATS.deal(view, rng)
        assert SEATS.view_of(dealt, seat) == view
        notation.check_position(dealt)
        if state.to_move == seat:
            assert SEATS.legal_moves(view) == rules.legal_moves(dealt)
    if state.to_move != seat:
        assert SEATS.legal_moves(view) == []
    assert SEATS.legal_moves(SEATS.view_of(state, state.to_move)) == rules.legal_moves(state)


def test_a_view_shows_every_laid_card_and_no_hidden_one() -> None:
    with open("examples/endgame.facetoface.txt", encoding="utf-8") as file:
        state = notation.parse_position(file.read())
    view = SEATS.view_of(state, 0)
    assert set(view.unseen(1)) == set(state.hands[1]) | set(state.draws[1])
    assert set(view.unseen(0)) == set(state.draws[0])
    assert len(view.played[0]) == 58 - 9 and 33 not in view.played[0]
    text = SEATS.format(view)
    for hidden in ("hand 2", "draw 1", "draw 2"):
        assert hidden not in text


@pytest.mark.parametrize("text", [MID_TURN, START])
def test_small_views_round_trip(text: str) -> None:
    view = SEATS.parse(text)
    assert SEATS.format(view) == text


def chi_square_of_dealer(view: View, per_deal: int, seed: int) -> tuple[float, int]:
    """The p-value of the dealer's counts over the brute-force deals (each equally
    likely), and the number of deals."""
    every = list(SEATS.deals(view))
    assert len(set(every)) == len(every), "deals lists each deal once"
    for state in every:
        assert SEATS.view_of(state, view.seat) == view
        notation.check_position(state)
    rng = random.Random(seed)
    counts = Counter(SEATS.deal(view, rng) for _ in range(per_deal * len(every)))
    assert set(counts) <= set(every), "every dealt position is in the list"
    expected = per_deal
    statistic = sum((counts[s] - expected) ** 2 / expected for s in every)
    return chi_square_p(statistic, len(every) - 1), len(every)


def test_the_dealer_is_uniform_at_the_start_of_a_turn() -> None:
    view = SEATS.parse(START)
    p, deals = chi_square_of_dealer(view, 40, seed=1)
    assert deals == arrangements(view) == 24
    assert p > 0.01


def test_the_dealer_is_uniform_among_the_hands_that_complete_a_turn() -> None:
    """Rejection of the hands without the 9: 48 of the 120 splits are deals."""
    view = SEATS.parse(MID_TURN)
    p, deals = chi_square_of_dealer(view, 25, seed=1)
    assert (deals, arrangements(view)) == (48, 120)
    assert p > 0.01


def test_the_dealer_is_uniform_in_a_turn_of_a_played_game() -> None:
    """The first position of seeded random games (cards 2..12) where the opponent is
    in a turn that some hands of their unseen cards cannot complete, with at most 400
    splits of the unseen cards: the dealer's rejection in a real game."""
    found = None
    for seed in range(40):
        variant = Variant(12)
        start = rules.deal(variant, *shuffled_decks(variant, seed), seed % 2)
        for state in random_states(GAME, start, random.Random(seed)):
            view = SEATS.view_of(state, 1 - state.to_move)
            splits = arrangements(view)
            if state.laid and splits <= 400 and len(list(SEATS.deals(view))) < splits:
                found = view
                break
        if found is not None:
            break
    assert found is not None
    p, _ = chi_square_of_dealer(found, 25, seed=1)
    assert p > 0.01


def test_the_chi_square_check_sees_a_biased_dealer() -> None:
    """The same statistic refuses a dealer that leaves the seat's own draw sorted."""
    view = SEATS.parse(START)
    every = list(SEATS.deals(view))
    rng = random.Random(3)
    own = view.unseen(view.seat)
    dealt = (SEATS.deal(view, rng) for _ in range(40 * len(every)))
    counts = Counter(replace(s, draws=(own, s.draws[1])) for s in dealt)
    statistic = sum((counts[s] - 40) ** 2 / 40 for s in every)
    assert chi_square_p(statistic, len(every) - 1) < 1e-6


# ------------------------------------------------------------------ the view file


def test_a_turn_no_hand_can_complete_is_refused() -> None:
    """Player 1 must lay one more card, and none of their unseen cards fits (FF-4)."""
    text = MID_TURN.replace("piles 1: 8 3", "piles 1: 9 3").replace(
        "played 1: 2 3 8", "played 1: 2 3 9"
    )
    refused_at(SEATS.parse, text, 10, 7, "no hand of 2 of their unseen cards")
    view = replace(SEATS.parse(MID_TURN), piles=((9, 3), (1, 10)), played=((2, 3, 9), ()))
    with pytest.raises(PlayableError, match="no deal is consistent"):
        SEATS.deal(view, random.Random(1))
    assert list(SEATS.deals(view)) == []


def test_the_example_view_is_the_endgame_from_player_1s_seat() -> None:
    with open("examples/view.facetoface.txt", encoding="utf-8") as file:
        view = SEATS.parse(file.read())
    with open("examples/endgame.facetoface.txt", encoding="utf-8") as file:
        state = notation.parse_position(file.read())
    assert view == SEATS.view_of(state, 0)
    assert view.unseen(1) == (22, 23, 24, 33, 38, 40, 46, 52, 54)
    Draft202012Validator(schema("view"), registry=REGISTRY).validate(SEATS.to_json(view))
