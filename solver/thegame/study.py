"""The Game at scale: solve many deals with the perfect-information solver and
summarise what share of deals can be won (the winnability table of docs/results.md).

Deal ``i`` of a study is the deal shuffled with seed ``i`` (``shuffled_deal``), so
studies of the same variant meet the same deals and a study can be extended.

A study may also *retry* the deals its budget left undecided with a larger budget
(:mod:`playable.solver.core.retries`); the summary counts a deal decided when any
budget decided it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass
from typing import Any

from playable.solver.core.effort import effort, every_pass
from playable.solver.core.retries import Retries, with_retries
from playable.solver.core.stats import Proportion
from playable.solver.core.study_budget import BudgetedStudy, stored_budget
from playable.solver.thegame.game import shuffled_deal
from playable.solver.thegame.rules import Variant


@dataclass(frozen=True)
class Study(BudgetedStudy):
    """What a study solves: the variant and the budget for each deal."""

    variant: Variant
    seconds: float | None
    nodes: int | None = None
    memory_mb: int = 256

    def config(self) -> dict[str, Any]:
        """The arguments stored with the study (a resumed study must match them)."""
        return self.stored("thegame", variant=asdict(self.variant))

    def solve(self, seed: int) -> dict[str, Any]:
        """Solve the deal of ``seed``; the result as a study row (line included)."""
        from playable.solver.thegame.search import solve

        result = solve(shuffled_deal(self.variant, seed), self.budget())
        return {
            "status": result.status.value,
            "value": result.objective,
            "nodes": result.nodes,
            "seconds": result.seconds,
            "proven_optimal": result.proven_optimal,
            "bound": result.bound,
            "first_player": result.extra.get("first_player"),
            "line": result.line.to_json(),
        }


def study_from_config(config: dict[str, Any]) -> Study:
    return Study(Variant(**config["variant"]), *stored_budget(config))


def summarise_study(rows: list[dict[str, Any]], retries: Retries | None = None) -> dict[str, Any]:
    """Winnability with its 95% Wilson interval, and what the unknowns leave open.

    ``winnable`` counts solved deals among all deals, so each unknown deal counts as
    not won: with unknowns it is a lower bound, and ``winnable_if_unknown_won`` the
    matching upper bound. ``winnable_decided`` is the rate among decided deals only.
    The distribution of cards left is over deals whose optimum is proven. With
    ``retries`` (each retry stage's arguments and rows, :func:`with_retries`) the
    counts are after the retries; ``first_pass`` keeps the counts of the study's own
    budget and ``retries`` what each larger budget found; the time and node figures
    cover every pass.
    """
    final, tried = with_retries(rows, retries or [])
    n = len(final)
    status = Counter(row["status"] for row in final)
    solved, unsolvable, unknown = status["solved"], status["unsolvable"], status["unknown"]
    optimal = [row["value"] for row in final if row.get("proven_optimal")]
    every = every_pass(rows, retries)
    first = Counter(row["status"] for row in rows)
    return {
        "deals": n,
        "solved": solved,
        "unsolvable": unsolvable,
        "unknown": unknown,
        "winnable": Proportion(solved, n).to_json(),
        "winnable_if_unknown_won": Proportion(solved + unknown, n).to_json(),
        "winnable_decided": Proportion(solved, solved + unsolvable).to_json(),
        "decided": Proportion(solved + unsolvable, n).to_json(),
        "cards_left_distribution": dict(sorted(Counter(optimal).items())),
        **effort(
            (row["seconds"] for row in rows),
            (row["seconds"] for row in every),
            (row.get("nodes") for row in every),
        ),
        "first_pass": {key: first[key] for key in ("solved", "unsolvable", "unknown")},
        "retries": tried,
    }
