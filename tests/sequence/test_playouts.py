"""Random playouts through the reference rules: invariants (hypothesis)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.sequence.notation import format_position, parse_position
from playable.solver.sequence.rules import (
    CORNER,
    DECK,
    Place,
    Remove,
    Variant,
    apply,
    deal,
    is_terminal,
    legal_moves,
    shuffled_deck,
)

VARIANTS = [(2, 2), (3, 3), (4, 2), (6, 3), (12, 2)]


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(VARIANTS))
def test_random_playout_invariants(seed: int, players_sides: tuple[int, int]) -> None:
    variant = Variant(*players_sides)
    rng = random.Random(seed)
    state = deal(variant, shuffled_deck(seed), rng.randrange(variant.players))
    for turn in range(400):
        if is_terminal(state):
            break
        moves = legal_moves(state)
        assert moves, "a game that is not over always has a move"
        move = rng.choice(moves)
        before = state
        state = apply(state, move)
        # cards conserved (SQ-2): hands + discards + draw pile = two decks
        cards = Counter(c for h in state.hands for c in h)
        cards.update(c for d in state.discards for c in d)
        cards.update(state.draw)
        assert cards == Counter(DECK)
        # corners stay free, locked chips stay, sequences only grow (SQ-1, SQ-7)
        assert all(state.chips[c] == CORNER for c in (0, 9, 90, 99))
        assert before.locked <= state.locked
        assert state.sequences[: len(before.sequences)] == before.sequences
        if isinstance(move, Place):
            assert state.chips[move.cell] == before.side
        if isinstance(move, Remove):
            assert move.cell not in before.locked
        # SQ-3, SQ-4: full hands after every turn, except the winner's last card
        for p, hand in enumerate(state.hands):
            winner_short = state.winner is not None and p == state.to_move
            assert len(hand) == variant.hand_size - (1 if winner_short else 0)
        if turn % 25 == 0 or is_terminal(state):
            assert parse_position(format_position(state)) == state
    if state.winner is not None:
        assert state.sequence_count(state.winner) >= variant.sequences_to_win
