"""The Game's searches behind the one engine interface (solver/core/engine.py)."""

from __future__ import annotations

from typing import Any

from playable.solver.core.budget import Budget
from playable.solver.core.engine import BudgetMaker, Engine, SearchOptions
from playable.solver.core.result import SolveResult
from playable.solver.thegame.rules import State


class TheGameEngine:
    """Exact search for every card laid or the fewest left (TG-8)
    (:mod:`playable.solver.thegame.search`); the analysis solves each move under
    its own budget."""

    analysis_shares_budget = False

    def warm_up(self) -> None:
        from playable.solver.thegame.search import warm_up

        warm_up()

    def solve(self, state: State, budget: Budget, options: SearchOptions) -> SolveResult:
        from playable.solver.thegame.search import solve

        return solve(state, budget)

    def analyse(self, state: State, budgets: BudgetMaker, options: SearchOptions) -> dict[str, Any]:
        from playable.solver.thegame.analysis import analyse

        return analyse(state, budgets)


ENGINE: Engine = TheGameEngine()
