"""The example files of examples/ (docs/notation.md) as the tests load them: the first
line of each names its game, so the file alone gives the game and what it holds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playable.solver.core.game import Game
from playable.solver.games import game_of

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def load_example(name: str) -> tuple[Game[Any, Any], Any]:
    """The game ``examples/NAME`` is written for and the deal or position it holds."""
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    game = game_of(text, name)
    return game, game.parse(text, name)
