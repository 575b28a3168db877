"""`playable solve thegame --split N --db FILE` (cli/thegame/split.py): a lost
position decided part by part with a checked proof, resumed from its file, on one
process or a pool; a won deal stops at its first won part; misuse is one line."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from playable.solver.thegame.notation import format_position
from tests.clirun import invoke
from tests.refusals import refused

from .test_proof_cli import LOST  # optimum 6 cards left, 23 parts after one turn


def stored(db: Path) -> int:
    with sqlite3.connect(db) as connection:
        (count,) = connection.execute("SELECT count(*) FROM results").fetchone()
    return int(count)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_lost_position_is_proven_part_by_part_and_resumed(tmp_path: Path, workers: str) -> None:
    position = tmp_path / "lost.thegame"
    position.write_text(format_position(LOST))
    db, proof = tmp_path / "parts.sqlite", tmp_path / "lost.proof.json"
    base = ["solve", "thegame", str(position), "--split", "1", "--db", str(db), "--json"]
    args = [*base, "--nodes", "200000", "--memory", "1", "--workers", workers]
    first = invoke(*args, "--proof", str(proof))
    assert first.returncode == 1, first
    answer = json.loads(first.stdout)
    assert (answer["status"], answer["cards_left"], answer["bound"]) == ("unsolvable", 6, 6)
    assert answer["proven_optimal"] and answer["engine"] == "dfs-split"
    assert answer["split"] == {"parts": 23, "searched": 23, "decided": 23, "won": 0, "retries": []}
    assert stored(db) == 23
    checked = invoke("check", "thegame", str(proof), "--position", str(position), "--json")
    assert checked.returncode == 1 and json.loads(checked.stdout)["claim"] == 6
    again = invoke(*args, "--proof", str(proof))  # nothing left to search
    assert again.returncode == 1, again
    assert json.loads(again.stdout) == answer
    other = invoke(*base, "--nodes", "300000", "--memory", "1")
    assert other.returncode == 2 and "other arguments" in other.stderr


def test_parts_left_unknown_are_retried_with_a_larger_budget(tmp_path: Path) -> None:
    position = tmp_path / "lost.thegame"
    position.write_text(format_position(LOST))
    args = ["solve", "thegame", str(position), "--split", "1", "--memory", "1", "--json"]
    args += ["--db", str(tmp_path / "parts.sqlite"), "--nodes", "5"]
    first = invoke(*args)
    assert first.returncode == 3, first  # 5 nodes leave some parts unknown
    undecided = 23 - json.loads(first.stdout)["split"]["decided"]
    assert undecided > 0
    retried = invoke(*args, "--retry-nodes", "3000")
    assert retried.returncode == 1, retried
    answer = json.loads(retried.stdout)
    assert (answer["status"], answer["bound"]) == ("unsolvable", 6)
    (stage,) = answer["split"]["retries"]
    assert stage["parts"] == undecided and stage["unsolvable"] == undecided
    smaller = invoke(*args, "--retry-nodes", "4")
    assert smaller.returncode == 2 and "must be larger" in smaller.stderr


def test_a_won_deal_stops_at_its_first_won_part(tmp_path: Path) -> None:
    db = tmp_path / "won.sqlite"
    args = ["solve", "thegame", "--max-card", "20", "--seed", "3", "--split", "1"]
    result = invoke(*args, "--db", str(db), "--nodes", "100000", "--json")
    assert result.returncode == 0, result
    answer = json.loads(result.stdout)
    assert answer["status"] == "solved" and answer["cards_left"] == 0
    assert answer["split"]["won"] >= 1
    assert stored(db) < answer["split"]["parts"]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--split", "1"], "needs --db"),
        (["--db", "x.sqlite"], "apply to --split"),
        (["--scheduler", "local"], "apply to --split"),
        (["--retry-nodes", "5000"], "apply to --split"),
        (["--split", "1", "--db", "x.sqlite", "--engine", "cpsat"], "--engine dfs"),
        (["--split", "4", "--db", "x.sqlite"], "--split"),
    ],
)
def test_misused_split_options_are_one_line(extra: list[str], message: str) -> None:
    refused(invoke("solve", "thegame", "--max-card", "12", *extra), message)
