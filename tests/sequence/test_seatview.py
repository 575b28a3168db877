"""Sequence seat views (docs/seatview.md, "Sequence"): the view of reachable
positions, the view file, its located errors, and the dealer of the unseen cards
against the brute-force list of deals (chi-square, each deal weighted by the orders
of the unseen cards that give it)."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from playable.solver.core.jsonkeys import schema
from playable.solver.core.seat_stats import chi_square_p
from playable.solver.core.seatview import SeatViews
from playable.solver.games import views
from playable.solver.sequence import notation, rules
from playable.solver.sequence.game import GAME
from playable.solver.sequence.rules import DECK, Move, State, Variant, empty_board
from playable.solver.sequence.seatview import VIEWS, View, deal_weight
from tests.cli.test_json_contract import REGISTRY
from tests.notation_checks import refused_at
from tests.random_play import random_position

SEATS: SeatViews[View, State, Move] = VIEWS

#: examples/win-in-2.sequence.txt from blue's seat (its discards are not written,
#: so every card off blue's hand is unseen).
TEXT = """playable sequence view
players: 2
sides: 2
seat: 1
row 0: * . . . . . . . . *
row 1: . . B B B . . . . .
row 2: . . . . . . . . . .
row 3: . . . . . . . . . .
row 4: . . . . . . . . . .
row 5: . . . . . . G . . .
row 6: . . . . . . . G . .
row 7: . . . . . . . . G .
row 8: . . . . . . . . . .
row 9: * B B B B . . . . *
sequences: B:a9-e9
hand: 2S 3S 4S 5C 5S 6S AH
discard 1: -
discard 2: -
draw-count: 90
to-move: 1
replaced: no
seed: 0
"""


def small_view(unseen: str, players: int = 2, sides: int = 2, seat: int = 0) -> View:
    """A view whose unseen cards are ``unseen``: the seat holds the first cards of the
    rest of the deck, everything else is discarded (alternately on each pile)."""
    variant = Variant(players, sides)
    rest = list((Counter(DECK) - Counter(unseen.split())).elements())
    hand, gone = rest[: variant.hand_size], rest[variant.hand_size :]
    discards = tuple(tuple(gone[p :: variant.players]) for p in range(players))
    return View(variant, seat, empty_board(), (), tuple(sorted(hand)), discards, seat)


def a_position(seed: int, players: int, sides: int, moves: int) -> State:
    variant = Variant(players, sides)
    start = rules.deal(variant, rules.shuffled_deck(seed), seed % players)
    return random_position(GAME, start, random.Random(seed), moves)


def test_the_registry_finds_the_views() -> None:
    assert views("sequence") is VIEWS


@settings(max_examples=12, deadline=None)
@given(
    st.integers(0, 10_000),
    st.sampled_from([(2, 2), (3, 3), (4, 2), (6, 3)]),
    st.integers(0, 40),
    st.integers(0, 11),
)
def test_views_of_reachable_positions(
    seed: int, players_sides: tuple[int, int], moves: int, seat_pick: int
) -> None:
    """Round trips, view_of(deal(v)) == v, deals the notation accepts, and the seat's
    legal moves equal to the rules' in every sampled deal."""
    state = a_position(seed, *players_sides, moves)
    seat = seat_pick % state.variant.players
    view = SEATS.view_of(state, seat)
    assert SEATS.parse(SEATS.format(view)) == view
    assert SEATS.seat(view) == seat and SEATS.to_move(view) == state.to_move
    hidden = [c for p, h in enumerate(state.hands) if p != seat for c in h]
    assert Counter(view.unseen()) == Counter(hidden) + Counter(state.draw)
    assert view.draw_size == len(state.draw) + state.unknown
    assert SEATS.to_json(view)["hand"] == list(state.hands[seat])
    rng = random.Random(seed)
    for _ in range(3):
        dealt = SEATS.deal(view, rng)
        assert SEATS.view_of(dealt, seat) == view
        assert notation.parse_position(notation.format_position(dealt)) == dealt
        if state.to_move == seat:
            assert SEATS.legal_moves(view) == rules.legal_moves(dealt)
    if state.to_move != seat:
        assert SEATS.legal_moves(view) == []
    assert SEATS.legal_moves(SEATS.view_of(state, state.to_move)) == rules.legal_moves(state)


@pytest.mark.parametrize("players_sides", [(2, 2), (3, 3)])
def test_views_of_finished_games(players_sides: tuple[int, int]) -> None:
    """The winner's hand is one card short (SQ-8, SQ-11) in the view and every deal."""
    for seed in range(3):
        state = a_position(seed, *players_sides, 10_000)
        assert state.winner is not None
        for seat in range(state.variant.players):
            view = SEATS.view_of(state, seat)
            assert SEATS.parse(SEATS.format(view)) == view
            assert [view.hand_size(p) for p in range(len(state.hands))] == [
                len(h) for h in state.hands
            ]
            dealt = SEATS.deal(view, random.Random(seed))
            assert SEATS.view_of(dealt, seat) == view and SEATS.legal_moves(view) == []
            assert notation.parse_position(notation.format_position(dealt)) == dealt


