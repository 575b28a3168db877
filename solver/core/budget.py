"""Search budgets (`--seconds`, `--nodes`, `--memory`): when one runs out, the answer
is `unknown`, never a guess (ARCHITECTURE.md)."""

from __future__ import annotations

import functools
import gc
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

#: A progress listener: nodes so far, seconds elapsed, and what the search last
#: reported through :meth:`Budget.note` (e.g. the best line's score, a depth).
Progress = Callable[[int, float, dict[str, Any]], None]

#: Transposition-table memory in MiB when ``--memory`` is not given.
DEFAULT_MEMORY_MB = 256


@dataclass
class Budget:
    """Limits of one search: wall-clock seconds, nodes, and table memory in MiB.

    ``None`` means unlimited for seconds and nodes. ``start()`` fixes the deadline;
    kernels receive ``node_limit`` and check ``expired()`` between chunks of work.

    ``stop`` asks whether to stop now (the CLI's Ctrl-C, cli/budget.py): when it says
    yes, ``expired()`` is true and the search stops as if its budget ran out
    (`unknown`, with the best it found). A search that would run one long kernel
    call runs it in slices when ``stop`` is set, to ask between them; a budget made
    from another passes its ``stop`` on.

    Every search already calls ``expired()`` between chunks, so that is where a
    ``progress`` listener (the CLI's live info lines) hears about the search, at
    most every ``progress_every`` seconds; searches add what they know with
    :meth:`note`. Without a listener both cost next to nothing.
    """

    seconds: float | None = None
    nodes: int | None = None
    memory_mb: int = DEFAULT_MEMORY_MB
    started: float = field(default_factory=time.perf_counter)
    progress: Progress | None = field(default=None, repr=False, compare=False)
    progress_every: float = 0.5
    stop: Callable[[], bool] | None = field(default=None, repr=False, compare=False)
    _info: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    _last_report: float = field(default_factory=time.perf_counter, repr=False, compare=False)

    def start(self) -> Budget:
        self.started = self._last_report = time.perf_counter()
        return self

    @property
    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    @property
    def deadline(self) -> float | None:
        """``time.perf_counter()`` value at which the search must stop, if any."""
        return None if self.seconds is None else self.started + self.seconds

    @property
    def node_limit(self) -> int:
        """The node limit as a plain int for kernels (a very large number if unlimited)."""
        return self.nodes if self.nodes is not None else 2**62

    def half(self) -> Budget:
        """A new budget of half the seconds and nodes (at least one node), with the
        same memory and ``stop``; not started."""
        seconds = None if self.seconds is None else self.seconds / 2
        nodes = None if self.nodes is None else max(1, self.nodes // 2)
        return Budget(seconds, nodes, self.memory_mb, stop=self.stop)

    def note(self, **info: Any) -> None:
        """What the search knows now (best score so far, depth, bound...), shown with
        the next progress report."""
        self._info.update(info)

    def expired(self, nodes: int = 0) -> bool:
        """Has the time or node budget run out, or Ctrl-C come? (Also reports
        progress, see above.)"""
        if self.stop is not None and self.stop():
            return True
        if self.progress is not None:
            now = time.perf_counter()
            if now - self._last_report >= self.progress_every:
                self._last_report = now
                self.progress(nodes, now - self.started, dict(self._info))
        if self.nodes is not None and nodes >= self.nodes:
            return True
        return self.seconds is not None and self.elapsed >= self.seconds

    def table_slots(self, bytes_per_slot: int) -> int:
        """The largest power of two of table slots that fits ``memory_mb``."""
        slots = max(1, (self.memory_mb * 2**20) // bytes_per_slot)
        return 1 << (slots.bit_length() - 1)


@functools.cache
def freeze_loaded_objects(kernels: str) -> None:
    """Once per process and ``kernels`` (a game's, named by the engine that loaded
    them), right after they are loaded and before any budget starts: collect the
    garbage, then move every object alive now out of the cyclic garbage collector's
    full passes (``gc.freeze``). A full pass scans every tracked object, the loaded
    libraries' too, and took 60-110 ms inside 1 s searches (UNO's tree search, Face
    to Face's analysis), more than 5% of the budget; with them frozen at most about
    20 ms (benchmarks/budget_keeping.py). Objects made later are collected as before,
    and reference counting still frees the frozen ones."""
    gc.collect()
    gc.freeze()
