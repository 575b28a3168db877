"""An exact dealer of a multiset of cards under "at most so many of these kinds"
limits (docs/seatview.md, "UNO"): counting, not rejection.

The problem: the unseen *physical* cards (several copies of a kind are distinct
cards that happen to look alike) go into some *constrained buckets* of fixed sizes
and a *free pool* (the rest). Each :class:`Limit` says that its buckets together
hold at most ``most`` cards of its kinds. Every way to place the physical cards that
keeps every limit is equally likely: that is a fair shuffle conditioned on what the
seat knows, the posterior of a seat that learnt only these facts.

Why not sample each constrained hand from its allowed cards, then the rest? That is
exact for one constrained bucket whose limit is "none of these" (``most`` 0): the
bucket is then a uniform subset of the allowed cards and the rest is uniform. It is
not exact with two constrained buckets whose allowed sets overlap (what the first
takes changes what the second may take: the marginal of the first is no longer
uniform over its allowed subsets), nor with ``most`` > 0 (a hand with more of the
kinds is reached in fewer ways). Rejection is exact but hopeless when a large hand
must avoid a colour. So this module counts.

How: kinds fall into *cells*, the kinds that belong to the same limits; only how
many cards of each cell go to each constrained bucket matters to the limits. With
``m`` physical cards in a cell and ``x_b`` of them going to bucket ``b``, there are
``m! / (prod x_b! * (m - sum x_b)!)`` ways to choose which; the free pool takes the
rest and is arranged in the same number of ways whatever it holds. A dynamic
programme over the cells, whose state is what each constrained bucket still needs
and how much of each limit is used, counts every placement exactly (Python
integers); the dealer then draws the counts cell by cell with probabilities
proportional to the counts of the completions, and finally which physical cards go
where by a uniform shuffle of each cell and of the free pool. Every placement is
drawn with the same probability. Only constrained buckets enter the state, so the
programme stays small (a few hands, each at most a few dozen cards).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from math import factorial


@dataclass(frozen=True)
class Limit:
    """The constrained buckets ``buckets`` together hold at most ``most`` cards
    whose kind is in ``kinds``."""

    buckets: tuple[int, ...]
    kinds: frozenset[int]
    most: int


@dataclass(frozen=True)
class Problem:
    """Place ``cards`` (a multiset of kinds, as ``(kind, copies)`` pairs) into
    constrained buckets of ``sizes`` and a free pool of the rest, within ``limits``."""

    cards: tuple[tuple[int, int], ...]
    sizes: tuple[int, ...]
    limits: tuple[Limit, ...]

    @staticmethod
    def of(cards: Counter[int], sizes: tuple[int, ...], limits: tuple[Limit, ...]) -> Problem:
        return Problem(tuple(sorted((+cards).items())), sizes, limits)

    @property
    def total(self) -> int:
        return sum(n for _, n in self.cards)


@dataclass(frozen=True)
class _Cell:
    kinds: tuple[tuple[int, int], ...]
    size: int
    limits: tuple[int, ...]


def _cells(problem: Problem) -> tuple[_Cell, ...]:
    groups: dict[tuple[int, ...], list[tuple[int, int]]] = {}
    for kind, n in problem.cards:
        key = tuple(j for j, limit in enumerate(problem.limits) if kind in limit.kinds)
        groups.setdefault(key, []).append((kind, n))
    return tuple(
        _Cell(tuple(kinds), sum(n for _, n in kinds), key) for key, kinds in sorted(groups.items())
    )


def _splits(size: int, caps: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every way to send ``x_b <= caps[b]`` cards of a cell of ``size`` to each
    constrained bucket (the rest to the free pool)."""
    if not caps:
        yield ()
        return
    for x in range(min(size, caps[0]) + 1):
        for rest in _splits(size - x, caps[1:]):
            yield (x, *rest)


def _ways(size: int, split: tuple[int, ...]) -> int:
    """Which physical cards of a cell of ``size`` go where: a multinomial."""
    ways = factorial(size) // factorial(size - sum(split))
    for x in split:
        ways //= factorial(x)
    return ways


class Dealer:
    """Counts and draws the placements of one :class:`Problem` (see the module
    docstring); build once per problem, draw many times."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        self.cells = _cells(problem)
        self._members = [
            tuple(j for j, limit in enumerate(problem.limits) if b in limit.buckets)
            for b in range(len(problem.sizes))
        ]
        self.count = cache(self._count)

    def _step(
        self, cell: _Cell, needs: tuple[int, ...], used: tuple[int, ...]
    ) -> Iterator[tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, ...]]]:
        """The splits of ``cell`` that keep every limit: split, ways, new state."""
        for split in _splits(cell.size, needs):
            after = list(used)
            for b, x in enumerate(split):
                if x:
                    for j in self._members[b]:
                        if j in cell.limits:
                            after[j] += x
            if any(a > limit.most for a, limit in zip(after, self.problem.limits, strict=True)):
                continue
            left = tuple(n - x for n, x in zip(needs, split, strict=True))
            yield split, _ways(cell.size, split), left, tuple(after)

    def _count(self, i: int, needs: tuple[int, ...], used: tuple[int, ...]) -> int:
        """Placements of cells ``i``.. filling ``needs`` within the limits, ``used``
        so far (up to the free pool's arrangement, the same for every placement)."""
        if i == len(self.cells):
            return 1 if not any(needs) else 0
        return sum(
            ways * self.count(i + 1, left, after)
            for _, ways, left, after in self._step(self.cells[i], needs, used)
        )

    def total(self) -> int:
        """How many placements there are (0: no deal keeps every limit)."""
        if self.problem.total < sum(self.problem.sizes):
            return 0
        return self.count(0, self.problem.sizes, (0,) * len(self.problem.limits))

    def draw(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """A placement drawn uniformly: the cards of each constrained bucket and the
        free pool in a uniformly random order. Raises ValueError when there is none."""
        needs = self.problem.sizes
        used = (0,) * len(self.problem.limits)
        total = self.total()
        if total == 0:
            raise ValueError("no placement keeps every limit")
        buckets: list[list[int]] = [[] for _ in needs]
        free: list[int] = []
        for i, cell in enumerate(self.cells):
            pick = rng.randrange(total)
            chosen = None
            for step in self._step(cell, needs, used):
                weight = step[1] * self.count(i + 1, step[2], step[3])
                if pick < weight:
                    chosen = step
                    break
                pick -= weight
            if chosen is None:  # pragma: no cover - the weights add up to total
                raise AssertionError("counts do not add up")
            split, _, left, after = chosen
            physical = [kind for kind, n in cell.kinds for _ in range(n)]
            rng.shuffle(physical)
            start = 0
            for b, x in enumerate(split):
                buckets[b] += physical[start : start + x]
                start += x
            free += physical[start:]
            needs, used, total = left, after, self.count(i + 1, left, after)
        rng.shuffle(free)
        return buckets, free
