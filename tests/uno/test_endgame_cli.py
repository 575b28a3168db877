"""`playable solve|analyse` on two-player UNO positions: values, JSON and exit codes."""

from __future__ import annotations

import json

from playable.solver.uno import notation
from tests.uno.helpers import position
from tests.uno.test_cli import run


def _file(tmp_path: object, text: str) -> str:
    from pathlib import Path

    path = Path(str(tmp_path)) / "pos.uno.txt"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_loss_exits_1_with_the_opponents_line(tmp_path: object) -> None:
    s = position(["G1 G2", "R7"], "R5", draw="B3 B4 B6", fill_draw=False)
    result = run("solve", _file(tmp_path, notation.format_position(s)), "--json")
    assert result.returncode == 1, result.stderr
    document = json.loads(result.stdout)
    assert document["value"] == "loss" and document["unknown"] is None
    assert [m["move"] for m in document["line"]] == ["draw", "R7"]


def test_reshuffle_exits_4_and_seeded_decides(tmp_path: object) -> None:
    s = position(["G1 G2", "Y7 Y8"], "R5", draw="", fill_draw=False)
    path = _file(tmp_path, notation.format_position(s))
    open_ = run("solve", path, "--json")
    assert open_.returncode == 4, open_.stderr
    assert json.loads(open_.stdout)["unknown"] == "reshuffle"
    seeded = run("solve", path, "--seeded-reshuffles", "--seconds", "20", "--json")
    assert seeded.returncode in (0, 1), seeded.stderr
    assert json.loads(seeded.stdout)["value"] in ("win", "loss")


def test_budget_exits_3(tmp_path: object) -> None:
    s = position(["R1 G2 B3 Y4 R6", "G7 G8 B9 Y1 R2"], "R5")
    path = _file(tmp_path, notation.format_position(s))
    result = run("solve", path, "--nodes", "5", "--estimate-seconds", "0.3", "--json")
    assert result.returncode == 3, result.stderr
    document = json.loads(result.stdout)
    assert document["unknown"] == "budget"
    estimated = {m["move"]: m["proven"] for m in document["estimates"]["moves"]}
    assert document["recommended"] in estimated  # undecided, yet a move is recommended
    quiet = run("solve", path, "--nodes", "5", "--estimate-seconds", "0", "--json")
    assert quiet.returncode == 3 and "estimates" not in json.loads(quiet.stdout)
