"""The pruning rules P2-P6 (solver/thegame/pruning.py) checked on random lines and
against the brute force."""

from __future__ import annotations

import random

import pytest

from playable.solver.thegame.bruteforce import PositionLimit, optimal
from playable.solver.thegame.pruning import (
    available_cards,
    canonical_turn,
    dead_cards,
    split_turn,
    top_class,
)
from playable.solver.thegame.rules import Play, State, Variant, accepts, end_turn, lay, legal_moves

from .search_cases import random_playout_position, tight_position


def random_turn(state: State, rng: random.Random, longest: int) -> list[Play]:
    """A random legal turn of the player to move (at most ``longest`` plays)."""
    plays: list[Play] = []
    while len(plays) < longest:
        options = [m for m in legal_moves(state) if isinstance(m, Play)]
        if not options:
            break
        play = rng.choice(options)
        plays.append(play)
        state = lay(state, play.card, play.pile)
    return plays


def play(state: State, plays: list[Play]) -> State:
    for p in plays:
        state = lay(state, p.card, p.pile)
    return end_turn(state)


@pytest.mark.parametrize("seed", range(80))
def test_p2_a_turn_in_canonical_order_is_legal_and_ends_the_same(seed: int) -> None:
    rng = random.Random(seed)
    variant = Variant(players=1 + seed % 3, expert=seed % 2 == 1, max_card=40 + seed % 50)
    state = random_playout_position(variant, seed, 2 * (seed % 5))
    while state.laid:  # finish the turn in progress: start at a turn boundary
        if state.laid >= state.minimum:
            state = end_turn(state)
        else:
            move = next(m for m in legal_moves(state) if isinstance(m, Play))
            state = lay(state, move.card, move.pile)
    plays = random_turn(state, rng, 8)
    if len(plays) < state.minimum:
        pytest.skip("no legal turn here")
    assert play(state, canonical_turn(plays)) == play(state, plays)


@pytest.mark.parametrize("seed", range(80))
def test_p3_a_long_solo_turn_splits_into_short_legal_turns(seed: int) -> None:
    rng = random.Random(seed)
    variant = Variant(players=1, expert=seed % 2 == 1, max_card=30 + seed % 60)
    state = random_playout_position(variant, seed, 0)
    plays = random_turn(state, rng, 8)
    if len(plays) < state.minimum:
        pytest.skip("no legal turn here")
    whole = play(state, plays)
    split = state
    parts = split_turn(plays, state.minimum)
    for part in parts:
        assert state.minimum <= len(part) < 2 * state.minimum or len(parts) == 1
        split = play(split, part)  # raises IllegalMove if a part were not a legal turn
    assert split == whole


def test_p3_does_not_hold_with_two_players() -> None:
    """Splitting hands a turn to the other player, so the positions differ."""
    variant = Variant(players=2, max_card=40)
    state = random_playout_position(variant, 3, 0)
    plays = random_turn(state, random.Random(3), 4)
    assert len(plays) == 4
    first = play(state, plays[:2])
    assert first.to_move != state.to_move


@pytest.mark.parametrize("seed", range(60))
def test_p5_dead_cards_are_never_laid(seed: int) -> None:
    """Random playouts from a position never lay a card P5 calls dead."""
    rng = random.Random(seed)
    variant = Variant(players=1 + seed % 2, expert=seed % 3 == 0, max_card=50 + seed % 40)
    state = tight_position(variant, seed, seed % 9)
    dead = dead_cards(state)
    for _ in range(20):
        s = state
        while options := legal_moves(s):
            move = rng.choice(options)
            if isinstance(move, Play):
                assert move.card not in dead
            s = lay(s, move.card, move.pile) if isinstance(move, Play) else end_turn(s)


@pytest.mark.parametrize("seed", range(40))
def test_p5_bound_never_exceeds_the_optimum(seed: int) -> None:
    variant = Variant(players=1, expert=seed % 2 == 0, max_card=40 + seed)
    state = tight_position(variant, seed, seed % 3)
    assert len(dead_cards(state)) <= optimal(state).cards_left


def with_top(state: State, pile: int, top: int) -> State:
    piles = list(state.piles)
    piles[pile] = top
    return State(state.variant, tuple(piles), state.hands, state.draw, state.to_move, state.laid)  # type: ignore[arg-type]


def equivalent_tops(state: State, pile: int) -> list[int]:
    """Other tops (laid cards only) of ``pile`` with the same P6 class."""
    available = available_cards(state)
    mine = top_class(pile, state.piles[pile], available)
    laid = [c for c in state.variant.cards if c not in available]
    return [
        t
        for t in laid
        if t != state.piles[pile] and t not in state.piles and top_class(pile, t, available) == mine
    ]


@pytest.mark.parametrize("seed", range(300))
def test_p6_equivalent_tops_have_the_same_optimum(seed: int) -> None:
    """Replacing a top by another of its class (P6) keeps the brute force's optimum;
    and a top of another class takes a different set of cards."""
    rng = random.Random(seed)
    variant = Variant(players=1 + seed % 2, expert=seed % 3 == 0, max_card=20 + seed % 21)
    state = tight_position(variant, seed, seed % 5)
    pile = rng.randrange(4)
    others = equivalent_tops(state, pile)
    if not others:
        pytest.skip("no other top of the same class among the laid cards")
    other = with_top(state, pile, rng.choice(others))
    try:
        expected = optimal(state, limit=20_000).cards_left
    except PositionLimit:
        pytest.skip("too big for the brute force here")
    assert optimal(other).cards_left == expected


@pytest.mark.parametrize("seed", range(40))
def test_p6_class_is_exactly_the_set_of_cards_taken(seed: int) -> None:
    rng = random.Random(seed)
    variant = Variant(max_card=30 + seed)
    available = frozenset(rng.sample(list(variant.cards), 5 + seed % 20))
    for pile in range(4):
        for a in range(1, variant.max_card + 2):
            for b in range(1, variant.max_card + 2):
                same = {c for c in available if accepts(pile, a, c)} == {
                    c for c in available if accepts(pile, b, c)
                }
                assert (top_class(pile, a, available) == top_class(pile, b, available)) == same
