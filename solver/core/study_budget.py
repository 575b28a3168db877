"""The budget a study gives each of its deals (seconds, nodes, table memory), for every
game's ``solver/<game>/study.py``: the search budget it makes, the arguments stored
with the study (a resumed study must match them, :mod:`playable.solver.core.study`)
and the budget read back from them."""

from __future__ import annotations

from typing import Any

from playable.solver.core.budget import Budget


class BudgetedStudy:
    """Of a game's study (a frozen dataclass whose last fields are ``seconds``,
    ``nodes`` and ``memory_mb``): its budget and its stored arguments."""

    seconds: float | None
    nodes: int | None
    memory_mb: int

    def budget(self) -> Budget:
        """A fresh budget for one solve (each solve of a deal has its own)."""
        return Budget(self.seconds, self.nodes, self.memory_mb)

    def stored(self, game: str, **arguments: Any) -> dict[str, Any]:
        """The arguments stored with the study: its game, the kind ``study``, the
        game's own ``arguments``, then the budget."""
        budget = {"seconds": self.seconds, "nodes": self.nodes, "memory_mb": self.memory_mb}
        return {"game": game, "kind": "study", **arguments, **budget}


def stored_budget(config: dict[str, Any]) -> tuple[float | None, int | None, int]:
    """The budget (seconds, nodes, memory_mb) of stored study arguments, the last
    fields of a game's study in that order."""
    return config["seconds"], config["nodes"], config["memory_mb"]
