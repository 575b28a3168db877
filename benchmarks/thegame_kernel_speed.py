"""Benchmark: nodes and nodes per second of The Game's numba kernels, this tree
against a git revision (A, B, A, B: the machine is shared and noisy).

Positions are drawn from ``--seed``: for each of solo, solo expert, 3 players and
3 players expert, ``--deals`` fresh deals, the position where the greedy player has
left at most 40 cards (``late``) and the one after its first two turns (``mid``).
Each search gets ``--nodes`` nodes (one process, fresh tables a position):

* ``dfs``: the dives and the systematic search of the win phase (solver/thegame/kernel.py);
* ``dfs-late``: win and optimum phases on the late positions (exhaustive proofs);
* ``pilot``, ``beam``, ``nrpa``: each heuristic search alone with its restarts
  (pilot_kernel.py, beam_kernel.py, nrpa_kernel.py);
* ``sampling``: the sampling player's planner playouts (sampling_kernel.py) of the
  candidate turns of the mid positions, 64 sampled deals each.

A refactoring that keeps the behaviour keeps every position's node count and result:
the script checks that every run of either side gives the same records as the first,
and says whether the two sides agree. Speed is the median over the rounds of each
side's nodes per second of CPU time (``time.process_time`` of the search calls only,
after :func:`warm_up`): on a shared machine wall time mostly measures the load.
``--base REV`` runs REV's ``solver/`` (extracted with ``git archive``) in a worker
process next to this tree's. Writes benchmarks/results/thegame_kernel_speed.md.

    python benchmarks/thegame_kernel_speed.py --seed 1 --base HEAD --rounds 2
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import time
from pathlib import Path
from typing import Any

import revisions

RESULTS = Path(__file__).parent / "results" / "thegame_kernel_speed.md"
ENGINES = ("dfs", "dfs-late", "pilot", "beam", "nrpa", "sampling")
LATE_CARDS = 40
SAMPLES = 64
MEMORY_MB = 32
#: the options a worker is given
WORKER_OPTIONS = ("seed", "deals", "nodes", "engines")


def positions(seed: int, deals: int) -> list[tuple[str, Any, Any]]:
    """(label, deal, variant) for each variant and deal drawn from ``seed``."""
    import random

    from playable.solver.thegame.notation import Deal
    from playable.solver.thegame.rules import Variant, shuffled_deck

    rng = random.Random(seed)
    out = []
    for label, variant in (
        ("solo", Variant(players=1)),
        ("solo expert", Variant(players=1, expert=True)),
        ("3 players", Variant(players=3)),
        ("3 players expert", Variant(players=3, expert=True)),
    ):
        for _ in range(deals):
            s = rng.randrange(1 << 30)
            out.append((f"{label} {s}", Deal(variant, tuple(shuffled_deck(variant, s))), variant))
    return out


def greedy_until(state: Any, cards: int, turns: int) -> Any:
    """The position after the greedy player's turns until at most ``cards`` cards are
    left or ``turns`` turns are played (the game not over)."""
    from playable.solver.thegame.players import GreedyPlayer
    from playable.solver.thegame.rules import end_turn, is_terminal, lay

    player = GreedyPlayer()
    played = 0
    while state.cards_left > cards and played < turns:
        after = state
        for play in player.choose_turn(state):
            after = lay(after, play.card, play.pile)
        if after.is_won:
            break
        after = end_turn(after)
        if is_terminal(after):
            break
        state = after
        played += 1
    return state


def worker(seed: int, deals: int, nodes: int, engines: list[str]) -> dict[str, Any]:
    """Run every engine on every position: per engine the records (label, nodes,
    result) and the seconds of the search calls."""
    import numpy as np

    from playable.solver.core.budget import Budget
    from playable.solver.thegame import search as S
    from playable.solver.thegame.sampling import SamplingPlayer, candidate_turns, observe

    S.warm_up()
    warm = observe(greedy_until(positions(seed, 1)[0][1].start(0), 0, 2))
    SamplingPlayer().playouts(warm, candidate_turns(warm), np.random.default_rng(0), 2)
    records: dict[str, list[Any]] = {e: [] for e in engines}
    seconds = dict.fromkeys(engines, 0.0)

    def solver_for(starts: list[Any]) -> Any:
        return S._Solver(starts, Budget(nodes=nodes, memory_mb=MEMORY_MB).start(), True, False)

    def best(solver: Any) -> int | None:
        return None if solver.best is None else int(solver.best.cards_left)

    for label, deal, variant in positions(seed, deals):
        starts = [deal.start(p) for p in range(variant.players)]
        late = [greedy_until(starts[0], LATE_CARDS, 1000)]
        mid = greedy_until(starts[0], 0, 2)
        for engine in engines:
            solver = solver_for(late if engine == "dfs-late" else starts)
            began = time.process_time()
            if engine in ("dfs", "dfs-late"):
                outcome = "unknown"
                try:
                    won = solver._dives() or solver._win_phase(pilots=False)
                    outcome = "won" if won else "lost"
                    if not won and engine == "dfs-late":
                        solver._optimum_phase()
                        outcome = "optimum"
                except S._OutOfBudget:
                    pass
                result: Any = [outcome, list(solver.bounds), best(solver)]
                used = solver.nodes
            elif engine == "sampling":
                obs = observe(mid)
                cands = candidate_turns(obs)
                player = SamplingPlayer(seed=seed)
                began = time.process_time()
                out = player.playouts(obs, cands, np.random.default_rng(seed), SAMPLES)
                result = [len(cands), hashlib.sha256(out.tobytes()).hexdigest()[:16]]
                used = int(out.size)
            else:
                kinds: dict[str, Any] = {"pilot": S._Pilots, "beam": S._Beams, "nrpa": S._Nrpa}
                searcher = kinds[engine](solver)
                won = False
                with contextlib.suppress(S._OutOfBudget):
                    won = searcher.work(nodes)
                result = [won, best(solver)]
                used = solver.nodes
            seconds[engine] += time.process_time() - began
            records[engine].append([label, int(used), result])
    return {"records": records, "seconds": seconds}


def rate(data: dict[str, Any], engine: str) -> float:
    total = sum(r[1] for r in data["records"][engine])
    return float(total / max(data["seconds"][engine], 1e-9))


def main() -> None:
    parser = revisions.comparison_parser(__doc__ or "", RESULTS)
    parser.add_argument("--deals", type=int, default=8, help="deals per variant")
    parser.add_argument("--nodes", type=int, default=100_000, help="nodes per search")
    args = revisions.parse_engines(parser, ENGINES)
    done = revisions.work_or_compare(
        __file__,
        args,
        WORKER_OPTIONS,
        lambda: worker(args.seed, args.deals, args.nodes, args.engines),
        lambda data: ", ".join(f"{e} {rate(data, e):,.0f}/s" for e in args.engines),
    )
    if done is None:
        return
    names, first = done.names, done.first
    rows = revisions.table_head(("engine", "positions", "nodes"), names, ("change", "pairs"))
    for e in args.engines:
        total = sum(r[1] for r in first[e])
        rows.append(
            done.row([e, str(len(first[e])), f"{total:,}"], functools.partial(rate, engine=e))
        )
    about = (
        f"{4 * args.deals} deals ({args.deals} each of solo, solo expert, 3 players, "
        f"3 players expert) drawn from seed {args.seed}, {args.nodes:,} nodes a search; "
        f"nodes/s (per CPU second of the search calls) is the median over "
        f"{args.rounds} runs of each side, run in turn; pairs: this tree's share of the "
        f"base in each round."
    )
    records = done.records(
        "nodes and result of every position", f"digest {revisions.digest(first)}"
    )
    done.write("The Game: nodes and speed of the numba kernels", args, about, rows, [records])


if __name__ == "__main__":
    main()
