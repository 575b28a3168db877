"""Boards and analyses readable without colour: chips drawn as side letters, upper
case when locked (SQ-7), threat spaces marked ``!`` (solver/sequence/display.py)."""

from __future__ import annotations

import re
from pathlib import Path

from playable.solver.sequence.display import CORNER_LABEL, cell_label, chip_legend
from playable.solver.sequence.rules import EMPTY
from tests.clirun import run

ROOT = Path(__file__).parents[2]
EXAMPLES = ROOT / "examples"


def test_cell_labels_are_four_characters_and_name_the_chip() -> None:
    assert cell_label("5C", EMPTY, False) == " 5C "
    assert cell_label("5C", 0, False) == "b5C "
    assert cell_label("5C", 1, True) == "G5C "
    assert cell_label("KD", 2, False, marked=True) == "rKD!"
    assert len(CORNER_LABEL) == 4
    assert chip_legend(3).startswith("chips: b blue, g green, r red;")


def _plain(*args: str) -> str:
    """The command's stdout through a pipe with NO_COLOR set, as `... | cat` shows it."""
    env = {"NO_COLOR": "1", "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "COLUMNS": "200"}
    done = run(*args, env=env)
    assert done.returncode == 0, done.stderr
    assert "\x1b[" not in done.stdout
    return done.stdout


def _row(text: str, row: int) -> str:
    match = re.search(rf"^\W*{row} (.*)$", text, re.MULTILINE)
    assert match is not None, text
    return match.group(1)


def test_show_without_colour_draws_chips_and_locked_chips_as_letters() -> None:
    text = _plain("show", str(EXAMPLES / "win-in-2.sequence.txt"))
    # a9-e9 is blue's sequence (locked, upper case); c1-e1 are free blue chips.
    assert _row(text, 9).split()[:6] == ["**", "BAD", "BKD", "BQD", "BTD", "9D"]
    assert _row(text, 1).split()[:6] == ["6C", "5C", "b4C", "b3C", "b2C", "AH"]
    assert _row(text, 6).split()[6:8] == ["QH", "gQD"]
    assert "chips: b blue, g green; upper case: locked in a sequence (SQ-7)" in text


def test_analyse_without_colour_marks_threat_spaces() -> None:
    text = _plain("analyse", str(EXAMPLES / "nine-in-a-row.sequence.txt"))
    row1 = _row(text, 1)
    assert row1.split()[:3] == ["6C!b5C", "b4C", "b3C"]
    assert " AH!bKH " in row1
    assert "marked !" in text
