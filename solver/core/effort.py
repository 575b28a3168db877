"""The effort figures every study summary reports, whatever the game (docs/json.md,
the study documents): the median time of a solve of the study's own pass, and the
total time and node rate over every pass, retries included
(:mod:`playable.solver.core.retries`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from playable.solver.core.retries import Retries


def every_pass(rows: list[dict[str, Any]], retries: Retries | None) -> list[dict[str, Any]]:
    """The rows of the study's own pass followed by the rows of each retry."""
    return rows + [row for _, retried in retries or [] for row in retried]


def effort(
    first_seconds: Iterable[float], seconds: Iterable[float], nodes: Iterable[int | None]
) -> dict[str, float | None]:
    """``median_seconds`` of the solves of the study's own pass (``first_seconds``;
    None without any), ``total_seconds`` and ``nodes_per_second`` over the solves of
    every pass (``seconds`` and ``nodes``, a missing count taken as 0; None when no
    time was spent)."""
    ordered = sorted(first_seconds)
    total = sum(seconds)
    searched = sum(n or 0 for n in nodes)
    return {
        "median_seconds": ordered[len(ordered) // 2] if ordered else None,
        "total_seconds": total,
        "nodes_per_second": searched / total if total > 0 else None,
    }
