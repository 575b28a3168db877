"""`playable serve`: options are checked before anything is served (one line, exit 2),
a non-loopback address is warned about, an older library gains its success counts.
Every case uses --check, which validates and exits without starting the server."""

from __future__ import annotations

import socket
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from playable.cli.main import app
from playable.cli.serve import is_loopback
from playable.puzzles.library import PuzzleLibrary

RUNNER = CliRunner()


def test_check_validates_and_exits_quietly_on_loopback() -> None:
    result = RUNNER.invoke(app, ["serve", "--check"])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.5", "example.org"])
def test_a_non_loopback_address_is_warned_about(host: str) -> None:
    result = RUNNER.invoke(app, ["serve", "--check", "--host", host])
    assert result.exit_code == 0
    assert result.stderr.startswith(f"warning: listening on {host}")
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("host", "loopback"),
    [("127.0.0.1", True), ("::1", True), ("localhost", True), ("10.0.0.1", False)],
)
def test_loopback_addresses(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--port", "0"], "--port"),
        (["--port", "70000"], "--port"),
        (["--db", "MISSING"], "no such file"),
        (["--db", "JUNK"], "not an SQLite database"),
        (["--examples", "JUNK"], "not a folder"),
        (["--workers", "0"], "--workers"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    junk = tmp_path / "junk.sqlite"
    junk.write_text("junk" * 100)
    names = {"MISSING": str(tmp_path / "missing.sqlite"), "JUNK": str(junk)}
    result = RUNNER.invoke(app, ["serve", "--check", *[names.get(a, a) for a in args]])
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1 and message in result.stderr


def test_serve_adds_the_success_table_to_an_older_library(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    PuzzleLibrary(path).close()
    old = sqlite3.connect(path)
    old.execute("DROP TABLE plays")
    old.commit()
    old.close()
    assert RUNNER.invoke(app, ["serve", "--check", "--db", str(path)]).exit_code == 0
    tables = {row[0] for row in sqlite3.connect(path).execute("SELECT name FROM sqlite_master")}
    assert "plays" in tables


def test_a_taken_port_is_one_line_and_exit_2() -> None:
    """Bound before the server starts: uvicorn itself would exit with code 3."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        result = RUNNER.invoke(app, ["serve", "--port", port])
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "in use" in result.stderr
