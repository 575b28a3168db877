"""The answer of the tree search (:func:`playable.solver.core.mcts.search`): every root
move with a proven value or a labelled estimate, and one recommended move
(docs/analysis.md).

Values are as the player to move at the root sees them (the shared return of a
cooperative game, the side's margin in a two-sided one, the player's own return with
more sides; :class:`~playable.solver.core.mcts_model.Model`). ``low``/``high`` are the
proven bounds on the value under best play (infinite where nothing is proven); a
move is *proven* when they meet. Otherwise its *estimate* is the mean of its samples
moved into the bounds, with the 95% t interval of that mean (also moved into the
bounds) and the share of samples that lay every card or win, with its Wilson
interval.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from playable.solver.core.mcts_model import Model
from playable.solver.core.mcts_stats import clamp, mean_interval
from playable.solver.core.mcts_tree import Node, best_visited, cut, principal_line
from playable.solver.core.stats import Proportion

#: How the recommended move was chosen (docs/analysis.md).
BY_PROOF = "proven best"
BY_VISITS = "most visited"


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


class Bounded:
    """A value under best play known between ``low`` and ``high`` (proven bounds):
    proven when they meet."""

    low: float
    high: float

    @property
    def proven(self) -> bool:
        return self.low >= self.high

    @property
    def value(self) -> float | None:
        """The proven value, or None."""
        return self.low if self.proven else None


@dataclass(frozen=True)
class MoveReport(Bounded):
    """One root move: its bounds, its samples, its principal line."""

    move: str
    visits: int
    samples: int
    low: float
    high: float
    playout_mean: float | None
    raw_interval: tuple[float, float] | None
    successes: Proportion
    line: tuple[str, ...]

    @property
    def estimate(self) -> float | None:
        """The proven value, else the samples' mean moved into the bounds (None
        without samples)."""
        if self.proven:
            return self.low
        if self.playout_mean is None:
            return None
        return clamp(self.playout_mean, self.low, self.high)

    @property
    def basis(self) -> str | None:
        """Where the estimate comes from: ``proof`` (a proven value), ``samples``
        (their mean), ``bound`` (the mean lay outside the proven bounds, so the
        estimate is the nearest bound), or None without samples."""
        if self.proven:
            return "proof"
        if self.playout_mean is None:
            return None
        return "samples" if self.low <= self.playout_mean <= self.high else "bound"

    @property
    def interval(self) -> tuple[float, float] | None:
        """The 95% interval of the estimate, inside the bounds (a point if proven)."""
        if self.proven:
            return (self.low, self.low)
        if self.raw_interval is None:
            return None
        low, high = self.raw_interval
        return (clamp(low, self.low, self.high), clamp(high, self.low, self.high))

    def to_json(self) -> dict[str, Any]:
        interval = self.interval
        return {
            "move": self.move,
            "proven": self.proven,
            "value": self.value,
            "bounds": {"low": _finite(self.low), "high": _finite(self.high)},
            "estimate": self.estimate,
            "basis": self.basis,
            "interval": None if interval is None else list(interval),
            "playout_mean": self.playout_mean,
            "visits": self.visits,
            "samples": self.samples,
            "successes": self.successes.to_json(),
            "line": list(self.line),
        }


@dataclass(frozen=True)
class MctsResult(Bounded):
    """Every root move, the recommended one, the root's bounds and the counters."""

    game: str
    mode: str
    value_name: str
    player: int
    moves: tuple[MoveReport, ...]
    recommended: str | None
    recommended_by: str | None
    low: float
    high: float
    line: tuple[str, ...]
    simulations: int
    stuck: int
    nodes: int
    tree_nodes: int
    seconds: float
    seed: int
    stopped: str

    def move(self, text: str) -> MoveReport:
        """The report of the move written ``text``."""
        for report in self.moves:
            if report.move == text:
                return report
        raise KeyError(text)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "mode": self.mode,
            "value_name": self.value_name,
            "player": self.player,
            "recommended": self.recommended,
            "recommended_by": self.recommended_by,
            "proven": self.proven,
            "value": self.value,
            "bounds": {"low": _finite(self.low), "high": _finite(self.high)},
            "line": list(self.line),
            "moves": [m.to_json() for m in self.moves],
            "simulations": self.simulations,
            "stuck": self.stuck,
            "nodes": self.nodes,
            "tree_nodes": self.tree_nodes,
            "seconds": round(self.seconds, 6),
            "seed": self.seed,
            "stopped": self.stopped,
        }


def report(child: Node) -> MoveReport:
    """The report of one root child (the root's player maximises, so the tree's
    values are already that player's)."""
    assert child.move is not None
    return MoveReport(
        move=child.move,
        visits=child.visits,
        samples=child.n,
        low=child.low,
        high=child.high,
        playout_mean=child.mean(),
        raw_interval=mean_interval(child.n, child.total, child.total_sq),
        successes=Proportion(child.wins, child.n),
        line=(child.move, *principal_line(child)),
    )


def recommend(root: Node, model: Model) -> tuple[Node | None, str | None]:
    """A proven best move if there is one (proven, and no move can be better: its
    value reaches the root's optimistic bound), else the most visited move among
    those not proven worse than another (ties: the higher mean, then the first)."""
    if not root.children:
        return None, None
    if model.proves or root.proven:  # several sides prove only a root at its top
        proven = [c for c in root.children if c.proven and c.low >= root.high]
        if proven:
            return best_visited(proven), BY_PROOF
    if model.proves:
        open_ = [
            c for c in root.children if not c.opaque and (not cut(root, c) or c.low >= root.low)
        ]
    else:
        open_ = [c for c in root.children if not c.opaque]
    return best_visited(open_ or root.children), BY_VISITS
