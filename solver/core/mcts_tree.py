"""The tree of the Monte-Carlo search (:mod:`playable.solver.core.mcts`) and its
backups: sample statistics, and the pessimistic and optimistic bounds of score
bounded MCTS (Cazenave and Saffidine 2010), which generalise MCTS-Solver's proven wins
and losses (Winands, Bjornsson and Saito 2008) to many-valued outcomes
(docs/analysis.md).

Every value is in the root side's terms (:class:`~playable.solver.core.mcts_model.Model`).
A node's bounds hold for the value under best play of both sides from its state: a
finished game's value is exact; a leaf solver may give bounds; a node whose player
maximises has at least its best child's lower bound and, once every move has a
child, at most its best child's upper bound (a minimising node the mirror image).
A node is *proven* when its bounds meet. A child whose optimistic bound is no better
than the node's pessimistic bound cannot change the node's value and is not
searched again (it is *cut*); a node is *done* when it is proven, finished, or has
nothing left to search. The root is done only once a move is proven best too (a leaf
solver may prove the root's value before any move reaches it).
"""

from __future__ import annotations

import math
from typing import Any

from playable.solver.core.mcts_model import Model


class Node:
    """One state of the tree, with its statistics and bounds."""

    __slots__ = (
        "children",
        "done",
        "high",
        "is_root",
        "low",
        "maximises",
        "move",
        "mover",
        "n",
        "opaque",
        "own_high",
        "own_low",
        "prior",
        "priors",
        "state",
        "sums",
        "terminal",
        "total",
        "total_sq",
        "untried",
        "visits",
        "wins",
    )

    def __init__(self, state: Any, move: str | None, mover: int, maximises: bool) -> None:
        self.state = state
        self.move = move  # the text of the move that led here (None at the root)
        self.mover = mover  # the player to move here (-1 if none)
        self.maximises = maximises
        self.terminal = False
        self.opaque = False  # its move could not be applied (an unknown card, SQ-4)
        self.untried: list[Any] = []
        self.priors: list[float] = []  # of the untried moves, where a prior ranks them
        self.prior = 0.0  # this node's move's prior, for its parent's selection
        self.children: list[Node] = []
        self.visits = 0  # selections through this node
        self.n = 0  # samples with an outcome
        self.total = 0.0
        self.total_sq = 0.0
        self.wins = 0
        self.sums: list[float] | None = None  # per-player return sums (multi-sided)
        self.own_low = -math.inf  # bounds of its own: the game's range, a leaf solver
        self.own_high = math.inf
        self.low = -math.inf
        self.high = math.inf
        self.done = False
        self.is_root = False  # the root searches on until a move is proven best

    @property
    def proven(self) -> bool:
        return self.low >= self.high

    def set_own(self, low: float, high: float) -> None:
        self.own_low, self.own_high = low, high
        self.low, self.high = low, high

    def add(self, value: float, win: bool, returns: tuple[float, ...] | None) -> None:
        """Count one sample (its value, whether it is a success, the returns)."""
        self.n += 1
        self.total += value
        self.total_sq += value * value
        self.wins += win
        if self.sums is not None and returns is not None:
            for player, r in enumerate(returns):
                self.sums[player] += r

    def mean(self) -> float | None:
        return self.total / self.n if self.n else None


def cut(node: Node, child: Node) -> bool:
    """Whether ``child`` can no longer change ``node``'s value: its optimistic bound
    is no better than ``node``'s pessimistic bound (for the player to move). At a
    proven root (its player always maximises) a child that may still reach the
    root's value is kept, so that a best move can be proven."""
    if node.maximises:
        if node.is_root and node.proven:
            return child.high < node.low
        return child.high <= node.low
    return child.low >= node.high


def best_proven(node: Node) -> bool:
    """Whether some child of ``node`` is proven to reach ``node``'s optimistic bound
    (a best move whatever the other moves are worth)."""
    return any(c.proven and c.low >= node.high for c in node.children)


def update(node: Node, model: Model) -> bool:
    """Back up ``node``'s bounds from its children and its own bounds, and whether it
    is done; True when anything changed."""
    before = (node.low, node.high, node.done)
    if node.terminal or node.opaque:
        node.done = True
        return before != (node.low, node.high, node.done)
    if model.proves and node.children:
        lows = [c.low for c in node.children]
        highs = [c.high for c in node.children]
        if node.maximises:
            low = max(lows)
            high = model.high if node.untried else max(highs)
        else:
            low = model.low if node.untried else min(lows)
            high = min(highs)
        node.low, node.high = max(low, node.own_low), min(high, node.own_high)
        if node.low > node.high:
            raise RuntimeError(
                f"inconsistent bounds {node.low}..{node.high} after {node.move}: "
                "a leaf solver contradicts the game's returns"
            )
    if not model.proves and node.is_root and any(c.low >= model.high for c in node.children):
        # Several sides back up no bounds, but the root's player picks its move: a move
        # proven to give it the top of its range is a best move whatever the others do.
        node.low = node.high = model.high
        node.done = True
        return before != (node.low, node.high, node.done)
    if model.proves and node.proven and (not node.is_root or best_proven(node)):
        node.done = True
    elif node.untried:
        node.done = False
    else:
        node.done = all(c.done or (model.proves and cut(node, c)) for c in node.children)
    return before != (node.low, node.high, node.done)


def selectable(node: Node, model: Model) -> list[Node]:
    """The children still worth a visit: not done and not cut."""
    if not model.proves:
        return [c for c in node.children if not c.done]
    return [c for c in node.children if not c.done and not cut(node, c)]


def best_visited(nodes: list[Node]) -> Node:
    """The most visited node, ties to the higher mean, then to the first."""
    order = {id(c): i for i, c in enumerate(nodes)}
    return max(nodes, key=lambda c: (c.visits, _mean_or(c, -math.inf), -order[id(c)]))


def _mean_or(node: Node, default: float) -> float:
    mean = node.mean()
    return default if mean is None else mean


def principal_line(node: Node) -> list[str]:
    """The moves after ``node``: while a node is proven the proven line (a child
    holding the node's value), else the most visited path (also below a node that
    a leaf solver proved before any child reached its value)."""
    line: list[str] = []
    while node.children:
        proving = [c for c in node.children if c.low == c.high == node.low == node.high]
        # none where a leaf solver proved the node before its children: most visited
        node = best_visited(proving or node.children)
        assert node.move is not None
        line.append(node.move)
    return line
