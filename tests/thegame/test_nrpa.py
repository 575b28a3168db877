"""NRPA (solver/thegame/nrpa_kernel.py): its lines replay through the reference rules, a
search paused and resumed in slices is the same search, and the solver's win phase
takes a win from it."""

from __future__ import annotations

import numpy as np

from playable.solver.core.budget import Budget
from playable.solver.thegame import nrpa_kernel as N
from playable.solver.thegame import search as S
from playable.solver.thegame.notation import Deal
from playable.solver.thegame.rules import Variant, shuffled_deck


def solver_for(variant: Variant, seed: int) -> S._Solver:
    deal = Deal(variant, tuple(shuffled_deck(variant, seed)))
    return S._Solver([deal.start(0)], Budget(None, 10**9, 16).start(), True)


def run_search(
    solver: S._Solver, level: int, slice_nodes: int, limit: int, iterations: int = 20
) -> tuple[int, int, list[int]]:
    """One NRPA search from the solver's first start, called in slices of nodes."""
    run = solver.runs[0]
    nrpa = S._Nrpa(solver)
    reg = np.zeros(N.N_REG, dtype=np.int64)
    reg[N.R_RNG] = 12345
    reg[N.R_LEVEL] = -1
    moves = np.zeros(N.MAX_DEPTH, dtype=np.int64)
    work = N.workspace(level)
    outcome = N.BUDGET
    while outcome == N.BUDGET and reg[N.R_NODES] < limit:
        reg[N.R_LIMIT] = reg[N.R_NODES] + slice_nodes
        outcome = N.nrpa(
            run.params, run.draw, nrpa.roots[0], work, iterations, 1.0, 1.0, reg, moves
        )
    assert outcome != N.BUDGET
    return int(reg[N.R_BEST]), int(reg[N.R_NODES]), [int(m) for m in moves[: reg[N.R_BEST_LEN]]]


def test_lines_replay_and_a_paused_search_is_the_same_search() -> None:
    for variant, seed in ((Variant(1, max_card=40), 3), (Variant(2, expert=True), 1)):
        solver = solver_for(variant, seed)
        whole = run_search(solver, 1, 10**9, 10**9)
        sliced = run_search(solver, 1, 500, 10**9)
        assert sliced == whole
        best, _, path = whole
        line = S.replay(solver.runs[0].root, path, finish=True)
        assert line.cards_left <= best  # the greedy finish may lay more


def test_level_two_wins_a_full_solo_deal() -> None:
    solver = solver_for(Variant(1), 2)
    best, nodes, path = run_search(solver, 2, 1 << 16, 50_000_000, S.NRPA_ITERATIONS)
    assert best == 0 and nodes < 50_000_000
    line = S.replay(solver.runs[0].root, path, finish=True)
    assert line.cards_left == 0


def test_the_win_phase_takes_a_win_from_nrpa() -> None:
    solver = solver_for(Variant(1, expert=True), 2)
    assert S._Nrpa(solver).work(50_000_000)
    assert solver.best is not None and solver.best.cards_left == 0
