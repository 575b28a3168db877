"""`playable study thegame` and `playable report` as a user runs them."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "playable.cli.main", *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


STUDY = [
    "study",
    "thegame",
    "--max-card",
    "30",
    "--players",
    "2",
    "--seconds",
    "5",
    "--workers",
    "1",
]


def test_study_extends_and_reports(tmp_path: Path) -> None:
    db = tmp_path / "study.sqlite"
    first = run(*STUDY, "--deals", "3", "--db", str(db), "--json")
    assert first.returncode == 0, first.stderr
    assert json.loads(first.stdout)["deals"] == 3
    rows_before = sqlite3.connect(db).execute("SELECT * FROM results ORDER BY seed").fetchall()
    second = json.loads(run(*STUDY, "--deals", "5", "--db", str(db), "--json").stdout)
    assert second["deals"] == 5
    rows_after = sqlite3.connect(db).execute("SELECT * FROM results ORDER BY seed").fetchall()
    assert rows_after[:3] == rows_before  # finished deals are kept, not solved again
    for _, status, value, _, _, whole in rows_after:
        result = json.loads(whole)
        assert status in ("solved", "unsolvable", "unknown")
        if status == "solved":
            assert value == 0 and result["line"]
    other = run(*STUDY[:-2], "--workers", "1", "--expert", "--deals", "2", "--db", str(db))
    assert other.returncode == 2 and "other arguments" in other.stderr

    plots = tmp_path / "plots"
    report = run("report", str(db), "--plots", str(plots), "--json")
    assert report.returncode == 0, report.stderr
    document = json.loads(report.stdout)
    assert document["studies"][0]["deals"] == 5
    assert (plots / "winnability.png").stat().st_size > 1000
    assert run("report", str(tmp_path / "missing.sqlite")).returncode == 2


def test_report_keeps_studies_of_one_configuration_apart(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from playable.cli.main import app
    from playable.cli.study.thegame import plot_labels
    from playable.solver.core.study import ResultStore
    from playable.solver.thegame.rules import Variant
    from playable.solver.thegame.study import Study

    config = Study(Variant(2), 5.0).config()
    for name, left in (("a.sqlite", 0), ("b.sqlite", 3)):
        store = ResultStore(tmp_path / name, config)
        store.record(
            0,
            {
                "status": "solved" if left == 0 else "unsolvable",
                "value": left,
                "seconds": 0.1,
                "nodes": 10,
                "proven_optimal": True,
            },
        )
        store.close()
    plots = tmp_path / "plots"
    files = [str(tmp_path / "a.sqlite"), str(tmp_path / "b.sqlite")]
    result = CliRunner().invoke(app, ["report", *files, "--plots", str(plots), "--json"])
    assert result.exit_code == 0, result.stderr
    written = sorted(p.name for p in plots.iterdir())
    assert written == [
        "cards-left-2p-solver--a.sqlite-.png",
        "cards-left-2p-solver--b.sqlite-.png",
        "perfect-vs-players.png",
        "winnability.png",
    ]
    studies = json.loads(result.stdout)["studies"]
    assert plot_labels(studies) == ["2p solver (a.sqlite)", "2p solver (b.sqlite)"]
    # a file given as the plots folder is one clear error
    clash = CliRunner().invoke(app, ["report", files[0], "--plots", files[1]])
    assert clash.exit_code == 2 and "is a file, not a folder" in clash.stderr


def test_a_larger_budget_retries_the_unknown_deals(tmp_path: Path) -> None:
    db = tmp_path / "study.sqlite"
    # full solo expert deals at 1,000 nodes are unknown; 300,000 nodes win several
    study = [*STUDY[:2], "--players", "1", "--expert", "--nodes", "1000", "--seconds", "60"]
    study += ["--workers", "1", "--deals", "6", "--db", str(db)]
    refused = run(*study, "--retry-nodes", "1000")
    assert refused.returncode == 2 and "--retry-nodes 1000: must be larger" in refused.stderr
    assert not db.exists()  # refused before the study file is made

    first = run(*study, "--retry-nodes", "300000", "--json")
    assert first.returncode == 0, first.stderr
    summary = json.loads(first.stdout)
    unknown_first = summary["first_pass"]["unknown"]
    (retry,) = summary["retries"]
    assert retry["nodes"] == 300000 and retry["deals"] == unknown_first > 0
    assert retry["solved"] > 0 and summary["unknown"] == retry["unknown"]
    assert summary["solved"] == summary["first_pass"]["solved"] + retry["solved"]
    connection = sqlite3.connect(db)
    (table,) = [
        name
        for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
        if name.startswith("results_retry")
    ]
    stored = connection.execute(f"SELECT seed, status, result FROM {table}").fetchall()
    assert len(stored) == unknown_first
    for _, status, whole in stored:
        if status == "solved":
            assert json.loads(whole)["line"]

    again = run(*study, "--retry-nodes", "300000", "--json")  # resumed: nothing to solve
    assert json.loads(again.stdout) == summary
    assert connection.execute(f"SELECT seed, status, result FROM {table}").fetchall() == stored

    larger = json.loads(run(*study, "--retry-nodes", "600000", "--json").stdout)
    assert [r["nodes"] for r in larger["retries"]] == [300000, 600000]
    assert larger["retries"][1]["deals"] == summary["unknown"]  # only what is still open
    report = json.loads(run("report", str(db), "--json").stdout)["studies"][0]
    assert {key: report[key] for key in ("solved", "unknown", "retries")} == {
        key: larger[key] for key in ("solved", "unknown", "retries")
    }
    wide = {**os.environ, "COLUMNS": "250"}
    command = [sys.executable, "-m", "playable.cli.main", "report", str(db)]
    table = subprocess.run(command, capture_output=True, text=True, env=wide, check=True)
    assert f"{unknown_first} at 300,000 nodes: {retry['solved']} won, 0 lost;" in table.stdout
