"""A prior over moves for the tree search (:mod:`playable.solver.core.mcts`,
docs/analysis.md, "A prior from the quick bot"): where a game's quick bot ranks the
legal moves (``Engine.order``), the search spends its simulations first on the moves
the bot likes, and a move the bot ranks low is tried only once the likelier ones
look no better.

Selection is PUCT (Rosin 2011, as AlphaZero uses it): among the children still worth
a visit, and the next untried move, the highest

    q + c * p * sqrt(N) / (1 + n)

where ``q`` is the child's scaled mean for the player to move (an untried move's ``q``
is the node's own mean: "first-play urgency"), ``p`` the move's prior, ``N`` the
node's visits and ``n`` the child's. Nothing here touches the proven bounds: a move
the prior ranks last is still searched, and proven, when the others are cut.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: Orders ``moves`` (legal in ``state``) best first by a quick bot, or None where it
#: cannot (the signature of ``Engine.order``).
Order = Callable[[Any, list[Any]], list[Any] | None]

#: The exploration constant ``c`` of PUCT on values scaled to [0, 1].
PUCT_EXPLORATION = 1.5


def rank_priors(count: int) -> list[float]:
    """Priors of ``count`` ranked moves, best first: proportional to ``1 / (rank + 1)``
    (a harmonic decay: the bot's move gets about a quarter among 30 moves, the tenth
    move a tenth of that), summing to 1."""
    weights = [1.0 / (rank + 1) for rank in range(count)]
    total = sum(weights)
    return [w / total for w in weights]


def ranked(order: Order, state: Any, moves: list[Any]) -> tuple[list[Any], list[float]]:
    """``moves`` best first by ``order`` with their priors; moves the order leaves out
    come last, in their own order (an order that returns None ranks nothing: the
    moves as given)."""
    chosen = order(state, list(moves)) or []
    texts = {str(m) for m in moves}
    first = [m for m in chosen if str(m) in texts]
    seen = {str(m) for m in first}
    best_first = first + [m for m in moves if str(m) not in seen]
    return best_first, rank_priors(len(best_first))
