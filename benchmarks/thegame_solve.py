"""Benchmark of the perfect-information solver (`playable solve thegame`, docs/solver-thegame.md).

By default (benchmarks/reach.py) the deals are drawn from a run seed (``--seed``/
``--seeds``, new random ones if none is given): per configuration (players, expert
minimum; ``--configs 1,1e,2,...``) 100 official 98-card deals, each solved under a
node budget (``--nodes``, 20,000,000 by default, about 10 s of one core) and a
``--memory`` MiB table, the figures written being the median over the run seeds
with every seed's figure listed. Finished deals are kept in a JSONL file next to
the results, so a stopped run carries on where it stopped.

``--regression`` runs the former fixed seed sets instead (seeds 0..199 solo and
0..99 for 2-5 players, ``--solo-deals``/``--deals``, by ``--seconds`` unless
``--nodes`` is given) and writes one summary table: solved %, proven unsolvable %,
unknown % (and which seeds), median and 95th-percentile seconds, nodes per
wall-clock second and per CPU second of this process, to
results/thegame_solve_regression.md.

    python benchmarks/thegame_solve.py [--seeds a,b,c] [--positions N] [--nodes N]
        [--memory MB] [--configs 1,1e,2,2e,...] [--no-repair] [--out FILE]
    python benchmarks/thegame_solve.py --regression [--solo-deals N] [--deals N]
        [--seconds S | --nodes N]
"""

from __future__ import annotations

import os
import platform
import statistics
import time
from collections.abc import Mapping

import reach

from playable.solver.core.budget import Budget
from playable.solver.core.errors import PlayableError
from playable.solver.core.result import Status
from playable.solver.thegame.notation import Deal
from playable.solver.thegame.rules import Variant, shuffled_deck
from playable.solver.thegame.search import solve

CONFIGS = [(p, e) for p in (1, 2, 3, 4, 5) for e in (False, True)]
RESULTS = reach.RESULTS / "thegame_solve_regression.md"


def warm_up() -> None:
    """Compile (or load) every kernel before a clock runs."""
    small = Variant(max_card=30)
    solve(Deal(small, tuple(shuffled_deck(small, 0))), Budget(seconds=5, memory_mb=1))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def parse_configs(text: str) -> list[tuple[int, bool]]:
    """``"1,1e,3e"`` -> [(1, False), (1, True), (3, True)]."""
    return [(int(item.rstrip("e")), item.endswith("e")) for item in text.split(",") if item]


def label(players: int, expert: bool) -> str:
    return f"{players} player{'s' if players > 1 else ''}{', expert' if expert else ''}"


def reach_spec(configs: list[tuple[int, bool]], memory: int, repair: bool) -> reach.Spec[Deal]:
    """The reach benchmark over ``configs``: one row each, its own stream of deals."""

    def draw(seed: int, count: int) -> Mapping[str, list[reach.Drawn[Deal]]]:
        rows: dict[str, list[reach.Drawn[Deal]]] = {}
        for players, expert in configs:
            variant = Variant(players=players, expert=expert)
            name = label(players, expert)
            deals = reach.deal_seeds(f"thegame_solve/{players}{'e' if expert else ''}", seed)
            rows[name] = [
                reach.Drawn(name, i, deal, Deal(variant, tuple(shuffled_deck(variant, deal))))
                for i, deal in zip(range(count), deals, strict=False)
            ]
        return rows

    def solve_nodes(deal: Deal, nodes: int) -> reach.Outcome:
        return reach.outcome(solve(deal, Budget(nodes=nodes, memory_mb=memory), repair=repair))

    return reach.Spec(
        name="thegame_solve",
        title="The Game: perfect-information solver on fresh deals",
        about=(
            "`benchmarks/thegame_solve.py`: official deals (cards 2..99) drawn from each run "
            "seed, 100 per configuration (players, expert minimum), each solved once by the "
            f"`dfs` engine under the node budget with a {memory} MiB table (pilot with "
            "restarts + beam search + discrepancy search"
            f"{', suffix repair of the best line' if repair else ', no suffix repair'}), one "
            "process. Outcomes: solved (all 98 cards laid, line replayed through the rules), "
            "unsolvable (proven), unknown; *decided* is either of the first two. The former "
            "fixed seed sets (0..199 solo, "
            "0..99 otherwise): results/thegame_solve_regression.md (`--regression`)."
        ),
        rows=tuple(label(p, e) for p, e in configs),
        draw=draw,
        solve=solve_nodes,
        options=f"memory {memory} MiB; repair {repair}",
    )


def run(
    configs: list[tuple[int, bool]],
    solo_deals: int,
    deals: int,
    seconds: float,
    memory: int,
    repair: bool = True,
    nodes_budget: int | None = None,
) -> str:
    warm_up()
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
    parser = reach.parser(__doc__, positions=100, nodes=20_000_000)
    parser.add_argument("--solo-deals", type=int, default=200, help="(--regression)")
    parser.add_argument("--deals", type=int, default=100, help="(--regression)")
    parser.add_argument("--seconds", type=float, default=None, help="(--regression)")
    parser.add_argument("--memory", type=reach.positive, default=64)
    parser.add_argument("--configs", default="1,1e,2,2e,3,3e,4,4e,5,5e")
    parser.add_argument("--no-repair", action="store_true", help="turn the suffix repair off")
    args = parser.parse_args()
    try:
        configs = parse_configs(args.configs)
        for players, expert in configs:
            Variant(players=players, expert=expert)
        if not configs:
            raise ValueError("no configuration given")
    except (ValueError, PlayableError) as error:
        parser.error(f"--configs: {error}")
    if not args.regression:
        warm_up()
        reach.main(reach_spec(configs, args.memory, not args.no_repair), args)
        return
    table = run(
        configs,
        args.solo_deals,
        args.deals,
        args.seconds or 10.0,
        args.memory,
        repair=not args.no_repair,
        nodes_budget=None if args.seconds else args.nodes,
    )
    out = args.out or RESULTS
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(table, encoding="utf-8")
    print(table)


if __name__ == "__main__":
    main()
