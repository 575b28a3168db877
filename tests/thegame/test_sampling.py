"""The sampling player: its rollout kernel, its candidates, what it may see."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.thegame.players import (
    STRATEGIES,
    GreedyPlayer,
    PlannerPlayer,
    minimum_turns,
    play_out,
)
from playable.solver.thegame.rules import (
    State,
    Variant,
    apply,
    deal,
    end_turn,
    lay,
    play_turn,
    shuffled_deck,
)
from playable.solver.thegame.sampling import (
    SamplingPlayer,
    candidate_turns,
    observe,
    turn_score,
)
from playable.solver.thegame.sampling_kernel import GREEDY, PLANNER, Policy, can_lay, rollout
from playable.solver.thegame.simulate import Simulation
from tests.clirun import invoke

SMALL = SamplingPlayer(samples=12)


def kernel_playout(state: State, policy: int, extra_gap: int) -> int:
    """Cards left when the kernel plays ``state`` (a fresh deal) to its end."""
    v = state.variant
    hands = np.zeros((v.players, 8), dtype=np.int64)
    for q, hand in enumerate(state.hands):
        hands[q, : len(hand)] = hand
    counts = np.array([len(h) for h in state.hands], dtype=np.int64)
    return int(
        rollout(
            np.array(state.piles, dtype=np.int64),
            hands,
            counts,
            np.array(state.draw, dtype=np.int64),
            0,
            state.to_move,
            Policy(v.minimum(False), extra_gap, policy),
        )
    )


@pytest.mark.parametrize(
    ("variant", "seed"),
    [(Variant(), 0), (Variant(), 1), (Variant(players=3), 2), (Variant(expert=True), 3)],
)
def test_kernel_rollouts_play_exactly_like_the_reference_players(
    variant: Variant, seed: int
) -> None:
    """The numba greedy and planner policies are the Python players, tie-breaks included
    (TG-3 to TG-7 through the reference rules on the Python side)."""
    state = deal(variant, shuffled_deck(variant, seed))
    assert kernel_playout(state, GREEDY, 2) == play_out(state, GreedyPlayer()).cards_left
    assert kernel_playout(state, PLANNER, 2) == play_out(state, PlannerPlayer()).cards_left


@settings(max_examples=150, deadline=None)
@given(
    players=st.integers(1, 5),
    expert=st.booleans(),
    expert_hand=st.booleans(),
    max_card=st.sampled_from([11, 20, 40, 99]),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 200),
)
def test_compiled_greedy_line_is_the_greedy_players_line(
    players: int, expert: bool, expert_hand: bool, max_card: int, seed: int, steps: int
) -> None:
    """``search.greedy_turns`` (the compiled greedy line the exact search offers) plays
    the same turns as ``play_out(state, GreedyPlayer())`` through the reference rules,
    from positions of random play, in the middle of a turn too (TG-4 to TG-7)."""
    from playable.solver.thegame.rules import InvalidVariant, is_terminal, legal_moves
    from playable.solver.thegame.search import greedy_turns

    try:
        variant = Variant(players, expert, expert_hand, max_card)
    except InvalidVariant:
        return
    rng = random.Random(seed)
    state = deal(variant, shuffled_deck(variant, seed), rng.randrange(players))
    for _ in range(steps):
        if is_terminal(state):
            break
        state = apply(state, rng.choice(legal_moves(state)))
    reference = play_out(state, GreedyPlayer())
    turns, left = greedy_turns(state)
    assert left == reference.cards_left
    assert [(p, [str(m) for m in plays]) for p, plays in turns] == [
        (p, [str(m) for m in plays]) for p, plays in reference.turns
    ]


def test_kernel_can_lay_follows_the_minimum_rule() -> None:
    """TG-7 decision: a turn starts only if the minimum can be reached."""
    piles = np.array([50, 60, 40, 30], dtype=np.int64)
    hand = np.array([55, 44, 47, 0, 0, 0, 0, 0], dtype=np.int64)
    assert can_lay(piles, hand, 3, -1, 1)  # 55 goes on ascending 50
    assert not can_lay(piles, hand, 3, 0, 1)  # without 55: 44 and 47 fit nowhere (TG-3)
    assert not can_lay(piles, hand, 3, -1, 2)  # only 55 fits: a minimum of 2 is out
    hand[2] = 45  # after 55 on pile 0, 45 is exactly 10 below it (TG-3)
    assert can_lay(piles, hand, 3, -1, 2)
    hand[2] = 47
    hand[1] = 40  # exactly 10 below 50 and 10 above 30: the backwards trick (TG-3)
    assert can_lay(piles, hand, 3, -1, 2)
    hand[1] = 20  # 20 below 40 descends on pile 2
    assert can_lay(piles, hand, 3, -1, 2)
    hand[1] = 60  # 20 above 40 is no trick (only exactly 10, TG-3), 60 > 55 only after 55
    assert can_lay(piles, hand, 3, -1, 2)
    piles[1] = piles[0] = 80  # now nothing fits: 55, 60 are not 10 below 80 (TG-3)
    assert not can_lay(piles, hand, 3, -1, 1)


def test_candidates_are_legal_distinct_and_contain_the_planners_turn() -> None:
    variant = Variant()
    state = deal(variant, shuffled_deck(variant, 7))
    for _ in range(5):
        state = play_turn(state, PlannerPlayer().choose_turn(state))
    candidates = candidate_turns(observe(state))
    keys = set()
    for candidate in candidates:
        replayed = state
        for play in candidate.plays:
            replayed = lay(replayed, play.card, play.pile)  # raises if illegal
        assert len(candidate.plays) >= state.minimum
        assert (replayed.piles, replayed.hand) == (candidate.piles, candidate.hand)
        assert candidate.score == turn_score(state.piles, candidate.piles, candidate.hand)
        keys.add((tuple(sorted(candidate.piles[:2])), candidate.piles[2:], candidate.hand))
    assert len(keys) == len(candidates)
    # the minimum-length candidates are the best distinct minimum turns, none merged
    outcomes = {
        (tuple(sorted(a.piles[:2])), tuple(sorted(a.piles[2:])), a.hand)
        for _, a in minimum_turns(state)
    }
    shortest = [c for c in candidates if len(c.plays) == state.minimum]
    assert len(shortest) == min(12, len(outcomes))
    best_minimum = min(
        turn_score(state.piles, after.piles, after.hand) for _, after in minimum_turns(state)
    )
    assert candidates[0].score == best_minimum


def shuffle_hidden(state: State, seed: int) -> State:
    """The same position with the cards the player to move cannot see dealt afresh:
    the other hands and the draw pile keep their sizes, not their cards or order."""
    hidden = [c for q, h in enumerate(state.hands) if q != state.to_move for c in h]
    hidden += list(state.draw)
    random.Random(seed).shuffle(hidden)
    hands: list[tuple[int, ...]] = []
    for q, hand in enumerate(state.hands):
        if q == state.to_move:
            hands.append(hand)
        else:
            hands.append(tuple(hidden[: len(hand)]))
            hidden = hidden[len(hand) :]
    return replace(state, hands=tuple(hands), draw=tuple(hidden))


@pytest.mark.parametrize("players", [1, 3])
def test_the_choice_never_depends_on_hidden_cards(players: int) -> None:
    """TG-10: two positions that differ only in the hidden cards (other hands, draw
    order) get the same turn from the same seed, and the observations are equal."""
    variant = Variant(players=players)
    state = deal(variant, shuffled_deck(variant, 11))
    for _ in range(4):
        state = play_turn(state, PlannerPlayer().choose_turn(state))
    other = shuffle_hidden(state, 5)
    assert other != state and other.hand == state.hand
    assert observe(other) == observe(state)
    assert SMALL.choose_turn(other) == SMALL.choose_turn(state)


def test_the_seed_changes_the_samples_not_the_legality() -> None:
    variant = Variant()
    state = deal(variant, shuffled_deck(variant, 12))
    for seed in range(3):
        plays = SamplingPlayer(samples=12, seed=seed).choose_turn(state)
        assert len(plays) >= state.minimum
        play_turn(state, plays)  # a legal whole turn, or IllegalMove
    again = SamplingPlayer(samples=12, seed=3)
    assert again.choose_turn(state) == SamplingPlayer(samples=12, seed=3).choose_turn(state)


@settings(max_examples=6, deadline=None)
@given(st.integers(1, 5), st.booleans(), st.integers(0, 2**32))
def test_sampling_games_are_legal_terminate_and_repeat(
    players: int, expert: bool, seed: int
) -> None:
    """Every turn replays through the reference rules, the game ends (TG-7) and the
    same seed plays the same game again."""
    variant = Variant(players=players, expert=expert, max_card=50)
    start = deal(variant, shuffled_deck(variant, seed))
    result = play_out(start, SamplingPlayer(samples=6))
    state = start
    for mover, plays in result.turns:
        assert mover == state.to_move and len(plays) >= state.minimum
        for play in plays:
            state = apply(state, play)
        if not state.is_won:
            state = end_turn(state)
    assert state == result.final
    assert play_out(start, SamplingPlayer(samples=6)).turns == result.turns


@pytest.mark.slow
def test_sampling_beats_the_planner_on_fixed_deals() -> None:
    """Strength, on 20 deals (about a minute; benchmarks/thegame_players.py measures it
    on thousands): single deals swing by 20 cards either way."""
    deals = range(20)
    sampling = [Simulation(Variant(), "sampling").play(s)["value"] for s in deals]
    planner = [Simulation(Variant(), "planner").play(s)["value"] for s in deals]
    assert sum(sampling) < sum(planner)


def test_registered_and_options() -> None:
    assert isinstance(STRATEGIES["sampling"](), SamplingPlayer)
    assert Simulation(Variant(), "sampling", samples=5).player() == SamplingPlayer(samples=5)
    with pytest.raises(ValueError, match="sampling strategy only"):
        Simulation(Variant(), "greedy", samples=5)


def test_cli_simulate_sampling_json() -> None:
    args = ["simulate", "thegame", "--bot", "sampling", "--samples", "4", "--games", "2"]
    result = invoke(*args, "--max-card", "40", "--workers", "1", "--json")
    assert result.returncode == 0, result
    summary = json.loads(result.stdout)
    assert summary["strategy"] == "sampling" and summary["samples"] == 4
    assert summary["games"] == 2
    bad = invoke("simulate", "thegame", "--samples", "4", "--games", "1")
    assert bad.returncode == 2
