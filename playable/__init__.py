"""playable: exact solvers and puzzle analysis for The Game, Face to Face, UNO and Sequence.

>>> import playable
>>> position = playable.load("examples/thegame-solo-late.position.txt")
>>> result = playable.solve(position, seconds=10)

The API (docs/api.md): :func:`load` / :func:`loads` a position file of any of the four
games, :meth:`Position.play` moves checked by the reference rules, :func:`solve` and
:func:`analyse` (the JSON documents of ``playable solve|analyse --json``;
:func:`solve_result` the typed record with the line's positions),
:meth:`Position.text` / :meth:`Position.save` to write it back. The rules engines,
solvers and bots are in ``playable.solver``, the puzzles in ``playable.puzzles``.
"""

from playable.api import Position, analyse, load, loads, solve, solve_result
from playable.solver.core.errors import IllegalMove, NotationError, PlayableError
from playable.solver.games import NAMES as GAMES

__version__ = "0.1.0"

__all__ = [
    "GAMES",
    "IllegalMove",
    "NotationError",
    "PlayableError",
    "Position",
    "analyse",
    "load",
    "loads",
    "solve",
    "solve_result",
]