def test_a_position_with_an_unlisted_draw_is_dealt_in_full() -> None:
    """A hand-written position lists part of the draw pile; its view's deals list all
    of it (the example's unknown cards and the other hand are the unseen cards)."""
    with open("examples/win-in-2.sequence.txt", encoding="utf-8") as file:
        state = notation.parse_position(file.read())
    view = SEATS.view_of(state, 0)
    assert SEATS.format(view) == TEXT
    dealt = SEATS.deal(view, random.Random(5))
    assert dealt.unknown == 0 and len(dealt.draw) == state.unknown + len(state.draw) == 90
    assert SEATS.view_of(dealt, 0) == view


def chi_square_of_dealer(view: View, samples: int, seed: int) -> tuple[float, int]:
    """The p-value of the dealer's counts over the brute-force deals, each expected in
    proportion to :func:`deal_weight`, and the number of deals."""
    every = list(SEATS.deals(view))
    assert len(set(every)) == len(every), "deals lists each deal once"
    weights = [deal_weight(view, s) for s in every]
    counts = Counter(view.unseen())
    orders = math.factorial(sum(counts.values())) // math.prod(
        math.factorial(n) for n in counts.values()
    )
    assert sum(weights) == orders, "the deals account for every order of the unseen cards"
    for state in every:
        assert SEATS.view_of(state, view.seat) == view
    rng = random.Random(seed)
    dealt = Counter(SEATS.deal(view, rng) for _ in range(samples))
    assert set(dealt) <= set(every), "every dealt position is in the list"
    expected = [samples * w / orders for w in weights]
    statistic = sum((dealt[s] - e) ** 2 / e for s, e in zip(every, expected, strict=True))
    return chi_square_p(statistic, len(every) - 1), len(every)


def test_the_dealer_follows_the_orders_of_the_unseen_cards() -> None:
    """Eight unseen cards in three pairs: the other hand is all but the one drawn. A
    hand holding all three pairs is half as likely as one holding two (SQ-2)."""
    view = small_view("AS AS KD KD QC QC 2H 3H")
    p, deals = chi_square_of_dealer(view, 2000, seed=1)
    assert deals == 5
    assert p > 0.01


def test_the_dealer_with_a_draw_pile_of_two() -> None:
    view = small_view("5H 5H 6D 7C 8C 9C TC QS QS", seat=1)
    p, deals = chi_square_of_dealer(view, 6000, seed=1)
    assert deals == 7 * 6 + 2  # the draw: two names of 7 in order, or 5H 5H or QS QS
    assert p > 0.01


def test_the_dealer_with_three_players() -> None:
    """Six pairs between two hidden hands of 6 (SQ-3), nothing left to draw."""
    view = small_view("AS AS KD KD QC QC 2H 2H 3H 3H 4H 4H", players=3, sides=3, seat=2)
    assert view.draw_size == 0
    p, deals = chi_square_of_dealer(view, 4000, seed=1)
    assert deals == 141  # a hand takes 0, 1 or 2 of each pair, 6 cards in all
    assert p > 0.01


def test_the_chi_square_check_sees_a_dealer_uniform_over_positions() -> None:
    """Were each distinct position equally likely (not each order of the cards), the
    test would refuse it: the counts of a sampler uniform over the deals."""
    view = small_view("AS AS KD KD QC QC 2H 3H")
    every = list(SEATS.deals(view))
    rng = random.Random(2)
    dealt = Counter(rng.choice(every) for _ in range(2000))
    weights = [deal_weight(view, s) for s in every]
    expected = [2000 * w / sum(weights) for w in weights]
    statistic = sum((dealt[s] - e) ** 2 / e for s, e in zip(every, expected, strict=True))
    assert chi_square_p(statistic, len(every) - 1) < 1e-6


# ------------------------------------------------------------------ the view file


def test_the_view_file_round_trips() -> None:
    view = SEATS.parse(TEXT)
    assert SEATS.format(view) == TEXT
    assert view.draw_size == 90 and len(view.unseen()) == 97


def test_more_discards_than_the_other_hands_leave_room_for_are_refused() -> None:
    view = small_view("AS AS KD KD QC QC 2H")  # the other hand holds 7: no card left
    assert view.draw_size == 0
    text = SEATS.format(view)
    line = text.splitlines().index("draw-count: 0") + 1
    shorter = text.replace("discard 1: ", "discard 1: 2H ", 1)
    refused_at(SEATS.parse, shorter, line, 13, "only 6 card(s) are unseen")


def test_the_example_view() -> None:
    with open("examples/view.sequence.txt", encoding="utf-8") as file:
        text = file.read()
    view = SEATS.parse(text)
    assert SEATS.format(view) in text
    assert len(view.unseen()) == 67 and view.draw_size == 60
    assert SEATS.legal_moves(view)
    Draft202012Validator(schema("view"), registry=REGISTRY).validate(SEATS.to_json(view))
