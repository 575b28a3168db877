"""The effort figures of study summaries (solver/core/effort.py): the median of the
own pass, the totals over every pass, None where nothing was measured."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.core.effort import effort, every_pass

times = st.lists(st.floats(0, 1e4, allow_nan=False), max_size=20)
counts = st.lists(st.none() | st.integers(0, 10**9), max_size=20)


@settings(max_examples=100, deadline=None)
@given(times, times, counts)
def test_the_figures_are_the_median_the_total_and_the_rate(
    first: list[float], seconds: list[float], nodes: list[int | None]
) -> None:
    figures = effort(first, seconds, nodes)
    assert list(figures) == ["median_seconds", "total_seconds", "nodes_per_second"]
    median = figures["median_seconds"]
    if first:
        assert median is not None
        assert sum(t < median for t in first) <= len(first) // 2
        assert sum(t > median for t in first) <= (len(first) - 1) // 2
    else:
        assert median is None
    total = sum(seconds)
    assert figures["total_seconds"] == total
    rate = figures["nodes_per_second"]
    assert rate == (sum(n or 0 for n in nodes) / total if total > 0 else None)


def test_every_pass_puts_the_retries_after_the_own_pass() -> None:
    own = [{"seed": 1}, {"seed": 2}]
    retries = [({"nodes": 10}, [{"seed": 2, "retry": 1}]), ({"nodes": 20}, [{"seed": 1}])]
    assert every_pass(own, retries) == [*own, {"seed": 2, "retry": 1}, {"seed": 1}]
    assert every_pass(own, None) == own and every_pass(own, None) is not own
