"""Sequence's player that looks two turns ahead from one seat
(solver/sequence/lookahead.py) and its value (solver/sequence/horizon.py).

* The value: the board's evaluation after the same turns played by GreedyPlayer
  through the reference rules (a dead-card exchange inside its turn), and a game won
  within them worth ``win`` to the winner.
* The player: honest (two positions with the same view of the seat give the same
  decision, candidate values included; a peeking player fails that), a legal move
  always, a winning move taken, a dead card exchanged first (SQ-6).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playable.solver.games import game
from playable.solver.sequence.analysis import WIN_VALUE, evaluate
from playable.solver.sequence.board import CELLS_OF
from playable.solver.sequence.horizon import value_ahead
from playable.solver.sequence.lookahead import LookaheadPlayer
from playable.solver.sequence.players import GreedyPlayer, play_game
from playable.solver.sequence.rules import (
    Place,
    ReplaceDead,
    State,
    Variant,
    apply,
    deal,
    is_terminal,
    legal_moves,
    shuffled_deck,
)
from tests.core.test_seat_player import position, twin

GREEDY = GreedyPlayer()


def greedy_ahead(state: State, side: int, turns: int, win: int) -> int:
    """The value of :func:`value_ahead` through the reference rules and GreedyPlayer."""
    done = 0
    while done < turns and not is_terminal(state):
        mover = state.to_move
        state = apply(state, GREEDY.choose(state))
        if state.to_move != mover:
            done += 1
    if state.winner is not None:
        return win if state.winner == side else -win
    if is_terminal(state):
        return 0
    return evaluate(state, side)


TWO_SIDES = Variant(2, 2)


def mid_game(seed: int, moves: int, variant: Variant = TWO_SIDES) -> State:
    """The deal of ``seed`` after ``moves`` random legal moves (before its end)."""
    rng = random.Random(seed)
    state = deal(variant, shuffled_deck(seed), seed % variant.players)
    for _ in range(moves):
        after = apply(state, rng.choice(legal_moves(state)))
        if is_terminal(after):
            break
        state = after
    return state


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    moves=st.integers(0, 70),
    turns=st.integers(0, 5),
    variant=st.sampled_from([Variant(2, 2), Variant(3, 3), Variant(4, 2)]),
)
def test_the_value_is_the_evaluation_after_greedy_turns(
    seed: int, moves: int, turns: int, variant: Variant
) -> None:
    state = mid_game(seed, moves, variant)
    side = state.side
    assert value_ahead(state, side, turns, 777) == greedy_ahead(state, side, turns, 777)


def test_a_game_won_within_the_turns_is_worth_win() -> None:
    won = 0
    for seed in range(400):
        state = mid_game(seed, 60)
        want = greedy_ahead(state, state.side, 2, WIN_VALUE)
        if abs(want) == WIN_VALUE:
            won += 1
            assert value_ahead(state, state.side, 2, WIN_VALUE) == want
            assert value_ahead(state, 1 - state.side, 2, WIN_VALUE) == -want
    assert won >= 3


def decided(seed: int, moves: int) -> tuple[State, int]:
    """A Sequence position where the seat to move has a choice that is not a dead card."""
    rules = game("sequence")
    state = position("sequence", seed, moves)
    rng = random.Random(seed)
    while len(legal_moves(state)) < 2 or any(
        isinstance(m, ReplaceDead) for m in legal_moves(state)
    ):
        state = rules.apply(state, rng.choice(rules.legal_moves(state)))
    return state, state.to_move


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 40))
def test_identical_views_give_identical_decisions(seed: int, moves: int) -> None:
    state, seat = decided(seed, moves)
    other, _ = twin("sequence", state, seed + 1)
    first, second = LookaheadPlayer(seed=3), LookaheadPlayer(seed=3)
    move = first.choose_move(state, seat)
    assert second.choose_move(other, seat) == move
    assert first.last is not None and first.last == second.last
    assert move in legal_moves(state)


class PeekingPlayer(LookaheadPlayer):
    """A dishonest control: it seeds its deals with the full position's text too."""

    def choose_move(self, state: Any, seat: int | None = None) -> Any:
        self.seed = hash(game("sequence").format(state)) % 1000
        return super().choose_move(state, seat)


def test_a_peeking_player_fails_the_identical_view_test() -> None:
    failed = 0
    for seed in range(3):
        state, seat = decided(seed, 10)
        other, _ = twin("sequence", state, seed + 1)
        first, second = PeekingPlayer(), PeekingPlayer()
        first.choose_move(state, seat)
        second.choose_move(other, seat)
        failed += first.last != second.last
    assert failed >= 1


def test_it_takes_a_winning_move() -> None:
    found = 0
    for seed in range(300):
        state = mid_game(seed, 80)
        if is_terminal(state) or any(isinstance(m, ReplaceDead) for m in legal_moves(state)):
            continue
        if any(apply(state, m).winner == state.side for m in legal_moves(state)):
            found += 1
            move = LookaheadPlayer().choose(state)
            assert isinstance(move, Place) and apply(state, move).winner == state.side
    assert found >= 3


def test_a_dead_card_is_exchanged_first() -> None:
    state = mid_game(5, 0)
    hand = list(state.hand)
    chips = list(state.chips)
    card = next(c for c in hand if not c.startswith("J"))
    for cell in CELLS_OF[card]:
        chips[cell] = 1 - state.side  # both spaces of the card taken: dead (SQ-6)
    dead = replace(state, chips=tuple(chips))
    assert LookaheadPlayer().choose(dead) == ReplaceDead(card)


@pytest.mark.parametrize("seed", range(4))
def test_whole_games_are_legal(seed: int) -> None:
    state = deal(Variant(2, 2), shuffled_deck(seed), seed % 2)
    record = play_game(state, [LookaheadPlayer(seed=seed), GREEDY])
    assert record.winner is not None
