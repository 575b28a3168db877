"""Which puzzle kinds each game has, and how to read a position of each game, found
through the one registry of games (solver/games.py): ``puzzles/<game>/kinds.py``
holds a game's ``KINDS``. Game modules are imported only when asked for, so listing
one game's kinds does not compile another game's numba kernels.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, Final

from playable.puzzles.base import PuzzleKind
from playable.solver.core.errors import PlayableError
from playable.solver.games import NAMES, UnknownGame, module_name

#: The games that have puzzles: every game (solver/games.py).
GAMES: Final = NAMES


class UnknownPuzzle(PlayableError):
    """A game or kind of puzzle this package does not have."""


def kinds(game: str) -> dict[str, PuzzleKind]:
    """The puzzle kinds of ``game`` by name, the default kind first."""
    module = importlib.import_module(_module(game, "puzzles.kinds"))
    return {kind.name: kind for kind in module.KINDS}


def kind_of(game: str, name: str | None = None) -> PuzzleKind:
    """The kind ``name`` of ``game`` (its default kind when ``name`` is None)."""
    available = kinds(game)
    if name is None:
        return next(iter(available.values()))
    if name not in available:
        raise UnknownPuzzle(f"{game} has no puzzle kind '{name}' (kinds: {', '.join(available)})")
    return available[name]


def parse_position(game: str, text: str) -> Any:
    """The game's own reading of a position (or deal, or UNO play-out hand) text, by
    its notation's ``parse``; NotationError if malformed."""
    parse: Callable[[str], Any] = importlib.import_module(_module(game, "solver.notation")).parse
    return parse(text)


def _module(game: str, part: str) -> str:
    try:
        return module_name(game, part)
    except UnknownGame:
        raise UnknownPuzzle(f"no puzzles for game '{game}' (games: {', '.join(GAMES)})") from None
