"""The player from one seat as one of every game's bots (docs/seatview.md, "A player
from one seat"): the ``"seat"`` entry of each ``solver/<game>/players.py`` strategy
table.

The player itself (:class:`~playable.solver.core.seat_player.SeatPlayer`) pulls in the
seat analysis, the game registry and, when it plays, the game's engine; a game's
players module is imported by its simulator and by the command line before any bot is
chosen, so the seat player is imported only when one is made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playable.solver.core.seat_player import SeatPlayer


@dataclass(frozen=True)
class SeatStrategy:
    """Makes the player from one seat of ``game`` (a name of ``solver.games.NAMES``):
    ``SeatStrategy("uno")(seed)`` is ``SeatPlayer("uno", seed)``, each play the move
    a small analysis of its seat's view recommends."""

    game: str

    def __call__(self, seed: int = 0) -> SeatPlayer:
        from playable.solver.core.seat_player import SeatPlayer

        return SeatPlayer(self.game, seed)
