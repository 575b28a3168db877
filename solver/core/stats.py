"""Statistics for simulations and studies: win rates with Wilson score intervals, and
the Brier score of predicted probabilities."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: two-sided 95% normal quantile
Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% by default).

    Unlike the normal approximation it stays inside [0, 1] and behaves well for rates
    near 0 or 1, which is where winnability and bot win rates live.
    """
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be 0..{trials}, got {successes}")
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


@dataclass(frozen=True)
class Proportion:
    """``successes`` out of ``trials`` with its 95% Wilson interval."""

    successes: int
    trials: int

    @property
    def rate(self) -> float:
        return self.successes / self.trials if self.trials else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.successes, self.trials)

    def __str__(self) -> str:
        low, high = self.interval
        return f"{100 * self.rate:.1f}% [{100 * low:.1f}%, {100 * high:.1f}%]"

    def to_json(self) -> dict[str, float | int]:
        low, high = self.interval
        return {
            "successes": self.successes,
            "trials": self.trials,
            "rate": self.rate,
            "low": low,
            "high": high,
        }


def brier(predicted: Sequence[float], outcome: Sequence[float]) -> float:
    """The Brier score of probabilities ``predicted`` for 0/1 ``outcome`` (the mean
    squared difference; 0 is perfect, and 0 when there is no outcome), as the
    calibration benchmarks report it."""
    squares = sum((p - o) ** 2 for p, o in zip(predicted, outcome, strict=True))
    return squares / (len(outcome) or 1)
