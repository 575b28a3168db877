"""Benchmark: The Game's hidden-information players (greedy, planner, sampling).

Game ``i`` of every row is the deal of seed ``SEED + i`` (``shuffled_deck``; ``--first-deal``
sets another first seed), so all rows of one player count meet the same deals, and by
default the solo rows meet the deals of ``playable simulate thegame`` and of
docs/results.md. Each row reports the win rate with its 95% Wilson interval
(solver/core/stats.py), the mean cards left (TG-8) with a 95% normal interval, the share
of "excellent" games (< 10 left) and the seconds per game (one worker's time per game,
and the wall time of the row with ``--workers``).

Prints one table and writes it to benchmarks/results/thegame_players.md (or ``--out``).

Run: ``python benchmarks/thegame_players.py [--workers 2] [--rows SPEC ...]
[--minutes M] [--db-dir DIR] [--first-deal SEED] [--out FILE]`` where a row is
``players:strategy[:samples]:games``, e.g. ``1:sampling:128:2000`` or
``2:planner+signals:500`` (pile-level signals, TG-10); each row stops after M minutes
of wall time and says how many of its games it played; with DIR a rerun resumes every
row, and ``--report`` only tabulates the games stored there.
"""

from __future__ import annotations

import argparse
import contextlib
import time
from functools import partial
from pathlib import Path
from statistics import mean, stdev
from typing import Any

from playable.solver.core.stats import Proportion
from playable.solver.core.study import ResultStore, run_jobs
from playable.solver.thegame.rules import Variant
from playable.solver.thegame.simulate import Simulation, store_config

SEED = 0
RESULTS = Path(__file__).parent / "results"
DEFAULT_ROWS = [
    "1:greedy:2000",
    "1:planner:500",
    "1:sampling:32:300",
    "1:sampling:128:2000",
    "1:sampling:256:300",
    "2:greedy:500",
    "2:planner:500",
    "2:planner+signals:500",
    "2:sampling:128:200",
    "3:planner:300",
    "3:planner+signals:300",
    "3:sampling:128:100",
    "4:planner:300",
    "4:planner+signals:300",
    "4:sampling:128:100",
    "5:planner:300",
    "5:planner+signals:300",
    "5:sampling:128:100",
]


class OutOfTime(Exception):
    """A row's time budget ran out; its finished games are kept."""


def timed_game(simulation: Simulation, seed: int) -> dict[str, Any]:
    """Play one deal; the study row plus the seconds it took."""
    started = time.perf_counter()
    result = simulation.play(seed)
    return {**result, "seconds": time.perf_counter() - started}


def run_row(
    spec: str, workers: int, minutes: float, db_dir: Path | None, play: bool, first: int = SEED
) -> str:
    """Simulate one row ``players:strategy[:samples]:games`` on the deals of seeds
    ``first``, ``first + 1``, ...; its markdown line.

    With ``db_dir`` every finished game is kept in ``DIR/<row>.sqlite`` at once and a
    rerun carries on where the last one stopped; the files are those of ``playable
    simulate thegame --db`` (rows keyed by deal seed), so ``playable report`` reads
    them. After ``minutes`` of wall time the row stops (the running games are
    finished) and reports the games it has, saying how many of those asked for.
    Without ``play`` the row only reports the stored games.
    """
    parts = spec.split(":")
    players, games = int(parts[0]), int(parts[-1])
    strategy, signals = parts[1].removesuffix("+signals"), parts[1].endswith("+signals")
    samples = int(parts[2]) if len(parts) == 4 else None
    simulation = Simulation(Variant(players=players), strategy, samples, signals)
    store = None
    if db_dir is not None:
        db_dir.mkdir(parents=True, exist_ok=True)
        name = spec.rsplit(":", 1)[0].replace(":", "-")
        store = ResultStore(db_dir / f"{name}.sqlite", store_config(simulation))
    seeds = range(first, first + games)
    results = {r["seed"]: r for r in (store.results() if store else []) if r["seed"] in seeds}
    started = time.perf_counter()

    def record(seed: int, result: dict[str, Any]) -> None:
        if store is not None:
            store.record(seed, result)
        results[seed] = result
        if time.perf_counter() - started > 60 * minutes:
            raise OutOfTime

    with contextlib.suppress(OutOfTime):
        pending = [s for s in seeds if s not in results] if play else []
        run_jobs(partial(timed_game, simulation), pending, record, workers)
    left = [results[s]["value"] for s in sorted(results)]
    done = len(left)
    half = 1.96 * stdev(left) / done**0.5 if done > 1 else float("nan")
    wins = Proportion(sum(1 for c in left if c == 0), done)
    excellent = Proportion(sum(1 for c in left if c < 10), done)
    per_game = mean(r["seconds"] for r in results.values())
    name = f"{strategy} ({samples} samples)" if samples else strategy
    name += " + signals" if signals else ""
    count = str(done) if done == games else f"{done} of {games} (stopped by the time budget)"
    line = (
        f"| {players} | {name} | {count} | {wins} | {mean(left):.2f} ± {half:.2f} "
        f"| {100 * excellent.rate:.1f}% | {per_game:.2f} |"
    )
    print(line, flush=True)
    return line


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rows", nargs="+", default=DEFAULT_ROWS)
    parser.add_argument("--minutes", type=float, default=20.0, help="Wall budget per row.")
    parser.add_argument("--db-dir", type=Path, default=None, help="Keep games here (resume).")
    parser.add_argument("--report", action="store_true", help="Only report the stored games.")
    parser.add_argument("--first-deal", type=int, default=SEED, help="Seed of game 0's deal.")
    parser.add_argument("--out", type=Path, default=RESULTS / "thegame_players.md")
    args = parser.parse_args()
    header = [
        f"The Game, hidden-information players; game i is the deal of seed {args.first_deal} + i.",
        f"Workers: {args.workers}. Timings were taken on a shared, loaded 2-core machine",
        "(other jobs running); s/game is one worker's time per game.",
        "",
        "| players | player | games | wins [95% Wilson] | mean cards left (± 95%) "
        "| excellent (< 10) | s/game |",
        "|---|---|---|---|---|---|---|",
    ]
    print("\n".join(header), flush=True)
    rows = [
        run_row(spec, args.workers, args.minutes, args.db_dir, not args.report, args.first_deal)
        for spec in args.rows
    ]
    table = "\n".join([*header, *rows])
    args.out.write_text("# The Game: players\n\n" + table + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
