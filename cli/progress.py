"""Progress on stderr for long runs: bars for studies and batches, and for one long
search live info lines like a chess engine's (time, nodes, rate, and what the search
reported through :meth:`playable.solver.core.budget.Budget.note`: best score so far, depth,
bound). Both are off for --json or when stderr is not a terminal (ARCHITECTURE.md)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from playable.cli.io import stderr
from playable.solver.core.budget import Progress as SearchProgress


class RateColumn(ProgressColumn):
    """Jobs finished per second."""

    def render(self, task: Task) -> Text:
        speed = task.speed
        return Text("" if speed is None else f"{speed:.2f}/s")


@contextmanager
def progress_bar(
    description: str, total: int, done: int = 0, quiet: bool = False
) -> Iterator[Callable[[], None]]:
    """A bar with count, rate-based time left and elapsed time; yields ``advance()``."""
    if quiet or not sys.stderr.isatty():
        yield lambda: None
        return
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        RateColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=stderr, transient=False) as progress:
        task = progress.add_task(description, total=total, completed=done)
        yield lambda: progress.advance(task)


def _count(n: float) -> str:
    for unit, size in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if n >= size:
            return f"{n / size:.1f}{unit}"
    return f"{n:.0f}"


def info_line(nodes: int, seconds: float, info: dict[str, Any]) -> str:
    """One line of a search's progress: ``info time 2.0s nodes 1.2M nps 610.3k best 3``."""
    parts = [f"info time {seconds:.1f}s nodes {_count(nodes)}"]
    if seconds > 0:
        parts.append(f"nps {_count(nodes / seconds)}")
    parts.extend(f"{key} {value}" for key, value in info.items())
    return " ".join(parts)


def live_progress(json: bool) -> SearchProgress | None:
    """The listener a search budget reports to: None when the output is for a machine."""
    if json or not sys.stderr.isatty():
        return None

    def show(nodes: int, seconds: float, info: dict[str, Any]) -> None:
        stderr.print(info_line(nodes, seconds, info), style="dim", highlight=False, soft_wrap=True)

    return show


def warm_up(load: Callable[[], object], json: bool) -> None:
    """Run a search's kernel loader (numba compiles on the first run, then loads from
    its cache) before the budget starts, and say how long it took on stderr: the
    time is reported apart and no search budget is spent on it."""
    started = time.perf_counter()
    load()
    seconds = time.perf_counter() - started
    if live_progress(json) is not None and seconds >= 0.05:
        stderr.print(
            f"info kernels ready in {seconds:.2f}s (numba compile or cache load, "
            "not counted in the budget)",
            style="dim",
            highlight=False,
            soft_wrap=True,
        )
