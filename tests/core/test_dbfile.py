"""Opening the SQLite files playable writes (solver/core/dbfile.py) from several
connections at once."""

from __future__ import annotations

import threading
from pathlib import Path

from playable.solver.core.dbfile import open_database


def _race(path: Path) -> list[Exception]:
    """Two threads open the new file ``path`` at the same moment: their errors."""
    start = threading.Barrier(2)
    errors: list[Exception] = []

    def open_it() -> None:
        start.wait()
        try:
            open_database(path, ("study",), write=True).close()
        except Exception as error:  # collected: the assertion names it
            errors.append(error)

    threads = [threading.Thread(target=open_it) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


def test_two_openers_of_a_new_file_both_get_it(tmp_path: Path) -> None:
    """Two studies started together on a new file both switch it to write-ahead
    logging; SQLite refuses one of them at once (no busy wait) in about one race in
    ten, so the switch is retried. 100 races: every opening must succeed."""
    for attempt in range(100):
        errors = _race(tmp_path / f"{attempt}.sqlite")
        assert not errors, f"race {attempt}: {errors}"
