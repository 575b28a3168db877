"""What every puzzle kind provides: levels, the puzzle record, ratings and verdicts.

A *puzzle kind* (e.g. The Game "lay every card", UNO "win this two-player ending")
is an object satisfying :class:`PuzzleKind`. It generates a puzzle of a requested
:class:`Level` from a seed, rates it, and checks a person's answer by replaying it
through the game's reference rules (the oracle, ARCHITECTURE.md).

Difficulty is one number per puzzle, ``Rating.score`` in [0, 1], built by each kind
from at least two distinct signals (bot playouts that fail, the number of winning
first moves, the depth of the only line, the solver's effort, ...). The levels are
fixed bands of that score, the same for every kind (:data:`BANDS`), so "hard" means
the same place on each kind's own scale; each kind documents its formula in
``docs/puzzles.md``. ``Rating.metrics`` keeps every signal measured, including at
least one *held out* of the score (e.g. a second bot's success rate), so the
calibration benchmark can show that levels are ordered on a measure the score did
not use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol


class Level(StrEnum):
    """A requested difficulty: a band of :attr:`Rating.score` (see :data:`BANDS`)."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"

    @property
    def band(self) -> tuple[float, float]:
        """The half-open score interval ``[low, high)`` of this level (expert ends at 1)."""
        return BANDS[self]

    def admits(self, score: float) -> bool:
        """Whether a puzzle of this difficulty score belongs to this level."""
        low, high = self.band
        return low <= score < high or (self is Level.EXPERT and score == high)

    @staticmethod
    def of(score: float) -> Level:
        """The level whose band holds ``score`` (clamped to [0, 1])."""
        clamped = min(1.0, max(0.0, score))
        return next(level for level in Level if level.admits(clamped))


#: The score bands of the levels, shared by every kind.
BANDS: dict[Level, tuple[float, float]] = {
    Level.EASY: (0.0, 0.25),
    Level.MEDIUM: (0.25, 0.5),
    Level.HARD: (0.5, 0.75),
    Level.EXPERT: (0.75, 1.0),
}


@dataclass(frozen=True)
class Rating:
    """How hard a puzzle is: the score in [0, 1] and every signal measured.

    ``metrics`` maps a signal's name to its value, e.g. ``greedy_success`` (share of
    playouts won by the greedy bot), ``winning_first_moves``, ``depth``, ``nodes``.
    ``held_out`` names the metrics the score does not use (for calibration).
    """

    score: float
    metrics: dict[str, float]
    held_out: tuple[str, ...] = ()

    @property
    def level(self) -> Level:
        return Level.of(self.score)


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: a position in the game's own notation, its goal, answer and rating.

    ``position`` is a complete notation text (``playable GAME position`` or ``deal``)
    that the game's ``parse`` accepts. ``solution`` is the answer in the game's move
    notation (docs/notation*.md): for a one-player kind the whole line, for a kind
    against an opponent the winning line against the best defence (the first turn
    is what a person must find). ``unique`` is true when the kind promises a single
    solution (e.g. exactly one winning first move) and the solver has proved it.
    """

    game: str
    kind: str
    level: Level
    seed: int
    position: str
    goal: str
    solution: str
    unique: bool
    rating: Rating
    extra: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Verdict:
    """The outcome of checking an answer: right or wrong, and why in one sentence."""

    correct: bool
    message: str


@dataclass(frozen=True)
class Kind:
    """The facts of a puzzle kind (:class:`PuzzleKind`): its game, its short name and
    the sentence a person reads. Each kind's class adds its generator and its check;
    the game's ``kinds`` module gives the facts where it lists its ``KINDS``."""

    game: str
    name: str
    description: str

    def made(
        self,
        level: Level,
        seed: int,
        goal: str,
        position: str,
        solution: str,
        unique: bool,
        rating: Rating,
        extra: dict[str, str] | None = None,
    ) -> Puzzle:
        """A puzzle of this kind, its game and name from the kind's facts."""
        return Puzzle(
            self.game, self.name, level, seed, position, goal, solution, unique, rating, extra or {}
        )


class PuzzleKind(Protocol):
    """A kind of puzzle of one game (each game module lists its kinds in ``KINDS``)."""

    @property
    def game(self) -> str:
        """The game's name as in notation headers (``thegame``, ``uno``, ...)."""
        ...

    @property
    def name(self) -> str:
        """The kind's short name used on the command line, e.g. ``lay-all``."""
        ...

    @property
    def description(self) -> str:
        """One sentence a person reads to know what the kind asks."""
        ...

    def generate(self, level: Level, seed: int, seconds: float) -> Puzzle | None:
        """A verified puzzle of ``level`` made from ``seed`` within about ``seconds``.

        Deterministic for a given (level, seed). Samples, solves, rates, and repairs
        or rejects; returns None when this seed yields no puzzle of the level in time
        (the caller then tries the next seed). A returned puzzle has been solved by
        the exact solver and its ``solution`` passes :meth:`check`.
        """
        ...

    def check(self, puzzle: Puzzle, answer: str, seconds: float) -> Verdict:
        """Whether ``answer`` (the game's move notation) solves the puzzle.

        The answer is replayed through the reference rules; where the kind is played
        against an opponent, the exact solver proves that the answer still wins
        against every defence. Malformed answers raise ``NotationError``.
        """
        ...


def certified(kind: PuzzleKind, puzzle: Puzzle | None, seconds: float) -> Puzzle | None:
    """``puzzle`` (None stays None) once its own solution passes ``kind.check`` within
    ``seconds``: the certificate :meth:`PuzzleKind.generate` promises, the generator's
    answer replayed through the reference rules (and, against an opponent, proved
    again). A puzzle failing it is a bug in the generator, never a puzzle to keep."""
    if puzzle is None:
        return None
    verdict = kind.check(puzzle, puzzle.solution, seconds)
    if not verdict.correct:
        raise AssertionError(f"generated solution fails its own check: {verdict.message}")
    return puzzle
