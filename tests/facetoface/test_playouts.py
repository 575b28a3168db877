"""Random playouts through the reference rules: invariants (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.facetoface.game import GAME
from playable.solver.facetoface.rules import (
    END_TURN,
    HAND_SIZE,
    OPP_PILES,
    Play,
    State,
    Variant,
    accepts,
    deal,
    has_won,
    legal_moves,
    shuffled_decks,
    winner,
)
from tests.random_play import random_steps


def laid_cards(before: State, after: State, player: int) -> set[int]:
    held = set(before.hands[player]) | set(before.draws[player])
    return held - set(after.hands[player]) - set(after.draws[player])


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 100_000), st.sampled_from([12, 20, 30, 59]), st.integers(0, 1))
def test_random_playouts_keep_every_invariant(seed: int, max_card: int, first: int) -> None:
    variant = Variant(max_card)
    a, b = shuffled_decks(variant, seed)
    start = state = deal(variant, a, b, first)
    laid: list[set[int]] = [set(), set()]
    played = random_steps(GAME, start, random.Random(seed))
    for moves, (before, move, state) in enumerate(played, start=1):
        mover = before.to_move
        if isinstance(move, Play):
            assert move.card in before.hand
            assert accepts(move.pile, before.top(move.pile), move.card)
            if move.pile in OPP_PILES:
                assert before.laid_opp == 0
        if move is END_TURN:
            assert state.to_move == 1 - mover
            assert before.laid >= 2 and before.laid_own >= 1
            assert len(state.hands[mover]) <= HAND_SIZE
        else:
            laid[mover] |= laid_cards(before, state, mover)
        assert moves < 400, "every turn lays at least 2 cards, so games are short"
        for p in (0, 1):
            # cards are conserved: held + laid is exactly the deck
            held = set(state.hands[p]) | set(state.draws[p])
            assert not held & laid[p]
            assert held | laid[p] == set(variant.cards)
            assert len(state.hands[p]) + len(state.draws[p]) + len(laid[p]) == variant.deck_size
    won = winner(state)
    assert won in (0, 1)
    if has_won(state, won):
        assert laid[won] == set(variant.cards)
    else:  # the loser was to move and could not lay the minimum
        assert state.to_move == 1 - won and state.laid == 0
    assert legal_moves(state) == []
    assert start.to_move == first
