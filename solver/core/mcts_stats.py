"""Running sample statistics of the tree search's nodes and the 95% interval of a mean
(Student's t for small samples, the normal quantile beyond 30 degrees of freedom),
for the estimates of docs/analysis.md. Shares go through Wilson intervals
(:mod:`playable.solver.core.stats`)."""

from __future__ import annotations

import math

from playable.solver.core.stats import Z95

#: two-sided 95% quantiles of Student's t for 1..30 degrees of freedom
_T95 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip


def t95(degrees: int) -> float:
    """The 95% two-sided quantile of t with ``degrees`` degrees of freedom (>= 1)."""
    if degrees < 1:
        raise ValueError("a t quantile needs at least one degree of freedom")
    return _T95[degrees - 1] if degrees <= len(_T95) else Z95


def mean_interval(n: int, total: float, total_sq: float) -> tuple[float, float] | None:
    """The 95% interval of the mean of ``n`` samples with sum ``total`` and sum of
    squares ``total_sq``; None below two samples."""
    if n < 2:
        return None
    mean = total / n
    variance = max(0.0, (total_sq - n * mean * mean) / (n - 1))
    half = t95(n - 1) * math.sqrt(variance / n)
    return (mean - half, mean + half)


def clamp(value: float, low: float, high: float) -> float:
    """``value`` moved into ``[low, high]``."""
    return min(max(value, low), high)
