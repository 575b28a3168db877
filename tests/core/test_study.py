"""Studies: results stored as they finish, resumed after kill -9 without leaving a
worker behind, shared by concurrent processes (each seed solved once), run on Dask."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from playable.solver.core.dbfile import APPLICATION_ID, KINDS, DatabaseFileError
from playable.solver.core.study import ResultStore, StudyMismatch, run_jobs
from playable.solver.thegame.rules import Variant
from playable.solver.thegame.simulate import Simulation

SIMULATION = Simulation(Variant(players=2), "greedy")
CONFIG = {"game": "thegame", "strategy": "greedy", "players": 2}

# argv: db, number of seeds, workers; prints the seeds this process played
SCRIPT = """
import sys
from playable.solver.core.study import ResultStore, run_study
from playable.solver.thegame.rules import Variant
from playable.solver.thegame.simulate import Simulation
store = ResultStore(sys.argv[1], {"game": "thegame", "strategy": "greedy", "players": 2})
def record(seed, result):
    assert store.record(seed, result), f"seed {seed} was stored twice"
    print(seed, flush=True)
play = Simulation(Variant(players=2), "greedy").play
run_study(store, play, range(int(sys.argv[2])), record, int(sys.argv[3]), poll=0.1)
store.close()
"""


def study_process(db: Path, total: int, workers: int = 2) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", SCRIPT, str(db), str(total), str(workers)],
        stdout=subprocess.PIPE,
        text=True,
    )


def test_store_keeps_results_and_refuses_other_arguments(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    store = ResultStore(db, CONFIG)
    assert store.record(3, {"status": "lost", "value": 12, "nodes": None, "seconds": 0.1})
    assert not store.record(3, {"status": "won", "value": 0, "nodes": None, "seconds": 0.1})
    store.close()
    again = ResultStore(db, CONFIG)
    assert again.done() == {3}
    assert again.results() == [  # the first result stored stays
        {"seed": 3, "status": "lost", "value": 12, "nodes": None, "seconds": 0.1}
    ]
    again.close()
    assert ResultStore(db).config == CONFIG  # a report opens it without arguments
    with pytest.raises(StudyMismatch):
        ResultStore(db, {**CONFIG, "players": 3})
    header = sqlite3.connect(db).execute("PRAGMA application_id").fetchone()[0]
    assert header == APPLICATION_ID


def test_stages_keep_their_own_arguments_results_and_claims(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    first = ResultStore(db, CONFIG)
    first.record(1, {"status": "unknown", "value": 3, "nodes": 10, "seconds": 0.1})
    first.close()
    retry_config = {**CONFIG, "nodes": 100}
    stage = ResultStore(db, retry_config, stage="retry_100n")
    assert stage.done() == set()  # the first pass's rows are not the stage's
    assert stage.claim(1)  # a seed with a first-pass row is free in the stage
    stage.record(1, {"status": "won", "value": 0, "nodes": 90, "seconds": 0.2})
    assert stage.stages() == ["retry_100n"]
    stage.close()
    with pytest.raises(StudyMismatch):
        ResultStore(db, {**CONFIG, "nodes": 200}, stage="retry_100n")
    reread = ResultStore(db, stage="retry_100n")
    assert reread.config == retry_config
    assert [row["status"] for row in reread.results()] == ["won"]
    reread.close()
    base = ResultStore(db)
    assert [row["status"] for row in base.results()] == ["unknown"]
    base.close()
    with pytest.raises(StudyMismatch, match="holds no stage other"):
        ResultStore(db, stage="other")
    with pytest.raises(ValueError):
        ResultStore(db, CONFIG, stage="results; DROP TABLE study")


def test_claims_give_each_seed_to_one_live_process(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    first, second = ResultStore(db, CONFIG), ResultStore(db, CONFIG)
    assert first.claim(0) and not second.claim(0)
    assert list(second.claimed(range(3))) == [1, 2]
    assert second.claimed_by_others(range(3)) == 1
    first.record(0, {"status": "lost", "value": 1})
    assert not second.claim(0)  # it has a result
    # a claim of a dead process, or with its lease run out, is taken over
    first.connection.execute("UPDATE claims SET pid=2147483647 WHERE seed=1")
    assert first.claim(1)
    first.connection.execute("UPDATE claims SET expires=0 WHERE seed=2")
    assert first.claim(2)


def test_kinds_are_marked_and_refused(tmp_path: Path) -> None:
    from playable.puzzles.library import PuzzleLibrary

    study = tmp_path / "study.sqlite"
    ResultStore(study, CONFIG).close()
    assert sqlite3.connect(study).execute("PRAGMA user_version").fetchone()[0] == KINDS["study"]
    with pytest.raises(DatabaseFileError, match="a study, not a puzzle library"):
        PuzzleLibrary(study)
    library = tmp_path / "library.sqlite"
    PuzzleLibrary(library).close()
    with pytest.raises(DatabaseFileError, match="a puzzle library, not a study"):
        ResultStore(library, CONFIG)
    simulation = tmp_path / "simulation.sqlite"
    ResultStore(simulation, {**CONFIG, "kind": "simulation"}).close()
    with pytest.raises(DatabaseFileError, match="a simulation, not a study"):
        ResultStore(simulation, CONFIG)
    # a file written before the mark: its tables say what it is
    old = tmp_path / "old.sqlite"
    connection = sqlite3.connect(old)
    connection.executescript(
        "CREATE TABLE study (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
        "CREATE TABLE results (seed INTEGER PRIMARY KEY, status TEXT NOT NULL, value INTEGER,"
        " nodes INTEGER, seconds REAL, result TEXT NOT NULL);"
        """INSERT INTO study VALUES ('config', '{"game": "thegame", "players": 2, """
        """"strategy": "greedy"}');"""
    )
    connection.commit()
    connection.close()
    assert ResultStore(old).config == CONFIG
    with pytest.raises(DatabaseFileError, match="a study, not a puzzle library"):
        PuzzleLibrary(old, create=False)
    ResultStore(old, CONFIG).close()  # opened for writing, it is marked
    assert sqlite3.connect(old).execute("PRAGMA user_version").fetchone()[0] == KINDS["study"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"junk", "not an SQLite database"),
        (b"SQLite format 3\x00" + bytes(84), "SQLite"),
        (None, "is a directory"),
    ],
)
def test_bad_files_raise_one_clear_error(
    tmp_path: Path, content: bytes | None, message: str
) -> None:
    db = tmp_path / "bad.sqlite"
    if content is None:
        db.mkdir()
    else:
        db.write_bytes(content)
    with pytest.raises(DatabaseFileError, match=message):
        ResultStore(db, CONFIG)
    with pytest.raises(DatabaseFileError):
        ResultStore(db)


