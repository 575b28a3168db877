"""The bounds of a search budget (`--seconds`, `--nodes`, `--memory`), checked in one
place for the command line and the library API alike: seconds a positive finite
number, nodes 1..2^62 (the kernels' int64 counters), memory 1 MiB up to the
machine's physical memory."""

from __future__ import annotations

import math
import os
from collections.abc import Callable

from playable.solver.core.budget import Budget, Progress
from playable.solver.core.errors import PlayableError

#: The largest node budget: the kernels count nodes in int64.
MAX_NODES = 2**62


def machine_memory_mb() -> int:
    """The machine's physical memory in MiB (a large number where it is unknown)."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2**20
    except (ValueError, OSError, AttributeError):
        return 2**40


def seconds_problem(seconds: float | None) -> str | None:
    """What is wrong with a seconds budget, or None."""
    if seconds is not None and not (math.isfinite(seconds) and seconds > 0):
        return f"--seconds must be a positive number, got {seconds:g}"
    return None


def nodes_problem(nodes: int | None) -> str | None:
    """What is wrong with a node budget, or None."""
    if nodes is not None and not 1 <= nodes <= MAX_NODES:
        return f"--nodes must be 1..{MAX_NODES}, got {nodes}"
    return None


def memory_problem(memory: int | None) -> str | None:
    """What is wrong with a table memory in MiB, or None."""
    if memory is None:
        return None
    if memory <= 0:
        return f"--memory must be positive (MiB), got {memory}"
    total = machine_memory_mb()
    if memory > total:
        return f"--memory {memory} MiB is more than this machine has ({total} MiB)"
    return None


def budget_problem(seconds: float | None, nodes: int | None, memory: int | None) -> str | None:
    """The first thing wrong with a budget, or None."""
    for problem in (seconds_problem(seconds), nodes_problem(nodes), memory_problem(memory)):
        if problem:
            return problem
    return None


def checked_budget(
    seconds: float | None,
    nodes: int | None,
    memory_mb: int,
    progress: Progress | None = None,
    stop: Callable[[], bool] | None = None,
) -> Budget:
    """A budget within the bounds above (asking ``stop``, Budget.stop); ``PlayableError``
    names the first one broken."""
    if problem := budget_problem(seconds, nodes, memory_mb):
        raise PlayableError(problem)
    return Budget(seconds=seconds, nodes=nodes, memory_mb=memory_mb, progress=progress, stop=stop)
