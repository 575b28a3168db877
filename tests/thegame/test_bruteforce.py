"""The brute-force oracle itself: its lines replay, its values are right on small cases."""

from __future__ import annotations

import pytest

from playable.solver.thegame.bruteforce import PositionLimit, optimal, optimal_deal
from playable.solver.thegame.rules import State, Variant, deal, end_turn, lay, shuffled_deck


def replay(state: State, turns: list) -> State:  # type: ignore[type-arg]
    for player, plays in turns:
        assert state.to_move == player
        for play in plays:
            state = lay(state, play.card, play.pile)
        if not state.is_won:
            state = end_turn(state)
    return state


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize(("players", "expert"), [(1, False), (2, True), (3, True)])
def test_lines_replay_to_the_reported_score(seed: int, players: int, expert: bool) -> None:
    variant = Variant(players=players, expert=expert, max_card=24)
    start = deal(variant, shuffled_deck(variant, seed))
    result = optimal(start)
    assert replay(start, result.turns).cards_left == result.cards_left


def test_a_blocked_position_is_scored_as_it_stands() -> None:
    variant = Variant(max_card=20)
    state = State(variant, (19, 18, 3, 2), ((20, 4, 5, 6, 7, 14, 15, 16),), (17, 8), 0, 0)
    # Only 20 fits (on 19 or 18) and nothing fits after it: no turn of two, game over.
    assert optimal(state).cards_left == 10


def test_the_best_first_player_is_chosen() -> None:
    variant = Variant(players=2, max_card=20)
    order = [20, 19, 18, 17, 16, 15, 14, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]
    first, result = optimal_deal([deal(variant, order, p) for p in range(2)])
    other = optimal(deal(variant, order, 1 - first))
    assert result.cards_left <= other.cards_left


def test_position_limit() -> None:
    variant = Variant(max_card=40)
    start = deal(variant, shuffled_deck(variant, 1))
    assert optimal(start).positions > 10
    with pytest.raises(PositionLimit):
        optimal(start, limit=10)
