"""The four games by name, each behind the one game interface (solver/core/game.py).

Modules are imported on first use, so naming a game loads only its rules.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Final

from playable.solver.core.cardlist import sniff_game, split_document
from playable.solver.core.errors import NotationError
from playable.solver.core.game import Game

#: File-header name -> module holding that game's ``GAME``.
MODULES: Final = {
    "thegame": "playable.solver.thegame.game",
    "facetoface": "playable.solver.facetoface.game",
    "uno": "playable.solver.uno.game",
    "sequence": "playable.solver.sequence.game",
}
NAMES: Final = tuple(MODULES)


def game(name: str) -> Game[Any, Any]:
    """The game called ``name`` (``thegame``, ``facetoface``, ``uno``, ``sequence``)."""
    if name not in MODULES:
        raise KeyError(f"no game '{name}'; the games are {', '.join(NAMES)}")
    found: Game[Any, Any] = import_module(MODULES[name]).GAME
    return found


def game_of(text: str, source: str = "<input>") -> Game[Any, Any]:
    """The game a file is written for, read from its first line
    (``playable GAME KIND``)."""
    try:
        name = sniff_game(text)
    except NotationError as error:
        raise error.with_source(source) from None
    if name not in MODULES:
        known = ", ".join(NAMES)
        line = split_document(text).header_line
        raise NotationError(f"unknown game '{name}'; the games are {known}", line, 10, source)
    return game(name)
