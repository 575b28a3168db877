"""Node slices sized by the time left (solver/core/slices.py)."""

from __future__ import annotations

import time

from playable.solver.core.slices import FIRST_RATE, MIN_SLICE, TimeSlices


def test_without_a_deadline_a_slice_is_what_was_asked() -> None:
    assert TimeSlices().size(1 << 17, None) == 1 << 17


def test_the_first_slice_assumes_the_slow_first_rate() -> None:
    deadline = time.perf_counter() + 1.0
    size = TimeSlices().size(10**9, deadline)
    assert MIN_SLICE <= size <= 0.5 * FIRST_RATE * 1.0


def test_a_slow_slice_shrinks_the_next_ones_and_a_fast_one_does_not_undo_it() -> None:
    slices = TimeSlices()
    slices.timed(100_000, 0.1)  # 1 M nodes a second
    slices.timed(10_000, 0.1)  # then 100 k a second
    slices.timed(1_000_000, 0.1)  # then 10 M a second
    deadline = time.perf_counter() + 1.0
    assert slices.size(10**9, deadline) <= 50_000  # half a second at 100 k a second
    assert slices.size(2_000, deadline) == 2_000


def test_past_the_deadline_a_slice_is_the_smallest() -> None:
    slices = TimeSlices()
    slices.timed(100_000, 0.1)
    assert slices.size(10**6, time.perf_counter() - 1.0) == MIN_SLICE
    assert slices.size(10, time.perf_counter() - 1.0) == 10


def test_slices_too_short_to_time_are_not_timed() -> None:
    slices = TimeSlices()
    slices.timed(MIN_SLICE - 1, 10.0)
    assert slices.slowest == float("inf")
