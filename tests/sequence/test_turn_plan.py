"""Sequence's turn plan (``SequenceEngine.turn_plan``): the stronger bot's move, the
seat player's default (solver/core/seat_player.py, docs/seatview.md).

It must read only what the mover sees: a full position and another dealt from the
mover's view (its hidden cards drawn afresh) get the same plan.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.games import game, views
from playable.solver.sequence.engine import ENGINE
from playable.solver.sequence.players import StrongerPlayer
from playable.solver.sequence.rules import (
    State,
    Variant,
    deal,
    is_terminal,
    legal_moves,
    shuffled_deck,
)
from tests.sequence.test_seatview import a_position


@settings(max_examples=20, deadline=None)
@given(
    st.integers(0, 10_000),
    st.sampled_from([(2, 2), (3, 3), (4, 2)]),
    st.integers(0, 60),
)
def test_the_plan_is_the_stronger_bots_move_and_reads_only_the_view(
    seed: int, players_sides: tuple[int, int], moves: int
) -> None:
    state = a_position(seed, *players_sides, moves)
    if is_terminal(state):
        return
    plan = ENGINE.turn_plan(state)
    assert plan == [StrongerPlayer().choose(state)]
    assert plan[0] in legal_moves(state)
    seats = views("sequence")
    view = seats.view_of(state, state.to_move)
    other: State = seats.deal(view, random.Random(seed + 1))
    assert seats.view_of(other, state.to_move) == view
    assert ENGINE.turn_plan(other) == plan


def test_a_fresh_deal_gets_a_different_position_with_the_same_plan() -> None:
    """The twin really differs in its hidden cards (the test above is not vacuous)."""
    state = deal(Variant(2, 2), shuffled_deck(7), 0)
    seats = views("sequence")
    other: State = seats.deal(seats.view_of(state, 0), random.Random(8))
    assert game("sequence").format(other) != game("sequence").format(state)
    assert ENGINE.turn_plan(other) == ENGINE.turn_plan(state)
