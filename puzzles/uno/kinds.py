"""UNO's puzzle kinds (docs/puzzles-uno.md).

``lay-down`` (the default): lay your whole hand in one uninterrupted sequence, the
play-out problem of :mod:`playable.solver.uno.playout` (:mod:`playable.puzzles.uno.laydown`; answers
in the order notation of :mod:`playable.puzzles.uno.order`). ``ending``: find a winning
move in a two-player ending with everything known, proved by the exact solver of
:mod:`playable.solver.uno.endgame` (:mod:`playable.puzzles.uno.ending`).
"""

from __future__ import annotations

from playable.puzzles.base import PuzzleKind
from playable.puzzles.uno.ending import Ending
from playable.puzzles.uno.laydown import LayDown

KINDS: tuple[PuzzleKind, ...] = (
    LayDown(
        "uno", "lay-down", "Lay down your whole hand in one go, each card matching the one before."
    ),
    Ending(
        "uno",
        "ending",
        "Find a winning move in a two-player ending where both hands and the draw pile are known.",
    ),
)
