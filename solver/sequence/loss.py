"""A loss of the side to move, proven from forced wins of the others (SQ-8).

The exact search (:func:`~playable.solver.sequence.search.forced_win`,
docs/solver-sequence.md) proves only a forced win of the side to move within a horizon
of own turns; "no forced win" is not a loss. A loss is proven one move further: when
every legal move of the side to move leads to a position where another side moves and
has a proven forced win (its line replayed through the reference rules by
``forced_win``), or ends the game with another side's win, the side to move loses with
perfect play over the known cards. Sound: whatever the side plays, some other side
then wins by force. A dead-card exchange (SQ-6) keeps the turn, so the position after
it must be lost the same way.

The moves the greedy evaluation likes best are tried first, so that a move that holds
ends the attempt early; nothing is proven when the budget runs out, a move escapes,
or a move would draw a card the position does not list.
"""

from __future__ import annotations

from playable.solver.core.budget import Budget
from playable.solver.core.result import Status
from playable.solver.sequence import rules
from playable.solver.sequence.analysis import gain
from playable.solver.sequence.rules import State, UnknownCard


class LossSearch:
    """Proofs of loss within ``max_turns`` own turns of the winning side, under one
    started ``budget`` shared by every forced-win search they make (``nodes``: the
    nodes spent so far)."""

    def __init__(self, budget: Budget, max_turns: int) -> None:
        self.budget = budget
        self.max_turns = max_turns
        self.nodes = 0

    def loses(self, state: State) -> bool:
        """Whether the side to move in ``state`` is proven to lose (module notes)."""
        side = state.side
        try:
            ranked = sorted(rules.legal_moves(state), key=lambda m: (-gain(state, m), str(m)))
            children = [rules.apply(state, move) for move in ranked]
        except UnknownCard:
            return False  # a move into unknown cards cannot be judged
        for child in children:
            if child.winner is not None:
                if child.winner == side:
                    return False
                continue
            if child.side == side:  # a dead-card exchange: the side moves on
                if not self.loses(child):
                    return False
                continue
            if not self.wins(child):
                return False
        return True

    def wins(self, state: State) -> bool:
        """Whether the side to move in ``state`` is proven to force a win within
        ``max_turns`` own turns, on what is left of the budget."""
        from playable.solver.sequence.search import forced_win

        rest = self._rest()
        if rest is None:
            return False
        result = forced_win(state, self.max_turns, rest, fastest=False)
        self.nodes += result.nodes
        return result.status is Status.SOLVED and result.extra.get("winner") == state.side

    def _rest(self) -> Budget | None:
        """What is left of the budget for the next search, or None if nothing is."""
        budget = self.budget
        if budget.expired(self.nodes):
            return None
        nodes = None if budget.nodes is None else budget.nodes - self.nodes
        seconds = None if budget.seconds is None else budget.seconds - budget.elapsed
        return Budget(seconds, nodes, budget.memory_mb, stop=budget.stop).start()
