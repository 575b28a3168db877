"""Puzzle generation: throughput per kind and level, and the calibration table.

For every kind of every game (or those named) and every level, generates ``--count``
puzzles over the fixed seed series 0, 1, 2, ... (each attempt verified as
``playable generate`` does) and reports

* throughput: puzzles per minute, seeds tried, wall time of the ten (or count);
* calibration: the mean of every signal per level. Levels are bands of each kind's
  score, so the score rises by construction; the held-out signals (marked ``*``),
  which the score does not use, show whether the levels are ordered on their own.

Usage: ``python benchmarks/puzzle_generation.py [--count 10] [--seconds 10] [--workers 1]
[GAME[:KIND] ...]``; writes ``benchmarks/results/puzzles.md``.
"""

from __future__ import annotations

import argparse
import platform
import time
from contextlib import closing
from pathlib import Path

from playable.puzzles.base import Level, Puzzle
from playable.puzzles.generate import attempts
from playable.puzzles.registry import GAMES, kinds

RESULTS = Path(__file__).parent / "results" / "playable.puzzles.md"


def run_level(
    game: str, kind: str, level: Level, count: int, seconds: float, workers: int
) -> tuple[list[Puzzle], int, float]:
    """``count`` puzzles of one kind and level: the puzzles, seeds tried, wall seconds."""
    found: list[Puzzle] = []
    tried = 0
    start = time.perf_counter()
    with closing(attempts(game, kind, level, 0, seconds, workers)) as results:
        for _, puzzle in results:
            tried += 1
            if puzzle is not None:
                found.append(puzzle)
            if len(found) >= count or tried >= 50 * count:
                break
    return found, tried, time.perf_counter() - start


def _mean(puzzles: list[Puzzle], metric: str) -> str:
    values = [p.rating.metrics[metric] for p in puzzles if metric in p.rating.metrics]
    return f"{sum(values) / len(values):.3g}" if values else "–"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("targets", nargs="*", help="GAME or GAME:KIND (default: all)")
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    targets = [[*t.split(":"), ""][:2] for t in args.targets or list(GAMES)]
    throughput = [
        "| game | kind | level | puzzles | seeds tried | wall s | puzzles/min | mean score |",
        "|---|---|---|---:|---:|---:|---:|---:|",
    ]
    calibration: list[str] = []
    for game, only in targets:
        for name in kinds(game):
            if only and name != only:
                continue
            rows: list[tuple[Level, list[Puzzle]]] = []
            for level in Level:
                found, tried, wall = run_level(
                    game, name, level, args.count, args.seconds, args.workers
                )
                rows.append((level, found))
                rate = 60 * len(found) / wall if wall else 0.0
                throughput.append(
                    f"| {game} | {name} | {level.value} | {len(found)} | {tried} | {wall:.1f}"
                    f" | {rate:.1f} | {_score(found)} |"
                )
                print(throughput[-1], flush=True)
            calibration += _calibration(game, name, rows)
    report = "\n".join(
        [
            "# Puzzle generation benchmark",
            "",
            f"`python benchmarks/puzzle_generation.py --count {args.count} --seconds {args.seconds}"
            f" --workers {args.workers} {' '.join(args.targets)}` on {platform.machine()},"
            f" Python {platform.python_version()}, seeds 0, 1, 2, … per level; every puzzle"
            " verified (level, position, solution check) as `playable generate` does.",
            "",
            "## Throughput",
            "",
            *throughput,
            "",
            "## Calibration (mean of each signal per level; * = held out of the score)",
            "",
            *calibration,
        ]
    )
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(report + "\n", encoding="utf-8")
    print(report)


def _score(puzzles: list[Puzzle]) -> str:
    if not puzzles:
        return "–"
    return f"{sum(p.rating.score for p in puzzles) / len(puzzles):.2f}"


def _calibration(game: str, kind: str, rows: list[tuple[Level, list[Puzzle]]]) -> list[str]:
    every = [p for _, found in rows for p in found]
    held_out = {name for p in every for name in p.rating.held_out}
    metrics = list(dict.fromkeys(name for p in every for name in p.rating.metrics))
    header = ["level", "n", "score", *(f"{m}{'*' if m in held_out else ''}" for m in metrics)]
    lines = [
        f"### {game} {kind}",
        "",
        "| " + " | ".join(header) + " |",
        "|" + "---|" * len(header),
    ]
    for level, found in rows:
        cells = [level.value, str(len(found)), _score(found), *(_mean(found, m) for m in metrics)]
        lines.append("| " + " | ".join(cells) + " |")
    return [*lines, ""]


if __name__ == "__main__":
    main()
