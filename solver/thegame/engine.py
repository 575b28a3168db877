"""The Game's searches behind the one engine interface (solver/core/engine.py)."""

from __future__ import annotations

import math
import random
from typing import Any

from playable.solver.core.budget import Budget, freeze_loaded_objects
from playable.solver.core.engine import BudgetMaker, Engine, SearchOptions
from playable.solver.core.result import SolveResult
from playable.solver.thegame.rules import State

#: Sampled deals behind the seat player's whole-turn plan (the sampling player's
#: ``samples``; that bot's own default is 128). A decision may take up to 2 s of one
#: core and a plan at 2,048 deals about 0.3 s, so the seat player spends it on the
#: plan: on the first 124 solo deals of probe run seed 4242 the sampling player won 24
#: at 128 deals, 36 at 512 and 41 at 2,048 (benchmarks/results/seat_players.md).
PLAN_SAMPLES = 2048


class TheGameEngine:
    """Exact search for every card laid or the fewest left (TG-8)
    (:mod:`playable.solver.thegame.search`); the analysis solves each move under
    its own budget."""

    analysis_shares_budget = False
    leaf_nodes = 1000

    def warm_up(self) -> None:
        from playable.solver.thegame.search import warm_up

        warm_up()
        freeze_loaded_objects("thegame")

    def solve(self, state: State, budget: Budget, options: SearchOptions) -> SolveResult:
        from playable.solver.thegame.search import solve

        return solve(state, budget)

    def analyse(self, state: State, budgets: BudgetMaker, options: SearchOptions) -> dict[str, Any]:
        from playable.solver.thegame.analysis import analyse

        return analyse(state, budgets)

    def best_proven(self, analysis: dict[str, Any]) -> bool:
        """A move proven to lay every card, or every move's cards left proven (TG-8)."""
        rows = analysis["moves"]
        return any(r["status"] == "solved" for r in rows) or all(r["proven_optimal"] for r in rows)

    def rollout(self, state: State, rng: random.Random) -> tuple[float, ...] | None:
        """The greedy bot plays every seat to the end (deterministic: ``rng`` unused)."""
        from playable.solver.thegame.players import GreedyPlayer, play_out

        left = play_out(state, GreedyPlayer()).cards_left
        return (0.0 - left,) * state.variant.players  # TG-8; never -0.0

    def turn_plan(self, state: State) -> list[Any]:
        """The sampling player's whole turn for the player to move, on
        :data:`PLAN_SAMPLES` sampled deals, then the end of the turn: the seat player's
        default at each card of the turn (solver/core/seat_player.py). The sampling
        player is the best hidden-information bot (docs/results.md); it reads only what
        the player to move sees and seeds its samples with that, so every deal of one
        seat view gets the same plan."""
        from playable.solver.thegame.rules import END_TURN
        from playable.solver.thegame.sampling import SamplingPlayer

        return [*SamplingPlayer(samples=PLAN_SAMPLES).choose_turn(state), END_TURN]

    def order(self, state: State, moves: list[Any]) -> list[Any] | None:
        """The Game: plays by the greedy player's cost (the backwards trick first, then
        the smallest gap, TG-3), ending the turn ranked as a gap of 2 (the greedy
        player's limit past the minimum)."""
        from playable.solver.thegame.players import play_cost
        from playable.solver.thegame.rules import Play

        def cost(move: Any) -> tuple[float, str]:
            return (play_cost(state, move) if isinstance(move, Play) else 2.5, str(move))

        return sorted(moves, key=cost)

    def bounds(self, result: SolveResult, wins_only: bool) -> tuple[float, float] | None:
        """A line leaving ``objective`` cards proves the value is at least minus that;
        a proven ``bound`` on the cards left, at most minus that (TG-8)."""
        low = -math.inf if result.objective is None else 0.0 - result.objective  # not -0.0
        high = 0.0 if result.bound is None else 0.0 - result.bound
        return None if (low, high) == (-math.inf, 0.0) else (low, high)


ENGINE: Engine = TheGameEngine()
