"""What every `playable study GAME` command shares (its options are in
cli/options.py): the run that solves the seeds a study file still lacks, storing each
result as it finishes (solver/core/study.py), with a progress bar, and the retry of
the seeds left unknown with a larger budget (solver/core/retries.py)."""

from __future__ import annotations

from collections.abc import Callable, Collection
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import typer
from rich.table import Table

from playable.cli.io import fail, print_json, stderr, stdout
from playable.cli.options import (
    Database,
    DealNodes,
    Deals,
    DealSeconds,
    FirstSeed,
    Json,
    RetryNodes,
    RetrySeconds,
    Scheduler,
    Workers,
)
from playable.cli.progress import progress_bar
from playable.solver.core.retries import Retries, retry_stage, with_retries
from playable.solver.core.stats import Proportion
from playable.solver.core.study import ResultStore, run_study


class _Enough(Exception):
    """A result that settles the run arrived."""


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
    enough: Callable[[dict[str, Any]], bool] | None = None,
) -> list[dict[str, Any]]:
    """Solve the ``seeds`` that ``store`` lacks (``lease``: seconds a claim on a seed
    lasts) and return the stored rows of ``seeds``; closes ``store``. ``what`` names
    the run on the progress bar. A result for which ``enough`` is true ends the run
    early (the jobs still running are cancelled). Ctrl-C stops the run with exit code
    130 and says how to carry on: finished work is kept."""
    try:
        finished = sum(1 for seed in store.done() if seed in seeds)
        with progress_bar(what, len(seeds), finished, quiet=quiet) as advance:

            def record(seed: int, result: dict[str, Any]) -> None:
                store.record(seed, result, lease)
                advance()
                if enough is not None and enough(result):
                    raise _Enough

            with suppress(_Enough):
                run_study(store, solve, seeds, record, workers, scheduler, lease)
        return [row for row in store.results() if row["seed"] in seeds]
    except KeyboardInterrupt:
        stored = len(store.done())
        stderr.print(
            f"interrupted: {stored} results stored in {db}; run the same command again to carry on"
        )
        raise typer.Exit(130) from None
    finally:
        store.close()


def study_lease(seconds: float | None, nodes: int | None, rate: float = 100_000) -> float:
    """Seconds a claim on a seed lasts: longer than its budget (a node budget taken
    at a slow ``rate`` nodes a second) and the first compilation."""
    return 3 * (seconds if seconds is not None else (nodes or 0) / rate) + 300


def check_larger(study: dict[str, Any], retry: dict[str, Any]) -> None:
    """A retry budget must be larger than the study's in each unit both give."""
    for unit in ("nodes", "seconds"):
        first, again = study.get(unit), retry.get(unit)
        if first is not None and again is not None and again <= first:
            fail(f"--retry-{unit} {again:g}: must be larger than the study's budget {first:g}")


def read_retries(db: Path, seeds: Collection[int] | None = None) -> Retries:
    """The retry stages of a study file: each one's arguments and rows (of ``seeds``)."""
    store = ResultStore(db)
    try:
        names = [name for name in store.stages() if name.startswith("retry_")]
    finally:
        store.close()
    retries = []
    for name in names:
        stage = ResultStore(db, stage=name)
        try:
            rows = [row for row in stage.results() if seeds is None or row["seed"] in seeds]
            retries.append((stage.config, rows))
        finally:
            stage.close()
    return retries


def retry_unknown(
    db: Path,
    rows: list[dict[str, Any]],
    config: dict[str, Any],
    solve: Callable[[int], dict[str, Any]],
    workers: int,
    scheduler: str | None,
    lease: float,
    quiet: bool,
    enough: Callable[[dict[str, Any]], bool] | None = None,
) -> None:
    """Solve again, with the budget of ``config``, the seeds of ``rows`` that no
    stored pass has decided, storing each result in that budget's stage (``enough``:
    as for :func:`solve_missing`)."""
    seeds = {row["seed"] for row in rows}
    others = [r for r in read_retries(db, seeds) if r[0] != config]
    still_open, _ = with_retries(rows, others)
    unknown = [row["seed"] for row in still_open if row["status"] == "unknown"]
    stage = ResultStore(db, config, stage=retry_stage(config))
    solve_missing(db, stage, solve, unknown, workers, scheduler, lease, quiet, "retry", enough)


