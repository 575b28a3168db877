"""The race verdict of Face to Face (solver/facetoface/race.py) against the brute force.

Wherever the verdict decides a position (the mover wins because they have an
unstoppable plan the opponent cannot outrun, or loses because the opponent has one),
the plain minimax over the reference rules must give the same value; and the plan
search must accept exactly the plans its docstring describes.
"""

from __future__ import annotations

import numpy as np

from playable.solver.facetoface import bruteforce, race
from playable.solver.facetoface.rules import State
from playable.solver.facetoface.search import Solver
from tests.facetoface.test_search import playout_positions


def _plan(hand: tuple[int, ...], draw: tuple[int, ...], up: int, down: int, limit: int = 9) -> int:
    bits = sum(1 << c for c in hand)
    pile = np.zeros(64, dtype=np.int64)
    pile[: len(draw)] = draw
    scratch = np.zeros(race.SCRATCH, dtype=np.int64)
    return int(race.plan_turns(bits, 0, len(draw), pile, up, down, limit, scratch))


def test_plan_length_is_the_turn_the_last_card_arrives() -> None:
    assert _plan((30, 40), (), 1, 60) == 1  # both fit: one turn lays them
    assert _plan((30, 35), (20, 50), 1, 60) == 2  # draws 2 after turn 1
    assert _plan((30,), (20, 50), 1, 60) == race.NO_PLAN  # one card is not a turn (FF-4)
    assert _plan((30, 31), (20, 50, 10), 1, 60) == 3  # the third card arrives in turn 3
    assert _plan((30, 31), (20, 50, 10), 1, 60, limit=2) == race.NO_PLAN
    many = tuple(range(40, 41 + race.MAX_PLAN_DRAWS))  # more to draw than plans search
    assert _plan((30, 31), many, 1, 60) == race.NO_PLAN


def test_plan_needs_two_cards_a_turn_without_blocking_a_pile() -> None:
    # 5 and 9 fit only the up pile, 6 arrives in turn 2 and fits only up: laying 5
    # and 9 in turn 1 leaves 6 nowhere, laying 5 alone is one card (FF-4)
    assert _plan((5, 9), (6,), 1, 5) == race.NO_PLAN
    # with the down pile open to 6 the plan is 5, 9 up, then 6 down
    assert _plan((5, 9), (6,), 1, 7) == 2
    # a card that fits neither pile: no plan
    assert _plan((20, 30), (), 25, 15) == race.NO_PLAN
    # a late low card goes down so that it does not hold the up pile back
    assert _plan((3, 4), (2,), 1, 10) == 2


def _verdict(state: State) -> int:
    solver = Solver(state, 1)
    node = solver._node(state)
    scratch = np.zeros(race.SCRATCH, dtype=np.int64)
    return int(race.verdict(*node, solver.draws, solver.dlens, solver.suffix, scratch))


def test_every_verdict_agrees_with_the_brute_force() -> None:
    decided = {1: 0, -1: 0}
    states = playout_positions(11, 150, max_card=12, left=5)
    states += playout_positions(12, 150, max_card=14, left=4)
    for state in states:
        value = _verdict(state)
        if value == 0:
            continue
        decided[value] += 1
        assert bruteforce.wins(state) == (value == 1), state
    assert decided[1] >= 50 and decided[-1] >= 5, decided  # 151 and 9 when written


def test_reachable_tops_follow_trick_chains() -> None:
    def bits(*cards: int) -> int:
        return sum(1 << c for c in cards)

    assert race.lowest_up_top(30, bits(20)) == 20  # 20 is 30's trick
    assert race.lowest_up_top(30, bits(20, 10)) == 10  # and 10 is 20's
    assert race.lowest_up_top(30, bits(35, 25)) == 25  # 35 up, then 25 by the trick
    assert race.lowest_up_top(30, bits(25)) == 30  # 35 is not there to trick from
    assert race.highest_down_top(30, bits(40, 50)) == 50
    assert race.highest_down_top(30, bits(45)) == 30
    # 24 and 33 fit neither pile ever (up 40, down 20): two turns, one gift each
    assert race.fastest_finish(bits(24, 33), 0, 0, 40, 20, bits(24, 33)) == 2
    assert race.fastest_finish(bits(24, 33), 0, 0, 1, 60, bits(24, 33)) == 1
