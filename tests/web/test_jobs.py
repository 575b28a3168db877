"""Stop on the web board's jobs (web/jobs.py, docs/web.md): a running job is asked to
stop, as the command line's first Ctrl-C asks (cli/budget.py), and ends ``stopped``
with what it has; a solve answers ``unknown`` with its counters, an analysis the
moves valued so far, each labelled proven or estimated; a job that does not stop
within the pool's ``stop_grace`` is ended (``cancelled``, saying so)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from playable.web.jobs import Job, Jobs
from playable.web.tasks import search_task, wait_task
from tests.web.board import EXAMPLES

OWNER = "session"


@pytest.fixture(scope="module")
def jobs() -> Iterator[Jobs]:
    pool = Jobs(workers=2, max_seconds=60.0, grace=30.0, stop_grace=3.0)
    yield pool
    pool.close()


def running(job: Job, reported: str | None = None) -> None:
    """Wait until ``job`` runs (and, with ``reported``, has sent a progress report
    where that count, ``nodes`` or one of its info, is above 0)."""
    deadline = time.monotonic() + 60

    def count() -> Any:
        return job.progress.get(reported) or job.progress.get("info", {}).get(reported)

    while job.state == "waiting" or (reported is not None and not count()):
        assert job.state in ("waiting", "running"), (job.state, job.error)
        assert time.monotonic() < deadline, job.state
        time.sleep(0.05)


def stopped(jobs: Jobs, job: Job) -> tuple[Job, float]:
    """Press Stop on ``job``; the job once it ended and how long that took."""
    asked = time.monotonic()
    jobs.cancel(job)
    assert job.state in ("stopping", "stopped"), job.state
    jobs.wait(job)
    return job, time.monotonic() - asked


def test_a_stopped_job_answers_what_it_has(jobs: Jobs) -> None:
    job = jobs.submit("wait", 60.0, wait_task, {"seconds": 60}, owner=OWNER)
    running(job)
    job, took = stopped(jobs, job)
    assert job.state == "stopped" and took < 2.0, (job.state, took)
    assert job.result["stopped"] and job.result["waited"] < 10
    shown = job.to_json()
    assert shown["state"] == "stopped" and shown["result"] == job.result
    jobs.cancel(job)  # again: a finished job is left as it is
    assert job.state == "stopped"


def test_a_job_that_does_not_stop_is_ended_after_the_grace(jobs: Jobs) -> None:
    arguments: dict[str, Any] = {"seconds": 60, "heed_stop": False}
    job = jobs.submit("wait", 60.0, wait_task, arguments, owner=OWNER)
    running(job)
    job, took = stopped(jobs, job)
    assert job.state == "cancelled" and "did not stop within 3 s of Stop" in (job.error or "")
    assert 3.0 <= took < 10.0, took
    assert "result" not in job.to_json()


def test_a_waiting_job_stopped_never_starts() -> None:
    pool = Jobs(workers=1, max_seconds=60.0, stop_grace=3.0)
    try:
        first = pool.submit("wait", 60.0, wait_task, {"seconds": 60}, owner=OWNER)
        second = pool.submit("wait", 60.0, wait_task, {"seconds": 60}, owner=OWNER)
        pool.cancel(second)
        assert second.state == "cancelled" and second.done.is_set()
        running(first)
        pool.cancel(first)
        pool.wait(first)
        assert first.state == "stopped" and second.started is None
    finally:
        pool.close()


def stopped_search(jobs: Jobs, task: str, example: str, depth: int, reported: str) -> Any:
    """The document of a ``task`` ("solve" or "analyse") job on ``example`` with a
    long budget, stopped once its progress reports ``reported``; it must end
    ``stopped`` within 3 s of Stop."""
    text = (EXAMPLES / example).read_text()
    arguments = {"task": task, "text": text, "seconds": 30, "nodes": None, "depth": depth}
    job = jobs.submit(task, 60.0, search_task, arguments, owner=OWNER)
    running(job, reported=reported)
    job, took = stopped(jobs, job)
    assert job.state == "stopped" and took < 3.0, (job.state, job.error, took)
    return job.result["document"]


def test_a_stopped_solve_is_unknown_with_its_counters(jobs: Jobs) -> None:
    document = stopped_search(jobs, "solve", "deal.facetoface.txt", 3, "nodes")
    assert document["status"] == "unknown" and document["nodes"] > 0
    assert document["seconds"] < 20  # stopped, not out of time


def test_a_stopped_analysis_keeps_its_rows_labelled(jobs: Jobs) -> None:
    """UNO with three players proves no best move: the tree search values the moves
    it reached, each proven or an estimate with its simulations, and recommends one."""
    document = stopped_search(jobs, "analyse", "deal-3p.uno.txt", 0, "simulations")
    rows = document["estimates"]["moves"]
    assert rows and all(isinstance(row["proven"], bool) for row in rows)
    assert any(row["samples"] > 0 for row in rows if not row["proven"])
    assert document["recommended"] in {row["move"] for row in rows}
    assert document["estimates"]["seconds"] < 20  # stopped, not out of time
