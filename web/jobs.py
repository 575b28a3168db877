"""Searches for the web board, each in its own worker process, a bounded few at a time.

A solve, an analysis or a puzzle check can run for its whole budget, use a lot of
memory, or (a bug) never return. None of that may stall or kill the server, and
several people may use it at once, so:

* every job runs in a fresh process (``forkserver``: forked from a small server
  process that has already imported ``playable``, every game's engine and puzzle
  kinds (:data:`PRELOAD`), so a job starts in milliseconds (a puzzle check took
  about 0.65 s of imports without them, 0.05 s with them) and never inherits the web
  server's threads);
* at most ``workers`` jobs run at once (a thread pool of that size starts them);
  at most ``queue`` more wait; beyond that :meth:`Jobs.submit` refuses with
  :class:`Busy` (the app answers 503);
* the search budget is capped (``max_seconds``), and a process still running
  ``grace`` seconds after its budget (numba loading its kernels is not charged to
  the budget) is terminated: the job ends with an error, the server goes on;
* a job can be stopped (:meth:`Jobs.cancel`, the board's Stop): a waiting job never
  starts; a running one is asked to stop, as the command line's first Ctrl-C asks
  (cli/budget.py): the task's ``stop`` (a shared event) says yes, so every search
  stops at its next budget check (solver/core/budget.py) and the job ends
  ``stopped`` with what it has (a solve ``unknown`` with its counters, an analysis
  with the moves valued so far, a review with the moves judged); a process that has
  not answered ``stop_grace`` seconds after Stop is terminated (``cancelled``).
  Stopping is idempotent and safe from several threads at once;
* a job belongs to the session that started it (web/session.py) and its id is
  random (128 bits from :mod:`secrets`): :meth:`Jobs.get` finds it only for its
  owner, so one browser can neither guess nor read nor stop another's jobs
  (docs/security.md);
* the process reports the search's progress (nodes, seconds, what the search
  noted, from ``Budget.progress``) through a pipe; :meth:`Jobs.status` shows the
  latest report, which the front end polls.
"""

from __future__ import annotations

import hmac
import multiprocessing
import secrets
import threading
import time
import traceback
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from playable.solver.core.errors import PlayableError
from playable.solver.games import NAMES

#: The modules the forkserver imports once, before it forks any job: the API and
#: the tasks, and every game's engine and puzzle kinds (imported lazily otherwise, in
#: every job again). multiprocessing skips a preload module that fails to import, so
#: tests/web/test_app.py checks that each one exists.
PRELOAD = (
    "playable.api",
    "playable.web.tasks",
    "playable.web.review",
    *(f"playable.solver.{name}.engine" for name in NAMES),
    *(f"playable.puzzles.{name}.kinds" for name in NAMES),
)

#: Finished jobs kept for polling; the oldest are forgotten first.
KEEP_FINISHED = 200


class Busy(PlayableError):
    """Too many searches are running or waiting; try again later."""


@dataclass
class Job:
    """One search: what it is, how far it got, and its answer or error."""

    id: str
    task: str
    seconds: float
    #: the session that started it (None: reachable from no session)
    owner: str | None = None
    #: waiting | running | stopping (asked to stop, answering what it has) | done |
    #: stopped (done early on request: a partial result) | error (the input was
    #: refused: a PlayableError's line) | failed (the process broke, ran out of
    #: memory or overran its budget) | cancelled (stopped before it started, or its
    #: process ended for not stopping in time)
    state: str = "waiting"
    #: Stop was asked for
    cancelled: bool = False
    #: when Stop was asked (``time.monotonic()``)
    stop_asked: float | None = None
    #: the event the worker's ``stop`` reads (set by :meth:`Jobs.cancel`)
    halt: Any = field(default=None, repr=False)
    submitted: float = field(default_factory=time.monotonic)
    started: float | None = None
    progress: dict[str, Any] = field(default_factory=dict)
    result: Any = None
    error: str | None = None
    done: threading.Event = field(default_factory=threading.Event)

    def to_json(self) -> dict[str, Any]:
        elapsed = 0.0 if self.started is None else time.monotonic() - self.started
        document: dict[str, Any] = {
            "id": self.id,
            "task": self.task,
            "state": self.state,
            "seconds": self.seconds,
            "elapsed": round(elapsed, 2),
            "progress": self.progress,
        }
        if self.state in ("done", "stopped"):
            document["result"] = self.result
        if self.error is not None:
            document["error"] = self.error
        return document


def _child(
    function: Callable[..., Any], arguments: dict[str, Any], pipe: Connection, halt: Any
) -> None:
    """The worker process: run ``function(report=..., stop=..., **arguments)``, send its
    answer. ``stop()`` says whether Stop was asked (the event ``halt``)."""

    def report(nodes: int, seconds: float, info: dict[str, Any]) -> None:
        pipe.send(("progress", {"nodes": nodes, "seconds": round(seconds, 2), "info": info}))

    try:
        pipe.send(("done", function(report=report, stop=halt.is_set, **arguments)))
    except PlayableError as error:
        pipe.send(("error", str(error)))
    except MemoryError:
        pipe.send(("failed", "out of memory"))
    except Exception as error:  # a bug: shown as one line, logged in full by the server
        traceback.print_exc()
        pipe.send(("failed", f"internal error: {type(error).__name__}: {error}"))
    finally:
        pipe.close()


