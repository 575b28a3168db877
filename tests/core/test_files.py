"""Files are written whole or not at all (solver/core/files.py): the proof files of
`solve --proof` and the figures of `report --plots` too. A write that fails at the
last step leaves the file that was there, and no temporary file."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from playable.solver.core import plots
from playable.solver.core.files import write_atomic
from playable.solver.thegame import proof
from playable.solver.thegame.notation import parse_position

LOST = Path(__file__).parents[2] / "examples" / "thegame-lost.position.txt"


def _failing_replace(source: str, target: str) -> None:
    raise OSError(28, "No space left on device")


def _writes(path: Path) -> dict[str, Callable[[], object]]:
    state = parse_position(LOST.read_text(encoding="utf-8"))
    found = proof.prove(state, 1)
    assert found is not None
    proportion = {"rate": 0.5, "low": 0.2, "high": 0.8, "successes": 1, "trials": 2}
    return {
        "text": lambda: write_atomic(path, "new\n"),
        "proof": lambda: proof.write(found, state, path),
        "histogram": lambda: plots.cards_left_histogram("x", {0: 1, 3: 2}, path),
        "bars": lambda: plots.rates_with_intervals("t", "y", [("a", proportion)], path),
    }


@pytest.mark.parametrize("what", ["text", "proof", "histogram", "bars"])
def test_a_failed_write_keeps_the_old_file_and_leaves_nothing_else(
    what: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out.file"
    writes = _writes(target)
    writes[what]()
    whole = target.read_bytes()
    assert whole  # written in full when the disk allows it
    target.write_bytes(b"old")
    monkeypatch.setattr(os, "replace", _failing_replace)
    with pytest.raises(OSError):
        writes[what]()
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.file"]
