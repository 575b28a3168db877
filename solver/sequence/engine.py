"""Sequence's searches behind the one engine interface (solver/core/engine.py)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from playable.solver.core.budget import Budget, freeze_loaded_objects
from playable.solver.core.engine import BudgetMaker, Engine, SearchOptions
from playable.solver.core.result import SolveResult, Status
from playable.solver.sequence.rules import CORNER, State


class SequenceEngine:
    """A forced win within ``depth`` own turns (:mod:`playable.solver.sequence.search`:
    the threat-space search of :mod:`playable.solver.sequence.threats` first, then the
    full search); the analysis reports sequences, threats and the best move, and with
    ``depth`` > 0 proves a forced win too. A proven win is reported even when it is not
    proven the fastest (``proven_optimal`` false, ``bound`` the fewest own turns not
    excluded; docs/solver-sequence.md)."""

    analysis_shares_budget = True
    leaf_nodes = 1000
    #: the tree search ranks each node's moves by the greedy bot's gain (:meth:`order`)
    #: as its prior (docs/analysis.md, "A prior from the quick bot"): at 150 nodes a
    #: decision the analysis won 28 of 30 games against the greedy bot with it and 19
    #: of the same 30 without (tuning run seed 20261130 of benchmarks/analysis_strength.py)
    tree_prior = True

    def warm_up(self) -> None:
        from playable.solver.sequence import playout_kernel
        from playable.solver.sequence.search import warm_up

        warm_up()
        playout_kernel.warm_up()
        freeze_loaded_objects("sequence")

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

    def prove_loss(
        self, state: State, budget: Budget, options: SearchOptions
    ) -> tuple[float, float] | None:
        """A loss of the side to move within ``options.depth`` own turns of the winner
        (every move lets another side force a win, :mod:`~playable.solver.sequence.loss`)
        as the bounds of :meth:`bounds` with ``wins_only``, or None when not proven."""
        from playable.solver.sequence.loss import LossSearch

        return (-2.0, -2.0) if LossSearch(budget.start(), options.depth).loses(state) else None

    def leaf_worth(self, state: State) -> bool:
        """Whether a leaf solve of ``state`` (the tree search's, docs/analysis.md) can
        prove anything: its only proof is a forced win of the side to move within
        ``SearchOptions().depth`` own turns (SQ-8), and each own turn adds at most one
        chip of the side, so it cannot when the side's missing sequences need more
        chips than that (:func:`chips_short`; the distance cut of
        solver/sequence/threats_kernel.py, weakened). Skipping such a solve changes
        no answer, only the time it took."""
        return chips_short(state) <= SearchOptions().depth

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
        return _played_out(state, stronger=False)

    def strong_rollout(self, state: State, rng: random.Random) -> tuple[float, ...] | None:
        """As :meth:`rollout` with the stronger bot's first-ranked move at every seat
        (the kernel's ``stronger``): about twice the cost of a greedy play-out, and
        what the seat player's Monte Carlo plays (solver/core/seat_player.py)."""
        return _played_out(state, stronger=True)

    def turn_plan(self, state: State) -> list[Any]:
        """The stronger bot's move for the player to move (a turn is one move; a
        dead-card exchange, SQ-6, keeps the turn and the plan is made again from the
        view it leads to): the seat player's default (solver/core/seat_player.py).
        The stronger bot reads only the mover's seat view (its hand, the board and
        the discards) and beats the greedy bot (benchmarks/results/sequence_bots.md),
        whose gain still orders the other candidates (:meth:`order`)."""
        from playable.solver.sequence.players import StrongerPlayer

        return [StrongerPlayer().choose(state)]

    def order(self, state: State, moves: list[Any]) -> list[Any] | None:
        """Sequence: moves by the greedy player's one-ply gain, best first; a move that
        needs the next card of an unknown draw pile (SQ-4) last."""
        from playable.solver.core.errors import IllegalMove
        from playable.solver.sequence.analysis import gain

        def key(move: Any) -> tuple[float, str]:
            try:
                return (-gain(state, move), str(move))
            except IllegalMove:
                return (float("inf"), str(move))

        return sorted(moves, key=key)

    def bounds(self, result: SolveResult, wins_only: bool) -> tuple[float, float] | None:
        """A forced win of the mover's side within the depth (SQ-8) is a margin of
        +2; no forced win found proves nothing."""
        mover_wins = result.extra.get("winner") == result.extra.get("side")
        return (2.0, 2.0) if result.status is Status.SOLVED and mover_wins else None


def chips_short(state: State) -> int:
    """A lower bound on the own turns the side to move needs to win (SQ-7, SQ-8):
    each own turn places at most one chip of the side or removes one chip of
    another side (SQ-5), so a line it may still claim (sharing at most one space
    with each of its sequences) costs one turn per empty space and two per chip of
    another side (remove, then place; none can be removed from a sequence). For one
    missing sequence the cheapest line; for two, the two cheapest less two: two lines
    of the side share at most one space (SQ-7), counted in both, and that space costs
    at most two turns (a chip of another side: remove, then place)."""
    from playable.solver.sequence.playout_kernel import LINE_CELLS, SHARED

    side = state.side
    missing = state.variant.sequences_to_win - state.sequence_count(side)
    if missing <= 0:
        return 0
    chips = np.array(state.chips, dtype=np.int64)
    on_lines = chips[LINE_CELLS]
    own = ((on_lines == side) | (on_lines == CORNER)).sum(axis=1)
    others = (on_lines >= 0).sum(axis=1) - (on_lines == side).sum(axis=1)
    costs = 5 - own + others
    locked = np.zeros(len(chips), dtype=bool)  # chips of others in their sequences
    for seq in state.sequences:
        if seq.side == side:
            costs[SHARED[seq.line] > 1] = IMPOSSIBLE
        else:
            locked[LINE_CELLS[seq.line]] = True
    locked &= chips >= 0  # the free corners are nobody's
    costs[locked[LINE_CELLS].any(axis=1)] = IMPOSSIBLE
    best = np.partition(costs, 1)[:2]
    return int(best[0]) if missing == 1 else int(best[0] + best[1] - 2)


#: more own turns than any game lasts
IMPOSSIBLE = 1000


ENGINE: Engine = SequenceEngine()


def _played_out(state: State, stronger: bool) -> tuple[float, ...] | None:
    """A compiled play-out's returns (:meth:`SequenceEngine.rollout`)."""
    from playable.solver.sequence.playout_kernel import DEADLOCK, play_out

    if not 0 <= state.seed < 1 << 62:
        return None
    result = play_out(state, stronger=stronger)
    players = state.variant.players
    if result.winner is not None:
        won = result.winner
        return tuple(1.0 if p % state.variant.sides == won else -1.0 for p in range(players))
    return (0.0,) * players if result.outcome == DEADLOCK else None
