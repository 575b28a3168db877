"""Hidden-information players: legal whole turns, and the planner beats the greedy."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.thegame.players import GreedyPlayer, PlannerPlayer, minimum_turns, play_out
from playable.solver.thegame.rules import Variant, apply, deal, end_turn, lay, shuffled_deck
from playable.solver.thegame.simulate import Simulation, summarise


@settings(max_examples=8, deadline=None)
@given(st.integers(1, 5), st.booleans(), st.integers(0, 2**32))
def test_planner_turns_are_legal(players: int, expert: bool, seed: int) -> None:
    variant = Variant(players=players, expert=expert)
    state = deal(variant, shuffled_deck(variant, seed))
    result = play_out(state, PlannerPlayer())
    for _, plays in result.turns:
        for play in plays:
            state = apply(state, play)
        if not state.is_won:
            state = end_turn(state)
    assert state == result.final


def test_minimum_turns_are_distinct_and_complete() -> None:
    variant = Variant(expert=True)
    state = deal(variant, shuffled_deck(variant, 4))
    turns = minimum_turns(state)
    outcomes = {(after.piles, after.hand) for _, after in turns}
    assert len(outcomes) == len(turns) > 0
    for plays, after in turns:
        assert len(plays) == 3
        replay = state
        for play in plays:
            replay = lay(replay, play.card, play.pile)
        assert replay == after


def test_planner_leaves_fewer_cards_than_greedy_on_fixed_deals() -> None:
    greedy = [Simulation(Variant(), "greedy").play(s)["value"] for s in range(20)]
    planner = [Simulation(Variant(), "planner").play(s)["value"] for s in range(20)]
    assert sum(planner) < sum(greedy)


def test_summary() -> None:
    summary = summarise([0, 5, 12, 30])
    assert summary["wins"]["successes"] == 1 and summary["excellent"]["successes"] == 2
    assert summary["mean_cards_left"] == 11.75
    assert summary["distribution"] == {0: 1, 5: 1, 12: 1, 30: 1}
    assert GreedyPlayer().name == "greedy"
