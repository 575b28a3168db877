"""Benchmark: nodes and nodes per second of the UNO play-out kernel and the Sequence
proof-search kernel, this tree against a git revision (A, B, A, B: the machine is
shared and noisy).

Positions are drawn from ``--seed``:

* ``uno``: ``--positions`` play-out problems (solver/uno/playout_kernel.py): random
  hands of 20-60 cards from the deck, random cubic-graph reductions of 20-60
  vertices and three-bridge graphs (solver/uno/instances.py), each solved by
  :func:`~playable.solver.uno.playout_kernel.solve_kernel` within ``--nodes`` nodes;
* ``sequence``: ``--positions`` positions of simulated games
  (:func:`~playable.solver.sequence.simulate.sample_positions`), each searched by
  :func:`~playable.solver.sequence.search.forced_win` for 5 own turns within
  ``--nodes`` nodes (the kernel of solver/sequence/kernel.py).

No clock is involved in the searches (node budgets only), so a refactoring that keeps
the behaviour keeps every position's node count and result: the script checks that
every run of either side gives the same records as the first, and says whether the
two sides agree. Speed is the median over the rounds of each side's nodes per second
of CPU time (``time.process_time`` of the solve calls only, after ``warm_up``), and
of the kernel calls alone (``dfs_chunk``, ``win_within``, wrapped by the worker).
``--base REV`` runs REV's ``solver/`` (extracted with ``git archive``) in a worker
process next to this tree's. Writes benchmarks/results/kernel_workspace_speed.md.

    python benchmarks/kernel_workspace_speed.py --seed 1 --base HEAD --rounds 3
"""

from __future__ import annotations

import functools
import hashlib
import random
import time
from pathlib import Path
from typing import Any

import revisions

RESULTS = Path(__file__).parent / "results" / "kernel_workspace_speed.md"
ENGINES = ("uno", "sequence")
MEMORY_MB = 32
#: the options a worker is given
WORKER_OPTIONS = ("seed", "positions", "nodes", "engines")
TURNS = 5


def uno_problems(seed: int, count: int) -> list[tuple[str, Any]]:
    """(label, problem): a third random hands, a third cubic graphs, a third three
    bridges, sizes and instance seeds drawn from ``seed``."""
    from playable.solver.uno.instances import random_cubic, random_hand, three_bridges

    rng = random.Random(seed)
    out: list[tuple[str, Any]] = []
    for i in range(count):
        s = rng.randrange(1 << 30)
        if i % 3 == 0:
            size = rng.randint(20, 60)
            out.append((f"hand {size} {s}", random_hand(size, s)))
        elif i % 3 == 1:
            n = 2 * rng.randint(10, 30)
            out.append((f"cubic {n} {s}", random_cubic(n, s)))
        else:
            sizes = (2 * rng.randint(3, 8), 6, 6)
            out.append((f"bridges {sizes} {s}", three_bridges(sizes, s)))
    return out


def worker(seed: int, count: int, nodes: int, engines: list[str]) -> dict[str, Any]:
    """Run every engine on its positions: per engine the records (label, nodes,
    result) and the CPU seconds of the solve calls."""
    from playable.solver.core.budget import Budget

    records: dict[str, list[Any]] = {e: [] for e in engines}
    seconds = dict.fromkeys(engines, 0.0)
    kernel_seconds = dict.fromkeys(engines, 0.0)

    def timed(engine: str, function: Any) -> Any:
        """``function`` with its CPU time added to ``kernel_seconds[engine]``."""

        def call(*args: Any) -> Any:
            began = time.process_time()
            try:
                return function(*args)
            finally:
                kernel_seconds[engine] += time.process_time() - began

        return call

    if "uno" in engines:
        from playable.solver.uno import playout_kernel

        playout_kernel.warm_up()
        playout_kernel.dfs_chunk = timed("uno", playout_kernel.dfs_chunk)
        for label, problem in uno_problems(seed, count):
            budget = Budget(nodes=nodes, memory_mb=MEMORY_MB)
            began = time.process_time()
            r = playout_kernel.solve_kernel(problem, budget)
            seconds["uno"] += time.process_time() - began
            order = hashlib.sha256(repr(r.order).encode()).hexdigest()[:12]
            records["uno"].append([label, r.nodes, [r.status.value, r.memo, order]])
    if "sequence" in engines:
        from playable.solver.sequence import kernel, search
        from playable.solver.sequence.simulate import sample_positions

        search.warm_up()
        kernel.win_within = timed("sequence", kernel.win_within)
        for i, state in enumerate(sample_positions(count, seed, threat_share=0.7)):
            budget = Budget(nodes=nodes, memory_mb=MEMORY_MB)
            began = time.process_time()
            s = search.forced_win(state, TURNS, budget)
            seconds["sequence"] += time.process_time() - began
            line = hashlib.sha256(repr(s.to_json()["line"]).encode()).hexdigest()[:12]
            result = [s.status.value, s.objective, s.tt_entries, line]
            records["sequence"].append([f"position {i}", s.nodes, result])
    return {"records": records, "seconds": seconds, "kernel_seconds": kernel_seconds}


def rate(data: dict[str, Any], engine: str, kernel: bool = False) -> float:
    """Nodes per CPU second of the solve calls (``kernel``: of the kernel calls alone)."""
    total = sum(r[1] for r in data["records"][engine])
    return float(total / max(data["kernel_seconds" if kernel else "seconds"][engine], 1e-9))


def main() -> None:
    parser = revisions.comparison_parser(__doc__ or "", RESULTS)
    parser.add_argument("--positions", type=int, default=36, help="positions per engine")
    parser.add_argument("--nodes", type=int, default=200_000, help="nodes per search")
    args = revisions.parse_engines(parser, ENGINES)
    done = revisions.work_or_compare(
        __file__,
        args,
        WORKER_OPTIONS,
        lambda: worker(args.seed, args.positions, args.nodes, args.engines),
        lambda data: ", ".join(
            f"{e} {rate(data, e):,.0f}/s ({rate(data, e, True):,.0f})" for e in args.engines
        ),
    )
    if done is None:
        return
    names, first = done.names, done.first
    rows = revisions.table_head(
        ("engine", "positions", "nodes"), names, ("change", "pairs (new/base)")
    )
    for e in args.engines:
        for kernel in (False, True):
            total = sum(r[1] for r in first[e])
            label = f"{e} ({'kernel calls' if kernel else 'solve calls'})"
            of_run = functools.partial(rate, engine=e, kernel=kernel)
            rows.append(done.row([label, str(len(first[e])), f"{total:,}"], of_run))
    digests = ", ".join(f"{e} {revisions.digest(first[e])}" for e in args.engines)
    about = (
        f"{args.positions} positions per engine drawn from seed {args.seed}, "
        f"{args.nodes:,} nodes a search; nodes/s (per CPU second of the solve calls) "
        f"is the median over {args.rounds} runs of each side, run in turn; pairs are "
        "each round's ratio."
    )
    records = done.records("nodes and result of every position", f"digests {digests}")
    title = "UNO and Sequence: nodes and speed of the numba kernels"
    done.write(title, args, about, rows, [records])


if __name__ == "__main__":
    main()
