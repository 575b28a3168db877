"""Analysis from one seat on mid-game The Game solo positions (docs/seatview.md).

`playable analyse FILE --seat 1 --samples 200 --workers 2` of positions with 8 cards in
hand and 50 unseen (the draw pile): how long it takes (target: at most 30 s a
position on 2 workers) and how much of it is proven. Positions are fresh on every run:
deals drawn from the run seeds (``--seeds a,b``, else two new random ones, printed and
written into the table; benchmarks/reach.py ``deal_seeds``), each played by the greedy bot
(TG-8 players) to the first turn that starts with 50 cards in the draw pile (deals whose
greedy game never does are skipped). The analysis is the command's own code path
(``seat_analysis.analyse_view`` on the view of seat 1, the kernels loaded in each
worker inside the measured time); the sampled deals are seeded by the deal's seed.

    .venv/bin/python benchmarks/seat_analysis.py --seeds 11,23 --positions 4
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from reach import deal_seeds, measured, parse_seeds, solver_digest, write_page

from playable.solver.core.seat_analysis import SeatBudget, analyse_view
from playable.solver.thegame.players import GreedyPlayer
from playable.solver.thegame.rules import END_TURN, State, Variant, apply, deal, legal_moves
from playable.solver.thegame.seatview import VIEWS

OUT = Path(__file__).parent / "results" / "seat_analysis.md"
UNSEEN = 50


def position(deal_seed: int) -> State | None:
    """The solo deal of ``deal_seed`` played by the greedy bot to the first turn that
    starts with :data:`UNSEEN` cards in the draw pile, or None."""
    variant = Variant(1)
    order = list(variant.cards)
    random.Random(deal_seed).shuffle(order)
    state = deal(variant, order)
    player = GreedyPlayer()
    while len(state.draw) > UNSEEN and legal_moves(state):
        for play in player.choose_turn(state):
            state = apply(state, play)
        state = apply(state, END_TURN)
    return state if len(state.draw) == UNSEEN and legal_moves(state) else None


def _cpu() -> float:
    """CPU seconds of this process and of its finished worker processes (the pool of
    each analysis is shut down, its workers waited for, before it returns)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def row(deal_seed: int, run_seed: int, args: argparse.Namespace) -> tuple[str, float, float, float]:
    """One position analysed: its table row, wall and CPU seconds, and proven share."""
    state = position(deal_seed)
    assert state is not None
    started, cpu = time.perf_counter(), _cpu()
    document = analyse_view(
        "thegame",
        VIEWS.view_of(state, 0),
        args.samples,
        seed=deal_seed,
        budget=SeatBudget(nodes=args.nodes),
        workers=args.workers,
    )
    wall, cpu = time.perf_counter() - started, _cpu() - cpu
    best = document["moves"][0]
    compared = document["comparisons"][0] if document["comparisons"] else None
    versus = (
        f"{compared['other']}: {compared['best_only']}/{compared['other_only']}, "
        f"p {compared['p_value']:.2g}"
        if compared
        else "-"
    )
    wins = best["wins"]
    text = (
        f"| {run_seed} | {deal_seed} | {len(document['moves'])} | {wall:.1f} | {cpu:.1f} | "
        f"{100 * document['proven_share']:.1f}% | {best['move']} | "
        f"{100 * wins['rate']:.1f}% [{100 * wins['low']:.1f}, {100 * wins['high']:.1f}] | "
        f"{100 * best['proven']['rate']:.1f}% | {best['cards_left']['mean']:.2f} | {versus} | "
        f"{document['nodes']:,} |"
    )
    return text, wall, cpu, document["proven_share"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--seeds", type=parse_seeds, default=None, help="run seeds a,b (default: two random)"
    )
    parser.add_argument("--positions", type=int, default=4, help="positions per run seed")
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--nodes", type=int, default=None, help="per move and deal")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    system = random.SystemRandom()
    seeds = args.seeds or [system.randrange(10**6), system.randrange(10**6)]
    print(f"run seeds {seeds}", file=sys.stderr)
    load, clock = os.getloadavg(), (time.perf_counter(), time.process_time())
    rows, walls, cpus, proven = [], [], [], []
    for seed in seeds:
        found = 0
        for deal_seed in deal_seeds("seat_analysis", seed):
            if found == args.positions:
                break
            if position(deal_seed) is None:
                continue
            text, wall, cpu, share = row(deal_seed, seed, args)
            found += 1
            rows.append(text)
            walls.append(wall)
            cpus.append(cpu)
            proven.append(share)
            print(text, file=sys.stderr)
    nodes = SeatBudget(nodes=args.nodes).for_game("thegame").nodes or 0
    median_cpu = sorted(cpus)[len(cpus) // 2]
    lines = [
        "# Analysis from one seat: The Game solo, 8 cards in hand, 50 unseen",
        "",
        measured(seeds[0], solver_digest(), load, clock, Path("(none)")).replace(
            f"run seed {seeds[0]}", f"run seeds {', '.join(map(str, seeds))}"
        ),
        "",
        f"`analyse --seat 1 --samples {args.samples} --workers {args.workers}` "
        f"({nodes:,} nodes a move and deal) on {len(rows)} positions, {args.positions} a "
        "run seed: the greedy bot's game of each deal stopped at the first turn starting "
        "with 50 cards in the draw pile. Proven: the share of all move values (every legal "
        "move on every sampled deal) whose win or loss is proven; the best move's own share "
        "beside it (for The Game a win is proven by a line laying every card; unproven "
        "deals count as not won). Cards left: the best move's mean over the deals. Best vs "
        "second: deals only the best wins / only the second wins, two-sided sign test. "
        "CPU: this process and its worker processes.",
        "",
        "| run seed | deal seed | moves | wall s | CPU s | proven | best | wins [95%] | "
        "best proven | cards left | best vs second | nodes |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
        *rows,
        "",
        f"Wall time: median {sorted(walls)[len(walls) // 2]:.1f} s, max {max(walls):.1f} s "
        f"(target 30 s, on a machine shared with other jobs: see the load above); CPU: "
        f"median {median_cpu:.1f} s, max {max(cpus):.1f} s, so about "
        f"{median_cpu / args.workers:.1f} s wall on {args.workers} idle cores; proven "
        f"share: mean {100 * sum(proven) / len(proven):.1f}%.",
    ]
    write_page(args.out, lines)


if __name__ == "__main__":
    main()
