"""The checks every `playable study GAME` test makes of the command line
(docs/architecture.md, "At scale"): a run stopped and started again with more deals
solves only the seeds without a row, another configuration or a bad option is one
usage line (exit code 2), and `playable report` gives the same summary, a table and a
figure. Each game's test names its command, its deals and what its report shows."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from playable.cli.study.run import StudyJob
from tests.clirun import invoke


def with_options(args: list[str], change: list[str]) -> list[str]:
    """``args`` with each option of ``change`` (an option and its value, or a lone
    flag) set: a value replaced where the option is given, else appended."""
    args = list(args)
    for i in range(0, len(change), 2):
        if change[i] in args:
            args[args.index(change[i]) + 1] = change[i + 1]
        else:
            args += change[i : i + 2]
    return args


def stored_rows(db: str) -> list[tuple[Any, ...]]:
    """The rows of the study file's first pass, by seed."""
    return sqlite3.connect(db).execute("SELECT * FROM results ORDER BY seed").fetchall()


def resumed_run(
    base: list[str],
    db: str,
    seed: int,
    deals: tuple[int, int],
    study: type[StudyJob],
    monkeypatch: pytest.MonkeyPatch,
) -> tuple[dict[str, Any], list[int]]:
    """Run ``base`` on ``deals[0]`` deals from ``seed``, then on ``deals[1]``: the
    first run stores the row of seed SEED + i for deal i, the second solves only the
    seeds without a row (``study.solve`` is counted) and keeps the stored rows. The
    second run's summary and the list of seeds solved (which keeps counting)."""
    fewer, more = deals
    options = ["--seed", str(seed), "--db", db, "--json"]
    first = invoke(*base, "--deals", str(fewer), *options)
    assert first.returncode == 0, first.stderr
    assert json.loads(first.stdout)["deals"] == fewer
    before = stored_rows(db)
    assert [row[0] for row in before] == list(range(seed, seed + fewer))

    solved: list[int] = []
    original = study.solve

    def counting(self: Any, seed: int) -> dict[str, Any]:
        solved.append(seed)
        result: dict[str, Any] = original(self, seed)
        return result

    monkeypatch.setattr(study, "solve", counting)
    second = invoke(*base, "--deals", str(more), *options)
    assert second.returncode == 0, second.stderr
    assert sorted(solved) == list(range(seed + fewer, seed + more))
    assert stored_rows(db)[:fewer] == before
    document: dict[str, Any] = json.loads(second.stdout)
    return document, solved


def check_report(db: str, key: str, document: dict[str, Any], words: str, figure: Path) -> None:
    """`playable report` of the study file: ``document`` under ``key`` with --json, a
    table that says ``words`` without it, and the PNG ``figure`` with --plots."""
    report = invoke("report", db, "--json")
    assert report.returncode == 0, report.stderr
    assert json.loads(report.stdout)[key] == [document]
    assert words in invoke("report", db).stdout
    drawn = invoke("report", db, "--plots", str(figure.parent), "--json")
    assert drawn.returncode == 0, drawn.stderr
    assert json.loads(drawn.stdout)["plots"] == [str(figure)]
    assert figure.read_bytes().startswith(b"\x89PNG")


def check_refused(args: list[str], words: str = "") -> None:
    """``playable ARGS`` is one usage line that says ``words``, exit code 2."""
    result = invoke(*args)
    assert result.returncode == 2, result.stdout
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert words in result.stderr


def check_other_configuration_refused(base: list[str], db: str, changes: list[list[str]]) -> None:
    """A file holding a one-deal study of ``base`` refuses each of ``changes`` (other
    arguments for the same file): one line, exit code 2."""
    assert invoke(*base, "--deals", "1", "--db", db).returncode == 0
    for change in changes:
        check_refused(with_options([*base, "--deals", "1", "--db", db], change), "other arguments")
