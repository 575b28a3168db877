"""The budget options every search command takes (`--seconds`, `--nodes`, `--memory`)."""

from __future__ import annotations

from typing import Annotated

import typer

from cli.io import fail
from solver.core.budget import DEFAULT_MEMORY_MB, Budget

Seconds = Annotated[float | None, typer.Option(help="Time budget in seconds (default: none).")]
Nodes = Annotated[int | None, typer.Option(help="Node budget of the search (default: none).")]
Memory = Annotated[int, typer.Option(help="Transposition table memory in MiB.", min=1)]

__all__ = ["DEFAULT_MEMORY_MB", "Memory", "Nodes", "Seconds", "budget_from"]


def budget_from(seconds: float | None, nodes: int | None, memory: int) -> Budget:
    """A search budget from the options; a budget that is not positive is a usage error."""
    if seconds is not None and seconds <= 0:
        fail("--seconds must be positive")
    if nodes is not None and nodes <= 0:
        fail("--nodes must be positive")
    if memory <= 0:
        fail("--memory must be positive")
    return Budget(seconds=seconds, nodes=nodes, memory_mb=memory)
