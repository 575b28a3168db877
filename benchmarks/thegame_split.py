"""Benchmark of split proofs (`playable solve thegame --split`): what cutting one
search into parts costs, on positions near the proof horizon of hard deals.

For each ``seed:cards`` case (solo expert deals), the position with that many cards
left on the best line of a fixed solve of the deal is decided twice, in one process:

* by one search with ``--nodes`` nodes;
* split after one turn (:mod:`playable.solver.thegame.split`), each part solved in
  turn with ``--part-nodes`` nodes, stopping at the first won part, then the parts
  left unknown again with ``--retry-nodes`` nodes (as ``--retry-nodes`` does).

The summary table goes to benchmarks/results/thegame_split.md.

    python benchmarks/thegame_split.py [--cases 33:46,121:43] [--nodes N] [--part-nodes N]
        [--retry-nodes N]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from collections import Counter
from pathlib import Path

from playable.solver.core.budget import Budget
from playable.solver.thegame.notation import Deal
from playable.solver.thegame.rules import State, Variant, shuffled_deck
from playable.solver.thegame.search import solve
from playable.solver.thegame.split import PartJob, combine, game_json, split

RESULTS = Path(__file__).parent / "results" / "thegame_split.md"
#: the solve whose best line gives the positions (solo expert, 64 MiB)
LINE_NODES = 5_000_000
#: each part's table: parts are small, and a large table costs time to set up
PART_MB = 8


def position(seed: int, cards: int) -> State:
    """The position with ``cards`` cards left on the best line of the fixed solve."""
    variant = Variant(players=1, expert=True)
    deal = Deal(variant, tuple(shuffled_deck(variant, seed)))
    result = solve(deal, Budget(nodes=LINE_NODES, memory_mb=64))
    line = result.line
    for state in [line.start, *(step.after for step in line)][: len(line)]:  # turn starts
        if state.cards_left == cards:
            return state
    raise SystemExit(f"seed {seed}: no position with {cards} cards left on the line")


def one_case(seed: int, cards: int, nodes: int, part_nodes: int, retry_nodes: int) -> str:
    state = position(seed, cards)
    start = time.perf_counter()
    whole = solve(state, Budget(nodes=nodes, memory_mb=64), repair=False)
    whole_s = time.perf_counter() - start
    start = time.perf_counter()
    parts = split(state, 1)
    job = PartJob(state.variant, json.dumps(game_json(state)), 1, None, part_nodes, PART_MB)
    rows = {}
    for i in range(len(parts.parts)):
        rows[i] = job(i)
        if rows[i]["value"] == 0:
            break
    first = combine(state, parts, rows)
    status = Counter(row["status"] for row in rows.values())
    again = PartJob(state.variant, job.root, 1, None, retry_nodes, PART_MB)
    retried = {i: again(i) for i, row in rows.items() if row["status"] == "unknown"}
    joined = combine(state, parts, rows | retried)
    total = first.nodes + sum(row["nodes"] for row in retried.values())
    split_s = time.perf_counter() - start
    return (
        f"| {seed} | {cards} | {whole.status} (>= {whole.bound}) | {whole.nodes:,} "
        f"| {whole_s:.1f} | {len(parts.parts):,} | {status['unsolvable']} / {status['solved']} "
        f"/ {status['unknown']} | {first.status} | {first.nodes:,} "
        f"| {joined.status} (>= {joined.bound}) | {total:,} "
        f"| {split_s:.1f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", default="33:46,121:43")
    parser.add_argument("--nodes", type=int, default=20_000_000)
    parser.add_argument("--part-nodes", type=int, default=1_000_000)
    parser.add_argument("--retry-nodes", type=int, default=20_000_000)
    args = parser.parse_args()
    cases = [tuple(int(x) for x in case.split(":")) for case in args.cases.split(",")]
    load = os.getloadavg()
    began = time.perf_counter()
    rows = [
        "| seed | cards left | one search | its nodes | its s | parts | parts lost / won "
        "/ unknown | split | its nodes | after the retry | all split nodes | split s |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for seed, cards in cases:
        rows.append(one_case(seed, cards, args.nodes, args.part_nodes, args.retry_nodes))
        print(rows[-1], flush=True)
    header = [
        "# The Game: split proofs",
        "",
        f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on "
        f"{platform.machine()}, Python {platform.python_version()}; load average at the "
        f"start {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; {time.perf_counter() - began:.0f} s.",
        "",
        f"Solo expert deals; the position with the given cards left on the best line of a "
        f"{LINE_NODES:,}-node solve. One search: {args.nodes:,} nodes. Split after one "
        f"turn: every part solved in turn with {args.part_nodes:,} nodes ({PART_MB} MiB), one "
        "process, stopping at the first won part, until it is won or proven lost (not on "
        f"to its optimum); then the parts left unknown with {args.retry_nodes:,} nodes.",
        "",
    ]
    RESULTS.write_text("\n".join([*header, *rows, ""]))


if __name__ == "__main__":
    main()
