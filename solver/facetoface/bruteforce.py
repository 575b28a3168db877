"""Face to Face: a plain exhaustive minimax over the reference rules, for small cases.

No pruning beyond the memo: every legal move (:func:`rules.legal_moves`, one card or
END_TURN at a time, not whole turns) of every position is tried, and a position's
value for the player to move is a win when some move leads to a win (a move inside
the turn keeps the same player to move; END_TURN hands the game to the opponent). It
shares nothing with the kernel but the reference rules, so it is the oracle the
kernel's turn generation and search are cross-checked against on small positions.
"""

from __future__ import annotations

import sys

from playable.solver.facetoface.rules import State, apply, legal_moves, winner


def wins(state: State) -> bool:
    """Does the player to move win ``state`` with perfect play from both sides?"""
    memo: dict[State, bool] = {}

    def value(s: State) -> bool:
        known = memo.get(s)
        if known is not None:
            return known
        won = winner(s)
        if won is not None:
            result = won == s.to_move
        else:
            result = False
            for move in legal_moves(s):
                after = apply(s, move)
                child = value(after)
                if child if after.to_move == s.to_move else not child:
                    result = True
                    break
        memo[s] = result
        return result

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        return value(state)
    finally:
        sys.setrecursionlimit(limit)
