"""What every `playable study GAME` command shares: the ``--db`` and ``--scheduler``
options, and the run that solves the seeds a study file still lacks, storing each
result as it finishes (solver/core/study.py), with a progress bar."""

from __future__ import annotations

from collections.abc import Callable, Collection
from pathlib import Path
from typing import Annotated, Any

import typer

from playable.cli.io import stderr
from playable.cli.progress import progress_bar
from playable.solver.core.study import ResultStore, SchedulerError, check_scheduler, run_study

Database = Annotated[Path, typer.Option("--db", help="SQLite file of the study.")]


def _check_scheduler(value: str | None) -> str | None:
    if value is not None:
        try:
            check_scheduler(value)
        except SchedulerError as error:
            raise typer.BadParameter(str(error)) from None
    return value


Scheduler = Annotated[
    str | None,
    typer.Option(
        help="Dask scheduler address (tcp://host:8786), or 'local' for a LocalCluster.",
        callback=_check_scheduler,
    ),
]


def solve_missing(
    db: Path,
    store: ResultStore,
    solve: Callable[[int], dict[str, Any]],
    seeds: Collection[int],
    workers: int,
    scheduler: str | None,
    lease: float,
    quiet: bool,
    what: str = "study",
) -> list[dict[str, Any]]:
    """Solve the ``seeds`` that ``store`` lacks (``lease``: seconds a claim on a seed
    lasts) and return the stored rows of ``seeds``; closes ``store``. ``what`` names
    the run on the progress bar. Ctrl-C stops the run with exit code 130 and says how
    to carry on: finished work is kept."""
    try:
        finished = sum(1 for seed in store.done() if seed in seeds)
        with progress_bar(what, len(seeds), finished, quiet=quiet) as advance:

            def record(seed: int, result: dict[str, Any]) -> None:
                store.record(seed, result, lease)
                advance()

            run_study(store, solve, seeds, record, workers, scheduler, lease)
        return [row for row in store.results() if row["seed"] in seeds]
    except KeyboardInterrupt:
        stored = len(store.done())
        stderr.print(
            f"interrupted: {stored} deals stored in {db}; run the same command again to carry on"
        )
        raise typer.Exit(130) from None
    finally:
        store.close()
