"""Which puzzle kinds each game has, and how to read a position of each game.

Game modules are imported only when asked for, so listing one game's kinds does not
compile another game's numba kernels.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from playable.puzzles.base import PuzzleKind
from playable.solver.core.errors import PlayableError

#: game name (as in notation headers) -> the module holding its ``KINDS``
GAMES: dict[str, str] = {
    "thegame": "playable.puzzles.thegame.kinds",
    "facetoface": "playable.puzzles.facetoface.kinds",
    "uno": "playable.puzzles.uno.kinds",
    "sequence": "playable.puzzles.sequence.kinds",
}

#: game name -> (notation module, name of its function parsing a position or deal)
_PARSERS: dict[str, tuple[str, str]] = {
    "thegame": ("playable.solver.thegame.notation", "parse"),
    "facetoface": ("playable.solver.facetoface.notation", "parse"),
    "uno": ("playable.solver.uno.notation", "parse"),
    "sequence": ("playable.solver.sequence.notation", "parse_position"),
}


class UnknownPuzzle(PlayableError):
    """A game or kind of puzzle this package does not have."""


def kinds(game: str) -> dict[str, PuzzleKind]:
    """The puzzle kinds of ``game`` by name, the default kind first."""
    if game not in GAMES:
        raise UnknownPuzzle(f"no puzzles for game '{game}' (games: {', '.join(GAMES)})")
    module = importlib.import_module(GAMES[game])
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
    """The game's own reading of a position (or deal) text; NotationError if malformed."""
    if game not in _PARSERS:
        raise UnknownPuzzle(f"no puzzles for game '{game}' (games: {', '.join(GAMES)})")
    module_name, function = _PARSERS[game]
    parse: Callable[[str], Any] = getattr(importlib.import_module(module_name), function)
    return parse(text)
