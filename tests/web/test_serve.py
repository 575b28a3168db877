"""`playable serve`: options are checked before anything is served (one line, exit 2),
a non-loopback address is warned about, an older library gains its success counts,
--allow-host takes host names only. Every case but the last uses --check, which
validates and exits without starting the server; the last serves on a free port and
checks which Host names are answered (web/guard.py)."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
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


@pytest.mark.parametrize("name", ["board.example.org", "board", "10.0.0.5", "[::1]", "a-b.c."])
def test_allowed_host_names_are_accepted(name: str) -> None:
    result = RUNNER.invoke(app, ["serve", "--check", "--allow-host", name, "--allow-host", "x.y"])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    "name", ["http://board.example.org", "board:8000", "board/x", "-board", "", "a b", "é.org"]
)
def test_a_bad_allowed_host_is_one_line_and_exit_2(name: str) -> None:
    result = RUNNER.invoke(app, ["serve", "--check", "--allow-host", name])
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "--allow-host" in result.stderr


def test_the_served_board_answers_its_names_only() -> None:
    """`playable serve --allow-host board.test` in a subprocess: its own names and the
    allowed one are served, another name (DNS rebinding) and another origin are 403."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "playable.cli.main", "serve", "--port", str(port)]
    command += ["--allow-host", "board.test"]
    process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True, start_new_session=True)

    def status(host: str, origin: str | None = None) -> int:
        headers = {"Host": host} | ({"Origin": origin} if origin else {})
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            connection.request("GET", "/api/examples", headers=headers)
            return connection.getresponse().status
        finally:
            connection.close()

    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                first = status(f"127.0.0.1:{port}")
                break
            except OSError:
                assert process.poll() is None, process.stderr.read() if process.stderr else ""
                assert time.monotonic() < deadline, "the server did not start in 60 s"
                time.sleep(0.2)
        assert first == 200
        assert status(f"localhost:{port}") == 200 and status("board.test") == 200
        assert status("evil.example") == 403 and status(f"evil.example:{port}") == 403
        assert status(f"localhost:{port}", origin="http://evil.example") == 403
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
