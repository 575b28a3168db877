"""The Game: a plain exhaustive search over the reference rules, for small decks.

No pruning at all: every legal move (:func:`rules.legal_moves`) of every position is
tried, with a memo on whole positions. It is the oracle the fast solvers and their
pruning rules are checked against (decks with highest card 20-40); it is far too
slow for the official 98 cards.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from playable.solver.thegame.rules import Move, Play, State, apply, legal_moves


class PositionLimit(Exception):
    """The brute force met more positions than it was allowed."""


@dataclass(frozen=True)
class BruteForceResult:
    """The fewest cards left (TG-8) and a line ``(player, plays)`` that leaves them."""

    cards_left: int
    turns: list[tuple[int, list[Play]]]
    positions: int


def optimal(state: State, limit: int | None = None) -> BruteForceResult:
    """The optimal line from ``state`` (fewest cards left), by exhaustive search.

    Raises :class:`PositionLimit` once more than ``limit`` positions are stored.
    """
    memo: dict[State, tuple[int, Move | None]] = {}

    def best(s: State) -> int:
        known = memo.get(s)
        if known is not None:
            return known[0]
        if limit is not None and len(memo) >= limit:
            raise PositionLimit(f"more than {limit} positions")
        best_value, best_move = s.cards_left, None
        for move in legal_moves(s):
            value = best(apply(s, move))
            if best_move is None or value < best_value:
                best_value, best_move = value, move
            if best_value == 0:
                break
        memo[s] = (best_value, best_move)
        return best_value

    recursion = sys.getrecursionlimit()
    sys.setrecursionlimit(max(recursion, 10_000))
    try:
        value = best(state)
    finally:
        sys.setrecursionlimit(recursion)
    turns: list[tuple[int, list[Play]]] = []
    s = state
    move = memo[s][1]
    plays: list[Play] = []
    while move is not None:
        if isinstance(move, Play):
            plays.append(move)
        else:
            turns.append((s.to_move, plays))
            plays = []
        s = apply(s, move)
        move = memo[s][1]
    if plays:
        turns.append((s.to_move, plays))
    return BruteForceResult(value, turns, len(memo))


def optimal_deal(start_positions: list[State]) -> tuple[int, BruteForceResult]:
    """TG-9: the best first player (0-based) among the given starts and its result."""
    results = [optimal(s) for s in start_positions]
    first = min(range(len(results)), key=lambda p: results[p].cards_left)
    return first, results[first]
