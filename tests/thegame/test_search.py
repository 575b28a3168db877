"""The solver (solver/thegame/search.py) against the brute force, stored answers,
the certificate replay, budgets and the first-player choice (TG-9)."""

from __future__ import annotations

import json

import pytest

from playable.solver.core.budget import Budget
from playable.solver.core.errors import IllegalMove
from playable.solver.core.result import SolveResult, Status
from playable.solver.thegame.bruteforce import optimal, optimal_deal
from playable.solver.thegame.notation import Deal
from playable.solver.thegame.players import GreedyPlayer, play_out
from playable.solver.thegame.rules import State, Variant, is_terminal, shuffled_deck
from playable.solver.thegame.search import certify, solve

from .search_cases import STORED, position_from_json, random_playout_position, tight_position

SMALL = Budget(memory_mb=4)


def check_certificate(root: State, result: SolveResult) -> None:
    """The reported line replays through the rules to a finished game with the
    reported number of cards left (TG-7, TG-8)."""
    final = certify(root, result.to_json()["line"])
    assert final.cards_left == result.objective
    assert final.is_won or is_terminal(final)


def check_against(root: State | Deal, expected: int) -> SolveResult:
    result = solve(root, Budget(memory_mb=4))
    assert result.objective == expected
    assert result.proven_optimal
    assert result.bound == expected
    assert result.status is (Status.SOLVED if expected == 0 else Status.UNSOLVABLE)
    start = root.start(result.extra["first_player"]) if isinstance(root, Deal) else root
    check_certificate(start, result)
    return result


def test_the_stored_positions_include_unsolvable_ones() -> None:
    values = [doc["optimal_cards_left"] for doc in STORED]
    assert len(values) >= 100
    assert sum(v > 0 for v in values) >= 30
    assert sum(v == 0 for v in values) >= 30


@pytest.mark.parametrize("number", range(len(STORED)))
def test_stored_positions_with_known_optimum(number: int) -> None:
    """Regression positions whose optimum the brute force computed (tests/data)."""
    doc = STORED[number]
    check_against(position_from_json(doc), doc["optimal_cards_left"])


CONFIGS = [
    Variant(1, False, False, 44),
    Variant(1, True, False, 50),
    Variant(1, True, True, 60),
    Variant(2, True, True, 50),
    Variant(3, True, True, 48),
]


@pytest.mark.parametrize("variant", CONFIGS, ids=str)
@pytest.mark.parametrize("seed", range(12))
def test_tight_positions_agree_with_the_brute_force(variant: Variant, seed: int) -> None:
    if variant.players > 1 and seed >= 6:
        pytest.skip("the brute force is slow here; the stored positions cover more")
    state = tight_position(variant, 1000 + seed, seed % 3 if variant.players == 1 else 0)
    check_against(state, optimal(state).cards_left)


@pytest.mark.parametrize("seed", range(24))
def test_positions_in_mid_turn_agree_with_the_brute_force(seed: int) -> None:
    """Positions reached by random moves, often in the middle of a turn (P3's
    exemption for the root's turn)."""
    variant = Variant(1 + seed % 2, seed % 3 == 0, False, 24 + seed % 6)
    state = random_playout_position(variant, seed, 5 + seed % 7)
    check_against(state, optimal(state).cards_left)


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("players", [1, 2, 3])
def test_fresh_deals_agree_with_the_brute_force(seed: int, players: int) -> None:
    """TG-9: the solver picks the first player; its value is the best over every
    start (the brute force's ``optimal_deal``) and its line starts with that player."""
    variant = Variant(players, players > 1, False, 20 + (seed if players < 3 else seed % 5))
    deal = Deal(variant, tuple(shuffled_deck(variant, seed)))
    _, best = optimal_deal([deal.start(p) for p in range(players)])
    check_against(deal, best.cards_left)


