"""Benchmark of the perfect-information solver (`playable solve thegame`, issue 3).

Fixed seed sets of official 98-card deals per configuration (players, expert
minimum), a per-deal budget, and one summary table: solved %, proven unsolvable %,
unknown %, median and 95th-percentile seconds, nodes per second. Writes the table
to benchmarks/results/thegame_solve.md.

    python benchmarks/thegame_solve.py [--deals N] [--seconds S] [--memory MB]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from pathlib import Path

from solver.core.budget import Budget
from solver.core.result import Status
from solver.thegame.notation import Deal
from solver.thegame.rules import Variant, shuffled_deck
from solver.thegame.search import solve

CONFIGS = [(p, e) for p in (1, 2, 3, 4, 5) for e in (False, True)]
RESULTS = Path(__file__).parent / "results" / "thegame_solve.md"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def run(deals: int, seconds: float, memory: int) -> str:
    small = Variant(max_card=30)  # compile every kernel before the clock runs
    solve(Deal(small, tuple(shuffled_deck(small, 0))), Budget(seconds=5, memory_mb=1))
    rows = [
        "| players | expert | deals | solved % | unsolvable % | unknown % "
        "| median s | p95 s | nodes/s |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for players, expert in CONFIGS:
        variant = Variant(players=players, expert=expert)
        times: list[float] = []
        counts = {s: 0 for s in Status}
        nodes = 0
        for seed in range(deals):
            deal = Deal(variant, tuple(shuffled_deck(variant, seed)))
            result = solve(deal, Budget(seconds=seconds, memory_mb=memory))
            counts[result.status] += 1
            times.append(result.seconds)
            nodes += result.nodes
        rate = nodes / max(sum(times), 1e-9)
        row = (
            f"| {players} | {'yes' if expert else 'no'} | {deals} "
            f"| {100 * counts[Status.SOLVED] / deals:.0f} "
            f"| {100 * counts[Status.UNSOLVABLE] / deals:.0f} "
            f"| {100 * counts[Status.UNKNOWN] / deals:.0f} "
            f"| {statistics.median(times):.3f} | {percentile(times, 0.95):.3f} | {rate:,.0f} |"
        )
        rows.append(row)
        print(row, flush=True)
    header = [
        "# The Game: perfect-information solver benchmark",
        "",
        f"Official deals (cards 2..99), seeds 0..{deals - 1} per configuration, "
        f"budget {seconds:g} s and a {memory} MiB table per deal, engine `dfs`.",
        f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on "
        f"{platform.machine()}, Python {platform.python_version()}, on a shared, loaded "
        "2-core machine: timings are pessimistic and noisy.",
        "",
    ]
    return "\n".join([*header, *rows]) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--memory", type=int, default=64)
    args = parser.parse_args()
    table = run(args.deals, args.seconds, args.memory)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(table, encoding="utf-8")
    print(table)


if __name__ == "__main__":
    main()
