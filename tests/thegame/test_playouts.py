"""Property tests: random playouts through the reference rules keep every invariant."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.thegame.game import GAME
from playable.solver.thegame.players import GreedyPlayer, play_out
from playable.solver.thegame.rules import (
    END_TURN,
    Play,
    State,
    Variant,
    accepts,
    apply,
    deal,
    is_terminal,
    legal_moves,
    shuffled_deck,
)
from tests.random_play import random_steps

from .search_cases import variants


def laid_cards(state: State) -> int:
    return state.variant.deck_size - state.cards_left


@settings(max_examples=60, deadline=None)
@given(variants, st.integers(0, 2**32), st.integers(0, 4), st.integers(0, 2**32))
def test_random_playouts_conserve_cards_play_only_legal_moves_and_terminate(
    variant: Variant, deck_seed: int, first: int, move_seed: int
) -> None:
    start = state = deal(variant, shuffled_deck(variant, deck_seed), first % variant.players)
    played = random_steps(GAME, start, random.Random(move_seed))
    for steps, (before, move, state) in enumerate(played, start=1):
        assert steps <= 2 * variant.deck_size, "every move lays a card or ends a turn"
        everything = sorted([c for h in state.hands for c in h] + list(state.draw))
        assert len(everything) == len(set(everything)) == state.cards_left
        if isinstance(move, Play):
            assert accepts(move.pile, before.piles[move.pile], move.card)
            assert state.cards_left == before.cards_left - 1
        else:
            assert move == END_TURN and before.laid >= before.minimum
            assert state.laid == 0
            if state.draw:
                assert all(len(h) == variant.hand_size for h in state.hands)
    assert legal_moves(state) == []
    assert laid_cards(state) >= 0


@settings(max_examples=40, deadline=None)
@given(variants, st.integers(0, 2**32))
def test_greedy_playouts_are_legal_and_end(variant: Variant, seed: int) -> None:
    state = deal(variant, shuffled_deck(variant, seed))
    result = play_out(state, GreedyPlayer())
    replay = state
    for player, plays in result.turns:
        assert replay.to_move == player
        assert len(plays) >= replay.minimum
        for play in plays:
            replay = apply(replay, play)
        if not replay.is_won:
            replay = apply(replay, END_TURN)
    assert replay == result.final and is_terminal(replay)
