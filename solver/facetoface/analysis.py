"""Every turn of a Face to Face position with its proven value: the document of
``playable analyse facetoface --json`` (docs/json.md, kind ``analyse``), shared by the
CLI and the library API."""

from __future__ import annotations

from typing import Any

from playable.solver.core.budget import Budget
from playable.solver.facetoface import notation
from playable.solver.facetoface.rules import State, winner
from playable.solver.facetoface.search import VALUE_NAMES, Solver


def analyse(state: State, budget: Budget, memory_mb: int) -> dict[str, Any]:
    """Each distinct whole turn of the player to move (a move of analyse is a turn
    here, FF-4) with its value: win, loss, or unknown once the budget, shared by all
    turns, runs out. Winning turns first, shorter first. A finished game (FF-6) has
    no turns; its value is the rules' verdict."""
    budget.start()
    solver = Solver(state, memory_mb)
    over = winner(state)
    rows = [] if over is not None else solver.analyse(state, budget)
    rows.sort(key=lambda row: (-row[2], len(row[0])))
    wins = sum(1 for row in rows if row[2] == 1)
    unknown = sum(1 for row in rows if row[2] == 0)
    if over is not None:
        value = 1 if over == state.to_move else -1
    else:
        value = 1 if wins else (0 if unknown else -1)
    return {
        "game": notation.GAME,
        "to_move": state.to_move,
        "value": VALUE_NAMES[value],
        "winner": None if value == 0 else (state.to_move if value == 1 else 1 - state.to_move),
        "finished": over is not None,
        "moves": [
            {
                "move": notation.format_turn(plays),
                "plays": [{"card": p.card, "pile": p.pile} for p in plays],
                "value": VALUE_NAMES[v],
            }
            for plays, _, v in rows
        ],
        "wins": wins,
        "losses": sum(1 for row in rows if row[2] == -1),
        "unknown": unknown,
        "nodes": solver.counters.nodes,
        "seconds": round(budget.elapsed, 6),
        "tt_entries": solver.counters.tt_entries,
    }
