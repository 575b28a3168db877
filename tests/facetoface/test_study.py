"""`playable study facetoface`: each deal solved for both first players (FF-7), rows
that agree with the solver called directly, resumed without redoing finished deals,
another configuration refused, and a summary whose counts add up."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from playable.cli.main import app
from playable.solver.core.budget import Budget
from playable.solver.facetoface import study as study_module
from playable.solver.facetoface.rules import Variant, deal, shuffled_decks
from playable.solver.facetoface.search import solve
from playable.solver.facetoface.study import Study, study_from_config, summarise_study

NODES = 300_000
BASE = ["study", "facetoface", "--max-card", "9", "--nodes", str(NODES), "--workers", "1"]


def invoke(*args: str) -> Any:
    return CliRunner().invoke(app, list(args))


@pytest.mark.parametrize(("max_card", "seed"), [(9, 0), (10, 1), (11, 3)])
def test_rows_agree_with_solve(max_card: int, seed: int) -> None:
    study = Study(Variant(max_card), 0, None, NODES)
    row = study.solve(seed)
    deck_a, deck_b = shuffled_decks(Variant(max_card), seed)
    for first, start in enumerate(row["starts"]):
        direct = solve(deal(Variant(max_card), deck_a, deck_b, first), Budget(None, NODES, 64))
        assert start["first_player"] == first
        assert start["winner"] == direct.objective is not None  # decided at this size
        assert start["status"] == direct.status.value
        assert start["nodes"] == direct.nodes
    assert row["status"] == "solved"
    assert row["nodes"] == sum(s["nodes"] for s in row["starts"])
    assert study_from_config(study.config()) == study


def test_study_resumes_without_redoing_deals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = str(tmp_path / "ff.sqlite")
    first = invoke(*BASE, "--deals", "2", "--seed", "5", "--db", db, "--json")
    assert first.exit_code == 0, first.stderr
    assert json.loads(first.stdout)["deals"] == 2
    before = sqlite3.connect(db).execute("SELECT * FROM results ORDER BY seed").fetchall()
    assert [row[0] for row in before] == [5, 6]  # deal i is the deal of seed SEED + i

    solved: list[int] = []
    original = study_module.Study.solve

    def counting(self: Study, seed: int) -> dict[str, Any]:
        solved.append(seed)
        return original(self, seed)

    monkeypatch.setattr(study_module.Study, "solve", counting)
    second = invoke(*BASE, "--deals", "4", "--seed", "5", "--db", db, "--json")
    assert second.exit_code == 0, second.stderr
    assert sorted(solved) == [7, 8]  # only the deals without a row
    after = sqlite3.connect(db).execute("SELECT * FROM results ORDER BY seed").fetchall()
    assert after[:2] == before
    document = json.loads(second.stdout)
    assert document["deals"] == 4 and document["solves"] == 8

    solved.clear()  # a finished file: the summary again, nothing solved
    again = invoke(*BASE, "--deals", "4", "--seed", "5", "--db", db, "--json")
    assert again.exit_code == 0 and solved == []
    assert json.loads(again.stdout) == document
    report = invoke("report", db, "--json")  # the same summary from `playable report`
    assert report.exit_code == 0, report.stderr
    assert json.loads(report.stdout)["facetoface_studies"] == [document]
    table = invoke("report", db)
    assert "first-player advantage" in table.stdout
    pictures = tmp_path / "plots"
    drawn = invoke("report", db, "--plots", pictures, "--json")
    assert drawn.exit_code == 0, drawn.stderr
    figure = pictures / "facetoface-first-player.png"
    assert json.loads(drawn.stdout)["plots"] == [str(figure)]
    assert figure.read_bytes().startswith(b"\x89PNG")


def test_other_configuration_is_refused(tmp_path: Path) -> None:
    db = str(tmp_path / "ff.sqlite")
    assert invoke(*BASE, "--deals", "1", "--db", db).exit_code == 0
    for change in (["--max-card", "10"], ["--seed", "1"], ["--nodes", "5"]):
        args = [*BASE, "--deals", "1", "--db", db]
        option = args.index(change[0]) if change[0] in args else None
        if option is None:
            args += change
        else:
            args[option + 1] = change[1]
        other = invoke(*args)
        assert other.exit_code == 2
        assert "other arguments" in other.stderr and len(other.stderr.splitlines()) == 1


@pytest.mark.parametrize(
    "bad",
    [
        ["--max-card", "6"],
        ["--deals", "0"],
        ["--seconds", "0"],
        ["--nodes", "0"],
        ["--seed", "-1"],
        ["--workers", "0"],
    ],
)
def test_bad_options_exit_2(tmp_path: Path, bad: list[str]) -> None:
    db = tmp_path / "ff.sqlite"
    args = ["study", "facetoface", "--max-card", "9", "--deals", "1", "--db", str(db)]
    for i in range(0, len(bad), 2):
        if bad[i] in args:
            args[args.index(bad[i]) + 1] = bad[i + 1]
        else:
            args += bad[i : i + 2]
    result = invoke(*args)
    assert result.exit_code == 2, result.stdout
    assert len(result.stderr.strip().splitlines()) == 1
    assert not db.exists() or bad[0] == "--max-card"


def start(first: int, winner: int | None) -> dict[str, Any]:
    return {"first_player": first, "winner": winner, "nodes": 10, "seconds": 0.5}


def test_summary_counts() -> None:
    rows = [
        {"starts": [start(0, 0), start(1, 1)]},  # whoever starts wins
        {"starts": [start(0, 1), start(1, 0)]},  # whoever starts loses
        {"starts": [start(0, 1), start(1, 1)]},  # player 2 wins either way
        {"starts": [start(0, 0), start(1, None)]},  # undecided deal
    ]
    s = summarise_study(rows)
    assert (s["deals"], s["decided_deals"], s["solves"], s["decided_solves"]) == (4, 3, 8, 7)
    assert s["first_player_wins"]["successes"] == 4 and s["first_player_wins"]["trials"] == 7
    assert [s[k]["successes"] for k in ("starter_wins", "second_wins", "same_winner")] == [1, 1, 1]
    assert s["unknown"]["successes"] == 1 and s["unknown"]["trials"] == 8
    assert s["decided"]["successes"] == 3 and s["total_seconds"] == 4.0


def test_table_shows_a_dash_without_decided_solves() -> None:
    from rich.console import Console

    from playable.cli.study.facetoface import study_table

    summary = {"max_card": 17, **summarise_study([{"starts": [start(0, None), start(1, None)]}])}
    console = Console(width=200, record=True)
    console.print(study_table([summary]))
    text = console.export_text()
    assert " - " in text and "100.0% [34.2%, 100.0%]" in text  # 2 of 2 solves unknown


def test_a_larger_budget_retries_the_undecided_deals(tmp_path: Path) -> None:
    db = str(tmp_path / "ff.sqlite")
    study = ["study", "facetoface", "--max-card", "11", "--nodes", "30", "--workers", "1"]
    study += ["--deals", "4", "--db", db, "--json"]
    refused = invoke(*study, "--retry-nodes", "20")
    assert refused.exit_code == 2 and "must be larger" in refused.stderr
    first = invoke(*study, "--retry-nodes", "300000")
    assert first.exit_code == 0, first.stderr
    summary = json.loads(first.stdout)
    (retry,) = summary["retries"]
    undecided = 4 - summary["first_pass"]["decided_deals"]
    assert retry["deals"] == undecided > 0 and retry["solved"] > 0
    assert summary["decided_deals"] == summary["first_pass"]["decided_deals"] + retry["solved"]
    assert summary["solves"] == 8  # every deal still counts its two first players once
    report = json.loads(invoke("report", db, "--json").stdout)["facetoface_studies"]
    assert report == [summary]
