"""UNO's searches behind the one engine interface (solver/core/engine.py)."""

from __future__ import annotations

from typing import Any

from playable.solver.core.budget import Budget
from playable.solver.core.engine import BudgetMaker, Engine, SearchOptions
from playable.solver.core.result import SolveResult
from playable.solver.uno.rules import State


class UnoEngine:
    """The two-player endgame search (:mod:`playable.solver.uno.endgame`, df-pn in
    Python: no kernel to load); the analysis shares one budget among the moves."""

    analysis_shares_budget = True

    def warm_up(self) -> None:
        """Nothing to load: the endgame search is plain Python."""

    def solve(self, state: State, budget: Budget, options: SearchOptions) -> SolveResult:
        from playable.solver.uno.endgame import solve_position

        return solve_position(state, budget, options.seeded_reshuffles)

    def analyse(self, state: State, budgets: BudgetMaker, options: SearchOptions) -> dict[str, Any]:
        from playable.solver.uno.endgame import analyse_report

        return analyse_report(state, budgets(), options.seeded_reshuffles)


ENGINE: Engine = UnoEngine()
