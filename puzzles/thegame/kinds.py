"""The Game's puzzle kinds (docs/puzzles-thegame.md).

``lay-all``: a position with everything known (every hand and the draw order), solo
or a team of up to five, from which every card can be laid; the person finds a
line that lays them all (TG-8 score 0). The generator is in :mod:`.generate`, the
difficulty score in :mod:`.rating`, the answer notation in :mod:`.line`.

``short-deck``: a whole game on a deck with a highest card below 99, from the deal
(:mod:`playable.puzzles.thegame.shortdeck`).
"""

from __future__ import annotations

from playable.puzzles.base import Kind, Level, Puzzle, Verdict, certified
from playable.puzzles.thegame.generate import generate_lay_all
from playable.puzzles.thegame.line import check_answer
from playable.puzzles.thegame.shortdeck import ShortDeck

GAME = "thegame"


class LayAll(Kind):
    """Lay every card from a late position of a won game, everything known (TG-8)."""

    def generate(self, level: Level, seed: int, seconds: float) -> Puzzle | None:
        """A puzzle whose certificate is the solver's line, replayed (TG-8)."""
        return certified(self, generate_lay_all(self, level, seed, seconds), seconds)

    def check(self, puzzle: Puzzle, answer: str, seconds: float) -> Verdict:
        """Replay ``answer`` from the puzzle's position through the reference rules;
        correct iff every play is legal and every card is laid. ``seconds`` is not
        needed: a replay involves no search."""
        return check_answer(puzzle, answer)


KINDS: tuple[LayAll | ShortDeck, ...] = (
    LayAll(
        GAME,
        "lay-all",
        "Lay every remaining card from a position where you know every hand and the draw order.",
    ),
    ShortDeck(
        GAME,
        "short-deck",
        "Win a whole game on a smaller deck from the deal, knowing every hand and the draw order.",
    ),
)
