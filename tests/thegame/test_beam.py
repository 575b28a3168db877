"""The beam search (solver/thegame/beam_kernel.py): its lines are legal under the reference
rules, a win it reports lays every card, it never "wins" a position the brute force
proves lost, pausing and resuming changes nothing, and it wins official deals that
the pilot needs far more nodes for."""

from __future__ import annotations

import numpy as np
import pytest

from playable.solver.core.budget import Budget
from playable.solver.core.result import Status
from playable.solver.thegame import beam_kernel as B
from playable.solver.thegame.notation import Deal
from playable.solver.thegame.rules import State, Variant, shuffled_deck
from playable.solver.thegame.search import _Solver, certify, replay, solve

from .search_cases import (
    SMALL_VARIANTS,
    STORED,
    position_from_json,
    random_playout_position,
    tight_position,
)


def run_beam(
    state: State, width: int, noise: int = 0, seed: int = 1, slice_nodes: int = 1 << 40
) -> tuple[int, int, list[int], int]:
    """The beam from ``state`` to its end, paused every ``slice_nodes`` nodes:
    (outcome, cards left at the deepest level, its line, nodes)."""
    solver = _Solver([state], Budget(memory_mb=1), False)
    run = solver.runs[0]
    run.reset(1, 0, 0)
    ws = B.workspace(width, state.variant.players, state.cards_left)
    reg = np.zeros(B.N_REG, dtype=np.int64)
    reg[B.R_RNG] = seed
    reg[B.R_NOISE] = noise
    B.start(run.pos, ws, reg)
    outcome = B.BUDGET
    while outcome == B.BUDGET:
        reg[B.R_LIMIT] = reg[B.R_NODES] + slice_nodes
        outcome = B.run(run.params, run.draw, ws, reg)
    line = np.zeros(2 * state.cards_left + 2, dtype=np.int64)
    n = B.line(ws, reg, line)
    deepest = int(reg[B.R_LEVEL]) - (1 if reg[B.R_SIZE] == 0 else 0)
    return outcome, state.cards_left - deepest, [int(m) for m in line[:n]], int(reg[B.R_NODES])


VARIANTS = [*SMALL_VARIANTS, Variant(1, True, True, 99)]


@pytest.mark.parametrize("variant", VARIANTS, ids=str)
@pytest.mark.parametrize("seed", range(6))
def test_lines_replay_to_their_claimed_score(variant: Variant, seed: int) -> None:
    """Every move of the line is legal under the reference rules (replay raises
    IllegalMove otherwise) and lays the cards the beam claims; a win lays them all."""
    if seed % 3 == 0:
        state = Deal(variant, tuple(shuffled_deck(variant, seed))).start(seed % variant.players)
    elif seed % 3 == 1:
        state = tight_position(variant, seed, seed % 5)
    else:
        state = random_playout_position(variant, seed, 5 + seed)
    outcome, claimed, path, _ = run_beam(state, 16 << seed % 4, 128 * (seed % 2), seed + 1)
    unfinished = replay(state, path, finish=False)
    assert unfinished.cards_left == claimed
    assert replay(state, path, finish=True).cards_left <= claimed
    assert (outcome == B.FOUND) == (claimed == 0)
    if outcome == B.FOUND:
        assert unfinished.final.is_won


LOST = [doc for doc in STORED if doc["optimal_cards_left"] > 0]
WON = [doc for doc in STORED if doc["optimal_cards_left"] == 0]


@pytest.mark.parametrize("number", range(len(LOST)))
def test_never_wins_a_lost_position(number: int) -> None:
    """The stored positions whose brute-force optimum leaves cards are never won, and
    the line leaves at least the optimum."""
    state = position_from_json(LOST[number])
    outcome, _, path, _ = run_beam(state, 64)
    assert outcome != B.FOUND
    assert replay(state, path, finish=True).cards_left >= LOST[number]["optimal_cards_left"]


def test_wins_most_won_positions() -> None:
    """Heuristic, but not blind: width 64 wins most stored positions whose optimum is 0."""
    won = sum(run_beam(position_from_json(doc), 64)[0] == B.FOUND for doc in WON)
    assert won >= 0.8 * len(WON)


@pytest.mark.parametrize("seed", [3, 8])
def test_pausing_changes_nothing(seed: int) -> None:
    """Small slices of nodes give the same line, outcome and nodes as one call
    (up to the level a call finishes after its limit)."""
    variant = Variant(1, True, False, 99)
    state = Deal(variant, tuple(shuffled_deck(variant, seed))).start(0)
    whole = run_beam(state, 256, 64, seed)
    sliced = run_beam(state, 256, 64, seed, slice_nodes=300)
    assert whole == sliced


def test_wins_a_deal_the_pilot_finds_hard() -> None:
    """Solo expert seed 17: the pilot, NRPA and the exhaustive search needed up to
    149 M nodes for it; a beam of width 1,024 wins it with about 260 k."""
    variant = Variant(1, True, False, 99)
    state = Deal(variant, tuple(shuffled_deck(variant, 17))).start(0)
    outcome, claimed, path, nodes = run_beam(state, 1024)
    assert outcome == B.FOUND and claimed == 0
    assert replay(state, path, finish=False).final.is_won
    assert nodes < 400_000


def test_the_solver_wins_with_the_beam() -> None:
    """Solo expert seed 121, undecided by 400 M nodes before the beam, is won within
    a 10 M-node budget, and the reported line replays to a win."""
    variant = Variant(1, True, False, 99)
    deal = Deal(variant, tuple(shuffled_deck(variant, 121)))
    result = solve(deal, Budget(nodes=10_000_000, memory_mb=16))
    assert result.status is Status.SOLVED
    assert certify(deal.start(result.extra["first_player"]), result.to_json()["line"]).is_won
