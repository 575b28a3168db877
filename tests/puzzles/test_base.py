"""Levels are disjoint bands covering [0, 1] (puzzles.base)."""

from __future__ import annotations

from itertools import pairwise

import pytest

from playable.puzzles.base import BANDS, Kind, Level, Puzzle, Rating, Verdict, certified


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


class _Judge(Kind):
    """A kind whose check accepts exactly the answer ``right``."""

    def generate(self, level: Level, seed: int, seconds: float) -> Puzzle | None:
        return None

    def check(self, puzzle: Puzzle, answer: str, seconds: float) -> Verdict:
        return Verdict(answer == "right", f"answer {answer!r}")


def _puzzle(solution: str) -> Puzzle:
    kind = _Judge("test", "judge", "A test kind.")
    return kind.made(Level.EASY, 0, "g", "# g\n", solution, True, Rating(0.1, {}))


def test_a_kind_makes_its_puzzles() -> None:
    made = _Judge("test", "judge", "A test kind.").made(
        Level.HARD, 3, "goal", "# goal\n", "right", False, Rating(0.6, {"depth": 2.0}), {"x": "1"}
    )
    assert made == Puzzle(
        "test",
        "judge",
        Level.HARD,
        3,
        "# goal\n",
        "goal",
        "right",
        False,
        Rating(0.6, {"depth": 2.0}),
        {"x": "1"},
    )
    assert _puzzle("right").extra == {}


def test_a_generated_puzzle_is_kept_only_with_its_certificate() -> None:
    """puzzles.base.certified: a puzzle whose own solution fails its kind's check is a
    generator bug, never a puzzle; no puzzle stays none."""
    kind = _Judge("test", "judge", "A test kind.")
    assert (kind.game, kind.name, kind.description) == ("test", "judge", "A test kind.")
    good = _puzzle("right")
    assert certified(kind, good, 1.0) is good
    assert certified(kind, None, 1.0) is None
    with pytest.raises(AssertionError, match="fails its own check: answer 'wrong'"):
        certified(kind, _puzzle("wrong"), 1.0)
