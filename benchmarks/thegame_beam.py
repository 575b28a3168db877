"""Benchmark: the beam search alone (solver/thegame/beam_kernel.py) on the deals that the
pilot, NRPA and the exhaustive search left undecided with 200-400 M nodes, and on
the first deals of the hardest study row (docs/results.md).

For each deal (official cards 2..99) and each starting player, beams of width 1,000,
then 10,000, then 100,000 until one wins; the line is replayed through the
reference rules. Columns: the width that won (or the best cards left at the widest),
nodes and seconds of all beams of the deal (one process). Writes
benchmarks/results/thegame_beam.md.

    python benchmarks/thegame_beam.py
"""

from __future__ import annotations

import os
import platform
import time
from pathlib import Path

import numpy as np

from playable.solver.core.budget import Budget
from playable.solver.thegame import beam_kernel as B
from playable.solver.thegame.notation import Deal
from playable.solver.thegame.rules import Variant, shuffled_deck
from playable.solver.thegame.search import _Solver, replay, warm_up

RESULTS = Path(__file__).parent / "results" / "thegame_beam.md"
WIDTHS = (1_000, 10_000, 100_000)
SOLO_EXPERT = Variant(players=1, expert=True)
SOLO = Variant(players=1)
TRIO_HARD = Variant(players=3, expert=True, expert_hand=True)
DEALS: list[tuple[str, Variant, int]] = [
    *(("solo expert", SOLO_EXPERT, s) for s in (17, 33, 95, 121, 131, 133, 156, 584, 764)),
    *(("solo", SOLO, s) for s in (2384, 5694, 6146, 9994)),
    *(("3 players, expert hand + minimum", TRIO_HARD, s) for s in range(10)),
]


def beam_deal(variant: Variant, seed: int) -> tuple[str, int, float]:
    """Beams of growing width over every start until one wins: (result, nodes, s)."""
    deal = Deal(variant, tuple(shuffled_deck(variant, seed)))
    starts = [deal.start(p) for p in range(variant.players)]
    solver = _Solver(starts, Budget(memory_mb=1), True, False)
    nodes = 0
    began = time.perf_counter()
    best = variant.max_card
    for width in WIDTHS:
        for run in solver.runs:
            run.reset(1, 0, 0)
            ws = B.workspace(width, variant.players, run.root.cards_left)
            reg = np.zeros(B.N_REG, dtype=np.int64)
            reg[B.R_RNG] = 1
            reg[B.R_LIMIT] = 1 << 60
            B.start(run.pos, ws, reg)
            outcome = B.run(run.params, run.draw, ws, reg)
            nodes += int(reg[B.R_NODES])
            line = np.zeros(2 * run.root.cards_left + 2, dtype=np.int64)
            n = B.line(ws, reg, line)
            left = replay(run.root, [int(m) for m in line[:n]], finish=True).cards_left
            if outcome == B.FOUND:
                assert left == 0, "a beam win that does not replay"
                return f"won at width {width:,}", nodes, time.perf_counter() - began
            best = min(best, left)
    return f"not won: best line leaves {best}", nodes, time.perf_counter() - began


def main() -> None:
    warm_up()
    beam_deal(SOLO_EXPERT, 0)  # compile the beam before timing
    load = os.getloadavg()
    rows = []
    for label, variant, seed in DEALS:
        result, nodes, seconds = beam_deal(variant, seed)
        rows.append(f"| {label} | {seed} | {result} | {nodes:,} | {seconds:.1f} |")
        print(rows[-1], flush=True)
    end = os.getloadavg()
    text = "\n".join(
        [
            "# The Game: the beam search alone on the hardest deals",
            "",
            f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on "
            f"{platform.machine()}, Python {platform.python_version()}, one process; "
            f"load average {load[0]:.2f} at the start, {end[0]:.2f} at the end.",
            "Widths 1,000, 10,000, 100,000 in turn for every start until one wins "
            "(`benchmarks/thegame_beam.py`); nodes and seconds are those of all beams "
            "of the deal. Every win replays through the reference rules.",
            "",
            "| deals | seed | result | nodes | s |",
            "|---|---|---|---|---|",
            *rows,
        ]
    )
    RESULTS.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {RESULTS}")


if __name__ == "__main__":
    main()
