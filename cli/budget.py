"""The budget options every search command takes (`--seconds`, `--nodes`, `--memory`).

Each is checked when it is parsed (one usage line, exit code 2, before any file or
database is touched) and again by :func:`budget_from` for commands that declare
their own options: seconds a positive finite number, nodes 1..2^62 (the kernels'
int64 counters), memory 1 MiB up to the machine's physical memory.

Ctrl-C during a search: :func:`budget_from` (called by every `solve` and `analyse`
command, and by nothing else) installs a SIGINT handler; each budget it makes asks it
(``Budget.stop``), so :meth:`Budget.expired` is true and the search stops as if its
budget ran out, with its normal `unknown` result and the best line or move it
has. The error boundary (:class:`playable.cli.main.Playable`) then exits 130. A
second Ctrl-C ends the process at once (exit 130, one line).
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable
from contextlib import suppress
from types import FrameType
from typing import Annotated, Any

import typer

from playable.cli.io import fail
from playable.solver.core.budget import DEFAULT_MEMORY_MB, Budget
from playable.solver.core.limits import (
    budget_problem,
    memory_problem,
    nodes_problem,
    seconds_problem,
)

__all__ = [
    "DEFAULT_MEMORY_MB",
    "INTERRUPTED",
    "Memory",
    "Nodes",
    "Seconds",
    "budget_from",
    "forget_interrupts",
    "interrupted",
    "release_interrupts",
]

#: The exit code of a command stopped by Ctrl-C (128 + SIGINT).
INTERRUPTED = 130


def check_seconds(value: float | None) -> float | None:
    """The typer callback of a seconds option: the value, or a usage error."""
    if problem := seconds_problem(value):
        raise typer.BadParameter(problem)
    return value


def check_nodes(value: int | None) -> int | None:
    """The typer callback of a node budget option: the value, or a usage error."""
    if problem := nodes_problem(value):
        raise typer.BadParameter(problem)
    return value


def check_memory(value: int | None) -> int | None:
    """The typer callback of a memory option (MiB): the value, or a usage error."""
    if problem := memory_problem(value):
        raise typer.BadParameter(problem)
    return value


Seconds = Annotated[
    float | None,
    typer.Option(
        help=(
            "Time budget of the search in seconds (default: none). A command with "
            "--estimate-seconds then estimates for as long again where nothing is proven."
        ),
        callback=check_seconds,
    ),
]
Nodes = Annotated[
    int | None,
    typer.Option(help="Node budget of the search (default: none).", callback=check_nodes),
]
Memory = Annotated[
    int,
    typer.Option(
        help="Transposition table memory in MiB (The Game's beam search takes as much again).",
        callback=check_memory,
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
    budget = Budget(seconds=seconds, nodes=nodes, memory_mb=memory, progress=live_progress(json))
    return catch_interrupts(budget)


class _Interrupts:
    """The state of Ctrl-C for the current command: whether it came, and the handler
    to put back."""

    def __init__(self) -> None:
        self.seen = False
        self.previous: Any = None
        self.installed = False
        self.owner = os.getpid()


_state = _Interrupts()


def _on_sigint(signum: int, frame: FrameType | None) -> None:
    """First Ctrl-C: every search of this command stops at its next budget check; a
    second: the process ends at once, wherever it is (one line, exit code 130). In a
    worker process forked by the search it behaves as Python's default."""
    if os.getpid() != _state.owner:
        raise KeyboardInterrupt
    if _state.seen:
        with suppress(OSError):
            os.write(2, b"error: interrupted again: stopped at once\n")
        os._exit(INTERRUPTED)
    _state.seen = True


def catch_interrupts(budget: Budget) -> Budget:
    """Make ``budget`` stop at Ctrl-C (installing the handler on first use, from the
    main thread only: signal handlers live there)."""
    budget.stop = watch_interrupts()
    return budget


def watch_interrupts() -> Callable[[], bool]:
    """Install the Ctrl-C handler of searches (on first use, from the main thread only:
    signal handlers live there) and give the check a loop makes between its steps."""
    if not _state.installed and threading.current_thread() is threading.main_thread():
        _state.previous = signal.signal(signal.SIGINT, _on_sigint)
        _state.installed = True
        _state.owner = os.getpid()
    return interrupted


def release_interrupts() -> None:
    """Put back the SIGINT handler found before (Ctrl-C raises ``KeyboardInterrupt``
    again); whether Ctrl-C came is kept for the exit code."""
    if _state.installed and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, _state.previous)
        _state.installed = False


def interrupted() -> bool:
    """Did Ctrl-C stop a search of the current command?"""
    return _state.seen


def forget_interrupts() -> None:
    """Start a new command (tests run several in one process)."""
    release_interrupts()
    _state.seen = False
