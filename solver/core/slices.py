"""Node slices that keep a time budget.

A numba kernel cannot read the clock, so a search with a seconds budget runs it in
slices of nodes and checks the clock between them (:class:`~playable.solver.core.budget.Budget`).
A fixed slice overshoots whenever it takes longer than the time left: on a busy
machine, or deeper in a tree where nodes cost more, one slice ran four times slower
than the one before it (Sequence's proof search overshot a 0.5 s budget by 0.21 s on
a CI machine; UNO's endgame analysis took 1.8 s on a 1 s budget,
benchmarks/results/budget_keeping.md). :class:`TimeSlices` sizes each slice to at
most half the time left at the slowest rate any slice has run so far, so a slice
that runs twice as slow as the slowest before it still ends by the deadline.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

#: Nodes a second assumed before a slice has been timed (slower than any kernel
#: here runs, so a first slice is short).
FIRST_RATE = 20_000.0
#: The smallest slice: below it a kernel call costs more than its nodes.
MIN_SLICE = 1_000


@dataclass
class TimeSlices:
    """The slowest rate (nodes a second) of the slices timed so far, and the size of
    the next slice."""

    slowest: float = math.inf

    def size(self, wanted: int, deadline: float | None) -> int:
        """At most ``wanted`` nodes; with a ``deadline`` (a ``time.perf_counter()``
        value) no more than half the time left at the slowest rate timed so far
        (:data:`FIRST_RATE` before any), and at least :data:`MIN_SLICE`."""
        if deadline is None:
            return wanted
        rate = FIRST_RATE if math.isinf(self.slowest) else self.slowest
        left = max(0.0, deadline - time.perf_counter())
        return max(min(MIN_SLICE, wanted), min(wanted, int(0.5 * rate * left)))

    def timed(self, nodes: int, seconds: float) -> None:
        """A slice of ``nodes`` nodes took ``seconds`` (slices under
        :data:`MIN_SLICE` nodes are too short to time)."""
        if nodes >= MIN_SLICE:
            self.slowest = min(self.slowest, nodes / max(seconds, 1e-6))
