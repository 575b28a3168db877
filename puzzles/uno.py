"""UNO's puzzle kinds (docs/puzzles-uno.md).

``lay-down`` (the default): lay your whole hand in one uninterrupted sequence, the
play-out problem of :mod:`solver.uno.playout` (:mod:`puzzles.uno_laydown`; answers
in the order notation of :mod:`puzzles.uno_order`). ``ending``: find a winning
move in a two-player ending with everything known, proved by the exact solver of
:mod:`solver.uno.endgame` (:mod:`puzzles.uno_ending`).
"""

from __future__ import annotations

from puzzles.base import PuzzleKind
from puzzles.uno_ending import Ending
from puzzles.uno_laydown import LayDown

KINDS: tuple[PuzzleKind, ...] = (LayDown(), Ending())
