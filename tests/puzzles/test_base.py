"""Levels are disjoint bands covering [0, 1] (puzzles.base)."""

from __future__ import annotations

from itertools import pairwise

import pytest

from playable.puzzles.base import BANDS, Level


def test_bands_tile_the_unit_interval() -> None:
    edges = [BANDS[level] for level in Level]
    assert edges[0][0] == 0.0 and edges[-1][1] == 1.0
    assert all(a[1] == b[0] for a, b in pairwise(edges))


@pytest.mark.parametrize(
    ("score", "level"),
    [
        (0.0, Level.EASY),
        (0.249, Level.EASY),
        (0.25, Level.MEDIUM),
        (0.5, Level.HARD),
        (0.75, Level.EXPERT),
        (1.0, Level.EXPERT),
        (1.7, Level.EXPERT),
        (-0.1, Level.EASY),
    ],
)
def test_each_score_has_exactly_one_level(score: float, level: Level) -> None:
    assert Level.of(score) is level
    inside = [candidate for candidate in Level if candidate.admits(min(1.0, max(0.0, score)))]
    assert inside == [level]
