"""What every `playable simulate GAME` shares: one job per seed (one game, or for UNO
one match) run on ``--workers`` processes, each finished result kept in a ``--db``
SQLite file as it ends (resumable: run the same command again to carry on; other
arguments are refused with one line, solver/core/study.py), with a progress bar.

A job's result row is a JSON object and the game's summary is computed from the rows
alone, so the summary is the same whether the games ran in one process or several,
in one run or in several interrupted ones (docs/json.md)."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Annotated, Any, Protocol

import typer

from playable.cli.options import MAX_RUN, MAX_SEED
from playable.cli.progress import progress_bar
from playable.cli.study.run import solve_missing
from playable.solver.core.study import DEFAULT_LEASE, ResultStore, run_jobs

Games = Annotated[int, typer.Option(help="Number of games (deals).", min=1, max=MAX_RUN)]
GameSeed = Annotated[
    int, typer.Option(help="Game i is the deal of seed SEED + i.", min=0, max=MAX_SEED)
]
SimulationDb = Annotated[
    Path | None, typer.Option("--db", help="Keep each game in this SQLite file (resumable).")
]


class Simulation(Protocol):
    """A game's simulation: one game (UNO: one match) of a seed as a JSON row."""

    def play(self, seed: int) -> dict[str, Any]: ...


def play_one(simulation: Simulation, seed: int) -> dict[str, Any]:
    """The game of ``seed``: a module-level function, so that worker processes can
    pickle ``partial(play_one, simulation)``."""
    return simulation.play(seed)


def play_games(
    simulation: Simulation,
    config: dict[str, Any],
    first: int,
    games: int,
    db: Path | None,
    workers: int,
    quiet: bool,
) -> list[dict[str, Any]]:
    """The rows of ``simulation``'s games of seeds ``first`` .. ``first + games - 1``
    (:func:`simulate_rows` of :func:`play_one`), ``config`` kept in the ``db`` file."""
    job = partial(play_one, simulation)
    return simulate_rows(job, range(first, first + games), config, db, workers, "simulate", quiet)


def simulate_rows(
    job: Callable[[int], dict[str, Any]],
    seeds: range,
    config: dict[str, Any],
    db: Path | None,
    workers: int,
    what: str,
    quiet: bool,
) -> list[dict[str, Any]]:
    """The result rows of ``job`` on every seed of ``seeds``, by seed, each with its
    ``seed``. ``config`` is what the simulation's file keeps (``kind``
    ``simulation``); with ``db`` only the seeds the file lacks are played and each
    result is stored as it arrives (Ctrl-C: exit 130, finished games kept). ``job``
    must be picklable (a module-level function or a ``functools.partial``) and its
    rows JSON objects with a ``status``: without a file each row goes through JSON
    too, so both ways give the same rows."""
    if db is not None:
        store = ResultStore(db, config)
        return solve_missing(db, store, job, seeds, workers, None, DEFAULT_LEASE, quiet, what)
    rows: dict[int, dict[str, Any]] = {}
    with progress_bar(what, len(seeds), 0, quiet=quiet) as advance:

        def record(seed: int, result: dict[str, Any]) -> None:
            rows[seed] = {"seed": seed, **json.loads(json.dumps(result))}
            advance()

        run_jobs(job, seeds, record, workers)
    return [rows[seed] for seed in sorted(rows)]