def test_a_budget_that_runs_out_says_unknown_never_wrong() -> None:
    variant = Variant(1, False, False, 99)
    deal = Deal(variant, tuple(shuffled_deck(variant, 1)))
    result = solve(deal, Budget(nodes=50, memory_mb=4))
    assert result.status is Status.UNKNOWN
    assert not result.proven_optimal
    assert result.bound == 0
    # the reported line is replayed and no worse than the greedy player's
    check_certificate(deal.start(result.extra["first_player"]), result)
    assert result.objective is not None
    assert result.objective <= play_out(deal.start(0), GreedyPlayer()).cards_left


def test_an_official_deal_is_solved_with_a_replayed_line() -> None:
    variant = Variant(1, False, False, 99)
    deal = Deal(variant, tuple(shuffled_deck(variant, 2)))
    result = solve(deal, Budget(seconds=20, memory_mb=16))
    assert result.status is Status.SOLVED
    assert result.objective == 0
    check_certificate(deal.start(0), result)
    json.dumps(result.to_json())


def test_a_blocked_start_is_scored_as_it_stands() -> None:
    variant = Variant(max_card=20)
    state = State(variant, (19, 18, 3, 2), ((20, 4, 5, 6, 7, 14, 15, 16),), (17, 8), 0, 0)
    result = check_against(state, 10)
    assert not result.line


def test_a_turn_that_cannot_reach_its_minimum_is_not_a_position() -> None:
    """TG-7 decision: such a turn is never played, so the solver refuses it."""
    variant = Variant(max_card=20)
    hand = (4, 5, 6, 7, 8, 11, 14)  # nothing fits 20, 19 (ascending) or 2, 3 (descending)
    state = State(variant, (20, 19, 2, 3), (hand,), (9, 10, 12, 13, 15, 16, 18), 0, 1)
    with pytest.raises(IllegalMove):
        solve(state, SMALL)


@pytest.mark.parametrize("number", range(0, 200, 10))
def test_p1_swapping_the_piles_of_a_pair_changes_nothing(number: int) -> None:
    doc = STORED[number]
    state = position_from_json(doc)
    a, b, c, d = state.piles
    mirror = State(state.variant, (b, a, d, c), state.hands, state.draw, state.to_move)
    check_against(mirror, doc["optimal_cards_left"])


def test_a_position_won_in_the_middle_of_a_turn_is_solved_with_an_empty_line() -> None:
    won = State(Variant(max_card=20), (20, 1, 21, 21), ((),), (), 0, 1)
    result = solve(won)
    assert result.status.value == "solved" and result.objective == 0 and not result.line


def test_the_suffix_repair_completes_the_best_line_into_a_win(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A solo expert deal the pilot does not win within 3 M nodes (measured); the
    repair wins it from a late position of the best line, and the whole line
    replays through the rules. The beam search, which wins it sooner, is off."""
    from playable.solver.thegame import search

    monkeypatch.setattr(search, "REPAIR_AFTER", 300_000)
    monkeypatch.setattr(search, "BEAM_SHARE", 0)
    monkeypatch.setattr(search, "BEAM_SHARE_LATE", 0)
    wins: list[bool] = []
    step = search._Repair.step

    def counted(self: search._Repair) -> bool:
        wins.append(step(self))
        return wins[-1]

    monkeypatch.setattr(search._Repair, "step", counted)
    variant = Variant(1, True, False, 99)
    deal = Deal(variant, tuple(shuffled_deck(variant, 109)))
    result = solve(deal, Budget(nodes=3_000_000, memory_mb=16))
    assert result.status is Status.SOLVED and wins and wins[-1]
    check_certificate(deal.start(result.extra["first_player"]), result)


def test_the_suffix_repair_changes_no_answer_of_the_stored_positions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the repair on from the first node and given every node it asks for, the
    stored positions (1-5 players, won and lost) keep their brute-force optimum."""
    from playable.solver.thegame import search

    monkeypatch.setattr(search, "REPAIR_AFTER", 0)
    monkeypatch.setattr(search, "REPAIR_SHARE", 1.0)
    calls: list[int] = []
    step = search._Repair.step

    def counted(self: search._Repair) -> bool:
        calls.append(1)
        return step(self)

    monkeypatch.setattr(search._Repair, "step", counted)
    for doc in STORED:
        check_against(position_from_json(doc), doc["optimal_cards_left"])
    assert len(calls) >= 20
