"""`playable simulate GAME --db FILE --workers N` for all four games (cli/simulate.py):
the summary is the same with 1 or 2 workers, with or without a file, and after a run
that was interrupted (Ctrl-C: exit 130, finished games kept) or that covered other
seeds is carried on; other arguments on the same file are one error line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playable.cli import simulate as shared
from playable.solver.core.study import ResultStore
from tests.clirun import invoke

#: A quick simulation of each game (a handful of games each).
ARGS: dict[str, list[str]] = {
    "thegame": ["simulate", "thegame", "--players", "2"],
    "facetoface": ["simulate", "facetoface", "--max-card", "20", "--bot", "greedy"],
    "uno": ["simulate", "uno", "--target", "50", "--players", "3"],
    "sequence": ["simulate", "sequence", "--bot", "greedy", "--bot", "random"],
}
#: An argument of each game other than ARGS gives (refused on the same file).
OTHER: dict[str, list[str]] = {
    "thegame": ["--bot", "planner"],
    "facetoface": ["--max-card", "21"],
    "uno": ["--forget-uno", "0.5"],
    "sequence": ["--max-turns", "100"],
}


def simulate(game: str, *extra: str) -> dict[str, Any]:
    code, out, err = invoke(*ARGS[game], *extra, "--json")
    assert code == 0, err
    document: dict[str, Any] = json.loads(out)
    return document


@pytest.mark.parametrize("game", list(ARGS))
def test_workers_and_file_do_not_change_the_summary(game: str, tmp_path: Path) -> None:
    alone = simulate(game, "--games", "4", "--workers", "1")
    db = str(tmp_path / "sim.sqlite")
    assert simulate(game, "--games", "4", "--workers", "2", "--db", db) == alone
    # run again on the full file: nothing left to play, the same summary from the rows
    assert simulate(game, "--games", "4", "--workers", "1", "--db", db) == alone
    store = ResultStore(db)
    try:
        assert store.config["kind"] == "simulation" and store.config["game"] == game
        assert [row["seed"] for row in store.results()] == [0, 1, 2, 3]
    finally:
        store.close()


@pytest.mark.parametrize("game", list(ARGS))
def test_a_file_of_other_seeds_is_carried_on(game: str, tmp_path: Path) -> None:
    """A game's row depends on its seed alone: games stored by a run over other seeds
    are reused as they are, and the summary is the fresh one."""
    db = str(tmp_path / "sim.sqlite")
    simulate(game, "--games", "2", "--seed", "2", "--workers", "1", "--db", db)
    resumed = simulate(game, "--games", "4", "--workers", "2", "--db", db)
    assert resumed == simulate(game, "--games", "4", "--workers", "1")


@pytest.mark.parametrize("game", list(ARGS))
def test_other_arguments_on_the_same_file_are_one_error_line(game: str, tmp_path: Path) -> None:
    db = str(tmp_path / "sim.sqlite")
    simulate(game, "--games", "1", "--workers", "1", "--db", db)
    code, out, err = invoke(*ARGS[game], *OTHER[game], "--games", "1", "--workers", "1", "--db", db)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "other arguments" in err, err


def test_an_interrupted_run_keeps_its_games_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C during game 3: exit 130 with one line, games 0-2 kept; the same command
    again plays the rest, and the summary is the uninterrupted one."""
    from playable.solver.facetoface.simulate import Simulation

    fresh = simulate("facetoface", "--games", "5", "--workers", "1")
    db = tmp_path / "sim.sqlite"
    play = Simulation.play

    def interrupted(self: Simulation, seed: int) -> dict[str, Any]:
        if seed == 3:
            raise KeyboardInterrupt
        return play(self, seed)

    monkeypatch.setattr(Simulation, "play", interrupted)
    code, out, err = invoke(*ARGS["facetoface"], "--games", "5", "--workers", "1", "--db", str(db))
    assert code == 130 and out == "" and "interrupted: 3 results stored" in err, err
    monkeypatch.setattr(Simulation, "play", play)
    resumed = simulate("facetoface", "--games", "5", "--workers", "2", "--db", str(db))
    assert resumed == fresh


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seeds=st.lists(st.integers(0, 2**62), min_size=1, max_size=6, unique=True),
    order=st.randoms(use_true_random=False),
)
def test_rows_come_back_by_seed_whatever_the_order_they_finish(
    seeds: list[int], order: Any
) -> None:
    """The shared runner returns the rows by seed, each through JSON (as a file keeps
    it), whatever order the jobs finish in."""
    finished = list(seeds)
    order.shuffle(finished)

    def fake_run_jobs(job: Any, wanted: Any, record: Any, workers: int) -> None:
        for seed in finished:
            record(seed, job(seed))

    def job(seed: int) -> dict[str, Any]:
        return {"status": "won", "value": seed % 7, "map": {seed % 3: seed}}

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(shared, "run_jobs", fake_run_jobs)
        rows = shared.simulate_rows(job, range(0), {}, None, 1, "test", quiet=True)
    assert [row["seed"] for row in rows] == sorted(seeds)
    assert all(row["map"] == {str(row["seed"] % 3): row["seed"]} for row in rows)


def test_facetoface_a_starts_the_games_of_even_seed() -> None:
    """FF-7: A starts the games of even seed, whatever the first seed."""
    for first, games, a_started in ((0, 3, 2), (1, 3, 1), (5, 4, 2)):
        document = simulate(
            "facetoface", "--seed", str(first), "--games", str(games), "--workers", "1"
        )
        assert document["seeds"] == [first, first + games - 1]
        assert document["a_wins_when_starting"]["trials"] == a_started
        assert document["a_wins"]["trials"] == document["first_player_wins"]["trials"] == games
