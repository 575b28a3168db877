"""Analysis from one seat on mid-game positions of Face to Face, UNO and Sequence
(docs/seatview.md): how long `playable analyse FILE --seat N --samples 100 --workers 2`
takes (target: at most 60 s a position) and how much of it is proven.

Positions are fresh on every run: for each run seed (``--seeds a,b``, else a new
random one, printed and written into the table), two-player deals of each game from
seeds drawn from it (benchmarks/reach.py ``deal_seeds``), each played by uniformly
random legal moves (seeded by the deal) for ``--moves`` moves of the game (a random
number between half and all of them), to a position the seat to move then analyses
from its own view. The analysis is the command's own code path
(``seat_analysis.analyse_view``, the default budget of each move and deal).

    .venv/bin/python benchmarks/seat_analysis_games.py --seeds 5 --positions 3
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from reach import deal_seeds, parse_seeds, solver_digest, write_page

from playable.solver.core.seat_analysis import analyse_view
from playable.solver.games import game, views
from playable.web.deal import deal_text

OUT = Path(__file__).parent / "results" / "seat_analysis_games.md"
#: Moves of random play before the position analysed, at most, per game.
MOVES = {"facetoface": 30, "uno": 12, "sequence": 16}


def position(name: str, deal_seed: int) -> Any | None:
    """The two-player deal of ``deal_seed`` after random legal moves, or None when the
    game ended first."""
    rules = game(name)
    state = rules.parse(deal_text(name, 2, deal_seed), "<deal>")
    rng = random.Random(deal_seed)
    for _ in range(rng.randint(MOVES[name] // 2, MOVES[name])):
        if rules.is_terminal(state):
            return None
        state = rules.apply(state, rng.choice(rules.legal_moves(state)))
    if rules.is_terminal(state) or len(rules.legal_moves(state)) < 2:
        return None
    return state


def cpu() -> float:
    """CPU seconds of this process and its finished children."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def row(name: str, run_seed: int, deal_seed: int, state: Any, args: argparse.Namespace) -> str:
    seats = views(name)
    view = seats.view_of(state, game(name).to_move(state))
    began, began_cpu = time.perf_counter(), cpu()
    doc = analyse_view(name, view, args.samples, seed=deal_seed, workers=args.workers)
    wall, used = time.perf_counter() - began, cpu() - began_cpu
    best = doc["moves"][0]
    wins = best["wins"]
    return (
        f"| {name} | {run_seed} | {deal_seed} | {len(doc['moves'])} | {wall:.1f} | {used:.1f} "
        f"| {100 * doc['proven_share']:.0f}% | {best['move']} | {100 * wins['rate']:.0f}% "
        f"[{100 * wins['low']:.0f}, {100 * wins['high']:.0f}] | {doc['budget']['nodes']:,} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seeds", type=parse_seeds, help="run seeds a,b (default: one new)")
    parser.add_argument("--positions", type=int, default=3, help="positions a game and seed")
    parser.add_argument("--samples", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", default=",".join(MOVES), help="comma-separated")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    seeds = args.seeds or [random.SystemRandom().randrange(10**6)]
    print(f"run seeds {seeds}", flush=True)
    load = os.getloadavg()
    started = time.perf_counter()
    rows = []
    for name in args.games.split(","):
        for run_seed in seeds:
            found = 0
            for tried, deal_seed in enumerate(deal_seeds(f"seat-{name}", run_seed)):
                if tried == 10 * args.positions:
                    break
                state = position(name, deal_seed)
                if state is None:
                    continue
                rows.append(row(name, run_seed, deal_seed, state, args))
                print(rows[-1], flush=True)
                found += 1
                if found == args.positions:
                    break
    end = os.getloadavg()
    lines = [
        "# Analysis from one seat: Face to Face, UNO and Sequence mid-game",
        "",
        f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, 2 cores; load "
        f"(1 min) {load[0]:.1f} at the start, {end[0]:.1f} at the end; run seeds "
        f"{', '.join(map(str, seeds))}; solver source digest "
        f"{solver_digest()}; command `python benchmarks/seat_analysis_games.py --seeds "
        f"{','.join(map(str, seeds))} --positions {args.positions} --samples "
        f"{args.samples} --workers {args.workers}`; {time.perf_counter() - started:.0f} s.",
        "",
        f"`analyse --seat` (the seat to move) with {args.samples} samples on "
        f"{args.workers} workers, the default budget of each move and deal; positions "
        "after random legal moves from fresh two-player deals. Proven: the share of all "
        "move values whose win or loss is proven. CPU: this process and its workers.",
        "",
        "| game | run seed | deal seed | moves | wall s | CPU s | proven | best | wins [95%] "
        "| nodes a move and deal |",
        "|---|---|---|---|---|---|---|---|---|---|",
        *rows,
    ]
    write_page(args.out, lines)


if __name__ == "__main__":
    main()
