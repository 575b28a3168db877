"""The numba play-out kernel against the reference DFS (same answers), on random
hands, dense small pools, the Hamiltonian-reduction instances, and with the JIT off."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.core.budget import Budget
from playable.solver.core.result import Status
from playable.solver.uno import playout_kernel
from playable.solver.uno.cards import WILD, colour_of, full_deck, is_wild
from playable.solver.uno.instances import random_cubic, random_hand, three_bridges
from playable.solver.uno.playout import check_order, from_uno, solve
from playable.solver.uno.playout_kernel import solve_kernel


def test_kernel_agrees_with_the_reference_dfs_on_random_hands() -> None:
    rng = random.Random(21)
    deck = full_deck()
    for _ in range(150):
        drawn = rng.sample(deck, rng.randint(1, 25) + 1)
        top = drawn[0]
        colour = rng.randrange(4) if is_wild(top) else colour_of(top)
        problem = from_uno(drawn[1:], top, colour, honest=rng.random() < 0.7)
        result = solve_kernel(problem)
        assert result.status == solve(problem).status
        if result.status == Status.SOLVED:
            check_order(problem, result.order)


def test_kernel_agrees_on_dense_pools_with_wilds() -> None:
    rng = random.Random(22)
    pool = [c * 13 + s for c in (0, 1) for s in (1, 2, 3) for _ in range(2)] + [WILD, 53, 53]
    for _ in range(150):
        hand = rng.sample(pool, rng.randint(2, 8))
        top = rng.choice([c for c in range(52) if c % 13 in (1, 2, 3, 4)])
        problem = from_uno(hand, top, colour_of(top), honest=rng.random() < 0.5)
        assert solve_kernel(problem).status == solve(problem).status


def test_kernel_on_reduction_instances_and_budget() -> None:
    assert solve_kernel(three_bridges((6, 4, 4), seed=2)).status == Status.UNSOLVABLE
    cubic = random_cubic(14, seed=3)
    assert solve_kernel(cubic).status == Status.SOLVED
    hard = random_cubic(40, seed=1)
    assert solve_kernel(hard, Budget(nodes=50)).status in (Status.UNKNOWN, Status.SOLVED)


def test_kernel_runs_without_the_jit() -> None:
    code = (
        "from solver.uno.instances import three_bridges, random_cubic\n"
        "from solver.uno.playout_kernel import solve_kernel\n"
        "print(solve_kernel(three_bridges((4, 4, 4), 1)).status.value,"
        " solve_kernel(random_cubic(8, 0)).status.value)\n"
    )
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    result = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["unsolvable", "solved"]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 9))
def test_a_search_paused_every_few_nodes_resumes_exactly(seed: int, chunk: int) -> None:
    """The search state lives in the caller's workspaces (playout_workspace.py), so
    a search run in chunks of ``chunk`` nodes visits the same nodes as one run."""
    rng = random.Random(seed)
    problem = random_hand(rng.randint(5, 30), rng.randrange(1 << 30))
    whole = solve_kernel(problem, Budget(nodes=5_000))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(playout_kernel, "CHUNK", chunk)
        pieces = solve_kernel(problem, Budget(nodes=5_000))
    assert (pieces.status, pieces.nodes, pieces.memo) == (whole.status, whole.nodes, whole.memo)
    assert pieces.order == whole.order
