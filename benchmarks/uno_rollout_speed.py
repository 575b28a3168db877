"""Benchmark: UNO's heuristic play-outs compiled (solver/uno/rollout_kernel.py) against
the same rounds through the reference rules (simulate.play_round with two
HeuristicPlayers), on two-player positions drawn from ``--seed``.

Each position is a fresh deal (official rules, UN-1; a third of them with the
stacking option, UN-5) after 0-40 random legal moves, drawn from a generator seeded
by ``--seed``. Both sides play every position to the end of the round; the table
gives how many rounds the kernel finished (the others need a reshuffle, UN-9, and
go through the reference rules in ``Engine.rollout``), whether each finished round
has the reference round's winner and move count, and the CPU microseconds a round
of each side (``time.process_time`` over all the positions, one side after the
other, after the kernel is loaded; the kernel's time includes encoding the
position). Writes benchmarks/results/uno_rollout_speed.md.

    python benchmarks/uno_rollout_speed.py --seed 1 --positions 1000
"""

from __future__ import annotations

import argparse
import os
import random
import time
from pathlib import Path

from reach import command, machine

from playable.solver.uno.players import HeuristicPlayer
from playable.solver.uno.rollout_kernel import FAILED, warm_up, winner
from playable.solver.uno.rules import Options, State, apply, legal_moves, random_deal
from playable.solver.uno.simulate import play_round

RESULTS = Path(__file__).parent / "results" / "uno_rollout_speed.md"


def positions(seed: int, count: int) -> list[State]:
    """``count`` two-player positions not yet over, drawn from ``seed`` (module doc)."""
    rng = random.Random(seed)
    out: list[State] = []
    while len(out) < count:
        deal = rng.randrange(1 << 30)
        state = random_deal(Options(stacking=rng.random() < 1 / 3), 2, deal, deal % 2).start()
        for _ in range(rng.randrange(41)):
            after = apply(state, rng.choice(legal_moves(state)))
            if after.is_over:
                break
            state = after
        out.append(state)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    warm_up()
    load = os.getloadavg()
    states = positions(args.seed, args.positions)
    started = time.process_time()
    compiled = [winner(state) for state in states]
    kernel_cpu = time.process_time() - started
    started = time.process_time()
    bots = [HeuristicPlayer()] * 2
    reference = [play_round(s, bots, random.Random(0), max_moves=2000) for s in states]
    reference_cpu = time.process_time() - started
    finished = agree = moves = 0
    for (won, made), record in zip(compiled, reference, strict=True):
        if won != FAILED:
            finished += 1
            agree += (won, made) == (record.winner, record.moves)
            moves += made
    n = len(states)
    table = "\n".join(
        [
            "| positions | finished by the kernel | same winner and moves | mean moves a round "
            "| reference us a round | kernel us a round | speed-up |",
            "|---|---|---|---|---|---|---|",
            f"| {n} | {finished} | {agree} of {finished} | {moves / max(finished, 1):.1f} "
            f"| {1e6 * reference_cpu / n:,.0f} | {1e6 * kernel_cpu / n:,.1f} "
            f"| {reference_cpu / kernel_cpu:.0f} x |",
        ]
    )
    now = os.getloadavg()
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    text = (
        "# UNO: the heuristic bots' play-outs, compiled and through the reference rules\n\n"
        f"Measured {when} on {machine()}; load (1 min) {load[0]:.2f} at the start, "
        f"{now[0]:.2f} at the end; command `{command()}`.\n\n"
        f"{__doc__.split(chr(10) + chr(10))[1]}\n\n{table}\n"
    )
    args.out.write_text(text, "utf-8")
    print(table)


if __name__ == "__main__":
    main()
