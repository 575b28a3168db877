"""The simulator: dealer choice (UN-2), UNO call penalties (UN-8), matches scored
to the target (UN-10), bots that only play legal moves."""

from __future__ import annotations

import random

from playable.solver.uno.players import GreedyPlayer, HeuristicPlayer, RandomPlayer, view_of
from playable.solver.uno.rules import Options, Scoring, apply, legal_moves, random_deal
from playable.solver.uno.simulate import (
    choose_dealer,
    dealer_value,
    highest_drawers,
    play_match,
    play_round,
)
from tests.uno.helpers import cards, position


def test_un2_highest_number_deals_and_action_cards_count_zero() -> None:
    r9, gs, w4, b9 = cards("R9 GS W4 B9")
    assert [dealer_value(c) for c in (r9, gs, w4)] == [9, 0, 0]
    assert highest_drawers({0: gs, 1: r9, 2: w4}) == [1]
    assert highest_drawers({0: b9, 1: r9, 2: w4}) == [0, 1]  # a tie: they draw again
    assert 0 <= choose_dealer(5, random.Random(1)) < 5


def test_un8_forgetting_uno_costs_two_cards() -> None:
    s = position(["R1 R2", "G7 G8"], "R5", draw="B1 B2 B3")
    players = [GreedyPlayer(), GreedyPlayer()]
    called = play_round(s, players, random.Random(0), forget_uno=0.0, max_moves=1)
    assert len(called.final.hands[0]) == 1 and called.uno_penalties == 0
    forgot = play_round(s, players, random.Random(0), forget_uno=1.0, max_moves=1)
    assert len(forgot.final.hands[0]) == 3 and forgot.uno_penalties == 1


def test_un10_standard_match_ends_at_500_with_the_winner_over_it() -> None:
    record = play_match(["greedy", "heuristic", "random"], Options(), seed=3)
    assert record.winner >= 0 and record.totals[record.winner] >= 500
    assert sum(1 for t in record.totals if t >= 500) == 1


def test_un10_alternative_match_lowest_total_wins() -> None:
    options = Options(scoring=Scoring.ALTERNATIVE)
    record = play_match(["greedy", "greedy", "random"], options, seed=4)
    assert max(record.totals) >= 500
    assert record.totals[record.winner] == min(record.totals)


def test_bots_choose_legal_moves_only() -> None:
    bots = [RandomPlayer(1), GreedyPlayer(), HeuristicPlayer()]
    for seed in range(30):
        state = random_deal(Options(stacking=seed % 2 == 0), 3, seed).start()
        for _ in range(200):
            if state.is_over:
                break
            move = bots[state.to_move].choose(view_of(state))
            assert move in legal_moves(state)
            state = apply(state, move)


def test_seat_rotation_credits_the_right_bot() -> None:
    from playable.solver.uno.simulate import run_matches

    tally = run_matches(["random", "greedy", "random"], 6, 0, Options())
    assert sum(tally.wins) == 6
    assert tally.wins[1] >= 5  # greedy beats two random bots, whatever its seat


def test_turn_plans_chain_action_cards_with_two_players() -> None:
    from playable.solver.uno.players import turn_plans

    hand = tuple(cards("RS GS G1 B7"))
    top = cards("R5")[0]
    plans = [[str(m) for m in p] for p in turn_plans(hand, top, 0, two_players=True)]
    assert ["RS", "GS", "G1"] in plans
    single = [[str(m) for m in p] for p in turn_plans(hand, top, 0, two_players=False)]
    assert all(len(p) == 1 for p in single)
    reverse = tuple(cards("RR R1"))
    assert ["RR", "R1"] in [[str(m) for m in p] for p in turn_plans(reverse, top, 0, True)]
    off = turn_plans(reverse, top, 0, True, reverse_skips=False)
    assert all(len(p) == 1 for p in off)  # UN-5 option off: Reverse passes the turn


def test_void_tracker_records_a_draw_and_pass() -> None:
    from playable.solver.uno.players import VoidTracker
    from playable.solver.uno.rules import DRAW

    s = position(["G1 G2", "Y1"], "R5", draw="B9")
    tracker = VoidTracker(2)
    after = apply(s, DRAW)
    tracker.update(s, DRAW, after)
    assert tracker.snapshot()[0] == frozenset({0})  # lacks red
    assert view_of(after, tracker.snapshot()).voids[0] == frozenset({0})
