"""Measure Face to Face ``win-from-here`` generation: time and mean metrics per level.

``python -m playable.puzzles.facetoface.calibrate --count 10 --seconds 60`` generates ``count``
puzzles of every level (seeds 0, 1, ... until enough succeed), checks each solution
with :meth:`WinFromHere.check`, and prints one markdown table: puzzles, seeds tried,
total and mean seconds per puzzle, and the mean of every rating metric. The numbers
in docs/puzzles-facetoface.md come from this script.
"""

from __future__ import annotations

import argparse
import time
from statistics import mean

from playable.puzzles.base import Level, Puzzle
from playable.puzzles.facetoface.kinds import WIN_FROM_HERE

COLUMNS = (
    "score",
    "winning_first_moves",
    "turns",
    "choice",
    "greedy_success",
    "careful_success",
    "depth",
    "cards",
    "nodes",
    "solver_seconds",
)


def calibrate(level: Level, count: int, seconds: float) -> tuple[list[Puzzle], int, float]:
    """``count`` verified puzzles of ``level``, the seeds tried and the seconds taken."""
    started = time.perf_counter()
    made: list[Puzzle] = []
    seed = 0
    while len(made) < count:
        puzzle = WIN_FROM_HERE.generate(level, seed, seconds)
        seed += 1
        if puzzle is None:
            continue
        verdict = WIN_FROM_HERE.check(puzzle, puzzle.solution, 60.0)
        if not verdict.correct:
            raise AssertionError(f"seed {puzzle.seed}: {verdict.message}")
        made.append(puzzle)
    return made, seed, time.perf_counter() - started


def row(level: Level, made: list[Puzzle], seeds: int, seconds: float) -> str:
    def average(name: str) -> float:
        if name == "score":
            return mean(p.rating.score for p in made)
        return mean(p.rating.metrics[name] for p in made)

    unique = sum(p.unique for p in made)
    cells = [
        level.value,
        str(len(made)),
        str(seeds),
        f"{seconds:.0f}",
        f"{seconds / len(made):.1f}",
    ]
    cells += [f"{average(name):.3g}" for name in COLUMNS]
    cells.append(f"{unique}/{len(made)}")
    return "| " + " | ".join(cells) + " |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=60.0, help="per generate() call")
    parser.add_argument("--levels", default="easy,medium,hard,expert")
    args = parser.parse_args()
    header = ["level", "puzzles", "seeds", "total s", "s/puzzle", *COLUMNS, "unique"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for name in args.levels.split(","):
        level = Level(name)
        made, seeds, seconds = calibrate(level, args.count, args.seconds)
        lines.append(row(level, made, seeds, seconds))
        print(lines[-1], flush=True)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
