"""Property tests over random playouts through the reference rules: the 108 cards
are always accounted for (UN-1), only legal moves are applied, every move makes
progress, and notation round-trips every position reached."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.core.errors import IllegalMove
from playable.solver.uno import notation
from playable.solver.uno.cards import full_deck
from playable.solver.uno.rules import Options, Phase, Play, apply, legal_moves, random_deal

DECK = Counter(full_deck())


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 10),
    stacking=st.booleans(),
    reverse_skips=st.booleans(),
)
def test_random_playouts_conserve_cards_and_stay_legal(
    seed: int, players: int, stacking: bool, reverse_skips: bool
) -> None:
    options = Options(reverse_skips=reverse_skips, stacking=stacking)
    state = random_deal(options, players, seed, dealer=seed % players).start()
    rng = random.Random(seed)
    for step in range(400):
        assert Counter(state.all_cards()) == DECK
        assert all(list(h) == sorted(h) for h in state.hands)  # canonical hands
        moves = legal_moves(state)
        if state.is_over:
            assert moves == []
            assert sum(1 for h in state.hands if not h) >= 1
            break
        assert moves, "a live position always has a move"
        if step % 50 == 0:
            assert notation.parse(notation.format_position(state)) == state
        move = rng.choice(moves)
        before = (len(state.draw), len(state.discard), state.reshuffles, state.phase)
        mover = state.to_move
        state = apply(state, move)
        after = (len(state.draw), len(state.discard), state.reshuffles, state.phase)
        # progress: a card was laid or drawn, a reshuffle happened, a phase ended, or
        # (nothing left to draw anywhere, UN-9) the turn passed
        assert after != before or before[3] != Phase.PLAY or state.to_move != mover
    assert Counter(state.all_cards()) == DECK


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_illegal_plays_are_rejected(seed: int) -> None:
    state = random_deal(Options(), 3, seed).start()
    legal = set(legal_moves(state))
    for card in set(state.hand):
        for colour in [-1] if card < 52 else range(4):
            move = Play(card, colour)
            if move not in legal:
                try:
                    apply(state, move)
                except IllegalMove:
                    continue
                raise AssertionError(f"{move} was accepted")
