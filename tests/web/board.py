"""What the web board's tests share (docs/web.md): the examples folder it serves, the
README's easy The Game puzzle as a one-puzzle library, and the address the test
client names the server by."""

from __future__ import annotations

from pathlib import Path

from playable.puzzles.fileformat import parse_puzzle
from playable.puzzles.library import PuzzleLibrary

ROOT = Path(__file__).resolve().parents[2]
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
