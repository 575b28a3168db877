"""UNO's searches behind the one engine interface (solver/core/engine.py)."""

from __future__ import annotations

import math
import random
from typing import Any

from playable.solver.core.budget import Budget, freeze_loaded_objects
from playable.solver.core.engine import BudgetMaker, Engine, SearchOptions
from playable.solver.core.result import SolveResult
from playable.solver.uno.rules import State

#: moves after which a play-out is dropped (a round of bots that long does not end)
MAX_ROLLOUT_MOVES = 2000


class UnoEngine:
    """The two-player endgame search (:mod:`playable.solver.uno.endgame`: df-pn, its
    first two searches compiled, solver/uno/endgame_kernel.py); the analysis shares
    one budget among the moves."""

    analysis_shares_budget = True
    #: set for the Python df-pn; a 50-node solve takes 0.1 ms of CPU on the kernel,
    #: 0.5 ms in Python (40 positions from random play, 2026-11-26)
    leaf_nodes = 50

    def warm_up(self) -> None:
        """Load (or compile) the endgame and play-out kernels before any budget starts."""
        from playable.solver.uno import rollout_kernel
        from playable.solver.uno.endgame_kernel_search import warm_up

        warm_up()
        rollout_kernel.warm_up()
        freeze_loaded_objects("uno")

    def solve(self, state: State, budget: Budget, options: SearchOptions) -> SolveResult:
        from playable.solver.uno.endgame import solve_position

        return solve_position(state, budget, options.seeded_reshuffles)

    def analyse(self, state: State, budgets: BudgetMaker, options: SearchOptions) -> dict[str, Any]:
        from playable.solver.uno.endgame import analyse_report

        return analyse_report(state, budgets(), options.seeded_reshuffles)

    def best_proven(self, analysis: dict[str, Any]) -> bool:
        """The round over, a move proven to win, or every move proven to lose."""
        values = [row["value"] for row in analysis["moves"]]
        return "win" in values or all(v == "loss" for v in values)

    def rollout(self, state: State, rng: random.Random) -> tuple[float, ...] | None:
        """The heuristic bot plays every seat to the end of the round; None for a
        round it does not end in 2,000 moves. Two players: one compiled call
        (:mod:`~playable.solver.uno.rollout_kernel`, the same rounds move for move,
        about 50 times sooner: benchmarks/results/uno_rollout_speed.md); a round that
        needs a reshuffle (UN-9), or more players, is played through the reference
        rules (every move checked)."""
        from playable.solver.uno.game import GAME
        from playable.solver.uno.players import HeuristicPlayer
        from playable.solver.uno.rollout_kernel import ABANDONED, FAILED, winner
        from playable.solver.uno.simulate import play_round

        won, _ = winner(state, MAX_ROLLOUT_MOVES)
        if won == ABANDONED:
            return None
        if won != FAILED:
            return (1.0, -1.0) if won == 0 else (-1.0, 1.0)
        bots = [HeuristicPlayer()] * state.players
        record = play_round(state, bots, rng, max_moves=MAX_ROLLOUT_MOVES)
        return None if record.winner < 0 else tuple(map(float, GAME.win_returns(record.final)))

    def order(self, state: State, moves: list[Any]) -> list[Any] | None:
        """The heuristic bot's move first, then the others in the rules' order. The bot
        reads only what the player to move sees (its hand, the top card, the counts:
        :func:`~playable.solver.uno.players.view_of`, with no record of missing
        colours), so every deal of one seat view orders alike."""
        from playable.solver.uno.players import HeuristicPlayer, view_of

        first = HeuristicPlayer().choose(view_of(state))
        return [first, *(m for m in moves if m != first)]

    def bounds(self, result: SolveResult, wins_only: bool) -> tuple[float, float] | None:
        """``win``: the player to move goes out whatever the other does, a points
        margin of at least 0 (UN-10); ``loss``: the other does, at most 0. With
        ``wins_only`` (the search values winning alone) +2 and -2."""
        value = result.extra.get("value")
        if value == "win":
            return (2.0, 2.0) if wins_only else (0.0, math.inf)
        if value == "loss":
            return (-2.0, -2.0) if wins_only else (-math.inf, 0.0)
        return None


ENGINE: Engine = UnoEngine()
