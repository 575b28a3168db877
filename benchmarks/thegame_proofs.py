"""Benchmark of proving losses (`playable solve thegame --proof`, `playable check`).

Two parts, fixed inputs, one summary written to benchmarks/results/thegame_proofs.md:

1. **Stored lost positions** (tests/data/thegame, optimum by the brute force): the
   prover (:mod:`playable.solver.thegame.proof`) proves each optimum, the independent checker
   (:mod:`playable.solver.thegame.proofcheck`) verifies it; nodes by reason and seconds.
2. **Hard official deals**: solo expert deals (default: the seeds of 0..199 that a
   3 s solve left undecided) solved with a per-deal node budget; for each deal still
   undecided, the *proof horizon*: walking back from the end of the best line, the
   largest position (cards left) that an exhaustive search of at most ``--nodes``
   nodes proves lost, and the largest whose proof file the prover writes within
   ``--proof-positions`` positions and the checker accepts.

    python benchmarks/thegame_proofs.py [--seeds 17,18,...] [--deal-nodes N] [--nodes N]
        [--proof-positions N]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from playable.solver.core.budget import Budget
from playable.solver.core.result import Status
from playable.solver.thegame import proof, proofcheck
from playable.solver.thegame.notation import Deal
from playable.solver.thegame.rules import State, Variant, shuffled_deck
from playable.solver.thegame.search import solve

RESULTS = Path(__file__).parent / "results" / "thegame_proofs.md"
STORED = Path(__file__).parents[1] / "tests" / "data" / "thegame" / "search_positions.json"
#: solo expert seeds of 0..199 left undecided by a 3 s solve (64 MiB) on 2026-11-23
HARD_SEEDS = (
    17,
    18,
    31,
    33,
    43,
    48,
    52,
    59,
    65,
    95,
    103,
    109,
    121,
    130,
    131,
    133,
    147,
    156,
    164,
    167,
    168,
    174,
    187,
)


def position(doc: dict) -> State:  # type: ignore[type-arg]
    v = doc["variant"]
    variant = Variant(v["players"], v["expert"], v["expert_hand"], v["max_card"])
    hands = tuple(tuple(h) for h in doc["hands"])
    return State(
        variant, tuple(doc["piles"]), hands, tuple(doc["draw"]), doc["to_move"], doc["laid"]
    )


def stored_part() -> list[str]:
    docs = [d for d in json.loads(STORED.read_text()) if d["optimal_cards_left"] > 0]
    reasons: Counter[str] = Counter()
    prove_s = check_s = 0.0
    successors = 0
    for doc in docs:
        state, k = position(doc), doc["optimal_cards_left"]
        t = time.perf_counter()
        found = proof.prove(state, k)
        assert found is not None
        t2 = time.perf_counter()
        report = proofcheck.check(json.loads(json.dumps(found.document(state))))
        check_s += time.perf_counter() - t2
        prove_s += t2 - t
        successors += report.successors
        reasons.update(n["by"] for n in found.nodes)
    by = ", ".join(f"{reason} {count}" for reason, count in sorted(reasons.items()))
    return [
        f"Stored lost positions: {len(docs)} (optimum 1-30 cards left, by the brute force); "
        f"every optimum proven and checked. Proof nodes by reason: {by}; {successors} "
        f"turns checked; prover {prove_s:.2f} s, checker {check_s:.2f} s in total.",
    ]


def horizon(states: list[State], nodes: int, positions: int) -> tuple[str, str]:
    """The largest position (cards left) of ``states`` proven lost by the search, and
    the largest with a checked proof file, walking back from the end."""
    searched = proved = "-"
    write_proofs = True
    for state in reversed(states):
        result = solve(state, Budget(nodes=nodes, memory_mb=64), repair=False)
        if result.status is not Status.UNSOLVABLE or not result.bound:
            break
        searched = f"{state.cards_left} (>= {result.bound} left)"
        if write_proofs:
            try:
                found = proof.prove(state, result.bound, limit=positions)
            except proof.ProofBudget:
                write_proofs = False
                continue
            assert found is not None
            proofcheck.check(json.loads(json.dumps(found.document(state))))
            proved = f"{state.cards_left} ({len(found.nodes)} nodes)"
    return searched, proved


def deals_part(
    seeds: list[int],
    deal_nodes: int,
    nodes: int,
    positions: int,
    write: Callable[[list[str]], None],
) -> list[str]:
    variant = Variant(players=1, expert=True)
    rows = [
        "| seed | status | cards left (best line) | seconds | nodes "
        "| lost from (search) | lost from (checked proof) |",
        "|---|---|---|---|---|---|---|",
    ]
    decided = 0
    for seed in seeds:
        deal = Deal(variant, tuple(shuffled_deck(variant, seed)))
        result = solve(deal, Budget(nodes=deal_nodes, memory_mb=64))
        decided += result.status is not Status.UNKNOWN
        searched = proved = ""
        if result.status is Status.UNKNOWN:
            starts = [result.line.start, *(step.after for step in result.line)]
            searched, proved = horizon(starts, nodes, positions)
        rows.append(
            f"| {seed} | {result.status} | {result.objective} | {result.seconds:.1f} "
            f"| {result.nodes:,} | {searched} | {proved} |"
        )
        print(rows[-1], flush=True)
        write(rows)
    rows.append("")
    rows.append(f"Decided: {decided} of {len(seeds)}.")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default=",".join(map(str, HARD_SEEDS)))
    parser.add_argument("--deal-nodes", type=int, default=20_000_000)
    parser.add_argument("--nodes", type=int, default=2_000_000)
    parser.add_argument("--proof-positions", type=int, default=20_000)
    args = parser.parse_args()
    solve(Deal(Variant(max_card=30), tuple(shuffled_deck(Variant(max_card=30), 0))))  # compile
    load_before = os.getloadavg()
    started = time.perf_counter()
    stored = stored_part()
    seeds = [int(s) for s in args.seeds.split(",") if s]

    def write(rows: list[str]) -> None:
        load_after = os.getloadavg()
        lines = [
            "# The Game: proving losses",
            "",
            f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on "
            f"{platform.machine()}, Python {platform.python_version()}, shared 2-core "
            f"machine; the run took {(time.perf_counter() - started) / 60:.1f} min. Load "
            f"average (1, 5, 15 min) at the start {load_before[0]:.2f} {load_before[1]:.2f} "
            f"{load_before[2]:.2f}, at the end {load_after[0]:.2f} {load_after[1]:.2f} "
            f"{load_after[2]:.2f}. Budgets are in nodes, so the answers do not depend "
            "on the load (seconds do).",
            "",
            *stored,
            "",
            f"Hard solo expert deals (seeds {args.seeds}): solve with {args.deal_nodes:,} "
            f"nodes (about {args.deal_nodes / 2e6:.0f} s of one quiet core) and 64 MiB, "
            f"suffix repair on. For a deal still undecided, walking back from the end "
            f"of its best line: the largest position (cards left) that an exhaustive "
            f"search of at most {args.nodes:,} nodes proves lost, and the largest with a "
            f"proof file (prover limit {args.proof_positions:,} positions) that the "
            "checker accepts.",
            "",
            *rows,
        ]
        RESULTS.parent.mkdir(parents=True, exist_ok=True)
        RESULTS.write_text("\n".join(lines) + "\n", encoding="utf-8")

    rows = deals_part(seeds, args.deal_nodes, args.nodes, args.proof_positions, write)
    write(rows)
    print(RESULTS.read_text())


if __name__ == "__main__":
    main()
