"""Out-of-range options are refused with one line and exit code 2, before any file
or database is touched (the examples a new user tried)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.clirun import invoke

STUDY = ["study", "thegame", "--players", "2", "--deals", "1", "--workers", "1"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["deal", "thegame", "--players", "0"], "--players"),
        (["deal", "thegame", "--players", "6"], "--players"),
        (["solve", "thegame", "--players", "0"], "--players"),
        (["play", "thegame", "--players", "0"], "--players"),
        (["analyse", "thegame", "--players", "0"], "--players"),
        (["simulate", "thegame", "--players", "0"], "--players"),
        (["deal", "uno", "--players", "0"], "--players"),
        (["simulate", "uno", "--players", "1"], "--players"),
        (["deal", "sequence", "--players", "0"], "--players"),
        (["simulate", "sequence", "--players", "0"], "--players"),
        (["simulate", "sequence", "--max-turns", "0"], "--max-turns"),
        (["simulate", "thegame", "--games", "100000000000000000000000"], "--games"),
        (["simulate", "thegame", "--games", "1e23"], "--games"),
        (["simulate", "thegame", "--workers", "100000"], "4 worker processes per CPU"),
        (["solve", "thegame", "--memory", "10000000"], "more than this machine has"),
        (["solve", "thegame", "--nodes", "0"], "--nodes"),
        (["solve", "thegame", "--seconds", "nan"], "--seconds"),
        (["solve", "uno", "--hand", "R1", "--top", "R5", "--memory", "0"], "--memory"),
        (["simulate", "facetoface", "--games", "0"], "--games"),
    ],
)
def test_option_out_of_range(args: list[str], message: str) -> None:
    result = invoke(*args)
    assert result.returncode == 2, result
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr


@pytest.mark.parametrize(
    "extra",
    [
        ["--seconds", "0"],
        ["--seconds", "-5"],
        ["--nodes", "0"],
        ["--memory", "0"],
        ["--memory", "-1"],
        ["--memory", "10000000"],
        ["--players", "0"],
        ["--scheduler", "banana"],
        ["--workers", "0"],
        ["--retry-nodes", "0"],
        ["--retry-seconds", "-1"],
        ["--nodes", "5000", "--retry-nodes", "4000"],
        ["--seconds", "2", "--retry-seconds", "2"],
    ],
)
def test_study_refuses_a_bad_budget_before_touching_the_db(
    tmp_path: Path, extra: list[str]
) -> None:
    db = tmp_path / "s.sqlite"
    result = invoke(*STUDY, "--db", str(db), *extra)
    assert result.returncode == 2, result
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert not db.exists()


def test_output_paths(tmp_path: Path) -> None:
    existing = tmp_path / "file.txt"
    existing.write_text("x")
    cases = [
        ["deal", "thegame", "-o", str(tmp_path)],
        ["deal", "uno", "-o", str(tmp_path / "missing" / "x.txt")],
        ["generate", "thegame", "--difficulty", "easy", "-o", str(existing)],
        ["puzzles", "export", "--db", str(existing), "-o", str(existing)],
    ]
    for args in cases:
        result = invoke(*args)
        assert result.returncode == 2, (args, result)
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert existing.read_text() == "x"


def test_huge_puzzle_id(tmp_path: Path) -> None:
    from playable.puzzles.library import PuzzleLibrary

    PuzzleLibrary(tmp_path / "lib.sqlite").close()
    result = invoke("puzzles", "show", "99999999999999999999", "--db", str(tmp_path / "lib.sqlite"))
    assert result.returncode == 2 and "no puzzle with id" in result.stderr
