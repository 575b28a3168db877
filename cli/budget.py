"""The budget options every search command takes (`--seconds`, `--nodes`, `--memory`).

Each is checked when it is parsed (one usage line, exit code 2, before any file or
database is touched) and again by :func:`budget_from` for commands that declare
their own options: seconds a positive finite number, nodes 1..2^62 (the kernels'
int64 counters), memory 1 MiB up to the machine's physical memory.
"""

from __future__ import annotations

import math
import os
from typing import Annotated

import typer

from playable.cli.io import fail
from playable.solver.core.budget import DEFAULT_MEMORY_MB, Budget

__all__ = ["DEFAULT_MEMORY_MB", "Memory", "Nodes", "Seconds", "budget_from"]

#: The largest node budget: the kernels count nodes in int64.
MAX_NODES = 2**62


def machine_memory_mb() -> int:
    """The machine's physical memory in MiB (a large number where it is unknown)."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2**20
    except (ValueError, OSError, AttributeError):
        return 2**40


def seconds_problem(seconds: float | None) -> str | None:
    if seconds is not None and not (math.isfinite(seconds) and seconds > 0):
        return f"--seconds must be a positive number, got {seconds:g}"
    return None


def nodes_problem(nodes: int | None) -> str | None:
    if nodes is not None and not 1 <= nodes <= MAX_NODES:
        return f"--nodes must be 1..{MAX_NODES}, got {nodes}"
    return None


def memory_problem(memory: int | None) -> str | None:
    if memory is None:
        return None
    if memory <= 0:
        return f"--memory must be positive (MiB), got {memory}"
    total = machine_memory_mb()
    if memory > total:
        return f"--memory {memory} MiB is more than this machine has ({total} MiB)"
    return None


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

    for problem in (seconds_problem(seconds), nodes_problem(nodes), memory_problem(memory)):
        if problem:
            fail(problem)
    return Budget(seconds=seconds, nodes=nodes, memory_mb=memory, progress=live_progress(json))
