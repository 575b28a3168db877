"""What the web board's tests share (docs/web.md): the examples folder it serves, the
README's easy The Game puzzle as a one-puzzle library, a small puzzle of every game,
the address the test client names the server by, and a real server and the browser
for the browser tests."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from playable.puzzles.fileformat import parse_puzzle
from playable.puzzles.library import PuzzleLibrary

ROOT = Path(__file__).resolve().parents[2]
#: Debian's chromium (`apt-get install chromium`): Playwright cannot download its own.
CHROMIUM = os.environ.get("PLAYABLE_CHROMIUM", "/usr/bin/chromium")
EXAMPLES = ROOT / "examples"
#: the README's easy puzzle (a real lay-all puzzle of The Game)
PUZZLE = EXAMPLES / "thegame-lay-all-easy.puzzle.txt"
#: The address the test client names the server by (a loopback name: web/guard.py).
BASE = "http://127.0.0.1:8000"


def puzzle_library(path: Path) -> Path:
    """A puzzle library at ``path`` holding :data:`PUZZLE` (puzzle 1)."""
    with PuzzleLibrary(path) as made:
        made.add(parse_puzzle(PUZZLE.read_text(), str(PUZZLE)))
    return path


#: Small puzzles of the other games (made by `playable generate ... --difficulty easy`):
#: the browser tests play one of each game by clicking (tests/web/test_table.py).
PUZZLES = Path(__file__).resolve().parent / "puzzles"
#: Every game's puzzle, in the order :func:`table_library` adds them (ids 1, 2, ...).
TABLE_PUZZLES = (
    PUZZLE,
    PUZZLES / "facetoface-win-from-here.puzzle.txt",
    PUZZLES / "uno-ending.puzzle.txt",
    PUZZLES / "sequence-win-in-n.puzzle.txt",
    PUZZLES / "uno-lay-down.puzzle.txt",
)


def table_library(path: Path) -> Path:
    """A puzzle library at ``path`` holding :data:`TABLE_PUZZLES` (ids 1 to 5)."""
    with PuzzleLibrary(path) as made:
        for puzzle in TABLE_PUZZLES:
            made.add(parse_puzzle(puzzle.read_text(), str(puzzle)))
    return path


def free_port() -> int:
    """A TCP port free on the loopback now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def served(library: Path) -> Iterator[str]:
    """`playable serve` of ``library`` (and the examples) in a subprocess on a free
    port; yields its address, and stops it and its search processes at the end."""
    port = free_port()
    command = [sys.executable, "-m", "playable.cli.main", "serve", "--db", str(library)]
    command += ["--port", str(port), "--examples", str(EXAMPLES)]
    process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/examples", timeout=2).close()
                break
            except OSError:
                assert process.poll() is None, process.stderr.read() if process.stderr else ""
                assert time.monotonic() < deadline, "the server did not start in 60 s"
                time.sleep(0.2)
        yield url
    finally:
        os.killpg(process.pid, signal.SIGTERM)  # the server and its search processes
        process.wait(timeout=30)


def browser_api() -> ModuleType:
    """Playwright's sync API, or the calling test module skipped with the reason
    (Playwright not installed, or no chromium at :data:`CHROMIUM`)."""
    api = pytest.importorskip(
        "playwright.sync_api", reason="playwright is not installed (test extras)"
    )
    if not shutil.which(CHROMIUM):
        pytest.skip(
            f"no chromium at {CHROMIUM}: apt-get install chromium (or set PLAYABLE_CHROMIUM)",
            allow_module_level=True,
        )
    return api
