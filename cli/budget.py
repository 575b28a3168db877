"""The budget options every search command takes (`--seconds`, `--nodes`, `--memory`).

Each is checked when it is parsed (one usage line, exit code 2, before any file or
database is touched) and again by :func:`budget_from` for commands that declare
their own options: seconds a positive finite number, nodes 1..2^62 (the kernels'
int64 counters), memory 1 MiB up to the machine's physical memory.
"""

from __future__ import annotations

from typing import Annotated

import typer

from playable.cli.io import fail
from playable.solver.core.budget import DEFAULT_MEMORY_MB, Budget
from playable.solver.core.limits import (
    budget_problem,
    memory_problem,
    nodes_problem,
    seconds_problem,
)

__all__ = ["DEFAULT_MEMORY_MB", "Memory", "Nodes", "Seconds", "budget_from"]

def _check_seconds(value: float | None) -> float | None:
    if problem := seconds_problem(value):
        raise typer.BadParameter(problem)
    return value


def _check_nodes(value: int | None) -> int | None:
    if problem := nodes_problem(value):
        raise typer.BadParameter(problem)
    return value


def _check_memory(value: int | None) -> int | None:
    if problem := memory_problem(value):
        raise typer.BadParameter(problem)
    return value


Seconds = Annotated[
    float | None,
    typer.Option(help="Time budget in seconds (default: none).", callback=_check_seconds),
]
Nodes = Annotated[
    int | None,
    typer.Option(help="Node budget of the search (default: none).", callback=_check_nodes),
]
Memory = Annotated[
    int,
    typer.Option(
        help="Transposition table memory in MiB (The Game's beam search takes as much again).",
        callback=_check_memory,
    ),
]


def budget_from(
    seconds: float | None, nodes: int | None, memory: int, json: bool = False
) -> Budget:
    """A search budget from the options; a budget out of bounds is a usage error. It
    shows live progress on stderr unless ``json`` is set (:mod:`playable.cli.progress`)."""
    from playable.cli.progress import live_progress

    if problem := budget_problem(seconds, nodes, memory):
        fail(problem)
    return Budget(seconds=seconds, nodes=nodes, memory_mb=memory, progress=live_progress(json))
