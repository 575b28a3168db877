"""The one result record every solver returns (ARCHITECTURE.md, "One result shape").

A solver answers with a :class:`SolveResult`: the status, the objective it optimises
(for The Game ``cards_left``), whether that value is proven optimal, the line of
moves that reaches it, and the counters that explain how the answer was reached.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from playable.solver.core.line import Line


class Status(StrEnum):
    """What a solver could establish.

    ``solved``: the goal (e.g. laying every card) is reached by the reported line.
    ``unsolvable``: an exhaustive search proved the goal cannot be reached.
    ``unknown``: a budget ran out before either was established.
    """

    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    UNKNOWN = "unknown"

    @classmethod
    def of_count(cls, objective: int | None, bound: int) -> Status:
        """The status of a search that minimises a count whose goal is 0 (The Game's
        cards left, TG-8): solved when a line reaches 0, unsolvable when the proven
        bound is above 0, unknown otherwise."""
        if objective == 0:
            return cls.SOLVED
        return cls.UNSOLVABLE if bound >= 1 else cls.UNKNOWN

    @property
    def exit_code(self) -> int:
        """CLI exit code for this status (0 solved, 1 unsolvable, 3 unknown)."""
        return {Status.SOLVED: 0, Status.UNSOLVABLE: 1, Status.UNKNOWN: 3}[self]


@dataclass(frozen=True)
class SolveResult:
    """A solver's answer and its counters.

    ``line`` is the line that reaches ``objective``, replayed through the reference
    rules with the state after every turn (:class:`~playable.solver.core.line.Line`;
    empty when there is none). ``bound`` is the best proven bound on the objective
    (equal to ``objective`` when ``proven_optimal``).
    """

    game: str
    engine: str
    status: Status
    objective_name: str
    objective: int | None
    bound: int | None
    proven_optimal: bool
    line: Line[Any, Any]
    nodes: int = 0
    seconds: float = 0.0
    tt_entries: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The JSON document of ``--json`` output."""
        return {
            "game": self.game,
            "engine": self.engine,
            "status": self.status.value,
            self.objective_name: self.objective,
            "bound": self.bound,
            "proven_optimal": self.proven_optimal,
            "line": self.line.to_json(),
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            "tt_entries": self.tt_entries,
            **self.extra,
        }
