"""The Game puzzles: how hard a "lay every card" position is (docs/puzzles-thegame.md).

Signals, each measured on a position the exact solver has proved winnable:

* ``greedy_success`` and ``planner_success``: the share of randomized playouts of
  each bot (:mod:`playable.puzzles.thegame.bots`) that lay every card;
* ``winning_first_moves`` out of ``first_moves``: the distinct first plays of the
  player to move (equivalent plays on two piles showing the same top counted once)
  after which the exact solver still lays every card; ``losing_first_share`` is the
  share of first plays that lose;
* ``depth``: the cards still to lay; ``nodes`` and ``solver_seconds``: the exact
  solver's effort on the position.

The score (in [0, 1]) is a weighted mean of the greedy bot's failure share, the
share of losing first plays and the depth (scaled to 40 cards)::

    score = 0.5 * (1 - greedy_success) + 0.3 * losing_first_share + 0.2 * min(1, depth / 40)

``planner_success``, ``winning_first_moves``, ``nodes`` and ``solver_seconds`` are
held out of the score, so the calibration can show the levels are ordered on
measures the score did not use.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from playable.puzzles.base import Rating
from playable.puzzles.thegame.bots import success_share
from playable.solver.core.budget import Budget
from playable.solver.core.result import SolveResult, Status
from playable.solver.thegame.rules import ASCENDING_PILES, Play, State, lay, legal_moves
from playable.solver.thegame.search import solve

#: weights of the score's three signals (they sum to 1)
W_GREEDY, W_FIRST, W_DEPTH = 0.5, 0.3, 0.2
#: depth at which the depth signal saturates
DEPTH_SCALE = 40
#: randomized playouts per bot
GREEDY_RUNS, PLANNER_RUNS = 40, 16
#: table memory for the small searches of puzzles (MiB)
MEMORY_MB = 16
HELD_OUT = ("planner_success", "winning_first_moves", "nodes", "solver_seconds")


class Undecided(Exception):
    """The exact solver's node budget ran out on a position or one of its children."""


def decide(state: State, nodes: int) -> SolveResult:
    """Solve ``state`` exactly within ``nodes``; raise :class:`Undecided` if unknown."""
    result = solve(state, Budget(nodes=nodes, memory_mb=MEMORY_MB))
    if result.status is Status.UNKNOWN:
        raise Undecided(f"no answer within {nodes} nodes")
    return result


def distinct_first_plays(state: State) -> list[Play]:
    """The legal first plays, one per class of equivalent plays: the same card on two
    piles of the same direction showing the same top leads to the same position up to
    the order of the piles."""
    seen: set[tuple[int, bool, int]] = set()
    plays = []
    for move in legal_moves(state):
        if isinstance(move, Play):
            key = (move.card, move.pile in ASCENDING_PILES, state.piles[move.pile])
            if key not in seen:
                seen.add(key)
                plays.append(move)
    return plays


def winning_first_plays(state: State, nodes: int) -> tuple[list[Play], int, int]:
    """The distinct first plays after which every card can still be laid, the number
    of distinct legal first plays, and the solver nodes spent (exact, per child)."""
    winners = []
    plays = distinct_first_plays(state)
    spent = 0
    for play in plays:
        child = lay(state, play.card, play.pile)
        if child.is_won:
            winners.append(play)
            continue
        result = decide(child, nodes)
        spent += result.nodes
        if result.status is Status.SOLVED:
            winners.append(play)
    return winners, len(plays), spent


@dataclass(frozen=True)
class Measured:
    """A rating and the solver's winning line for the position."""

    rating: Rating
    solution: SolveResult


def score_of(greedy_success: float, losing_first_share: float, depth: int) -> float:
    """The difficulty score of the module docstring, in [0, 1]."""
    value = (
        W_GREEDY * (1.0 - greedy_success)
        + W_FIRST * losing_first_share
        + W_DEPTH * min(1.0, depth / DEPTH_SCALE)
    )
    return min(1.0, max(0.0, value))


def rate(
    state: State, rng: random.Random, nodes: int, planner_runs: int = PLANNER_RUNS
) -> Measured | None:
    """Rate a position, or None when the exact solver proves it cannot be won.

    With ``planner_runs = 0`` the held-out ``planner_success`` is not measured (the
    generator adds it once, to the final position). Raises :class:`Undecided` when a
    solve runs out of ``nodes``.
    """
    started = time.perf_counter()
    result = decide(state, nodes)
    solver_seconds = time.perf_counter() - started
    if result.status is not Status.SOLVED:
        return None
    winners, first_moves, _ = winning_first_plays(state, nodes)
    greedy = success_share(state, "greedy", GREEDY_RUNS, rng)
    losing = 1.0 - len(winners) / first_moves if first_moves else 0.0
    depth = state.cards_left
    metrics = {
        "greedy_success": greedy,
        "winning_first_moves": float(len(winners)),
        "first_moves": float(first_moves),
        "losing_first_share": losing,
        "depth": float(depth),
        "players": float(state.variant.players),
        "nodes": float(result.nodes),
        "solver_seconds": solver_seconds,
    }
    if planner_runs > 0:
        metrics["planner_success"] = success_share(state, "planner", planner_runs, rng)
    return Measured(Rating(score_of(greedy, losing, depth), metrics, HELD_OUT), result)
