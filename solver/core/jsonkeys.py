"""The shared JSON vocabulary of ``--json`` output (docs/json.md) and its schemas.

Every command prints one JSON document; the same idea has the same key in every
game: ``status`` (what a search established), ``value`` (a position or move seen
from the player to move), ``winner`` (0-based player or side), ``line`` items
(``player`` and ``move`` text), ``moves`` in analyse, ``games`` (simulated) and
``deals`` (solved in a study), counters ``nodes``/``seconds``/``tt_entries``. One
JSON Schema per document kind lives in ``solver/core/schemas/`` and ships with the
package; tests/cli/test_json_contract.py validates every command against them.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, Final

from playable.solver.core.result import Status

#: The folder of the JSON Schema files, one per document kind (``<kind>.json``).
SCHEMA_DIR: Final = Path(__file__).parent / "schemas"

#: ``value`` of a position or move for the player to move: won with perfect play,
#: lost with perfect play, or not decided within the budget.
WIN: Final = "win"
LOSS: Final = "loss"
UNKNOWN: Final = "unknown"

#: A search's ``status`` as the ``value`` for the player to move (``solved``: the
#: goal is reached, i.e. the mover wins; ``unsolvable``: proven not).
VALUES: Final[dict[Status, str]] = {
    Status.SOLVED: WIN,
    Status.UNSOLVABLE: LOSS,
    Status.UNKNOWN: UNKNOWN,
}


def analyse_exit_code(values: list[str], finished: str | None = None) -> int:
    """The exit code of an analysis (README): the position's own value for the player
    to move, taken from its moves' values: 0 when a move wins, 1 when every move
    loses, 3 when neither is decided (a budget ran out). A finished game has no moves
    to value: ``finished`` is then its value by the rules (WIN or LOSS)."""
    if finished is not None:
        return 0 if finished == WIN else 1
    if WIN in values:
        return 0
    return 1 if values and all(v == LOSS for v in values) else 3


def schema_names() -> list[str]:
    """The document kinds that have a schema (file names without ``.json``)."""
    return sorted(p.stem for p in SCHEMA_DIR.glob("*.json") if not p.stem.startswith("_"))


@cache
def schema(kind: str) -> dict[str, Any]:
    """The JSON Schema of document ``kind`` (e.g. ``"solve"``)."""
    document: dict[str, Any] = json.loads((SCHEMA_DIR / f"{kind}.json").read_text("utf-8"))
    return document
