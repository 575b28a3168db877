"""Run one job per seed on local worker processes or a Dask cluster, keeping every
finished result in SQLite the moment it arrives.

A study is resumable by construction: each result is committed in its own
transaction (SQLite in WAL mode), so a study interrupted by Ctrl-C or ``kill -9``
loses at most the jobs that were still running, and started again with the same
arguments it runs only the seeds that have no row yet. The study's arguments are
stored with it; reopening the database with other arguments is refused rather than
mixing two studies.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from solver.core.errors import PlayableError

Job = Callable[[int], dict[str, Any]]
OnResult = Callable[[int, dict[str, Any]], None]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS study (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS results (
    seed INTEGER PRIMARY KEY,
    status TEXT NOT NULL,
    value INTEGER,
    nodes INTEGER,
    seconds REAL,
    result TEXT NOT NULL
);
"""


class StudyMismatch(PlayableError):
    """The database holds a study made with other arguments."""


class ResultStore:
    """The SQLite file of one study: its arguments and one row per finished seed.

    Each row keeps the headline fields in columns (``status``, ``value``: the
    objective such as cards left, ``nodes``, ``seconds``) and the whole result as
    JSON (for The Game this includes the line).
    """

    def __init__(self, path: str | Path, config: dict[str, Any] | None = None) -> None:
        self.path = Path(path)
        self.connection = sqlite3.connect(self.path)
        self.connection.execute("PRAGMA journal_mode=WAL")
        self.connection.execute("PRAGMA synchronous=NORMAL")
        self.connection.executescript(_SCHEMA)
        stored = self.connection.execute("SELECT value FROM study WHERE key='config'").fetchone()
        if config is not None:
            wanted = json.dumps(config, sort_keys=True)
            if stored is None:
                with self.connection:
                    self.connection.execute("INSERT INTO study VALUES ('config', ?)", (wanted,))
            elif stored[0] != wanted:
                raise StudyMismatch(
                    f"{self.path} holds a study made with other arguments: {stored[0]}"
                )
        elif stored is None:
            raise StudyMismatch(f"{self.path} holds no study")
        self.config: dict[str, Any] = json.loads(
            self.connection.execute("SELECT value FROM study WHERE key='config'").fetchone()[0]
        )

    def done(self) -> set[int]:
        """Seeds that already have a result."""
        return {row[0] for row in self.connection.execute("SELECT seed FROM results")}

    def record(self, seed: int, result: dict[str, Any]) -> None:
        """Store one finished result, committed at once."""
        with self.connection:
            self.connection.execute(
                "INSERT OR REPLACE INTO results VALUES (?, ?, ?, ?, ?, ?)",
                (
                    seed,
                    result["status"],
                    result.get("value"),
                    result.get("nodes"),
                    result.get("seconds"),
                    json.dumps(result),
                ),
            )

    def results(self) -> list[dict[str, Any]]:
        """Every stored result, by seed."""
        rows = self.connection.execute("SELECT seed, result FROM results ORDER BY seed")
        return [{"seed": seed, **json.loads(text)} for seed, text in rows]

    def close(self) -> None:
        self.connection.close()


def run_jobs(
    job: Job,
    seeds: Iterable[int],
    on_result: OnResult,
    workers: int = 2,
    scheduler: str | None = None,
) -> None:
    """Run ``job(seed)`` for every seed and call ``on_result(seed, result)`` in this
    process as each finishes (in completion order).

    ``scheduler`` is the address of a Dask scheduler (``tcp://host:8786``) or
    ``"local"`` for a Dask LocalCluster with ``workers`` processes; without it the
    jobs run on a local process pool (``workers`` <= 1 runs them in this process).
    ``job`` must be picklable (a module-level function or a ``functools.partial``).
    On an interrupt the pending jobs are cancelled and the exception propagates;
    results already passed to ``on_result`` are unaffected.
    """
    pending = list(seeds)
    if not pending:
        return
    if scheduler is not None:
        for seed, result in _dask_results(job, pending, workers, scheduler):
            on_result(seed, result)
        return
    if workers <= 1:
        for seed in pending:
            on_result(seed, job(seed))
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures: dict[Future[dict[str, Any]], int] = {pool.submit(job, s): s for s in pending}
        try:
            for future in as_completed(futures):
                on_result(futures[future], future.result())
        except BaseException:
            for future in futures:
                future.cancel()
            raise


def _dask_results(
    job: Job, seeds: list[int], workers: int, scheduler: str
) -> Iterator[tuple[int, dict[str, Any]]]:
    from dask.distributed import Client, LocalCluster
    from dask.distributed import as_completed as dask_completed

    cluster = None
    if scheduler == "local":
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=None)
        client = Client(cluster)
    else:
        client = Client(scheduler)
    try:
        futures = client.map(job, seeds, pure=False)
        seed_of = {future.key: seed for future, seed in zip(futures, seeds, strict=True)}
        try:
            for future in dask_completed(futures):
                yield seed_of[future.key], future.result()
        except BaseException:
            client.cancel(futures)
            raise
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