class Jobs:
    """The bounded pool of search processes (module docstring)."""

    def __init__(
        self,
        workers: int = 2,
        queue: int = 8,
        max_seconds: float = 30.0,
        grace: float = 60.0,
        stop_grace: float = 5.0,
    ) -> None:
        self.workers = workers
        self.queue = queue
        self.max_seconds = max_seconds
        self.grace = grace
        self.stop_grace = stop_grace
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(list(PRELOAD))
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="search")
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._lock = threading.Lock()
        self._processes: set[Any] = set()

    def submit(
        self,
        task: str,
        seconds: float,
        function: Callable[..., Any],
        arguments: dict[str, Any],
        owner: str | None = None,
    ) -> Job:
        """Queue ``function(report=..., stop=..., **arguments)`` (a module-level
        function: it is pickled to the worker) as a job of at most ``seconds`` of
        search, belonging to the session ``owner``."""
        with self._lock:
            pending = sum(not job.done.is_set() for job in self._jobs.values())
            if pending >= self.workers + self.queue:
                raise Busy(f"{pending} searches are running or waiting; try again shortly")
            job_id = secrets.token_urlsafe(16)
            while job_id in self._jobs:  # never in practice: 128 random bits
                job_id = secrets.token_urlsafe(16)
            job = Job(id=job_id, task=task, seconds=seconds, owner=owner)
            self._jobs[job.id] = job
            self._forget_old()
        self._pool.submit(self._run, job, function, arguments)
        return job

    def get(self, job_id: str, owner: str) -> Job | None:
        """The job ``job_id`` if the session ``owner`` started it; None for a job of
        another session exactly as for an unknown id."""
        with self._lock:
            job = self._jobs.get(job_id)
        if job is None or job.owner is None:
            return None
        if not hmac.compare_digest(job.owner.encode(), owner.encode()):
            return None
        return job

    def cancel(self, job: Job) -> None:
        """Stop ``job``: a waiting job never starts; a running one is asked to stop
        and answers what it has (``stopped``), or its process is terminated
        :attr:`stop_grace` seconds later; a finished job is left as it is."""
        with self._lock:
            if job.done.is_set() or job.cancelled:
                return
            job.cancelled = True
            job.stop_asked = time.monotonic()
            if job.state == "waiting":
                job.state = "cancelled"
                job.error = "stopped on request"
                job.done.set()
            elif job.state == "running":
                job.state = "stopping"
                job.halt.set()

    def wait(self, job: Job) -> Job:
        """Block until ``job`` ends (it always does: see the grace period)."""
        job.done.wait()
        return job

    def close(self) -> None:
        """Stop every running search process and the pool (server shutdown)."""
        for process in list(self._processes):
            process.terminate()
        self._pool.shutdown(wait=False, cancel_futures=True)

    def _forget_old(self) -> None:
        finished = [j for j in self._jobs.values() if j.done.is_set()]
        for job in finished[: max(0, len(finished) - KEEP_FINISHED)]:
            del self._jobs[job.id]

    def _run(self, job: Job, function: Callable[..., Any], arguments: dict[str, Any]) -> None:
        halt = self._context.Event()
        with self._lock:
            if job.cancelled:
                return
            job.started = time.monotonic()
            job.halt = halt
            job.state = "running"
        receiver, sender = self._context.Pipe(duplex=False)
        process = self._context.Process(
            target=_child, args=(function, arguments, sender, halt), daemon=True
        )
        try:
            process.start()
            self._processes.add(process)
            sender.close()
            limit = job.started + job.seconds + self.grace
            outcome = self._listen(job, receiver, process, limit)
            if outcome is None:
                job.error = f"the search did not stop {self.grace:g} s after its budget"
                job.state = "failed"
            elif outcome[0] == "done":
                job.result = outcome[1]
                job.state = "stopped" if job.cancelled else "done"
            else:
                job.error = str(outcome[1])
                job.state = outcome[0]
        except Exception as error:  # the process could not start
            job.error = f"the search failed: {error}"
            job.state = "failed"
        finally:
            if process.is_alive():
                process.terminate()
            process.join(timeout=5)
            self._processes.discard(process)
            receiver.close()
            job.done.set()

    def _listen(
        self, job: Job, receiver: Connection, process: Any, limit: float
    ) -> tuple[str, Any] | None:
        """Read progress until the answer comes; None once past ``limit``; cancelled
        once :attr:`stop_grace` seconds have passed since Stop without an answer."""
        while time.monotonic() < limit:
            asked = job.stop_asked
            if asked is not None and time.monotonic() > asked + self.stop_grace:
                grace = f"{self.stop_grace:g}"
                return (
                    "cancelled",
                    f"it did not stop within {grace} s of Stop: its process was ended",
                )
            if not receiver.poll(0.1):
                if not process.is_alive() and not receiver.poll(0):
                    return ("failed", f"the search process ended (exit code {process.exitcode})")
                continue
            try:
                kind, payload = receiver.recv()
            except EOFError:
                return ("failed", f"the search process ended (exit code {process.exitcode})")
            if kind == "progress":
                job.progress = payload
            else:
                return kind, payload
        return None
