"""TG-10 pile-level signals: what is said, that nothing else leaks, and its effect."""

from __future__ import annotations

import random

import pytest

from playable.solver.thegame.players import GreedyPlayer, PlannerPlayer, play_out
from playable.solver.thegame.rules import Play, State, Variant, deal, shuffled_deck
from playable.solver.thegame.signals import RESERVE_PENALTY, fits_well, penalty, reserved_piles
from playable.solver.thegame.simulate import Simulation

TWO = Variant(players=2)


def position(
    mover: tuple[int, ...],
    other: tuple[int, ...],
    piles: tuple[int, int, int, int] = (20, 30, 80, 70),
) -> State:
    return State(TWO, piles, (mover, other), draw=(), to_move=0)


def test_a_close_card_or_a_trick_card_reserves_its_pile() -> None:
    # the other player holds 22 (gap 2 on pile 0) and 80 (trick on descending 70)
    assert reserved_piles(position((50,), (22, 80))) == {0, 3}
    # 33 leaves a gap of 3 on pile 1: too far to ask for the pile
    assert reserved_piles(position((50,), (33,))) == frozenset()
    # the mover's own cards are never a remark
    assert reserved_piles(position((21, 79), (50,))) == frozenset()


def test_fits_well_in_both_directions() -> None:
    assert fits_well(0, 20, 22) and fits_well(0, 20, 10) and not fits_well(0, 20, 23)
    assert fits_well(2, 80, 78) and fits_well(2, 80, 90) and not fits_well(2, 80, 81)


def test_penalty_only_for_jumps_on_reserved_piles() -> None:
    reserved = frozenset({1})
    assert penalty(1, 5, reserved) == RESERVE_PENALTY
    assert penalty(1, 1, reserved) == 0  # a gap of 1 buries no number
    assert penalty(1, -10, reserved) == 0  # the trick moves the pile back
    assert penalty(0, 5, reserved) == 0


def test_greedy_leaves_a_reserved_pile_when_another_is_as_good() -> None:
    # 24 and 84 both leave a gap of 4; the other player holds 22 for pile 0
    state = position((24, 66, 45, 51), (22, 60), piles=(20, 90, 80, 70))
    assert state.to_move == 0
    plain = GreedyPlayer().choose_turn(state)
    heard = GreedyPlayer(signals=True).choose_turn(state)
    assert Play(24, 0) in plain and Play(24, 0) not in heard


@pytest.mark.parametrize("player", [GreedyPlayer(signals=True), PlannerPlayer(signals=True)])
def test_hidden_cards_matter_only_through_the_reserved_piles(
    player: GreedyPlayer | PlannerPlayer,
) -> None:
    """Shuffle the cards the mover cannot see among the other hands and the draw
    pile; whenever the reserved piles stay the same, so does the chosen turn."""
    rng = random.Random(7)
    compared = 0
    for seed in range(30):
        variant = Variant(players=3)
        state = deal(variant, shuffled_deck(variant, seed))
        hidden = [c for q, h in enumerate(state.hands) if q != state.to_move for c in h]
        hidden += list(state.draw)
        for _ in range(5):
            rng.shuffle(hidden)
            hands, rest = list(state.hands), iter(hidden)
            for q, h in enumerate(hands):
                if q != state.to_move:
                    hands[q] = tuple(sorted(next(rest) for _ in h))
            other = State(variant, state.piles, tuple(hands), tuple(rest), state.to_move)
            if reserved_piles(other) == reserved_piles(state):
                compared += 1
                assert player.choose_turn(other) == player.choose_turn(state)
    assert compared >= 20


def test_solo_players_are_unchanged_by_signals() -> None:
    variant = Variant(players=1)
    for seed in range(5):
        state = deal(variant, shuffled_deck(variant, seed))
        for make in (GreedyPlayer, PlannerPlayer):
            assert play_out(state, make(signals=True)) == play_out(state, make())


def test_signals_help_a_team_of_two_on_fixed_deals() -> None:
    plain = [Simulation(TWO, "planner").play(s)["value"] for s in range(30)]
    heard = [Simulation(TWO, "planner", signals=True).play(s)["value"] for s in range(30)]
    assert sum(heard) < sum(plain)


def test_signals_are_refused_for_the_sampling_player() -> None:
    with pytest.raises(ValueError, match="signals"):
        Simulation(TWO, "sampling", signals=True)
