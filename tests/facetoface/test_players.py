"""Face to Face players: legal whole turns, hidden information left alone."""

from __future__ import annotations

import random

from playable.solver.facetoface.players import (
    STRATEGIES,
    CarefulPlayer,
    DeterminizedPlayer,
    GreedyPlayer,
    determinize,
    play_game,
    public_view,
    seat_view,
    winning_turn,
)
from playable.solver.facetoface.rules import (
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
    assert set(STRATEGIES) == {"greedy", "careful", "determinized", "seat", "seat-search"}
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


def test_greedy_and_careful_take_an_immediate_win() -> None:
    """FF-6: three cards left, draw pile empty: lay all three and win, even where the
    greedy rule would stop after the minimum (gaps of 5 after the first two)."""
    variant = Variant(20)
    state = State(variant, ((1, 21), (1, 21)), ((5, 10, 15), (2, 3, 4, 6, 7, 8)), ((), (9,)))
    for player in (GreedyPlayer(), CarefulPlayer(), DeterminizedPlayer(samples=1, nodes=50)):
        plays = player.choose_turn(state, random.Random(0))
        assert has_won(play_turn(state, plays), 0), (player.name, plays)
    # the last card fits only on the opponent's ascending pile (FF-3, FF-6)
    state = State(variant, ((16, 9), (15, 21)), ((14,), (2, 3, 4, 5, 6, 7)), ((), (8,)))
    for player in (GreedyPlayer(), CarefulPlayer()):
        plays = player.choose_turn(state, random.Random(0))
        assert has_won(play_turn(state, plays), 0), (player.name, plays)


def test_winning_turn_finds_a_win_only_when_there_is_one() -> None:
    variant = Variant(20)
    state = State(variant, ((1, 21), (1, 21)), ((5, 10, 15), (2, 3, 4, 6, 7, 8)), ((), (9,)))
    win = winning_turn(state)
    assert win is not None and has_won(play_turn(state, win), 0)
    # a card in the draw pile: no win this turn
    drawing = State(variant, state.piles, state.hands, ((16,), (9,)))
    assert winning_turn(drawing) is None
    # 20 fits on the ascending 19, then 5 fits nowhere (and the opponent's piles take
    # nothing): one card of two, no win
    stuck = State(variant, ((19, 2), (2, 21)), ((5, 20), (3, 4, 6, 7, 8, 9)), ((), (10,)))
    assert winning_turn(stuck) is None


def same_view_other_hidden_cards(state: State, rng: random.Random) -> State:
    """``state`` with the hidden parts changed: the own draw pile reordered and the
    opponent's unlaid cards dealt differently between hand and draw pile."""
    me, other = state.to_move, state.opponent
    own = list(state.draws[me])
    rng.shuffle(own)
    unseen = list(state.hands[other] + state.draws[other])
    rng.shuffle(unseen)
    size = len(state.hands[other])
    hands = [state.hands[0], state.hands[1]]
    draws = [state.draws[0], state.draws[1]]
    draws[me], hands[other], draws[other] = tuple(own), tuple(unseen[:size]), tuple(unseen[size:])
    return State(state.variant, state.piles, (hands[0], hands[1]), (draws[0], draws[1]), me)


def endgame(seed: int) -> State:
    """A position from a game of careful players with at most 24 cards left."""
    variant = Variant(20)
    a, b = shuffled_decks(variant, seed)
    state = deal(variant, a, b, seed % 2)
    rng = random.Random(seed)
    while state.cards_left(0) + state.cards_left(1) > 24 and not is_terminal(state):
        state = play_turn(state, CarefulPlayer().choose_turn(state, rng))
    return state


def test_determinize_reads_only_the_public_view() -> None:
    for seed in range(4):
        state = endgame(seed)
        other = same_view_other_hidden_cards(state, random.Random(seed + 100))
        assert public_view(other) == public_view(state)
        assert seat_view(other) == seat_view(state)
        assert determinize(state, random.Random(7)) == determinize(other, random.Random(7))


def test_the_determinized_player_sees_only_its_seat_and_uses_its_own_generator() -> None:
    """Same view, other hidden cards, same seed: the same choice; and the game's random
    stream is neither read nor advanced."""
    checked = 0
    for seed in range(6):
        state = endgame(seed)
        if is_terminal(state):
            continue
        other = same_view_other_hidden_cards(state, random.Random(seed + 100))
        game_rng = random.Random(seed)
        before = game_rng.getstate()
        choice = DeterminizedPlayer(samples=2, nodes=200, seed=seed).choose_turn(state, game_rng)
        assert game_rng.getstate() == before
        again = DeterminizedPlayer(samples=2, nodes=200, seed=seed).choose_turn(
            other, random.Random(999)
        )
        assert choice == again
        checked += 1
    assert checked >= 4
