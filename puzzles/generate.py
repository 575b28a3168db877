"""Generate puzzles of one kind and level over a series of seeds, in parallel if asked.

Each seed is one deterministic attempt (``PuzzleKind.generate``). Every puzzle an
attempt returns is checked again here before it is accepted: its level must be the
one asked for, its position must parse, and its own solution must pass the kind's
``check`` (the answer replayed through the reference rules, and for kinds played
against an opponent, proved by the exact solver). A puzzle failing this is a bug in
its generator and is reported as :class:`GeneratorBug` rather than kept.
"""

from __future__ import annotations

import os
from collections.abc import Collection, Generator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from itertools import count as naturals

from playable.puzzles.base import Level, Puzzle
from playable.puzzles.registry import kind_of, parse_position
from playable.solver.core.errors import PlayableError
from playable.solver.core.study import watch_parent

#: an attempt's check gets this many times its generation budget (at least 5 s)
CHECK_FACTOR = 2.0


class GeneratorBug(PlayableError):
    """A generator returned a puzzle that fails its own level or solution check."""


def attempt(game: str, kind: str, level: Level, seed: int, seconds: float) -> Puzzle | None:
    """One verified attempt: the puzzle of this seed at this level, or None."""
    puzzle = kind_of(game, kind).generate(level, seed, seconds)
    if puzzle is not None:
        verify(puzzle, level, max(5.0, CHECK_FACTOR * seconds))
    return puzzle


def verify(puzzle: Puzzle, level: Level, seconds: float) -> None:
    """Raise :class:`GeneratorBug` unless the puzzle is of ``level`` and its solution holds."""
    where = f"{puzzle.game} {puzzle.kind} seed {puzzle.seed}"
    if puzzle.level is not level or not level.admits(puzzle.rating.score):
        raise GeneratorBug(
            f"{where}: asked for {level.value}, got {puzzle.level.value}"
            f" with score {puzzle.rating.score:.3f}"
        )
    parse_position(puzzle.game, puzzle.position)
    verdict = kind_of(puzzle.game, puzzle.kind).check(puzzle, puzzle.solution, seconds)
    if not verdict.correct:
        raise GeneratorBug(f"{where}: its own solution fails: {verdict.message}")


def attempts(
    game: str,
    kind: str,
    level: Level,
    first_seed: int,
    seconds: float,
    workers: int = 1,
    skip: Collection[int] = (),
) -> Generator[tuple[int, Puzzle | None]]:
    """Attempts at seeds ``first_seed, first_seed + 1, ...`` (minus ``skip``), as they end.

    Endless: the caller stops iterating when it has enough. With ``workers > 1`` the
    attempts run in that many processes and arrive in the order they finish; closing
    the iterator cancels the attempts not yet started.
    """
    seeds = (seed for seed in naturals(first_seed) if seed not in skip)
    if workers <= 1:
        for seed in seeds:
            yield seed, attempt(game, kind, level, seed, seconds)
        return
    # workers end with this process, even when it is killed (solver/core/study.py)
    with ProcessPoolExecutor(workers, initializer=watch_parent, initargs=(os.getpid(),)) as pool:
        running: dict[Future[Puzzle | None], int] = {}
        try:
            while True:
                while len(running) < 2 * workers:
                    seed = next(seeds)
                    running[pool.submit(attempt, game, kind, level, seed, seconds)] = seed
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in sorted(done, key=running.__getitem__):
                    yield running.pop(future), future.result()
        finally:
            for future in running:
                future.cancel()
