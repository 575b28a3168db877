"""UNO play-out solver: time against hand size, exact DFS and CP-SAT side by side.

Three tables (fixed seeds):

1. random hands from the real 108-card deck, 10-60 cards;
2. hard hands from the Hamiltonian-path reduction on cubic graphs
   (solver/uno/instances.py): random cubic graphs (mostly solvable) and
   three-bridge cubic graphs (unsolvable with a connected compatibility graph),
   12-60 cards and a few larger ones to show where the exponential wall starts;
3. agreement of DFS and CP-SAT on 1000 random hands of 1-20 cards.

Every "solved" order is certified by check_order inside the solvers. Run:
``python benchmarks/uno_playout.py`` (writes benchmarks/results/uno_playout.md).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from playable.solver.core.budget import Budget
from playable.solver.core.result import Status
from playable.solver.uno.cards import colour_of, full_deck, is_wild
from playable.solver.uno.instances import random_cubic, random_hand, three_bridges
from playable.solver.uno.playout import PlayoutResult, Problem, from_uno, solve
from playable.solver.uno.playout_cpsat import solve_cpsat
from playable.solver.uno.playout_kernel import solve_kernel

SECONDS = 10.0
RESULTS = Path(__file__).parent / "results" / "uno_playout.md"


def timed(engine: Callable[[Problem, Budget], PlayoutResult], p: Problem) -> PlayoutResult:
    return engine(p, Budget(seconds=SECONDS))


def summarise(label: str, cards: int, problems: list[Problem]) -> str:
    dfs = [timed(solve, p) for p in problems]
    ker = [timed(solve_kernel, p) for p in problems]
    sat = [timed(solve_cpsat, p) for p in problems]
    triples = list(zip(dfs, ker, sat, strict=True))
    decided = [{r.status for r in t} - {Status.UNKNOWN} for t in triples]
    agree = sum(len(d) == 1 for d in decided)
    answered = sum(len(d) >= 1 for d in decided)

    def counts(rs: list[PlayoutResult]) -> str:
        s = sum(r.status == Status.SOLVED for r in rs)
        u = sum(r.status == Status.UNSOLVABLE for r in rs)
        k = sum(r.status == Status.UNKNOWN for r in rs)
        return f"{s}/{u}/{k}"

    def times(rs: list[PlayoutResult]) -> str:
        ts = [r.seconds for r in rs]
        return f"{statistics.median(ts):.4f} / {max(ts):.3f}"

    nodes = statistics.median(r.nodes for r in dfs)
    knodes = statistics.median(r.nodes for r in ker)
    row = (
        f"| {label} | {cards} | {len(problems)} | {counts(dfs)} | {times(dfs)} | {nodes:.0f} "
        f"| {counts(ker)} | {times(ker)} | {knodes:.0f} "
        f"| {counts(sat)} | {times(sat)} | {agree}/{answered} |"
    )
    print(row, flush=True)
    return row


HEADER = (
    "| family | cards | hands | DFS s/u/? | DFS median / max s | DFS median nodes "
    "| kernel s/u/? | kernel median / max s | kernel median nodes "
    "| CP-SAT s/u/? | CP-SAT median / max s | engines agree |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|---|"
)


def agreement(count: int) -> str:
    rng = random.Random(1000)
    deck = full_deck()
    same = 0
    solved = 0
    started = time.perf_counter()
    for _ in range(count):
        drawn = rng.sample(deck, rng.randint(1, 20) + 1)
        top = drawn[0]
        colour = rng.randrange(4) if is_wild(top) else colour_of(top)
        p = from_uno(drawn[1:], top, colour, honest=rng.random() < 0.8)
        a, b = solve(p).status, solve_cpsat(p).status
        same += a == b
        solved += a == Status.SOLVED
    seconds = time.perf_counter() - started
    line = (
        f"DFS and CP-SAT agree on {same} of {count} random hands of 1-20 cards "
        f"({solved} solvable, {count - solved} unsolvable; {seconds:.0f} s for both engines)."
    )
    print(line, flush=True)
    return line


def main() -> None:
    solve_kernel(random_hand(10, 0))  # compile (or load) the numba kernel first
    lines = [
        "# UNO play-out solver: time against hand size",
        "",
        "Engines: DFS = memoised depth-first search in Python (solver/uno/playout.py), "
        "kernel = the same search in numba (solver/uno/playout_kernel.py), CP-SAT = the "
        "add_circuit path model (solver/uno/playout_cpsat.py). s/u/? = solved / "
        "unsolvable / unknown (budget). 'engines agree' counts hands where every engine "
        "that answered gave the same answer, out of hands some engine answered.",
        "",
        f"`python benchmarks/uno_playout.py`; budget {SECONDS:.0f} s per hand and engine; "
        "CP-SAT with 1 worker. Timings were taken on a shared, loaded 2-core machine "
        "(other jobs running), so read them as orders of magnitude.",
        "",
        "## Random hands from the 108-card deck",
        "",
        HEADER,
    ]
    print("\n".join(lines), flush=True)
    for size in (10, 20, 30, 40, 50, 60):
        lines.append(summarise("random deck", size, [random_hand(size, s) for s in range(20)]))
    hard = [
        "",
        "## Hamiltonian-path reduction on cubic graphs (generalised colours and symbols)",
        "",
        HEADER,
    ]
    print("\n".join(hard), flush=True)
    lines += hard
    for n in (4, 6, 8, 10, 12, 14, 16, 18, 20):
        lines.append(
            summarise(f"random cubic n={n}", 3 * n, [random_cubic(n, s) for s in range(5)])
        )
    for sizes in ((4, 4, 4), (6, 4, 4), (8, 4, 4)):
        cards = 3 * (sum(sizes) + 4)
        lines.append(
            summarise(f"three bridges {sizes}", cards, [three_bridges(sizes, s) for s in range(3)])
        )
    beyond = ["", "Beyond 60 cards (where the exponential wall of the DFS shows):", "", HEADER]
    # (larger sizes: how far each engine gets within the budget)
    print("\n".join(beyond), flush=True)
    lines += beyond
    for n in (30, 40, 60):
        lines.append(
            summarise(f"random cubic n={n}", 3 * n, [random_cubic(n, s) for s in range(3)])
        )
    lines.append(summarise("three bridges (20, 6, 6)", 108, [three_bridges((20, 6, 6), 1)]))
    lines += ["", "## DFS against CP-SAT", "", agreement(1000), ""]
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {RESULTS}", file=sys.stderr)


if __name__ == "__main__":
    main()
