"""The subtree cap of the Face to Face search (rule 10 of docs/solver-facetoface.md)
against the brute force.

With a cap, a subtree that has used its nodes stops and stays unknown (never stored)
and the driver searches again with a larger cap, so the cap may change which
subtrees are finished first but never a value. Tiny caps (1 node, doubling) make
nearly every subtree stop and the search repeat several times: on 300 positions of
small decks (``Variant(max_card=N)``, N = 11 and 15, about 5 and 6 cards left per
player, reached by random play) the value must equal the brute
force's (:mod:`playable.solver.facetoface.bruteforce`), the caps must really have
cut subtrees, and the certified line of :func:`search.solve` must replay through
the reference rules with the right winner.
"""

from __future__ import annotations

import pytest

from playable.solver.core.budget import Budget
from playable.solver.core.result import Status
from playable.solver.facetoface import bruteforce, kernel, search
from playable.solver.facetoface.rules import State, winner
from playable.solver.facetoface.search import LOSS, WIN, Solver
from tests.facetoface.test_search import playout_positions

POSITIONS = 300


@pytest.fixture(scope="module")
def positions() -> list[tuple[State, bool]]:
    states = playout_positions(31, POSITIONS // 2, max_card=11, left=5)
    states += playout_positions(32, POSITIONS - len(states), max_card=15, left=6)
    return [(state, bruteforce.wins(state)) for state in states]


@pytest.mark.parametrize("verdicts", [True, False])
def test_capped_values_agree_with_the_brute_force(
    positions: list[tuple[State, bool]], verdicts: bool
) -> None:
    cuts = repeated = 0
    for state, wins in positions:
        solver = Solver(state, 1)
        solver.subtree_cap, solver.cap_growth = 1, 2
        # without the race and survival verdicts the trees are larger
        solver.race = solver.survival = verdicts
        value = solver.value(state, Budget(seconds=60, memory_mb=1).start())
        assert value == (WIN if wins else LOSS), state
        cuts += solver.counters.cap_cuts
        repeated += solver.counters.searches > 1
    # the caps did stop subtrees, and positions needed more than one search
    print(f"verdicts {verdicts}: {cuts} subtrees cut, {repeated} positions searched again")
    assert cuts > 100
    assert repeated >= 10


def test_capped_solve_certifies_its_line(
    positions: list[tuple[State, bool]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(search, "FIRST_CAP", 1)
    for state, wins in positions[:100]:
        result = search.solve(state, Budget(seconds=60, memory_mb=1))
        assert result.status == (Status.SOLVED if wins else Status.UNSOLVABLE)
        # solve certified the line (search.certify): it ends with the winner winning
        mover = state.to_move
        assert result.objective == (mover if wins else 1 - mover)
        assert winner(result.line.final) == result.objective


def test_no_cap_is_one_plain_search(positions: list[tuple[State, bool]]) -> None:
    for state, wins in positions[:30]:
        plain = Solver(state, 1)
        plain.subtree_cap = 0
        value = plain.value(state, Budget(memory_mb=1).start())
        assert value == (WIN if wins else LOSS)
        assert plain.ctx[kernel.CAP_CUTS] == 0
