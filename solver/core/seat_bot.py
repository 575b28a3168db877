"""What every player from one seat shares (docs/seatview.md): it is handed the full
position, as the other bots are, and decides on its seat's view alone, one decision a
play (:class:`~playable.solver.core.seat_player.SeatPlayer`,
:class:`~playable.solver.core.seat_search_player.SeatSearchPlayer`)."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from playable.solver.core.game import Game
from playable.solver.core.seatview import SeatViews
from playable.solver.core.turns import play_turn


class SeatBot(ABC):
    """The bot interfaces of the games over :meth:`move_for` (the move of the seat to
    move in a view), given the game's rules (``_rules``) and views (``_views``)."""

    _rules: Game[Any, Any]
    _views: SeatViews[Any, Any, Any]
    #: the player reads the full position and takes its seat's view itself
    #: (UNO's simulator hands such players the position: ``uno.players.decide``)
    reads_position: ClassVar[bool] = True

    @abstractmethod
    def move_for(self, view: Any) -> Any:
        """The move of the seat to move in ``view``."""

    def choose_move(self, state: Any, seat: int | None = None) -> Any:
        """The move of ``seat`` (default: the player to move) in the full position
        ``state``, decided on that seat's view alone."""
        who = self._rules.to_move(state) if seat is None else seat
        return self.move_for(self._views.view_of(state, who))

    def choose(self, state: Any) -> Any:
        """The move of the player to move (the games of one move a turn: UNO,
        Sequence), decided on its seat's view alone."""
        return self.choose_move(state)

    def choose_turn(self, state: Any, rng: random.Random | None = None) -> list[Any]:
        """The plays of the player to move's whole turn (The Game, Face to Face: the
        players' ``choose_turn``), one decision a play, each on the seat's view of the
        position so far (:func:`play_turn`). ``rng`` (the game's stream) is not used:
        the player draws its deals from its own generators."""
        return play_turn(self._rules, state, self.choose_move)
