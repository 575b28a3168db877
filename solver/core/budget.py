"""Search budgets (`--seconds`, `--nodes`, `--memory`): when one runs out, the answer
is `unknown`, never a guess (ARCHITECTURE.md)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

#: Transposition-table memory in MiB when ``--memory`` is not given.
DEFAULT_MEMORY_MB = 256


@dataclass
class Budget:
    """Limits of one search: wall-clock seconds, nodes, and table memory in MiB.

    ``None`` means unlimited for seconds and nodes. ``start()`` fixes the deadline;
    kernels receive ``node_limit`` and check ``expired()`` between chunks of work.
    """

    seconds: float | None = None
    nodes: int | None = None
    memory_mb: int = DEFAULT_MEMORY_MB
    started: float = field(default_factory=time.perf_counter)

    def start(self) -> Budget:
        self.started = time.perf_counter()
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

    def expired(self, nodes: int = 0) -> bool:
        """Has the time or node budget run out?"""
        if self.nodes is not None and nodes >= self.nodes:
            return True
        return self.seconds is not None and self.elapsed >= self.seconds

    def table_slots(self, bytes_per_slot: int) -> int:
        """The largest power of two of table slots that fits ``memory_mb``."""
        slots = max(1, (self.memory_mb * 2**20) // bytes_per_slot)
        return 1 << (slots.bit_length() - 1)
