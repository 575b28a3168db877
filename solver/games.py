"""The one registry of games: every part of ``playable`` (library API, command line,
puzzles, web board, tests) finds a game here, by the name on a file's first line.

A game is one folder per layer, named after the game: ``solver/<name>/game.py``
holds ``GAME`` (rules, notation and the game's facts, :class:`Game`),
``solver/<name>/engine.py`` holds ``ENGINE`` (its searches, :class:`Engine`),
``solver/<name>/seatview.py`` holds ``VIEWS`` (one seat's view, :class:`SeatViews`) and
``puzzles/<name>/kinds.py`` its puzzle kinds. Adding a game means adding those
folders and its name to :data:`NAMES`. Modules are imported on first use, so naming a
game loads only what is asked for (``--help`` stays fast).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Final

from playable.solver.core.cardlist import sniff_game, split_document
from playable.solver.core.engine import Engine
from playable.solver.core.errors import NotationError, PlayableError
from playable.solver.core.game import Game
from playable.solver.core.seatview import SeatViews

#: Every game by its file-header name, in the order help texts list them.
NAMES: Final = ("thegame", "facetoface", "uno", "sequence")


class UnknownGame(PlayableError):
    """A name that is not one of :data:`NAMES`."""


def _check(name: str) -> None:
    if name not in NAMES:
        raise UnknownGame(f"no game '{name}'; the games are {', '.join(NAMES)}")


def module_name(name: str, part: str) -> str:
    """The module of game ``name`` that holds ``part``: ``solver.game``,
    ``solver.engine``, ``puzzles.kinds``, ... (``playable.solver.uno.engine``)."""
    _check(name)
    layer, module = part.split(".")
    return f"playable.{layer}.{name}.{module}"


def game(name: str) -> Game[Any, Any]:
    """The game called ``name`` (``thegame``, ``facetoface``, ``uno``, ``sequence``)."""
    found: Game[Any, Any] = import_module(module_name(name, "solver.game")).GAME
    return found


def engine(name: str) -> Engine:
    """The searches of the game called ``name``."""
    found: Engine = import_module(module_name(name, "solver.engine")).ENGINE
    return found


def views(name: str) -> SeatViews[Any, Any, Any]:
    """The positions of the game called ``name`` as one seat sees them
    (docs/seatview.md)."""
    found: SeatViews[Any, Any, Any] = import_module(module_name(name, "solver.seatview")).VIEWS
    return found


def game_of(text: str, source: str = "<input>") -> Game[Any, Any]:
    """The game a file is written for, read from its first line
    (``playable GAME KIND``)."""
    try:
        name = sniff_game(text)
    except NotationError as error:
        raise error.with_source(source) from None
    if name not in NAMES:
        known = ", ".join(NAMES)
        line = split_document(text).header_line
        raise NotationError(f"unknown game '{name}'; the games are {known}", line, 10, source)
    return game(name)
