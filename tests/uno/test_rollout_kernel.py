"""The compiled heuristic rounds (solver/uno/rollout_kernel.py) are the reference bots'
rounds: from every two-player position the same winner (UN-9) after the same number of
moves as ``simulate.play_round`` with two HeuristicPlayers through the reference rules,
on positions of random play (both options that change the moves: stacking and Reverse
as Skip, UN-5), with hands about to empty and draw piles about to run out; a round
that needs a reshuffle is left to the reference rules, and only such a round."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.uno.engine import ENGINE
from playable.solver.uno.game import GAME
from playable.solver.uno.players import HeuristicPlayer
from playable.solver.uno.rollout_kernel import FAILED, winner
from playable.solver.uno.rules import Options, State, apply, legal_moves, random_deal
from playable.solver.uno.simulate import play_round


def walked(seed: int, moves: int, stacking: bool, reverse_skips: bool, players: int = 2) -> State:
    """A deal of ``seed`` after up to ``moves`` random legal moves (not over)."""
    options = Options(stacking=stacking, reverse_skips=reverse_skips)
    state = random_deal(options, players, seed, seed % players).start()
    rng = random.Random(seed)
    for _ in range(moves):
        after = apply(state, rng.choice(legal_moves(state)))
        if after.is_over:
            break
        state = after
    return state


def reference(state: State) -> tuple[int, int, bool]:
    """The reference bots' round: winner (-1 abandoned), moves, and whether it
    reshuffled the discard pile (UN-9)."""
    record = play_round(
        state, [HeuristicPlayer()] * state.players, random.Random(0), max_moves=2000
    )
    return record.winner, record.moves, record.final.reshuffles > state.reshuffles


def check(state: State) -> bool:
    """The kernel's round is the reference round; True if the kernel finished it."""
    won, moves = winner(state)
    expected, expected_moves, reshuffled = reference(state)
    if won == FAILED:
        assert reshuffled, "the kernel gave up on a round that needs no reshuffle"
        return False
    assert (won, moves) == (expected, expected_moves)
    return True


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    moves=st.integers(0, 60),
    stacking=st.booleans(),
    reverse_skips=st.booleans(),
)
def test_rounds_are_the_reference_bots_rounds(
    seed: int, moves: int, stacking: bool, reverse_skips: bool
) -> None:
    check(walked(seed, moves, stacking, reverse_skips))


def test_long_walks_reach_empty_draw_piles() -> None:
    """Random play draws a lot: after 150-400 random moves the draw pile is short, so
    the kernel meets both rounds it finishes and rounds that need a reshuffle."""
    finished = failed = 0
    for seed in range(40):
        state = walked(seed, 150 + 7 * seed, seed % 3 == 0, seed % 4 != 1)
        if check(state):
            finished += 1
        else:
            failed += 1
    assert finished and failed


def test_more_players_are_left_to_the_reference_rules() -> None:
    assert winner(walked(3, 5, False, True, players=3))[0] == FAILED


def test_the_engine_play_out_gives_the_reference_returns() -> None:
    """``Engine.rollout`` (kernel, else reference rules) returns who won (UN-9)."""
    for seed in range(30):
        state = walked(seed, seed, seed % 2 == 0, True)
        record = play_round(state, [HeuristicPlayer()] * 2, random.Random(0), max_moves=2000)
        expected = None if record.winner < 0 else tuple(map(float, GAME.win_returns(record.final)))
        assert ENGINE.rollout(state, random.Random(seed)) == expected
