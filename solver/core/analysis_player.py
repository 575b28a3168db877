"""A player that sees every card and plays the move the analysis recommends
(docs/analysis.md): the bot behind the strength matches of
benchmarks/analysis_strength.py, which show whether the estimates of
:func:`~playable.solver.core.anytime.estimate` carry information.

Each decision is one :func:`~playable.solver.core.anytime.estimate` of the full
position (the tree search with the game's exact solver at its leaves) under a budget
of wall-clock seconds or of search nodes, and the recommended move is played; a
position with one legal move is played without search. Seeds make it repeatable with
a node budget (a seconds budget depends on the machine's speed and load).

It is a perfect-information player: it reads the whole position, hidden cards and
draw order included. The player that reads only its seat's view is
:class:`~playable.solver.core.seat_player.SeatPlayer`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, ClassVar

from playable.solver.core.anytime import estimate
from playable.solver.core.budget import Budget
from playable.solver.core.game import Game
from playable.solver.core.turns import play_turn
from playable.solver.games import game


@dataclass
class AnalysisPlayer:
    """Plays game ``game_name`` by the recommended move of an analysis of ``seconds``
    (wall clock) or ``nodes`` (search nodes) a decision; ``seed`` seeds every search.
    ``decisions`` counts the searches made, ``fallbacks`` those that ended with no
    recommended move (no simulation within the budget), where the first legal move
    is played."""

    game_name: str
    seconds: float | None = 1.0
    nodes: int | None = None
    seed: int = 0
    name: str = "analysis"
    decisions: int = field(default=0, init=False)
    fallbacks: int = field(default=0, init=False)
    #: the player reads the full position (UNO's simulator hands it the position)
    reads_position: ClassVar[bool] = True

    def __post_init__(self) -> None:
        if self.seconds is None and self.nodes is None:
            raise ValueError("an analysis player needs a budget of seconds or nodes")
        self._rules: Game[Any, Any] = game(self.game_name)

    def choose_move(self, state: Any, seat: int | None = None) -> Any:
        """The recommended move of the player to move in ``state`` (``seat`` is the
        player to move; it is accepted for the turn loop of :func:`play_turn`)."""
        moves = self._rules.legal_moves(state)
        if len(moves) == 1:
            return moves[0]
        self.decisions += 1
        result = estimate(self.game_name, state, Budget(self.seconds, self.nodes, 16), self.seed)
        by_text = {str(m): m for m in moves}
        if result.recommended not in by_text:
            self.fallbacks += 1
            return moves[0]
        return by_text[result.recommended]

    def choose(self, state: Any) -> Any:
        """The move of the player to move (UNO, Sequence: one move a turn)."""
        return self.choose_move(state)

    def choose_turn(self, state: Any, rng: random.Random | None = None) -> list[Any]:
        """The plays of the player to move's whole turn (The Game, Face to Face);
        ``rng`` (the game's stream) is not used."""
        return play_turn(self._rules, state, self.choose_move)
