"""The Game's numba kernels run unchanged as plain Python (``NUMBA_DISABLE_JIT=1``),
where their workspaces (solver/thegame/workspace.py) are plain named tuples, and
search exactly as compiled: the same nodes and results for the systematic search,
the pilot, the beam, NRPA and the sampling player's playouts."""

from __future__ import annotations

from tests.nojit import needs_jit, same_without_jit

SCRIPT = """
import contextlib, json
import numpy as np
from playable.solver.core.budget import Budget
from playable.solver.thegame import search as S
from playable.solver.thegame.notation import Deal
from playable.solver.thegame.rules import Variant, shuffled_deck
from playable.solver.thegame.sampling import SamplingPlayer, candidate_turns, observe

out = []
for players, expert, cards, seed in ((1, False, 99, 5), (3, True, 99, 1)):
    variant = Variant(players, expert, False, cards)
    deal = Deal(variant, tuple(shuffled_deck(variant, seed)))
    starts = [deal.start(p) for p in range(players)]
    solver = S._Solver(starts, Budget(nodes=1500, memory_mb=1).start(), True, False)
    result = solver.run()
    out.append([result.status.value, result.objective, result.bound, result.nodes])
    for kind in (S._Pilots, S._Beams, S._Nrpa):
        solver = S._Solver(starts, Budget(nodes=800, memory_mb=1).start(), True, False)
        won = None
        with contextlib.suppress(S._OutOfBudget):
            won = kind(solver).work(600)
        best = None if solver.best is None else solver.best.cards_left
        out.append([kind.__name__, solver.nodes, won, best])
    obs = observe(starts[0])
    cands = candidate_turns(obs)[:3]
    rng = np.random.default_rng(seed)
    out.append(SamplingPlayer().playouts(obs, cands, rng, 4).tolist())
print(json.dumps(out))
"""


@needs_jit
def test_the_kernels_search_the_same_without_the_jit() -> None:
    compiled = same_without_jit(SCRIPT)
    # every search did some work: a test that cannot fail is no test
    assert all(row[1] > 0 for row in compiled if isinstance(row[0], str) and row[0][0] == "_")
