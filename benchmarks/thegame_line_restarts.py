"""Restarts along a line: the solo deals that long retries left undecided, searched
again from the positions of one good line.

For each deal: solve it with ``--line-nodes`` nodes; then, walking back from the end
of that solve's best line, solve each position at a turn start with at least 40 cards
left afresh (its own tables, pilot and systematic search, no optimum phase) with
``--nodes`` nodes, until one is won. A win from the position after turn ``i``
completes the line's first ``i`` turns into a win of the deal, which is replayed
through the reference rules before it is counted. The summary table goes to
benchmarks/results/thegame_line_restarts_solo[_expert].md; each line found is printed
as JSON.

    python benchmarks/thegame_line_restarts.py [--expert] [--seeds 121,584,764]
        [--line-nodes N] [--nodes N]
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path

from playable.solver.core.budget import Budget
from playable.solver.core.result import Status
from playable.solver.thegame.notation import Deal
from playable.solver.thegame.rules import Variant, shuffled_deck
from playable.solver.thegame.search import certify, solve

RESULTS = Path(__file__).parent / "results"
#: solo deals left undecided by 200 M-400 M-node retries (docs/results.md)
UNDECIDED = {False: "2327,2384,5694,6146,9994", True: "33,121,584,764"}
#: positions with fewer cards left are proven lost quickly; they are not tried
FEWEST = 40


def restart(variant: Variant, seed: int, line_nodes: int, nodes: int) -> str:
    start = time.perf_counter()
    deal = Deal(variant, tuple(shuffled_deck(variant, seed)))
    first = solve(deal, Budget(nodes=line_nodes, memory_mb=64))
    if first.status is Status.SOLVED:
        return f"| {seed} | won by the first solve | | {time.perf_counter() - start:.0f} |"
    root = deal.start(first.extra["first_player"])
    states = [first.line.start, *(step.after for step in first.line)]
    tried = []
    for turn in range(len(states) - 1, -1, -1):
        state = states[turn]
        if state.cards_left < FEWEST:
            continue
        sub = solve(state, Budget(nodes=nodes, memory_mb=64), repair=False, optimum=False)
        tried.append(f"{state.cards_left} {sub.status.value}")
        if sub.status is Status.SOLVED:
            line = first.to_json()["line"][:turn] + sub.to_json()["line"]
            if not certify(root, line).is_won:
                raise AssertionError(f"seed {seed}: the joined line does not win")
            print(json.dumps({"seed": seed, "first_player": root.to_move, "line": line}))
            return (
                f"| {seed} | **won** from the position after turn {turn} "
                f"({state.cards_left} cards left) | {', '.join(tried)} "
                f"| {time.perf_counter() - start:.0f} |"
            )
    return f"| {seed} | not won | {', '.join(tried)} | {time.perf_counter() - start:.0f} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--expert", action="store_true")
    parser.add_argument("--seeds")
    parser.add_argument("--line-nodes", type=int, default=5_000_000)
    parser.add_argument("--nodes", type=int, default=20_000_000)
    args = parser.parse_args()
    variant = Variant(players=1, expert=args.expert)
    seeds = [int(s) for s in (args.seeds or UNDECIDED[args.expert]).split(",")]
    began = time.perf_counter()
    rows = ["| seed | result | positions tried (cards left, answer) | s |", "|---|---|---|---|"]
    for seed in seeds:
        rows.append(restart(variant, seed, args.line_nodes, args.nodes))
    kind = "solo expert" if args.expert else "solo"
    header = [
        f"# The Game: restarts along a line, {kind}",
        "",
        f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on "
        f"{platform.machine()}, Python {platform.python_version()}; "
        f"{time.perf_counter() - began:.0f} s.",
        "",
        f"{kind.capitalize()} deals; the best line of a {args.line_nodes:,}-node solve, "
        f"then each position at a turn start with at least {FEWEST} cards left, from the "
        f"end, solved afresh with {args.nodes:,} nodes until one is won.",
        "",
    ]
    name = "thegame_line_restarts_solo" + ("_expert" if args.expert else "") + ".md"
    (RESULTS / name).write_text("\n".join([*header, *rows, ""]))


if __name__ == "__main__":
    main()
