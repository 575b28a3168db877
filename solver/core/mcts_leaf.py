"""The exact solvers as leaf solvers of the tree search (docs/analysis.md): each new
node of :func:`playable.solver.core.mcts.search` is given to the game's engine
(:func:`playable.solver.games.engine`) with a tiny node budget, and what the engine
proves becomes the node's bounds, so proofs reach as far as the exact solvers do.

Bounds are in the terms of the player to move at the node (the shared return, or
the margin of the mover's side, :mod:`~playable.solver.core.mcts_model`), read from
the engine's :class:`~playable.solver.core.result.SolveResult`:

* The Game: a line leaving ``objective`` cards proves the value is at least minus
  that, a proven ``bound`` on the cards left that it is at most minus that (TG-8).
* Face to Face: ``value`` ``win``/``loss`` for the player to move (FF-6): margin +2 or -2.
* UNO (two players): ``win`` means the player to move goes out whatever the other
  does (a margin of at least 0 in points, UN-10), ``loss`` that the other does (at
  most 0); with ``wins_only`` (the search's ``outcome`` gives +1/-1 by the winner)
  they are +2 and -2.
* Sequence: a forced win of the mover's side within the engine's depth (SQ-8) is +2;
  no forced win found says nothing.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from playable.solver.core.budget import Budget
from playable.solver.core.engine import SearchOptions
from playable.solver.core.mcts import LeafSolver
from playable.solver.core.result import SolveResult, Status
from playable.solver.games import engine

Bounds = tuple[float, float]
Reader = Callable[[SolveResult, bool], Bounds | None]


def _thegame(result: SolveResult, wins_only: bool) -> Bounds | None:
    low = -math.inf if result.objective is None else 0.0 - result.objective
    high = 0.0 if result.bound is None else 0.0 - result.bound
    return None if (low, high) == (-math.inf, 0.0) else (low, high)


def _win_loss(win: Bounds, loss: Bounds) -> Reader:
    def read(result: SolveResult, wins_only: bool) -> Bounds | None:
        value = result.extra.get("value")
        if value == "win":
            return (2.0, 2.0) if wins_only else win
        if value == "loss":
            return (-2.0, -2.0) if wins_only else loss
        return None

    return read


def _sequence(result: SolveResult, wins_only: bool) -> Bounds | None:
    won = result.status is Status.SOLVED and result.extra.get("winner") == result.extra.get("side")
    return (2.0, 2.0) if won else None


_READERS: dict[str, Reader] = {
    "thegame": _thegame,
    "facetoface": _win_loss((2.0, 2.0), (-2.0, -2.0)),
    "uno": _win_loss((0.0, math.inf), (-math.inf, 0.0)),
    "sequence": _sequence,
}


def engine_leaf_solver(
    name: str,
    *,
    nodes: int = 1000,
    memory_mb: int = 1,
    options: SearchOptions | None = None,
    wins_only: bool = False,
) -> LeafSolver:
    """A leaf solver that asks game ``name``'s engine with ``nodes`` nodes and a
    table of ``memory_mb`` MiB. The engine's kernels are loaded now, before any
    search budget starts."""
    found = engine(name)
    found.warm_up()
    read = _READERS[name]
    chosen = options or SearchOptions(memory_mb=memory_mb)

    def solve(state: Any) -> Bounds | None:
        result = found.solve(state, Budget(nodes=nodes, memory_mb=memory_mb), chosen)
        return read(result, wins_only)

    return solve