def test_truncated_file_and_missing_folder(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    store = ResultStore(db, CONFIG)
    for seed in range(300):
        store.record(seed, {"status": "lost", "value": seed, "line": "x" * 200})
    store.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    data = db.read_bytes()
    truncated = tmp_path / "t.sqlite"
    truncated.write_bytes(data[: len(data) // 2])
    with pytest.raises(DatabaseFileError, match=r"damaged|malformed|not an SQLite"):
        ResultStore(truncated)
    with pytest.raises(DatabaseFileError, match="does not exist"):
        ResultStore(tmp_path / "missing" / "s.sqlite", CONFIG)


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write a read-only file")
def test_read_only_file_is_read_but_not_written(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    store = ResultStore(db, CONFIG)
    for seed in range(300):
        store.record(seed, {"status": "lost", "value": seed})
    store.close()
    db.chmod(0o444)
    try:
        assert len(ResultStore(db).results()) == 300  # a report may read it
        with pytest.raises(DatabaseFileError, match="read-only"):
            ResultStore(db, CONFIG)
    finally:
        db.chmod(0o644)


def test_local_pool_and_in_process_give_the_same_results() -> None:
    serial: dict[int, dict[str, object]] = {}
    pooled: dict[int, dict[str, object]] = {}
    run_jobs(SIMULATION.play, range(12), lambda s, r: serial.__setitem__(s, r), workers=1)
    run_jobs(SIMULATION.play, iter(range(12)), lambda s, r: pooled.__setitem__(s, r), workers=2)
    assert serial == pooled and sorted(serial) == list(range(12))


def test_dask_local_cluster() -> None:
    results: dict[int, dict[str, object]] = {}
    run_jobs(SIMULATION.play, range(6), lambda s, r: results.__setitem__(s, r), 2, "local")
    assert results == {s: SIMULATION.play(s) for s in range(6)}


def _descendants(pid: int) -> list[psutil.Process]:
    try:
        return psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []


def _left_alive(processes: list[psutil.Process], seconds: float = 5.0) -> list[psutil.Process]:
    """The processes still running after up to ``seconds`` (zombies count as ended)."""
    _, alive = psutil.wait_procs(processes, timeout=seconds)
    return [p for p in alive if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]


def _workers_of(pid: int, seconds: float = 60.0) -> list[psutil.Process]:
    """The worker processes of ``pid`` once it has started them (start-up imports
    numba and the solver, which takes seconds on a loaded machine)."""
    deadline = time.monotonic() + seconds
    while not (workers := _descendants(pid)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return workers


def test_killed_study_leaves_no_worker_loses_no_result_and_resumes(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    total = 600
    rng = random.Random()
    for _ in range(2):
        process = study_process(db, total)
        workers = _workers_of(process.pid)
        assert workers, "the study started no worker process"
        # kill it at a random point of its work: after a random number of results,
        # at most a quarter each time, so the second round still has work to do
        assert process.stdout is not None
        for _ in range(rng.randint(1, total // 4)):
            process.stdout.readline()
        workers = _descendants(process.pid)
        process.send_signal(signal.SIGKILL)
        process.wait()
        left = _left_alive(workers)
        for orphan in left:  # clean up before failing
            orphan.kill()
        assert not left, f"workers outlived the killed study: {[p.pid for p in left]}"
        store = ResultStore(db, CONFIG)
        for row in store.results():  # every stored row is whole and right
            assert row == {"seed": row["seed"], **SIMULATION.play(row["seed"])}
        store.close()
    finished = study_process(db, total)
    finished.communicate(timeout=300)
    assert finished.returncode == 0
    store = ResultStore(db, CONFIG)
    assert store.done() == set(range(total))


def test_two_studies_on_one_database_solve_each_seed_once(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    total = 120
    processes = [study_process(db, total, workers=1) for _ in range(2)]
    outputs = [p.communicate(timeout=300)[0] for p in processes]
    assert [p.returncode for p in processes] == [0, 0]
    played = [[int(line) for line in out.split()] for out in outputs]
    assert all(played), "both processes took part"
    assert sorted(played[0] + played[1]) == list(range(total))  # each seed once
    store = ResultStore(db)
    assert store.done() == set(range(total))
    assert store.connection.execute("SELECT COUNT(*) FROM claims").fetchone()[0] == 0


def test_a_stage_without_its_table_is_one_clear_error(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    ResultStore(db, CONFIG, stage="retry_9n").close()
    sqlite3.connect(db).execute("DROP TABLE results_retry_9n")
    stage = ResultStore(db, stage="retry_9n")
    with pytest.raises(DatabaseFileError, match="no such table"):
        stage.results()
    stage.close()
