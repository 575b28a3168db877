"""Face to Face players: legal whole turns, hidden information left alone."""

from __future__ import annotations

import random

from solver.facetoface.players import (
    STRATEGIES,
    CarefulPlayer,
    DeterminizedPlayer,
    GreedyPlayer,
    determinize,
    play_game,
    public_view,
)
from solver.facetoface.rules import (
    State,
    Variant,
    deal,
    has_won,
    is_terminal,
    play_turn,
    shuffled_decks,
    turns,
)


def test_greedy_games_end_with_a_winner_through_legal_turns() -> None:
    variant = Variant()
    assert set(STRATEGIES) == {"greedy", "careful", "determinized"}
    for seed in range(6):
        a, b = shuffled_decks(variant, seed)
        start = deal(variant, a, b, seed % 2)
        players = (GreedyPlayer(), CarefulPlayer())
        result = play_game(start, players, random.Random(seed))
        state = start
        for player, plays in result.turns:
            assert state.to_move == player
            state = play_turn(state, plays)  # raises on any illegal play
        assert state == result.final and is_terminal(state)


def test_determinize_keeps_the_public_view_and_shuffles_the_rest() -> None:
    a, b = shuffled_decks(Variant(), 2)
    state = deal(Variant(), a, b)
    rng = random.Random(0)
    worlds = [determinize(state, rng) for _ in range(5)]
    for world in worlds:
        assert public_view(world) == public_view(state)
        assert world.piles == state.piles and world.to_move == state.to_move
        assert len(world.hands[1]) == len(state.hands[1])
        assert world.hands[0] == state.hands[0]
    assert len({w.draws[0] for w in worlds}) > 1
    assert len({w.hands[1] for w in worlds}) > 1


def test_the_determinized_player_takes_a_winning_turn_and_plays_legally() -> None:
    variant = Variant(20)
    state = State(
        variant,
        ((5, 15), (1, 21)),
        ((6, 7, 8), (2, 3, 4, 9, 10, 11)),
        ((), (12, 13)),
    )
    plays = DeterminizedPlayer(samples=2, nodes=500).choose_turn(state, random.Random(1))
    assert has_won(play_turn(state, plays), 0)
    a, b = shuffled_decks(variant, 3)
    start = deal(variant, a, b)
    player = DeterminizedPlayer(samples=2, nodes=300, endgame_cards=40)
    result = play_game(start, (player, GreedyPlayer()), random.Random(3))
    state = start
    for _, turn in result.turns:
        assert any(after == play_turn(state, turn) for _, after in turns(state))
        state = play_turn(state, turn)
    assert is_terminal(state)
