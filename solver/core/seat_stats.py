"""Statistics of an analysis from one seat (docs/seatview.md): means with intervals,
the paired sign test of two moves on the same deals, and the chi-square p-value the
dealers' uniformity tests use (no scipy in the project's dependencies).

Win shares take the Wilson interval of :mod:`playable.solver.core.stats`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from playable.solver.core.stats import Z95


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% normal interval (mean +- 1.96 standard
    errors, sample standard deviation); (0, 0, 0) for no values, the mean alone as
    both ends for one value."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return (mean, mean - half, mean + half)


def sign_test(first_only: int, second_only: int) -> float:
    """Two-sided exact sign test (binomial, p = 1/2) of paired outcomes: deals where
    only the first move succeeds against deals where only the second does (deals where
    both or neither succeed say nothing about which is better). 1.0 when there are
    none."""
    n = first_only + second_only
    if n == 0:
        return 1.0
    k = min(first_only, second_only)
    tail = float(Fraction(sum(math.comb(n, i) for i in range(k + 1)), 2**n))
    return min(1.0, 2 * tail)


def chi_square_p(statistic: float, df: int) -> float:
    """P(X >= statistic) for X chi-square with ``df`` degrees of freedom: the
    regularized upper incomplete gamma function Q(df/2, statistic/2), by its power
    series below a + 1 and its continued fraction (modified Lentz) above, as in
    Numerical Recipes (2nd ed., 6.2); accurate to about 1e-12."""
    if df <= 0:
        raise ValueError(f"degrees of freedom must be positive, got {df}")
    if statistic <= 0:
        return 1.0
    a, x = df / 2.0, statistic / 2.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        n = a
        for _ in range(10_000):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)
