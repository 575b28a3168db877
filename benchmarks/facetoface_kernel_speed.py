"""Benchmark: nodes and nodes per second of Face to Face's numba kernels, this tree
against a git revision (A, B, A, B: the machine is shared and noisy).

Positions are drawn from ``--seed``: ``--positions`` deals (official decks, FF-1;
deal s starts with player s % 2, FF-7) of seeds drawn from ``--seed`` are played by
the careful bot against itself (solver/facetoface/players.py), and each contributes
its first start-of-turn position in which neither player has more than L cards left
(hand plus draw pile), L drawn from 12 to ``--most`` cards (16 by default), if the
game gets there alive. Each position is solved with :func:`search.solve` within
``--nodes`` nodes (no deadline, so a run is deterministic; a fresh 32 MiB table
each): the proof, then the principal line (kernel searches and the table probes of
:meth:`search.Solver.known`, one Python call per turn looked at).

A refactoring that keeps the behaviour keeps every position's status, value and
node count: the script checks that every run of either side gives the same records
as the first, and says whether the two sides agree (digest of all the records).
Speed is the median over the rounds of each side's nodes per second of CPU time
(``time.process_time`` of the ``solve`` calls only, after :func:`search.warm_up`): on
a shared machine wall time mostly measures the load. ``--base REV`` runs REV's
``solver/`` (extracted with ``git archive``) in a worker process next to this
tree's. Writes benchmarks/results/facetoface_kernel_speed.md.

    python benchmarks/facetoface_kernel_speed.py --seed 1 --base HEAD --rounds 3
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import revisions

RESULTS = Path(__file__).parent / "results" / "facetoface_kernel_speed.md"
MEMORY_MB = 32
#: the options a worker is given
WORKER_OPTIONS = ("seed", "positions", "most", "nodes")
FEWEST = 12


def positions(seed: int, count: int, most: int) -> list[tuple[str, Any]]:
    """(label, state): ``count`` self-play positions drawn from ``seed`` (module doc)."""
    import random

    from playable.solver.facetoface.players import CarefulPlayer
    from playable.solver.facetoface.rules import (
        Variant,
        deal,
        is_terminal,
        play_turn,
        shuffled_decks,
    )

    rng = random.Random(seed)
    out: list[tuple[str, Any]] = []
    while len(out) < count:
        s = rng.randrange(1 << 30)
        left = rng.randint(FEWEST, most)
        a, b = shuffled_decks(Variant(), s)
        state = deal(Variant(), a, b, s % 2)
        bot, play_rng = CarefulPlayer(), random.Random(s)
        while not is_terminal(state):
            if max(state.cards_left(0), state.cards_left(1)) <= left:
                out.append((f"deal {s} <= {left}", state))
                break
            state = play_turn(state, bot.choose_turn(state, play_rng))
    return out


def worker(seed: int, count: int, most: int, nodes: int) -> dict[str, Any]:
    """Solve every position: the records (label, status, value, nodes) and the CPU
    seconds of the solve calls."""
    from playable.solver.core.budget import Budget
    from playable.solver.facetoface import search as S

    S.warm_up()
    records: list[Any] = []
    seconds = 0.0
    for label, state in positions(seed, count, most):
        began = time.process_time()
        result = S.solve(state, Budget(nodes=nodes, memory_mb=MEMORY_MB))
        seconds += time.process_time() - began
        value = result.extra.get("proven_value", result.extra["value"])
        records.append([label, result.status.value, value, int(result.nodes)])
    return {"records": records, "seconds": seconds}


def rate(data: dict[str, Any]) -> float:
    total = sum(r[3] for r in data["records"])
    return float(total / max(data["seconds"], 1e-9))


def main() -> None:
    parser = revisions.comparison_parser(__doc__ or "", RESULTS)
    parser.add_argument("--positions", type=int, default=32)
    parser.add_argument("--most", type=int, default=16, help="most cards left a player")
    parser.add_argument("--nodes", type=int, default=200_000, help="nodes per solve")
    args = parser.parse_args()
    if args.most < FEWEST or args.positions < 1 or args.nodes < 1 or args.rounds < 1:
        parser.error(f"--most must be at least {FEWEST}; --positions, --nodes, --rounds >= 1")
    done = revisions.work_or_compare(
        __file__,
        args,
        WORKER_OPTIONS,
        lambda: worker(args.seed, args.positions, args.most, args.nodes),
        lambda data: f"{rate(data):,.0f} nodes/s, digest {revisions.digest(data['records'])}",
    )
    if done is None:
        return
    names, first = done.names, done.first
    rates = {s: [rate(d) for d in done.runs[s]] for s in names}
    rows = revisions.table_head(("positions", "nodes", "decided"), names, ("change",))
    decided = sum(r[1] != "unknown" for r in first)
    cells = [str(len(first)), f"{sum(r[3] for r in first):,}", str(decided)]
    rows.append(done.row(cells, rate, ratios=False))
    runs_line = "; ".join(f"{s}: " + ", ".join(f"{r:,.0f}" for r in rates[s]) for s in names)
    if len(names) == 2:
        runs_line += f"; this tree's share of the base round by round: {done.ratios(rate)}"
    about = (
        f"{len(first)} self-play positions drawn from seed {args.seed} "
        f"({FEWEST}-{args.most} cards left per player), {args.nodes:,} nodes a solve; "
        f"nodes/s (per CPU second of the solve calls) is the median over "
        f"{args.rounds} runs of each side, run in turn."
    )
    after = [
        f"Runs in order (nodes/s): {runs_line}.",
        "",
        done.records(
            "status, value and nodes of every position", f"digest {revisions.digest(first)}"
        ),
    ]
    done.write("Face to Face: nodes and speed of the numba kernels", args, about, rows, after)


if __name__ == "__main__":
    main()
