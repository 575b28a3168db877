"""Sequence's searches behind the one engine interface (solver/core/engine.py)."""

from __future__ import annotations

import random
from typing import Any

from playable.solver.core.budget import Budget
from playable.solver.core.engine import BudgetMaker, Engine, SearchOptions
from playable.solver.core.result import SolveResult, Status
from playable.solver.sequence.rules import State


class SequenceEngine:
    """A forced win within ``depth`` own turns (:mod:`playable.solver.sequence.search`:
    the threat-space search of :mod:`playable.solver.sequence.threats` first, then the
    full search); the analysis reports sequences, threats and the best move, and with
    ``depth`` > 0 proves a forced win too. A proven win is reported even when it is not
    proven the fastest (``proven_optimal`` false, ``bound`` the fewest own turns not
    excluded; docs/solver-sequence.md)."""

    analysis_shares_budget = True
    leaf_nodes = 1000

    def warm_up(self) -> None:
        from playable.solver.sequence import playout_kernel
        from playable.solver.sequence.search import warm_up

        warm_up()
        playout_kernel.warm_up()

    def solve(self, state: State, budget: Budget, options: SearchOptions) -> SolveResult:
        from playable.solver.sequence.search import forced_win

        return forced_win(state, options.depth, budget, fastest=False)

    def analyse(self, state: State, budgets: BudgetMaker, options: SearchOptions) -> dict[str, Any]:
        from playable.solver.sequence.analysis import analyse
        from playable.solver.sequence.search import forced_win

        proof = None
        if options.depth > 0 and state.winner is None:
            proof = forced_win(state, options.depth, budgets(), fastest=False)
        return analyse(state).to_json(proof)

    def best_proven(self, analysis: dict[str, Any]) -> bool:
        """The game over, or a forced win proven (SQ-8); the evaluation's best move is
        a heuristic's, not a proof."""
        proof = analysis.get("proof")
        won = isinstance(proof, dict) and proof.get("status") == "solved"
        return analysis.get("winner") is not None or won

    def rollout(self, state: State, rng: random.Random) -> tuple[float, ...] | None:
        """The greedy bot at every seat plays the game out in one compiled call
        (:mod:`playable.solver.sequence.playout_kernel`, exactly GreedyPlayer's moves;
        deterministic, so ``rng`` is unused): 1 for the players of the side that won,
        -1 for the others (SQ-8); 0 for all when nobody can ever play again; None
        (the search then plays random moves) when the play-out would draw an unknown
        card or runs past its move limit."""
        from playable.solver.sequence.playout_kernel import DEADLOCK, play_out

        if not 0 <= state.seed < 1 << 62:
            return None
        result = play_out(state)
        players = state.variant.players
        if result.winner is not None:
            won = result.winner
            return tuple(1.0 if p % state.variant.sides == won else -1.0 for p in range(players))
        return (0.0,) * players if result.outcome == DEADLOCK else None

    def order(self, state: State, moves: list[Any]) -> list[Any] | None:
        """Sequence: moves by the greedy player's one-ply gain, best first."""
        from playable.solver.sequence.analysis import gain

        return sorted(moves, key=lambda m: (-gain(state, m), str(m)))

    def bounds(self, result: SolveResult, wins_only: bool) -> tuple[float, float] | None:
        """A forced win of the mover's side within the depth (SQ-8) is a margin of
        +2; no forced win found proves nothing."""
        mover_wins = result.extra.get("winner") == result.extra.get("side")
        return (2.0, 2.0) if result.status is Status.SOLVED and mover_wins else None


ENGINE: Engine = SequenceEngine()
