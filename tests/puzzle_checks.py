"""What every puzzle kind's tests ask of its generator (docs/puzzles.md): the puzzles
of the levels a test needs, each of its level with held-out measures among its
metrics, and the same puzzle again from the same level and seed (generation is
deterministic, whatever the machine's speed: only the solver's timings may differ)."""

from __future__ import annotations

from collections.abc import Iterable

from playable.puzzles.base import Level, Puzzle, PuzzleKind

#: the metrics that measure time, not the puzzle
TIMED = frozenset({"solver_seconds"})


_MADE: dict[tuple[str, str, Level, int, float], Puzzle] = {}


def made(kind: PuzzleKind, level: Level, seed: int, seconds: float) -> Puzzle:
    """The puzzle ``kind`` generates at ``level`` from ``seed``, which must exist (the
    tests choose seeds that generate within ``seconds``); made once per test run."""
    key = (kind.game, kind.name, level, seed, seconds)
    if key not in _MADE:
        puzzle = kind.generate(level, seed, seconds)
        assert puzzle is not None, (kind.name, level, seed)
        _MADE[key] = puzzle
    return _MADE[key]


def made_at(
    kind: PuzzleKind, cases: Iterable[tuple[Level, int]], seconds: float
) -> dict[Level, Puzzle]:
    """The puzzles of :func:`made` at each ``(level, seed)`` of ``cases``."""
    return {level: made(kind, level, seed, seconds) for level, seed in cases}


def check_level(puzzle: Puzzle, level: Level) -> None:
    """The puzzle and its rating are of ``level``, its position opens with its goal
    as a comment, and what the rating holds out of its score is among its metrics."""
    assert puzzle.level is level and puzzle.rating.level is level
    assert puzzle.position.startswith(f"# {puzzle.goal}\n"), puzzle.position
    assert set(puzzle.rating.held_out) <= set(puzzle.rating.metrics)


def check_regenerated(kind: PuzzleKind, first: Puzzle, seconds: float) -> Puzzle:
    """``kind`` makes ``first`` again from its level and seed: the same position,
    answer and score, and the same metrics but for the timings. The puzzle made again."""
    again = kind.generate(first.level, first.seed, seconds)
    assert again is not None
    assert (again.position, again.solution, again.rating.score) == (
        first.position,
        first.solution,
        first.rating.score,
    )
    timeless = {k: v for k, v in first.rating.metrics.items() if k not in TIMED}
    assert timeless == {k: v for k, v in again.rating.metrics.items() if k not in TIMED}
    return again
