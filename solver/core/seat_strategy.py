"""The players from one seat as bots of every game (docs/seatview.md): the ``"seat"``
entry of each ``solver/<game>/players.py`` strategy table, and in the two-sided games
the ``"seat-search"`` entry.

The players themselves (:class:`~playable.solver.core.seat_player.SeatPlayer`,
:class:`~playable.solver.core.seat_search_player.SeatSearchPlayer`) pull in the seat
analysis, the game registry and, when they play, the game's engine; a game's players
module is imported by its simulator and by the command line before any bot is chosen,
so a seat player is imported only when one is made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playable.solver.core.seat_player import SeatPlayer
    from playable.solver.core.seat_search_player import SeatSearchPlayer


@dataclass(frozen=True)
class SeatStrategy:
    """Makes the player from one seat of ``game`` (a name of ``solver.games.NAMES``):
    ``SeatStrategy("uno")(seed)`` is ``SeatPlayer("uno", seed)``, each play the move
    a small analysis of its seat's view recommends."""

    game: str

    def __call__(self, seed: int = 0) -> SeatPlayer:
        from playable.solver.core.seat_player import SeatPlayer

        return SeatPlayer(self.game, seed)


@dataclass(frozen=True)
class SeatSearchStrategy:
    """Makes the tree-search player from one seat of the two-sided ``game``:
    ``SeatSearchStrategy("uno")(seed)`` is ``SeatSearchPlayer("uno", seed)``."""

    game: str

    def __call__(self, seed: int = 0) -> SeatSearchPlayer:
        from playable.solver.core.seat_search_player import SeatSearchPlayer

        return SeatSearchPlayer(self.game, seed)
