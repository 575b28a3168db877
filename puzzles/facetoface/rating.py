"""Face to Face puzzles: the exact analysis of a position and its difficulty rating.

:func:`analyse` proves, with the exact solver, the value of every distinct turn of
the player to move (:func:`playable.solver.facetoface.rules.turns`, distinct by the position
after it). :func:`rate` turns that into a :class:`~playable.puzzles.base.Rating` from three
signals:

* ``choice`` = 1 - ln(w) / ln(t) with ``w`` the winning first turns and ``t`` all
  distinct turns: 1 when a single turn wins, 0 when every turn wins;
* ``greedy_success``: the share of randomized greedy playouts (the mover played by
  :func:`~playable.puzzles.facetoface.sampling.greedy_bot`, random parameters and noise each
  playout) that still win against the exact defence (below);
* ``depth``: the number of turns of the solution line.

``score = 0.45 * choice + 0.40 * (1 - greedy_success) + 0.15 * min(1, (depth - 1) / 10)``.

Held out of the score (for calibration): ``careful_success`` (the same playouts with
the careful player's parameters), ``nodes`` and ``solver_seconds`` of the analysis.

**Playouts against the exact defence.** The bot plays the mover's turn; the solver
then decides the position. A position the bot has turned into a proven loss is a
failed playout. While the mover still wins, every turn of the defender loses (the
position is proven lost for them), so any of them is a perfect defence; the defender
plays the careful player's turn, a sensible resistance. A playout whose position the
solver cannot decide in its node budget counts as neither (left out of the share).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from playable.puzzles.base import Rating
from playable.puzzles.facetoface.sampling import NoisyGreedy, careful_bot, greedy_bot
from playable.solver.core.budget import Budget
from playable.solver.facetoface.players import CarefulPlayer
from playable.solver.facetoface.rules import (
    Play,
    State,
    has_won,
    is_terminal,
    play_turn,
    turns,
    winner,
)
from playable.solver.facetoface.search import LOSS, UNKNOWN, WIN, Solver

#: Weights of the score's signals (see the module docstring).
CHOICE_WEIGHT, GREEDY_WEIGHT, DEPTH_WEIGHT = 0.45, 0.40, 0.15
#: The line length (turns) at which the depth signal saturates.
DEPTH_SCALE = 10
#: Playouts per bot.
PLAYOUTS = 12
#: Node budget of one solver call inside a playout.
PLAYOUT_NODES = 200_000


@dataclass
class Analysis:
    """Every distinct turn of the player to move with its proven value for them
    (``WIN``/``LOSS``; every turn is proven), the solver that proved them (its table
    is reused), and the solver's effort."""

    state: State
    rows: list[tuple[tuple[Play, ...], State, int]]
    solver: Solver
    nodes: int
    seconds: float

    @property
    def winning(self) -> list[tuple[Play, ...]]:
        return [plays for plays, _, value in self.rows if value == WIN]

    @property
    def values(self) -> dict[State, int]:
        return {after: value for _, after, value in self.rows}


def analyse(
    state: State, nodes: int, max_wins: int | None = None, memory_mb: int = 32
) -> Analysis | None:
    """Prove the value of every distinct turn of the player to move within ``nodes``
    solver nodes in all. ``None`` if the position is not won for the player to move,
    or a turn stays unknown, or more than ``max_wins`` turns win (the analysis stops
    there: the position is too easy for the caller)."""
    budget = Budget(nodes=nodes, memory_mb=memory_mb).start()
    solver = Solver(state, memory_mb)
    if solver.value(state, budget) != WIN:
        return None
    rows: list[tuple[tuple[Play, ...], State, int]] = []
    wins = 0
    options = turns(state)
    if max_wins is not None:
        # Turns laying more cards win more often (the race of FF-6): trying them first
        # finds the surplus winning turns of a too-easy position sooner.
        options.sort(key=lambda option: -len(option[0]))
    for plays, after in options:
        value = WIN if has_won(after, state.to_move) else -solver.value(after, budget)
        if value == UNKNOWN:
            return None
        rows.append((plays, after, value))
        wins += value == WIN
        if max_wins is not None and wins > max_wins:
            return None
    return Analysis(state, rows, solver, solver.counters.nodes, budget.elapsed)


def playout_wins(
    analysis: Analysis, bot: NoisyGreedy, rng: random.Random, values: dict[State, int]
) -> bool | None:
    """One playout of ``bot`` as the mover against the exact defence (module
    docstring): True if the mover wins, False if a bot turn gave the win away, None
    if the solver could not decide a position in its budget."""
    state = analysis.state
    mover = state.to_move
    defender = CarefulPlayer()
    solver = analysis.solver
    first = True
    while True:
        after = play_turn(state, bot.choose_turn(state, rng))
        if is_terminal(after):
            return winner(after) == mover
        if first and after in values:
            value = values[after]
        else:
            value = -solver.value(after, Budget(), PLAYOUT_NODES)
        first = False
        if value == UNKNOWN:
            return None
        if value == LOSS:
            return False
        state = play_turn(after, defender.choose_turn(after, rng))
        if is_terminal(state):
            return winner(state) == mover


def success_share(
    analysis: Analysis, make_bot: Callable[[random.Random], NoisyGreedy], rng: random.Random
) -> float | None:
    """The share of :data:`PLAYOUTS` playouts the bot wins (undecided ones left out);
    ``None`` if none was decided."""
    values = analysis.values
    outcomes = [playout_wins(analysis, make_bot(rng), rng, values) for _ in range(PLAYOUTS)]
    decided = [o for o in outcomes if o is not None]
    return sum(decided) / len(decided) if decided else None


def choice_signal(wins: int, total: int) -> float:
    """1 - ln(wins) / ln(total): 1 for a single winning turn, 0 if every turn wins."""
    if total <= 1 or wins <= 0:
        return 0.0
    return 1.0 - math.log(wins) / math.log(total)


def score_of(choice: float, greedy_success: float, depth: int) -> float:
    depth_part = min(1.0, max(0, depth - 1) / DEPTH_SCALE)
    score = (
        CHOICE_WEIGHT * choice + GREEDY_WEIGHT * (1.0 - greedy_success) + DEPTH_WEIGHT * depth_part
    )
    return min(1.0, max(0.0, score))


def rate(
    analysis: Analysis, line: list[tuple[int, list[Play]]], rng: random.Random
) -> Rating | None:
    """The rating of an analysed position whose solution is ``line``; ``None`` if no
    playout could be decided."""
    greedy = success_share(analysis, greedy_bot, rng)
    careful = success_share(analysis, careful_bot, rng)
    if greedy is None or careful is None:
        return None
    wins, total = len(analysis.winning), len(analysis.rows)
    choice = choice_signal(wins, total)
    metrics = {
        "winning_first_moves": float(wins),
        "turns": float(total),
        "choice": round(choice, 4),
        "greedy_success": round(greedy, 4),
        "careful_success": round(careful, 4),
        "depth": float(len(line)),
        "cards": float(analysis.state.cards_left(0) + analysis.state.cards_left(1)),
        "nodes": float(analysis.nodes),
        "solver_seconds": round(analysis.seconds, 4),
    }
    return Rating(
        score=round(score_of(choice, greedy, len(line)), 4),
        metrics=metrics,
        held_out=("careful_success", "nodes", "solver_seconds"),
    )
