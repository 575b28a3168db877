"""Face to Face's whole-turn plan (``FaceToFaceEngine.turn_plan``): the determinized
player's turn, then the end of the turn, the seat player's default through the turn
(solver/core/seat_player.py, docs/seatview.md).

The plan must read only what the mover sees: two full positions with the same seat
view (the second dealt from the first's view, its hidden cards drawn afresh) get the
same plan, also in the endgame, where the determinized player samples hidden cards
and asks the exact solver (at most 50 cards left). The endgame positions are a few
chosen deals played by the careful bot, each plan costing about a second.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playable.solver.core.seat_player import SeatPlayer, Settings
from playable.solver.facetoface.engine import ENGINE
from playable.solver.facetoface.notation import Deal
from playable.solver.facetoface.players import CarefulPlayer
from playable.solver.facetoface.rules import (
    END_TURN,
    Play,
    State,
    Variant,
    apply,
    has_won,
    is_terminal,
    lay,
    play_turn,
    shuffled_decks,
)
from playable.solver.games import game, views

SMALL = Settings(samples=4, block=2, nodes=40, width=4)


def fresh(seed: int) -> State:
    """The full Face to Face deal of ``seed``, seat ``seed mod 2`` to start."""
    variant = Variant()
    deck_a, deck_b = shuffled_decks(variant, seed)
    return Deal(variant, tuple(deck_a), tuple(deck_b)).start(seed % 2)


def played(seed: int, cards: int) -> State:
    """The deal of ``seed`` played by the careful bot on both seats until at most
    ``cards`` cards are left in all (or the game is over)."""
    state = fresh(seed)
    rng = random.Random(seed)
    while not is_terminal(state) and state.cards_left(0) + state.cards_left(1) > cards:
        state = play_turn(state, CarefulPlayer().choose_turn(state, rng))
    return state


def twin(state: State, seed: int) -> State:
    """A full position with the same view of the seat to move, dealt from that view."""
    seats = views("facetoface")
    view = seats.view_of(state, state.to_move)
    other: State = seats.deal(view, random.Random(seed))
    assert seats.view_of(other, state.to_move) == view
    return other


def assert_a_whole_turn(state: State, plan: list[object]) -> None:
    """``plan`` is legal move after move from ``state`` and ends the turn: with the
    end-turn move (FF-4) or, its last play having laid the mover's last card, with
    the game over (FF-6) before the end-turn move it carries."""
    mover = state.to_move
    assert plan and plan[-1] == END_TURN
    for move in plan[:-1]:
        assert isinstance(move, Play)
        state = apply(state, move)
    if has_won(state, mover):
        assert is_terminal(state)
    else:
        after = apply(state, END_TURN)
        assert is_terminal(after) or after.to_move != mover


#: Deals whose careful play-out reaches 40 cards left with the game on and the
#: determinized player's sampling in use there (plans of 0.7-1.2 s of CPU).
ENDGAME_SEEDS = (1, 5)


@pytest.mark.parametrize("seed", ENDGAME_SEEDS)
def test_endgame_plans_are_the_same_for_positions_with_one_view(seed: int) -> None:
    state = played(seed, 40)
    assert not is_terminal(state) and state.cards_left(0) + state.cards_left(1) <= 50
    other = twin(state, seed + 1)
    assert game("facetoface").format(other) != game("facetoface").format(state)
    plan = ENGINE.turn_plan(state)
    assert ENGINE.turn_plan(other) == plan
    assert_a_whole_turn(state, plan)


def test_a_plan_made_mid_turn_is_the_rest_of_a_turn_and_reads_only_the_view() -> None:
    state = played(ENDGAME_SEEDS[0], 40)
    first = ENGINE.turn_plan(state)[0]
    assert isinstance(first, Play)
    middle = lay(state, first.card, first.pile)
    other = twin(middle, 7)
    plan = ENGINE.turn_plan(middle)
    assert ENGINE.turn_plan(other) == plan
    assert_a_whole_turn(middle, plan)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), cards=st.integers(60, 116))
def test_plans_before_the_endgame_read_only_the_view(seed: int, cards: int) -> None:
    state = played(seed, cards)
    if is_terminal(state):
        return
    plan = ENGINE.turn_plan(state)
    assert ENGINE.turn_plan(twin(state, seed + 1)) == plan
    assert_a_whole_turn(state, plan)


def test_the_seat_player_keeps_the_planned_turn_early_in_a_deal() -> None:
    """Early in a deal small budgets prove nothing, so the seat player lays the
    determinized player's whole turn, card by card."""
    for seed in range(3):
        state = fresh(seed)
        turn = SeatPlayer("facetoface", settings=SMALL).choose_turn(state)
        assert [*turn, END_TURN] == ENGINE.turn_plan(state)
