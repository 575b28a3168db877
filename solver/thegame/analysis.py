"""Every next move of a The Game position with its value: the document of
``playable analyse thegame --json`` (docs/json.md, kind ``analyse``), shared by the CLI
and the library API."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playable.solver.core.budget import Budget
from playable.solver.core.jsonkeys import VALUES
from playable.solver.thegame.rules import EndTurn, State, apply, legal_moves
from playable.solver.thegame.search import solve

_ORDER = {"solved": 0, "unsolvable": 1, "unknown": 2}


def analyse(state: State, budget_per_move: Callable[[], Budget]) -> dict[str, Any]:
    """Each legal move (one card, or ending the turn, TG-4) solved under its own
    budget: still fully playable, or the fewest cards left it allows (TG-8); best
    first. A finished game (TG-7) has no moves."""
    rows: list[dict[str, Any]] = []
    for move in legal_moves(state):
        result = solve(apply(state, move), budget_per_move())
        rows.append(
            {
                "move": "end" if isinstance(move, EndTurn) else str(move),
                "status": result.status.value,
                "value": VALUES[result.status],
                "cards_left": result.objective,
                "bound": result.bound,
                "proven_optimal": result.proven_optimal,
                "nodes": result.nodes,
                "seconds": round(result.seconds, 6),
                "tt_entries": result.tt_entries,
            }
        )
    rows.sort(
        key=lambda r: (r["cards_left"] if r["cards_left"] is not None else 999, _ORDER[r["status"]])
    )
    return {
        "game": "thegame",
        "to_move": state.to_move,
        "laid": state.laid,
        "moves": rows,
        **{k: sum(r[k] for r in rows) for k in ("nodes", "tt_entries")},
        "seconds": round(sum(r["seconds"] for r in rows), 6),
    }
