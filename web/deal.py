"""Fresh deals for the board's "New deal" control: the same deals as ``playable deal
GAME --players N --seed S`` (each game's default variant), as the file text a view
is made from.

The deal is the game's own (:meth:`playable.solver.core.game.Game.deal_text`, found
in the one registry, :mod:`playable.solver.games`), so a deal made here loads in the
command line and back (docs/notation.md).
"""

from __future__ import annotations

from playable.solver.core.errors import InvalidVariant, PlayableError
from playable.solver.games import NAMES, game

#: The largest seed accepted (a seed is any whole number to the rules; this keeps the
#: request small and the echo readable).
MAX_SEED = 2**31 - 1


class DealError(PlayableError):
    """A deal that cannot be made: unknown game, player count out of range."""


def deal_text(name: str, players: int, seed: int) -> str:
    """The file text of game ``name``'s deal for ``players`` from ``seed``, as
    ``playable deal NAME --players PLAYERS --seed SEED`` writes it. Raises
    :class:`DealError` (one line) for an unknown game or a player count the game
    does not allow (its ``player_counts``, as docs/rules.md gives them: The Game 1 to 5,
    Face to Face 2, UNO 2 to 10, Sequence 2, 3, 4, 6, 8, 9, 10 or 12 by SQ-3)."""
    if name not in NAMES:
        raise DealError(f"no game '{name}' (games: {', '.join(NAMES)})")
    try:
        return game(name).deal_text(players, seed)
    except InvalidVariant as error:
        raise DealError(str(error)) from None
