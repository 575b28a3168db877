"""A player from one seat that plays the move of a tree search over its seat's view
(:mod:`~playable.solver.core.seat_search`, docs/seatview.md "Tree search from one
seat"): the ``"seat-search"`` bot of the two-sided games (Face to Face, UNO,
Sequence).

Given a full position it takes only its seat's view (``views(name).view_of``) and
searches that: a position with one legal move is played without search, any other
gets ``seat_search.default_simulations`` simulations (a fixed count, not seconds, so a
decision is the same on a loaded machine as on a quiet one). The search is seeded by the
player's seed and the view's text (:func:`~playable.solver.core.seat_player.decision_seed`),
so two full positions with the same view give the same move whatever the hidden
cards are (tests/core/test_seat_search.py checks it for every game).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from playable.solver.core.game import Game
from playable.solver.core.seat_bot import SeatBot
from playable.solver.core.seat_player import decision_seed
from playable.solver.core.seat_search import SeatSearch, SeatSearchResult, default_simulations
from playable.solver.core.seatview import SeatViews
from playable.solver.games import engine, game, views


@dataclass
class SeatSearchPlayer(SeatBot):
    """Plays game ``game_name`` (two sides) from one seat by a tree search of its
    view of ``simulations`` simulations (default: ``seat_search.default_simulations``); ``last`` is
    the last search's answer (None after a forced move)."""

    game_name: str
    seed: int = 0
    simulations: int | None = None
    name: str = "seat-search"
    last: SeatSearchResult | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._views: SeatViews[Any, Any, Any] = views(self.game_name)
        self._rules: Game[Any, Any] = game(self.game_name)
        if self._rules.cooperative:
            raise ValueError("the tree search from one seat is for the two-sided games")
        self._warm = False

    def move_for(self, view: Any) -> Any:
        return self.decide(view)

    def decide(self, view: Any) -> Any:
        """The move of the seat to move in ``view``."""
        moves = self._views.legal_moves(view)
        if not moves:
            raise ValueError("the seat has no legal move in this view")
        if len(moves) == 1:
            self.last = None
            return moves[0]
        if not self._warm:
            engine(self.game_name).warm_up()
            self._warm = True
        seed = decision_seed(self.seed, self._views.format(view))
        budget = self.simulations or default_simulations(self.game_name, view)
        self.last = SeatSearch(self.game_name, view, seed).run(budget)
        return self.last.recommended
