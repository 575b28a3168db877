"""Retries: the seeds a study left undecided, solved again with a larger budget.

Every retry budget is a *stage* of the study's SQLite file
(:class:`playable.solver.core.study.ResultStore` with ``stage=``), named after its
budget by :func:`retry_stage`, so a study retried at 100 M and then at 400 M nodes
keeps both passes, each resumable and shared like the first. The first pass is never
changed: :func:`with_retries` gives each seed the first decided answer in order of
budget, and says what each budget decided. A row is decided unless its ``status`` is
``unknown`` (The Game: ``solved``/``unsolvable``; Face to Face: ``solved`` when both
first players are decided).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

#: each retry stage's arguments and its rows
Retries = list[tuple[dict[str, Any], list[dict[str, Any]]]]


def retry_stage(config: dict[str, Any]) -> str:
    """The stage name of a retry with the budget of ``config`` (seconds, nodes,
    memory_mb): lower-case letters, digits and ``_``, as stage names must be."""
    seconds, nodes = config.get("seconds"), config.get("nodes")
    milliseconds = 0 if seconds is None else round(seconds * 1000)
    return f"retry_{nodes or 0}n_{milliseconds}ms_{config.get('memory_mb', 0)}mb"


def budget_text(config: dict[str, Any]) -> str:
    """A budget as people say it: '20M nodes', '60 s', '400M nodes or 600 s'."""
    parts = []
    if config.get("nodes"):
        nodes = config["nodes"]
        parts.append(f"{nodes / 1e6:g}M nodes" if nodes >= 1_000_000 else f"{nodes:,} nodes")
    if config.get("seconds") is not None:
        parts.append(f"{config['seconds']:g} s")
    return " or ".join(parts) or "no limit"


def with_retries(
    rows: list[dict[str, Any]], retries: Retries
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The study's rows with each undecided seed replaced by the first decided answer
    of its retries, taken in order of budget (nodes, then seconds); and per retry
    budget, how many seeds it tried and the statuses it found."""

    def size(item: tuple[dict[str, Any], list[dict[str, Any]]]) -> tuple[float, float]:
        config = item[0]
        return (config.get("nodes") or float("inf"), config.get("seconds") or float("inf"))

    if not retries:
        return list(rows), []
    final = {row["seed"]: row for row in rows}
    summaries = []
    for config, retried in sorted(retries, key=size):
        status = Counter(row["status"] for row in retried)
        summaries.append(
            {
                "seconds": config.get("seconds"),
                "nodes": config.get("nodes"),
                "memory_mb": config.get("memory_mb"),
                "deals": len(retried),
                "solved": status["solved"],
                "unsolvable": status["unsolvable"],
                "unknown": status["unknown"],
            }
        )
        for row in retried:
            seed = row["seed"]
            if seed in final and final[seed]["status"] == "unknown" != row["status"]:
                final[seed] = row
    return [final[seed] for seed in sorted(final)], summaries