class StudyJob(Protocol):
    """What a game's study gives the commands: its budget, its stored arguments and
    the solve of one seed."""

    @property
    def seconds(self) -> float | None: ...

    @property
    def nodes(self) -> int | None: ...

    def config(self) -> dict[str, Any]: ...

    def solve(self, seed: int) -> dict[str, Any]: ...


@dataclass(frozen=True)
class StudyOptions:
    """The options every `playable study GAME` takes, added to each command by
    :func:`~playable.cli.option_groups.with_options`: the file, the seeds, the budget
    of each deal and of the retry, the workers, the output."""

    db: Database
    deals: Deals
    seed: FirstSeed = 0
    seconds: DealSeconds = None
    nodes: DealNodes = None
    retry_seconds: RetrySeconds = None
    retry_nodes: RetryNodes = None
    workers: Workers = 2
    scheduler: Scheduler = None
    json: Json = False


@dataclass(frozen=True)
class StudyKind:
    """How a game's studies run and read, given once to its study command and its
    report: the budget of a solve when none is given, the summary of a file's rows
    (with its retries, :func:`read_retries`), the table of summaries, and what a claim
    on a deal must outlast: ``solves`` solves a deal, at ``nodes_per_second`` at the
    slowest (:func:`study_lease`)."""

    default_seconds: float
    summarise: Callable[[list[dict[str, Any]], Retries], dict[str, Any]]
    table: Callable[[list[dict[str, Any]]], Table]
    solves: int = 1
    nodes_per_second: float = 100_000

    def lease(self, seconds: float | None, nodes: int | None) -> float:
        """Seconds a claim on a deal lasts under the budget (seconds, nodes)."""
        return self.solves * study_lease(seconds, nodes, self.nodes_per_second)


def run_study_command(
    options: StudyOptions, make: Callable[[float | None, int | None], StudyJob], kind: StudyKind
) -> None:
    """The body of every `playable study GAME`: solve the deals of seeds SEED..SEED +
    DEALS - 1 that the file lacks, each with the study ``make(seconds, nodes)`` makes
    (the ``kind``'s default seconds when no budget is given; with both, whichever runs
    out first), retry the undecided ones with the ``--retry-*`` budget if given, and
    print the summary (JSON or the ``kind``'s table)."""
    o = options
    lease, summarise, table = kind.lease, kind.summarise, kind.table
    seconds = kind.default_seconds if o.seconds is None and o.nodes is None else o.seconds
    study = make(seconds, o.nodes)
    retry = None
    if o.retry_seconds is not None or o.retry_nodes is not None:
        retry = make(o.retry_seconds, o.retry_nodes)
        check_larger(study.config(), retry.config())
    seeds = range(o.seed, o.seed + o.deals)
    store = ResultStore(o.db, study.config())
    claim = lease(study.seconds, study.nodes)
    rows = solve_missing(o.db, store, study.solve, seeds, o.workers, o.scheduler, claim, o.json)
    if retry is not None:
        claim = lease(retry.seconds, retry.nodes)
        retry_unknown(
            o.db, rows, retry.config(), retry.solve, o.workers, o.scheduler, claim, o.json
        )
    summary = {"db": str(o.db), **study.config(), **summarise(rows, read_retries(o.db, seeds))}
    if o.json:
        print_json(summary)
    else:
        stdout.print(table([summary]))


def proportion_text(document: dict[str, Any]) -> str:
    """A stored proportion (``successes``, ``trials``) as its rate and interval, or
    '-' when nothing was counted."""
    if not document["trials"]:
        return "-"
    return str(Proportion(document["successes"], document["trials"]))
