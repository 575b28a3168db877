"""Progress bars on stderr for long runs (disabled for --json or when stderr is not a
terminal, ARCHITECTURE.md)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

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

from cli.io import stderr


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
