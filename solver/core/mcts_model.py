"""Who plays for whom, and what one number an outcome is worth, for the tree search
(:mod:`playable.solver.core.mcts`, docs/analysis.md).

The search keeps every value from the point of view of the player to move at the
root (the *root side*), so a node needs one number per sample, not one per player:

* **cooperative** (The Game, TG-8): every player has the same return, minus the cards
  not laid; every node maximises it. A sample is a success when every card is laid
  (the return reaches the top of the value range, 0).
* **two-sided** (Face to Face, FF-6; UNO with two players, UN-10; Sequence with two
  sides, SQ-3/SQ-8): the value is the *margin*, the root side's return minus the other
  side's (a side's return is that of its first player). Players of the root side
  maximise it, the others minimise it, so proven bounds are backed up max/min (score
  bounded MCTS). A sample is a win when the margin is positive.
* **multi-sided** (UNO with 3+ players, Sequence with 3 sides): each player
  maximises their own return (max^n); the value reported is the root player's own
  return, and a sample is a win when it beats every other side's return. Nothing is
  proven except finished games.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from playable.solver.core.game import Game


class Mode(Enum):
    """How the players' returns combine into the search's one value."""

    COOPERATIVE = "cooperative"
    TWO_SIDED = "two-sided"
    MULTI_SIDED = "multi-sided"


def default_sides(game: Game[Any, Any], state: Any) -> tuple[int, ...]:
    """The side of each player, as the game declares it (``Game.sides``)."""
    return game.sides(state)


def default_range(game: Game[Any, Any], mode: Mode) -> tuple[float, float]:
    """The range of the value in the root side's terms, from the range of one
    player's return (``Game.returns_range``): that range for a cooperative game or
    one player's own return, the difference of two returns for a margin."""
    low, high = game.returns_range
    if mode is Mode.TWO_SIDED:
        return (low - high, high - low) if math.isfinite(high - low) else (-math.inf, math.inf)
    return (low, high)


@dataclass(frozen=True)
class Model:
    """The value model of one search: the sides, the root side, the value range."""

    mode: Mode
    sides: tuple[int, ...]
    root_player: int
    low: float
    high: float

    @staticmethod
    def of(
        game: Game[Any, Any],
        state: Any,
        sides: Sequence[int] | None = None,
        value_range: tuple[float, float] | None = None,
    ) -> Model:
        """The model for a search from ``state``; ``sides`` and ``value_range``
        override the defaults (:func:`default_sides`, the documented ranges)."""
        chosen = tuple(sides) if sides is not None else default_sides(game, state)
        if len(chosen) != game.players(state):
            raise ValueError(
                f"sides names {len(chosen)} players, the game has {game.players(state)}"
            )
        count = len(set(chosen))
        if game.cooperative or count == 1:
            mode = Mode.COOPERATIVE
        elif count == 2:
            mode = Mode.TWO_SIDED
        else:
            mode = Mode.MULTI_SIDED
        low, high = value_range or default_range(game, mode)
        if not low <= high:
            raise ValueError(f"value range {low}..{high} is empty")
        return Model(mode, chosen, game.to_move(state), float(low), float(high))

    @property
    def root_side(self) -> int:
        return self.sides[self.root_player]

    @property
    def proves(self) -> bool:
        """Whether bounds are backed up (everywhere but the multi-sided case)."""
        return self.mode is not Mode.MULTI_SIDED

    def maximises(self, player: int) -> bool:
        """Whether ``player`` wants the value high (the root side) or low."""
        return self.mode is Mode.COOPERATIVE or self.sides[player] == self.root_side

    def value(self, returns: Sequence[float]) -> float:
        """The one number a finished game is worth to the root side."""
        if self.mode is Mode.COOPERATIVE:
            return float(returns[0])
        if self.mode is Mode.MULTI_SIDED:
            return float(returns[self.root_player])
        other = next(p for p, side in enumerate(self.sides) if side != self.root_side)
        first = self.sides.index(self.root_side)
        return float(returns[first]) - float(returns[other])

    def success(self, value: float, returns: Sequence[float] | None = None) -> bool:
        """A cooperative sample that lays every card, or a win of the root side."""
        if self.mode is Mode.COOPERATIVE:
            return value >= self.high
        if self.mode is Mode.TWO_SIDED:
            return value > 0
        assert returns is not None
        mine = returns[self.root_player]
        others = [r for p, r in enumerate(returns) if self.sides[p] != self.root_side]
        return mine > max(others)

    def from_mover(self, player: int, bounds: tuple[float, float]) -> tuple[float, float]:
        """Bounds a leaf solver gives for the player to move, in the root side's terms
        (a two-sided margin changes sign with the side)."""
        low, high = float(bounds[0]), float(bounds[1])
        if not low <= high:
            raise ValueError(f"a leaf solver gave empty bounds {low}..{high}")
        if self.maximises(player):
            return (max(low, self.low), min(high, self.high))
        return (max(0.0 - high, self.low), min(0.0 - low, self.high))  # never -0.0

    @property
    def value_name(self) -> str:
        """What the value means, for reports."""
        if self.mode is Mode.COOPERATIVE:
            return "shared return (minus the cards not laid in The Game, TG-8)"
        if self.mode is Mode.TWO_SIDED:
            return "margin: the mover's side's return minus the other side's"
        return "the mover's own return"
