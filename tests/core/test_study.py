"""Studies: results stored as they finish, resumed after kill -9, run on Dask too."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from solver.core.study import ResultStore, StudyMismatch, run_jobs
from solver.thegame.rules import Variant
from solver.thegame.simulate import Simulation

SIMULATION = Simulation(Variant(players=2), "greedy")
CONFIG = {"game": "thegame", "strategy": "greedy", "players": 2}

SCRIPT = """
import sys
from solver.core.study import ResultStore, run_jobs
from solver.thegame.rules import Variant
from solver.thegame.simulate import Simulation
store = ResultStore(sys.argv[1], {"game": "thegame", "strategy": "greedy", "players": 2})
seeds = [s for s in range(int(sys.argv[2])) if s not in store.done()]
run_jobs(Simulation(Variant(players=2), "greedy").play, seeds, store.record, workers=2)
"""


def test_store_keeps_results_and_refuses_other_arguments(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    store = ResultStore(db, CONFIG)
    store.record(3, {"status": "lost", "value": 12, "nodes": None, "seconds": 0.1})
    store.close()
    again = ResultStore(db, CONFIG)
    assert again.done() == {3}
    assert again.results() == [
        {"seed": 3, "status": "lost", "value": 12, "nodes": None, "seconds": 0.1}
    ]
    assert ResultStore(db).config == CONFIG  # a report opens it without arguments
    with pytest.raises(StudyMismatch):
        ResultStore(db, {**CONFIG, "players": 3})


def test_local_pool_and_in_process_give_the_same_results() -> None:
    serial: dict[int, dict[str, object]] = {}
    pooled: dict[int, dict[str, object]] = {}
    run_jobs(SIMULATION.play, range(12), lambda s, r: serial.__setitem__(s, r), workers=1)
    run_jobs(SIMULATION.play, range(12), lambda s, r: pooled.__setitem__(s, r), workers=2)
    assert serial == pooled and sorted(serial) == list(range(12))


def test_dask_local_cluster() -> None:
    results: dict[int, dict[str, object]] = {}
    run_jobs(SIMULATION.play, range(6), lambda s, r: results.__setitem__(s, r), 2, "local")
    assert results == {s: SIMULATION.play(s) for s in range(6)}


def test_killed_study_loses_no_finished_result_and_resumes(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    total = 600
    rng = random.Random()
    for _ in range(2):
        process = subprocess.Popen([sys.executable, "-c", SCRIPT, str(db), str(total)])
        time.sleep(rng.uniform(1.0, 2.5))
        process.send_signal(signal.SIGKILL)
        process.wait()
        store = ResultStore(db, CONFIG)
        for row in store.results():  # every stored row is whole and right
            assert row == {"seed": row["seed"], **SIMULATION.play(row["seed"])}
        store.close()
    finished = subprocess.run([sys.executable, "-c", SCRIPT, str(db), str(total)], check=True)
    assert finished.returncode == 0
    store = ResultStore(db, CONFIG)
    assert store.done() == set(range(total))
