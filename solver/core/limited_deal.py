"""An exact dealer of a multiset of cards under "at most (and at least) so many of
these kinds" limits (docs/seatview.md, "UNO"): counting, not rejection.

The problem: the unseen *physical* cards (several copies of a kind are distinct
cards that happen to look alike) go into some *constrained buckets* of fixed sizes
and a *free pool* (the rest). Each :class:`Limit` says that its buckets together
hold at most ``most`` and at least ``least`` cards of its kinds. Every way to place
the physical cards that keeps every limit is equally likely: that is a fair shuffle
conditioned on what the seat knows, the posterior of a seat that learnt only these
facts.

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
integers); a limit is *settled* after its last cell (its ``least`` checked, its use
then written as ``least``, so that states differing only in finished limits merge);
the dealer then draws the counts cell by cell with probabilities proportional to the
counts of the completions, and finally which physical cards go where by a uniform
shuffle of each cell and of the free pool. Every placement is drawn with the same
probability. Only constrained buckets enter the state, so the programme stays small
for a few constrained hands; it grows with the product of their sizes, so a
:class:`Dealer` may be given a budget of states (:class:`TooLarge` past it) and the
caller leaves some hands to rejection.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from math import comb, factorial


@dataclass(frozen=True)
class Limit:
    """The constrained buckets ``buckets`` together hold at most ``most`` and at
    least ``least`` cards whose kind is in ``kinds``."""

    buckets: tuple[int, ...]
    kinds: frozenset[int]
    most: int
    least: int = 0


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
    # the cell under no limit (if any) goes last: it just fills what is left
    order = sorted(groups, key=lambda key: (not key, key))
    return tuple(_Cell(tuple(groups[key]), sum(n for _, n in groups[key]), key) for key in order)


def _ways(size: int, split: tuple[int, ...]) -> int:
    """Which physical cards of a cell of ``size`` go where: a multinomial."""
    ways = factorial(size) // factorial(size - sum(split))
    for x in split:
        ways //= factorial(x)
    return ways


class TooLarge(Exception):
    """The programme would keep more states than its budget allows."""


class Dealer:
    """Counts and draws the placements of one :class:`Problem` (see the module
    docstring); build once per problem, draw many times.

    The programme takes one cell at a time and, within it, one constrained bucket at
    a time (how many of the cell's ``rem`` cards left it takes, in ``comb(rem, x)``
    ways; what no bucket takes goes to the free pool), so that a step branches over
    one count, not over every combination of counts."""

    def __init__(self, problem: Problem, budget: int | None = None) -> None:
        self.problem = problem
        self.budget = budget
        self.states = 0
        self.cells = _cells(problem)
        self._hits = [
            [
                tuple(
                    j
                    for j, limit in enumerate(problem.limits)
                    if b in limit.buckets and j in cell.limits
                )
                for b in range(len(problem.sizes))
            ]
            for cell in self.cells
        ]
        self._after = [sum(c.size for c in self.cells[i + 1 :]) for i in range(len(self.cells))]
        # the limits settled after each cell (-1: before the first, limits of no cell)
        last = [max(self._cells_of(j)) for j in range(len(problem.limits))]
        self._ending = {
            i: tuple(j for j, end in enumerate(last) if end == i)
            for i in range(-1, len(self.cells))
        }
        self.count = cache(self._count)

    def _moves(
        self, i: int, b: int, rem: int, needs: tuple[int, ...], used: tuple[int, ...]
    ) -> Iterator[tuple[int, int, tuple[int, ...], tuple[int, ...]]]:
        """Bucket ``b`` takes ``x`` of the ``rem`` cards of cell ``i`` left, within
        the limits: ``x``, the ways, the needs and uses after."""
        hits = self._hits[i][b]
        limits = self.problem.limits
        for x in range(min(rem, needs[b]) + 1):
            after = used
            if x and hits:
                bumped = list(used)
                for j in hits:
                    bumped[j] += x
                if any(bumped[j] > limits[j].most for j in hits):
                    break  # a larger x breaks the limit too
                after = tuple(bumped)
            left = (*needs[:b], needs[b] - x, *needs[b + 1 :])
            yield x, comb(rem, x), left, after

    def _count(
        self, i: int, b: int, rem: int, needs: tuple[int, ...], used: tuple[int, ...]
    ) -> int:
        """Placements of the cards from bucket ``b`` of cell ``i`` on (``rem`` of that
        cell left) filling ``needs`` within the limits, ``used`` so far (up to the
        free pool's arrangement, the same for every placement). Raises
        :class:`TooLarge` past the budget of states."""
        self.states += 1
        if self.budget is not None and self.states > self.budget:
            raise TooLarge(f"more than {self.budget} states")
        if i == len(self.cells):
            return 1 if not any(needs) else 0
        cell = self.cells[i]
        if not cell.limits:  # the last cell, under no limit: it fills every need
            return _ways(cell.size, needs) if sum(needs) <= cell.size else 0
        if sum(needs) > rem + self._after[i]:
            return 0
        if b == len(needs):
            return self._next(i, needs, used)
        return sum(
            ways * self.count(i, b + 1, rem - x, left, after)
            for x, ways, left, after in self._moves(i, b, rem, needs, used)
        )

    def _cells_of(self, j: int) -> list[int]:
        """The cells under limit ``j`` (-1 alone when none: settled before the first)."""
        return [-1, *(i for i, cell in enumerate(self.cells) if j in cell.limits)]

    def _settle(self, i: int, used: tuple[int, ...]) -> tuple[int, ...] | None:
        """``used`` after cell ``i`` (-1: before the first): each limit whose last cell
        it is must hold its ``least`` (None: it does not) and is then written as
        ``least``, which keeps every later check as it was."""
        ending = self._ending[i]
        if not ending:
            return used
        limits = self.problem.limits
        if any(used[j] < limits[j].least for j in ending):
            return None
        return tuple(limits[j].least if j in ending else u for j, u in enumerate(used))

    def _next(self, i: int, needs: tuple[int, ...], used: tuple[int, ...]) -> int:
        settled = self._settle(i, used)
        if settled is None:
            return 0
        used = settled
        nxt = i + 1
        size = self.cells[nxt].size if nxt < len(self.cells) else 0
        return self.count(nxt, 0, size, needs, used)

    def total(self) -> int:
        """How many placements there are (0: no deal keeps every limit); raises
        :class:`TooLarge` when counting them needs more states than the budget."""
        return self._next(-1, self.problem.sizes, (0,) * len(self.problem.limits))

    def _split(
        self, i: int, needs: tuple[int, ...], used: tuple[int, ...], rng: random.Random
    ) -> tuple[list[int], tuple[int, ...], tuple[int, ...]]:
        """How many cards of cell ``i`` each bucket takes, drawn in proportion to the
        completions, and the needs and uses after."""
        cell = self.cells[i]
        if not cell.limits:  # the last cell fills every need
            return list(needs), (0,) * len(needs), used
        rem = cell.size
        split = []
        for b in range(len(needs)):
            pick = rng.randrange(self.count(i, b, rem, needs, used))
            for x, ways, left, after in self._moves(i, b, rem, needs, used):
                weight = ways * self.count(i, b + 1, rem - x, left, after)
                if pick < weight:
                    break
                pick -= weight
            else:  # pragma: no cover - the weights add up to the count
                raise AssertionError("counts do not add up")
            split.append(x)
            rem, needs, used = rem - x, left, after
        return split, needs, used

    def draw(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """A placement drawn uniformly: the cards of each constrained bucket and the
        free pool in a uniformly random order. Raises ValueError when there is none."""
        if self.total() == 0:
            raise ValueError("no placement keeps every limit")
        needs = self.problem.sizes
        used = (0,) * len(self.problem.limits)
        buckets: list[list[int]] = [[] for _ in needs]
        free: list[int] = []
        used = self._settle(-1, used) or used
        for i, cell in enumerate(self.cells):
            split, needs, used = self._split(i, needs, used, rng)
            used = self._settle(i, used) or used
            physical = [kind for kind, n in cell.kinds for _ in range(n)]
            rng.shuffle(physical)
            start = 0
            for b, x in enumerate(split):
                buckets[b] += physical[start : start + x]
                start += x
            free += physical[start:]
        rng.shuffle(free)
        return buckets, free
