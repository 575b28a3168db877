"""Run one job per seed on local worker processes or a Dask cluster, keeping every
finished result in SQLite the moment it arrives.

A study is resumable by construction: each result is committed in its own
transaction (SQLite in WAL mode), so a study interrupted by Ctrl-C or ``kill -9``
loses at most the jobs that were still running, and started again with the same
arguments it runs only the seeds that have no row yet. The study's arguments are
stored with it; reopening the database with other arguments is refused rather than
mixing two studies.

Several processes (on one machine or on machines sharing the file) may run the
same study on one database at once: each seed is *claimed* before it is solved
(the ``claims`` table: the claimer's host, pid and a lease), so each seed is
solved once; a claim whose process is dead, or whose lease ran out, is taken
over. A stored result is never replaced: the first one stored stays.

Worker processes watch the process that started them (:func:`watch_parent`), so a
study killed with ``kill -9`` leaves no worker running.
"""

from __future__ import annotations

import ctypes
import itertools
import json
import os
import re
import signal
import socket
import sqlite3
import sys
import threading
import time
import uuid
from collections.abc import Callable, Collection, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from playable.solver.core.dbfile import DatabaseFileError, describe, mark, open_database
from playable.solver.core.errors import PlayableError

Job = Callable[[int], dict[str, Any]]
OnResult = Callable[[int, dict[str, Any]], None]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS study (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS results{stage} (
    seed INTEGER PRIMARY KEY,
    status TEXT NOT NULL,
    value INTEGER,
    nodes INTEGER,
    seconds REAL,
    result TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS claims{stage} (
    seed INTEGER PRIMARY KEY,
    owner TEXT NOT NULL,
    host TEXT NOT NULL,
    pid INTEGER NOT NULL,
    expires REAL NOT NULL
);
"""

#: Seconds a claim lasts when the caller gives no lease (renewed as results arrive).
DEFAULT_LEASE = 600.0

#: Seconds to wait for a Dask scheduler to answer before giving up.
CONNECT_TIMEOUT = 5.0

#: ``--scheduler``: ``local`` or an address such as ``tcp://10.0.0.5:8786``.
SCHEDULER_ADDRESS = re.compile(r"(?:(?:tcp|tls|ws|wss|ucx)://)?[A-Za-z0-9_.\-]+:\d{1,5}")

#: A stage name: part of SQL table names, so letters, digits and underscores only.
STAGE_NAME = re.compile(r"[a-z0-9_]{1,64}")


class StudyMismatch(PlayableError):
    """The database holds a study made with other arguments."""


class SchedulerError(PlayableError):
    """A Dask scheduler address that is malformed or does not answer."""


def max_workers() -> int:
    """The most worker processes a command starts: 4 per CPU (at least 8). More only
    add memory and switching, not speed, and a typo (100000) would start thousands."""
    return max(8, 4 * (os.cpu_count() or 1))


class ResultStore:
    """The SQLite file of one study: its arguments and one row per finished seed.

    Each row keeps the headline fields in columns (``status``, ``value``: the
    objective such as cards left, ``nodes``, ``seconds``) and the whole result as
    JSON (for The Game this includes the line). ``config=None`` opens an existing
    file read-only (``playable report``); with a config the file is created or
    resumed and its kind (``config["kind"]``: ``study`` or ``simulation``) marked.

    A file may hold later *stages* of its study besides the first pass: ``stage="x"``
    keeps its own arguments (key ``config_x``), results (``results_x``) and claims
    (``claims_x``), with the same resumable, shared behaviour. A study uses one to
    solve again, with a larger budget, the seeds its first pass left undecided.
    """

    def __init__(
        self, path: str | Path, config: dict[str, Any] | None = None, stage: str = ""
    ) -> None:
        if stage and not STAGE_NAME.fullmatch(stage):
            raise ValueError(f"stage name {stage!r}: lower-case letters, digits and _ only")
        suffix = f"_{stage}" if stage else ""
        self._results, self._claims, self._key = (
            f"{t}{suffix}" for t in ("results", "claims", "config")
        )
        self.path = Path(path)
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self.writable = config is not None
        if config is None:
            self.connection = open_database(self.path, ("study", "simulation"), write=False)
        else:
            kind = "simulation" if config.get("kind") == "simulation" else "study"
            self.connection = open_database(self.path, (kind,), write=True)
        try:
            if config is not None:
                with self._transaction():
                    for statement in _SCHEMA.format(stage=suffix).split(";"):
                        if statement.strip():
                            self.connection.execute(statement)
                    mark(self.connection, kind)
            self.config = self._config(config)
        except sqlite3.Error as error:
            self.connection.close()
            raise DatabaseFileError(f"{self.path}: {describe(error)}") from None
        except PlayableError:
            self.connection.close()
            raise

    def _config(self, config: dict[str, Any] | None) -> dict[str, Any]:
        select = "SELECT value FROM study WHERE key=?"
        stored = self.connection.execute(select, (self._key,)).fetchone()
        if config is not None:
            wanted = json.dumps(config, sort_keys=True)
            if stored is None:
                with self._transaction():
                    self.connection.execute(
                        "INSERT OR IGNORE INTO study VALUES (?, ?)", (self._key, wanted)
                    )
                stored = self.connection.execute(select, (self._key,)).fetchone()
            if stored[0] != wanted:
                raise StudyMismatch(
                    f"{self.path} holds a study made with other arguments: {stored[0]}"
                )
        elif stored is None:
            what = (
                f"stage {self._key.removeprefix('config_')}" if self._key != "config" else "study"
            )
            raise StudyMismatch(f"{self.path} holds no {what}")
        try:
            loaded = json.loads(stored[0])
        except ValueError:
            loaded = None
        if not isinstance(loaded, dict):
            raise DatabaseFileError(f"{self.path}: damaged: its stored arguments are not JSON")
        return loaded

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """One write transaction, taken at once (``BEGIN IMMEDIATE``) so that two
        processes checking then claiming a seed cannot interleave."""
        self.connection.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.connection.execute("ROLLBACK")
            raise
        self.connection.execute("COMMIT")

    def done(self) -> set[int]:
        """Seeds that already have a result."""
        return {row[0] for row in self.connection.execute(f"SELECT seed FROM {self._results}")}

    def claim(self, seed: int, lease: float = DEFAULT_LEASE) -> bool:
        """Claim ``seed`` for this process: ``False`` if it has a result or another
        live claimer holds it. A claim held by a dead process, or whose lease ran
        out, is taken over."""
        with self._transaction():
            if self.connection.execute(
                f"SELECT 1 FROM {self._results} WHERE seed=?", (seed,)
            ).fetchone():
                return False
            row = self.connection.execute(
                f"SELECT owner, host, pid, expires FROM {self._claims} WHERE seed=?", (seed,)
            ).fetchone()
            if row is not None and row[0] != self.owner and _alive(row[1], row[2], row[3]):
                return False
            self.connection.execute(
                f"INSERT INTO {self._claims} VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (seed) DO UPDATE SET owner=excluded.owner, "
                "host=excluded.host, pid=excluded.pid, expires=excluded.expires",
                (seed, self.owner, socket.gethostname(), os.getpid(), time.time() + lease),
            )
        return True

    def claimed(self, seeds: Iterable[int], lease: float = DEFAULT_LEASE) -> Iterator[int]:
        """The seeds of ``seeds`` this process claims, claimed one by one as the
        caller asks for the next (so a process holds claims only on running jobs)."""
        for seed in seeds:
            if self.claim(seed, lease):
                yield seed

    def claimed_by_others(self, seeds: Collection[int]) -> int:
        """How many seeds of ``seeds`` without a result another live process holds."""
        rows = self.connection.execute(
            f"SELECT c.seed, c.owner, c.host, c.pid, c.expires FROM {self._claims} c "
            f"LEFT JOIN {self._results} r ON r.seed = c.seed WHERE r.seed IS NULL"
        ).fetchall()
        return sum(
            1
            for seed, owner, *claimer in rows
            if seed in seeds and owner != self.owner and _alive(*claimer)
        )

    def record(self, seed: int, result: dict[str, Any], lease: float = DEFAULT_LEASE) -> bool:
        """Store one finished result, committed at once, and drop its claim; a result
        already stored is kept (``False``). Renews this process's other claims."""
        with self._transaction():
            cursor = self.connection.execute(
                f"INSERT INTO {self._results} VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (seed) DO NOTHING",
                (
                    seed,
                    result["status"],
                    result.get("value"),
                    result.get("nodes"),
                    result.get("seconds"),
                    json.dumps(result),
                ),
            )
            self.connection.execute(f"DELETE FROM {self._claims} WHERE seed=?", (seed,))
            self.connection.execute(
                f"UPDATE {self._claims} SET expires=? WHERE owner=?",
                (time.time() + lease, self.owner),
            )
        return cursor.rowcount == 1

    def results(self) -> list[dict[str, Any]]:
        """Every stored result, by seed."""
        try:
            rows = self.connection.execute(
                f"SELECT seed, result FROM {self._results} ORDER BY seed"
            ).fetchall()
        except sqlite3.Error as error:
            raise DatabaseFileError(f"{self.path}: {describe(error)}") from None
        results = []
        for seed, text in rows:
            try:
                results.append({"seed": seed, **json.loads(text)})
            except (ValueError, TypeError):
                raise DatabaseFileError(
                    f"{self.path}: damaged: the result of seed {seed} is not a JSON object"
                ) from None
        return results

    def stages(self) -> list[str]:
        """The names of the later stages this file holds, in name order."""
        rows = self.connection.execute(
            "SELECT key FROM study WHERE key LIKE 'config\\_%' ESCAPE '\\'"
        )
        names = (key.removeprefix("config_") for (key,) in rows)
        return sorted(name for name in names if STAGE_NAME.fullmatch(name))

    def close(self) -> None:
        """Drop this process's claims (its unfinished jobs) and close the file."""
        if self.writable:
            # claims left behind are taken over once this process is gone
            with suppress(sqlite3.Error):
                self.connection.execute(f"DELETE FROM {self._claims} WHERE owner=?", (self.owner,))
        self.connection.close()


def _alive(host: str, pid: int, expires: float) -> bool:
    """Is a claim still held? Not once its lease ran out; on this host, only while
    its process lives (a claim of a killed study is taken over at once)."""
    if expires < time.time():
        return False
    if host != socket.gethostname():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # alive, run by another user
    return True


def watch_parent(parent: int) -> None:
    """Worker-process initializer: end this worker when ``parent`` dies.

    On Linux the kernel sends SIGKILL to the worker when its parent exits
    (``prctl(PR_SET_PDEATHSIG)``); elsewhere, and as a second guard, a daemon thread
    polls the parent once a second. Without this a study killed with ``kill -9``
    leaves its pool workers running (they would finish their jobs and wait forever).
    """
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            pr_set_pdeathsig = 1
            libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent died before the guard was set
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def check_scheduler(scheduler: str) -> None:
    """Refuse a ``--scheduler`` that is neither ``local`` nor a host:port address."""
    if scheduler != "local" and not SCHEDULER_ADDRESS.fullmatch(scheduler):
        raise SchedulerError(
            f"--scheduler {scheduler!r}: expected 'local' or an address such as tcp://host:8786"
        )


_END = object()


def run_study(
    store: ResultStore,
    job: Job,
    seeds: Collection[int],
    on_result: OnResult,
    workers: int = 2,
    scheduler: str | None = None,
    lease: float = DEFAULT_LEASE,
    poll: float = 1.0,
) -> None:
    """Run ``job`` on every seed of ``seeds`` that has no result in ``store``, claiming
    each before it runs; then wait for the seeds other live processes hold, taking over
    any whose claimer dies. ``on_result`` is called for this process's results only
    (it should store them with :meth:`ResultStore.record`)."""
    while True:
        done = store.done()
        missing = (seed for seed in seeds if seed not in done)
        run_jobs(job, store.claimed(missing, lease), on_result, workers, scheduler)
        done = store.done()
        if all(seed in done for seed in seeds):
            return
        if store.claimed_by_others(seeds):
            time.sleep(poll)


def run_jobs(
    job: Job,
    seeds: Iterable[int],
    on_result: OnResult,
    workers: int = 2,
    scheduler: str | None = None,
) -> None:
    """Run ``job(seed)`` for every seed and call ``on_result(seed, result)`` in this
    process as each finishes (in completion order).

    ``seeds`` is consumed lazily: at most ``2 * workers`` jobs are submitted ahead,
    so a huge range costs no memory and a generator that claims seeds
    (:meth:`ResultStore.claimed`) claims only what runs. ``scheduler`` is the address
    of a Dask scheduler (``tcp://host:8786``) or ``"local"`` for a Dask LocalCluster
    with ``workers`` processes; without it the jobs run on a local process pool
    (``workers`` <= 1 runs them in this process). ``job`` must be picklable (a
    module-level function or a ``functools.partial``). On an interrupt the pending
    jobs are cancelled and the exception propagates; results already passed to
    ``on_result`` are unaffected.
    """
    if scheduler is not None:
        check_scheduler(scheduler)
    pending = iter(seeds)
    first = next(pending, _END)
    if first is _END:
        return
    pending = itertools.chain([first], pending)  # type: ignore[list-item]
    if scheduler is not None:
        for seed, result in _dask_results(job, pending, workers, scheduler):
            on_result(seed, result)
        return
    if workers <= 1:
        for seed in pending:
            on_result(seed, job(seed))
        return
    pool = ProcessPoolExecutor(workers, initializer=watch_parent, initargs=(os.getpid(),))
    running: dict[Future[dict[str, Any]], int] = {}
    try:
        for seed in itertools.islice(pending, 2 * workers):
            running[pool.submit(job, seed)] = seed
        while running:
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                seed = running.pop(future)
                on_result(seed, future.result())
                for following in itertools.islice(pending, 1):
                    running[pool.submit(job, following)] = following
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


def _dask_results(
    job: Job, seeds: Iterator[int], workers: int, scheduler: str
) -> Iterator[tuple[int, dict[str, Any]]]:
    from dask.distributed import Client, LocalCluster
    from dask.distributed import as_completed as dask_completed

    cluster = None
    if scheduler == "local":
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=None)
        client = Client(cluster)
    else:
        try:
            client = Client(scheduler, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError):
            raise SchedulerError(
                f"--scheduler {scheduler}: no Dask scheduler answered within {CONNECT_TIMEOUT:g} s"
            ) from None
        except Exception as error:  # something else answered: not the Dask protocol
            raise SchedulerError(
                f"--scheduler {scheduler}: not a Dask scheduler ({type(error).__name__})"
            ) from None
    try:
        window = 2 * max(workers, sum(client.nthreads().values()))
        seed_of: dict[str, int] = {}
        completed = dask_completed()

        def submit(seed: int) -> None:
            future = client.submit(job, seed, pure=False)
            seed_of[future.key] = seed
            completed.add(future)

        for seed in itertools.islice(seeds, window):
            submit(seed)
        try:
            for future in completed:
                yield seed_of.pop(future.key), future.result()
                for following in itertools.islice(seeds, 1):
                    submit(following)
        except BaseException:
            client.cancel(list(completed.futures))
            raise
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
