"""`playable study facetoface`: each deal solved for both first players (FF-7), rows
that agree with the solver called directly, resumed without redoing finished deals,
another configuration refused, and a summary whose counts add up."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from playable.solver.core.budget import Budget
from playable.solver.facetoface import study as study_module
from playable.solver.facetoface.rules import Variant, deal, shuffled_decks
from playable.solver.facetoface.search import solve
from playable.solver.facetoface.study import Study, study_from_config, summarise_study
from tests.clirun import invoke
from tests.study_checks import (
    check_other_configuration_refused,
    check_refused,
    check_report,
    resumed_run,
    with_options,
)

NODES = 300_000
BASE = ["study", "facetoface", "--max-card", "9", "--nodes", str(NODES), "--workers", "1"]


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
    document, solved = resumed_run(BASE, db, 5, (2, 4), study_module.Study, monkeypatch)
    assert document["deals"] == 4 and document["solves"] == 8

    solved.clear()  # a finished file: the summary again, nothing solved
    again = invoke(*BASE, "--deals", "4", "--seed", "5", "--db", db, "--json")
    assert again.returncode == 0 and solved == []
    assert json.loads(again.stdout) == document
    figure = tmp_path / "plots" / "facetoface-first-player.png"
    check_report(db, "facetoface_studies", document, "first-player advantage", figure)


def test_other_configuration_is_refused(tmp_path: Path) -> None:
    changes = [["--max-card", "10"], ["--seed", "1"], ["--nodes", "5"]]
    check_other_configuration_refused(BASE, str(tmp_path / "ff.sqlite"), changes)


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
    check_refused(with_options(args, bad))
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
    check_refused([*study, "--retry-nodes", "20"], "must be larger")
    first = invoke(*study, "--retry-nodes", "300000")
    assert first.returncode == 0, first.stderr
    summary = json.loads(first.stdout)
    (retry,) = summary["retries"]
    undecided = 4 - summary["first_pass"]["decided_deals"]
    assert retry["deals"] == undecided > 0 and retry["solved"] > 0
    assert summary["decided_deals"] == summary["first_pass"]["decided_deals"] + retry["solved"]
    assert summary["solves"] == 8  # every deal still counts its two first players once
    report = json.loads(invoke("report", db, "--json").stdout)["facetoface_studies"]
    assert report == [summary]
