"""The exact solvers as leaf solvers of the tree search (docs/analysis.md): each new
node of :func:`playable.solver.core.mcts.search` is given to the game's engine
(:func:`playable.solver.games.engine`) with a tiny node budget, and what the engine
proves becomes the node's bounds, so proofs reach as far as the exact solvers do.

Each engine says what its results prove (``Engine.bounds``: in the terms of the
player to move at the node, the shared return or the margin of the mover's side) and
how many of its nodes cost a few milliseconds (``Engine.leaf_nodes``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playable.solver.core.budget import Budget
from playable.solver.core.engine import SearchOptions
from playable.solver.core.errors import InvalidVariant
from playable.solver.core.mcts import LeafSolver
from playable.solver.games import engine


def engine_leaf_solver(
    name: str,
    *,
    nodes: int | None = None,
    memory_mb: int = 1,
    options: SearchOptions | None = None,
    wins_only: bool = False,
) -> LeafSolver:
    """A leaf solver that asks game ``name``'s engine with ``nodes`` nodes (default:
    the engine's ``leaf_nodes``) and a table of ``memory_mb`` MiB. The engine's
    kernels are loaded now, before any search budget starts."""
    found = engine(name)
    found.warm_up()
    limit = nodes if nodes is not None else found.leaf_nodes
    chosen = options or SearchOptions(memory_mb=memory_mb, line=False)
    # an engine may say where a solve of leaf size cannot prove anything (Face to Face)
    worth: Callable[[Any], bool] = getattr(found, "leaf_worth", lambda state: True)

    def solve(state: Any) -> tuple[float, float] | None:
        if not worth(state):
            return None
        try:
            result = found.solve(state, Budget(nodes=limit, memory_mb=memory_mb), chosen)
        except InvalidVariant:  # a variant the exact solver is not for (UNO, 3+ players)
            return None
        return found.bounds(result, wins_only)

    return solve
