"""The value of one candidate move on one deal, from the seat's side (docs/seatview.md).

The deal is a full position (every card known), so each move is valued as the exact
solvers value positions: the move is applied (the reference rules) and the position
after it is solved by the game's engine (``Engine.solve``) under a small per-move
budget; ``Engine.bounds`` says what the result proves, in the terms of the player to
move there (the shared return of The Game, TG-8; the margin of the mover's side in
the others, a win +2 and a loss -2), turned here to the seat's side.

Where the budget proves nothing the game is played out by the engine's quick bot
(``Engine.rollout``, a random play-out where the game has none) and that outcome,
kept inside the proven bounds, is the *estimate*; in the cooperative game a line the
solver found stands instead (its search already tries the quick bot's line).

Why a solve per move rather than the anytime tree search (``anytime.estimate``):
the tree search spends a node on every legal move of every node it expands and
needs many simulations before its estimates settle, while one solve per move
answers at once what the engine can prove and a single play-out fills in the rest;
over hundreds of deals the sampling of deals, not the precision on one deal,
dominates the error.
:func:`value_by_playout` is the play-out alone, no solve: where small solves add
nothing the quick bot does not already play (Sequence), the time goes to more deals.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from playable.solver.core.budget import Budget
from playable.solver.core.engine import Engine, SearchOptions
from playable.solver.core.game import Game

#: A play-out: the returns of the game played out from a state (``Engine.rollout``).
Rollout = Callable[[Any, random.Random], tuple[float, ...] | None]

#: moves a random play-out makes before it calls the game a draw (no game is that long)
MAX_RANDOM_MOVES = 100_000


@dataclass(frozen=True)
class MoveValue:
    """A move on one deal, for the seat: ``win`` (the cooperative game: every card
    laid; else the seat's side wins), whether that is ``proven`` (an exact result,
    not a play-out), ``value`` (The Game: minus the cards left, TG-8; else +1 a win,
    -1 a loss) and whether ``value`` is ``exact`` (both proven bounds meet); and the
    engine's ``nodes``."""

    win: bool
    proven: bool
    value: float
    exact: bool
    nodes: int

    def to_json(self) -> dict[str, Any]:
        """The fields by name, in their order (plain JSON values already)."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MoveValue:
        return cls(
            bool(data["win"]),
            bool(data["proven"]),
            float(data["value"]),
            bool(data["exact"]),
            int(data["nodes"]),
        )


def value_move(
    rules: Game[Any, Any],
    engine: Engine,
    state: Any,
    move: Any,
    seat: int,
    budget: Budget,
    options: SearchOptions,
    rng: random.Random,
) -> MoveValue:
    """``move`` played on the full position ``state``, valued for ``seat`` (0-based)
    within ``budget`` (see the module docstring)."""
    after = rules.apply(state, move)
    if rules.is_terminal(after):
        outcome = float(rules.win_returns(after)[seat])
        return _decided(rules, outcome, 0)
    result = engine.solve(after, budget, options)
    bounds = engine.bounds(result, True)
    low, high = (-math.inf, math.inf) if bounds is None else bounds
    if not rules.cooperative:
        mover = rules.to_move(after)
        sides = rules.sides(after)
        if sides[mover] != sides[seat]:
            # a rival side's win is the seat's loss; with two sides its loss is the
            # seat's win, with more it says nothing about the seat (a third may win)
            two_sides = len(set(sides)) == 2
            low, high = (-high, -low) if two_sides or low > 0 else (-math.inf, math.inf)
        if low > 0 or high < 0:  # a proven win or loss of the seat's side
            return _decided(rules, 1.0 if low > 0 else -1.0, result.nodes)
        return _found(rules, _played_out(rules, engine.rollout, after, seat, rng), result.nodes)
    if low == high:
        return _decided(rules, low, result.nodes)
    # the solver's line where it has one (The Game's search already tries the greedy
    # bot's line), else the quick bot's play-out: either is a line of this deal
    best = low if low > -math.inf else _played_out(rules, engine.rollout, after, seat, rng)
    if high < 0:  # a proven loss (The Game: some cards stay in hand whatever is played)
        return MoveValue(False, True, best, False, result.nodes)
    return _found(rules, min(high, best), result.nodes)


def _decided(rules: Game[Any, Any], outcome: float, nodes: int) -> MoveValue:
    won = outcome >= 0 if rules.cooperative else outcome > 0
    value = outcome if rules.cooperative else (1.0 if won else -1.0)
    return MoveValue(won, True, value, True, nodes)


def _found(rules: Game[Any, Any], outcome: float, nodes: int) -> MoveValue:
    """The value of a line played, not of a proof: in the cooperative game a line
    laying every card proves the win; else the line's winner, unproven."""
    if rules.cooperative:
        return MoveValue(outcome >= 0, outcome >= 0, outcome, outcome >= 0, nodes)
    return MoveValue(outcome > 0, False, 1.0 if outcome > 0 else -1.0, False, nodes)


def value_by_playout(
    rules: Game[Any, Any],
    rollout: Rollout,
    state: Any,
    move: Any,
    seat: int,
    rng: random.Random,
) -> MoveValue:
    """``move`` played on the full position ``state``, valued for ``seat`` by one
    play-out of ``rollout`` alone, no solve (flat Monte Carlo: the seat player's
    ``playouts_only``); nothing is proven but an end of the game or, in the
    cooperative game, a play-out laying every card."""
    after = rules.apply(state, move)
    if rules.is_terminal(after):
        return _decided(rules, float(rules.win_returns(after)[seat]), 0)
    return _found(rules, _played_out(rules, rollout, after, seat, rng), 0)


def _played_out(
    rules: Game[Any, Any], rollout: Rollout, state: Any, seat: int, rng: random.Random
) -> float:
    """The seat's outcome when ``rollout`` (a quick bot; else random moves) plays
    ``state`` out: its win return (The Game: minus the cards left; else +1 or -1; 0
    for a random play-out that never ends)."""
    returns = rollout(state, rng)
    if returns is not None:
        return float(returns[seat])
    for _ in range(MAX_RANDOM_MOVES):
        if rules.is_terminal(state):
            return float(rules.win_returns(state)[seat])
        state = rules.apply(state, rng.choice(rules.legal_moves(state)))
    return 0.0
