"""Benchmark: Sequence analysis, win-in-2 / win-in-3 proofs and CP-SAT distance.

A fixed set of positions from simulated games (:func:`sample_positions`, seed
2026, 2- and 3-sided games, most taken when the side to move has a line that
needs one chip). For each position: the analyser's time, the proof search for a
forced win within 2, 3 and 4 own turns (status, nodes, time), the plain
reference search for 2 turns (for comparison), and the CP-SAT
distance to win with a horizon of 4 own turns. Prints one summary table and
writes it to benchmarks/results/sequence_search.md.

Run: ``python benchmarks/sequence_search.py [--positions N]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from pathlib import Path

from playable.solver.core.budget import Budget
from playable.solver.sequence.analysis import analyse
from playable.solver.sequence.cpsat import distance_to_win
from playable.solver.sequence.search import forced_win, reference_win_within
from playable.solver.sequence.simulate import sample_positions

SEED = 2026
SECONDS = 20.0


def row(name: str, times: list[float], statuses: Counter[str], nodes: list[int]) -> str:
    status = ", ".join(f"{k} {v}" for k, v in sorted(statuses.items())) or "-"
    node_text = f"{statistics.median(nodes):,.0f} / {max(nodes):,}" if nodes else "-"
    return (
        f"| {name} | {len(times)} | {statistics.median(times) * 1000:.1f} | "
        f"{statistics.mean(times) * 1000:.1f} | {max(times) * 1000:.1f} | {node_text} | "
        f"{status} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=40)
    args = parser.parse_args()
    positions = sample_positions(args.positions, SEED, threat_share=0.7)
    # warm up (numba loads or compiles the kernel once)
    forced_win(positions[0], 1, Budget(memory_mb=8))
    rows = []
    times: list[float] = []
    for state in positions:
        started = time.perf_counter()
        analyse(state)
        times.append(time.perf_counter() - started)
    rows.append(row("analyse", times, Counter(), []))
    for turns in (2, 3, 4):
        times, nodes, statuses = [], [], Counter[str]()
        for state in positions:
            result = forced_win(state, turns, Budget(seconds=SECONDS, memory_mb=64))
            times.append(result.seconds)
            nodes.append(result.nodes)
            statuses[result.status.value] += 1
        rows.append(row(f"win-in-{turns} proof", times, statuses, nodes))
    times, statuses = [], Counter[str]()
    for state in positions:  # the plain oracle over the rules, for comparison
        started = time.perf_counter()
        won = reference_win_within(state, 2)
        times.append(time.perf_counter() - started)
        statuses["solved" if won else "unsolvable"] += 1
    rows.append(row("win-in-2 reference (rules.py)", times, statuses, []))
    times, statuses = [], Counter[str]()
    for state in positions:
        result = distance_to_win(state, 4, Budget(seconds=SECONDS))
        times.append(result.seconds)
        statuses[result.status.value] += 1
    rows.append(row("CP-SAT distance (4 turns)", times, statuses, []))
    table = "\n".join(
        [
            f"Sequence search benchmark: {len(positions)} positions from simulated games "
            f"(sample_positions seed {SEED}), budget {SECONDS:.0f} s per search.",
            "Timings were taken on a shared, loaded 2-core machine.",
            "",
            "| task | positions | median ms | mean ms | max ms | nodes median / max | "
            "status counts |",
            "|---|---|---|---|---|---|---|",
            *rows,
        ]
    )
    print(table)
    out = Path(__file__).parent / "results" / "sequence_search.md"
    out.write_text(table + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
