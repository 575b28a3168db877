"""Wilson score intervals against published values."""

from __future__ import annotations

import pytest

from playable.solver.core.stats import Proportion, wilson


def test_known_values() -> None:
    # Newcombe (1998), Statistics in Medicine 17:857, table I: 81/263 -> 0.2553 to 0.3662.
    low, high = wilson(81, 263)
    assert low == pytest.approx(0.2553, abs=1e-4) and high == pytest.approx(0.3662, abs=1e-4)
    # 0 of 10 -> 0 to 0.2775 (same table: 0/10)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)


def test_interval_contains_the_rate_and_narrows() -> None:
    wide = wilson(50, 100)
    narrow = wilson(5000, 10000)
    assert wide[0] < 0.5 < wide[1] and narrow[0] < 0.5 < narrow[1]
    assert narrow[1] - narrow[0] < wide[1] - wide[0]
    assert str(Proportion(1, 4)).startswith("25.0% [")
    with pytest.raises(ValueError):
        wilson(5, 4)
