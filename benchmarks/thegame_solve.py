"""Benchmark of the perfect-information solver (`playable solve thegame`, docs/solver-thegame.md).

Fixed seed sets of official 98-card deals per configuration (players, expert
minimum), a per-deal budget, and one summary table: solved %, proven unsolvable %,
unknown % (and which seeds), median and 95th-percentile seconds, nodes per wall-clock
second and per CPU second of this process (the second is less sensitive to a loaded
machine).
Writes the table to benchmarks/results/thegame_solve.md.

    python benchmarks/thegame_solve.py [--solo-deals N] [--deals N] [--seconds S]
        [--memory MB] [--configs 1,1e,2,2e,...] [--no-repair] [--nodes N] [--out FILE]

The defaults are the full size: 200 solo deals, 100 per other configuration,
10 s each (about 8 minutes on one core; most deals are won in well under a second).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from pathlib import Path

from playable.solver.core.budget import Budget
from playable.solver.core.result import Status
from playable.solver.thegame.notation import Deal
from playable.solver.thegame.rules import Variant, shuffled_deck
from playable.solver.thegame.search import solve

CONFIGS = [(p, e) for p in (1, 2, 3, 4, 5) for e in (False, True)]
RESULTS = Path(__file__).parent / "results" / "thegame_solve.md"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def parse_configs(text: str) -> list[tuple[int, bool]]:
    """``"1,1e,3e"`` -> [(1, False), (1, True), (3, True)]."""
    return [(int(item.rstrip("e")), item.endswith("e")) for item in text.split(",") if item]


def run(
    configs: list[tuple[int, bool]],
    solo_deals: int,
    deals: int,
    seconds: float,
    memory: int,
    repair: bool = True,
    nodes_budget: int | None = None,
) -> str:
    small = Variant(max_card=30)  # compile every kernel before the clock runs
    solve(Deal(small, tuple(shuffled_deck(small, 0))), Budget(seconds=5, memory_mb=1))
    rows = [
        "| players | expert | deals | solved % | unsolvable % | unknown % "
        "| median s | p95 s | nodes/s (wall) | nodes/s (CPU) | unknown seeds |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    started = time.perf_counter()
    load_before = os.getloadavg()
    for players, expert in configs:
        count = solo_deals if players == 1 else deals
        variant = Variant(players=players, expert=expert)
        times: list[float] = []
        cpu = 0.0
        counts = {s: 0 for s in Status}
        nodes = 0
        unknown: list[int] = []
        for seed in range(count):
            deal = Deal(variant, tuple(shuffled_deck(variant, seed)))
            before = time.process_time()
            budget = (
                Budget(nodes=nodes_budget, memory_mb=memory)
                if nodes_budget is not None
                else Budget(seconds=seconds, memory_mb=memory)
            )
            result = solve(deal, budget, repair=repair)
            cpu += time.process_time() - before
            counts[result.status] += 1
            if result.status == Status.UNKNOWN:
                unknown.append(seed)
            times.append(result.seconds)
            nodes += result.nodes
        rate = nodes / max(sum(times), 1e-9)
        row = (
            f"| {players} | {'yes' if expert else 'no'} | {count} "
            f"| {100 * counts[Status.SOLVED] / count:.0f} "
            f"| {100 * counts[Status.UNSOLVABLE] / count:.0f} "
            f"| {100 * counts[Status.UNKNOWN] / count:.0f} "
            f"| {statistics.median(times):.3f} | {percentile(times, 0.95):.3f} "
            f"| {rate:,.0f} | {nodes / max(cpu, 1e-9):,.0f} "
            f"| {', '.join(map(str, unknown)) or '-'} |"
        )
        rows.append(row)
        print(row, flush=True)
    total = time.perf_counter() - started
    load_after = os.getloadavg()
    header = [
        "# The Game: perfect-information solver benchmark",
        "",
        f"Official deals (cards 2..99), seeds 0..{solo_deals - 1} solo and "
        f"0..{deals - 1} for 2-5 players, budget "
        f"{f'{nodes_budget:,} nodes' if nodes_budget is not None else f'{seconds:g} s'} and a "
        f"{memory} MiB "
        f"table per deal, engine `dfs` (pilot with restarts + beam search + discrepancy search"
        f"{', suffix repair of the best line' if repair else ', no suffix repair'}).",
        f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on "
        f"{platform.machine()}, Python {platform.python_version()}, on a shared, loaded "
        f"2-core machine (the run took {total / 60:.1f} min): wall-clock timings are "
        "pessimistic and noisy; nodes per CPU second are the kernel's speed.",
        f"Load average (1, 5, 15 min) at the start {load_before[0]:.2f} {load_before[1]:.2f} "
        f"{load_before[2]:.2f}, at the end {load_after[0]:.2f} {load_after[1]:.2f} "
        f"{load_after[2]:.2f}.",
        "",
    ]
    return "\n".join([*header, *rows]) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--solo-deals", type=int, default=200)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--memory", type=int, default=64)
    parser.add_argument("--configs", default="1,1e,2,2e,3,3e,4,4e,5,5e")
    parser.add_argument("--no-repair", action="store_true", help="turn the suffix repair off")
    parser.add_argument(
        "--nodes", type=int, default=None, help="a node budget per deal instead of --seconds"
    )
    parser.add_argument("--out", type=Path, default=RESULTS, help="the results file")
    args = parser.parse_args()
    table = run(
        parse_configs(args.configs),
        args.solo_deals,
        args.deals,
        args.seconds,
        args.memory,
        repair=not args.no_repair,
        nodes_budget=args.nodes,
    )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(table, encoding="utf-8")
    print(table)


if __name__ == "__main__":
    main()
