"""Benchmark: win rates of the Sequence bots, with 95% Wilson intervals.

Fixed seeds; seats rotate every game (see solver/sequence/simulate.py). Prints
one table and writes it to benchmarks/results/sequence_bots.md.

Run: ``python benchmarks/sequence_bots.py [--games N]``.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from playable.solver.sequence.rules import Variant
from playable.solver.sequence.simulate import simulate

MATCHES = [
    ((2, 2), ("greedy", "random")),
    ((2, 2), ("stronger", "random")),
    ((2, 2), ("stronger", "greedy")),
    ((3, 3), ("stronger", "greedy", "random")),
    ((4, 2), ("stronger", "greedy")),
]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    rows = []
    for (players, sides), bots in MATCHES:
        started = time.perf_counter()
        result = simulate(Variant(players, sides), list(bots), args.games, seed=1000)
        seconds = time.perf_counter() - started
        rates = "; ".join(f"{bots[s]} {result.rate(s)}" for s in range(sides))
        rows.append(
            f"| {players} players, {sides} sides | {' vs '.join(bots)} | {args.games} | "
            f"{rates} | {result.unfinished} | {result.mean_turns:.0f} | {seconds:.1f} |"
        )
    table = "\n".join(
        [
            f"Sequence bots: {args.games} games per match, seeds 1000.., seats rotate.",
            "Timings were taken on a shared, loaded 2-core machine.",
            "",
            "| table | bots | games | win rate [95% Wilson] per bot | unfinished | "
            "mean turns | seconds |",
            "|---|---|---|---|---|---|---|",
            *rows,
        ]
    )
    print(table)
    out = Path(__file__).parent / "results" / "sequence_bots.md"
    out.write_text(table + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
