"""Counting and drawing the deals of a Sequence view after a reshuffle (SQ-9) exactly
(docs/seatview.md, "Sequence"; the view side is :mod:`.seatview_reshuffle`).

The problem: ``n`` other players; two pools of cards, U0 (the other hands at the
reshuffle, together) and M (the reshuffled cards the seat did not draw). Player
``p`` took ``held[p]`` cards of U0 (all of U0 is taken) and drew ``drew[p]`` of M;
the rest of M is the draw pile. Its cards must include what it ``laid[p]`` since (a
multiset). Every placement of the *physical* cards that keeps this is equally likely
(a fair shuffle of U0 into the hands and of M into the draws and the pile, kept when
it agrees with the laid cards).

How: only the *laid kinds* (cards some player laid) are constrained. A dynamic
programme takes them one at a time; its state is what each of the ``2n`` buckets
(player ``p``'s share of U0, its draws) still needs. A kind with ``u`` copies in U0
and ``m`` in M is split ``a`` (into the U0 shares, all ``u`` of them) and ``b`` (into
the draws; the rest of its ``m`` to the pile) with ``a_p + b_p`` at least the copies
``p`` laid, in ``u! / prod a_p!`` times ``m! / (prod b_p! (m - sum b)!)`` ways. The
free kinds then fill what is left in closed form: the free U0 cards exactly fill the
shares (a multinomial), the free M cards the draws and the rest goes to the pile.
The pile's order is a uniform shuffle of its physical cards, the same factor for
every placement. Each laid kind has at most two copies (SQ-2), so a step branches
little; the number of states grows with the players, and a budget of states raises
:class:`~playable.solver.core.limited_deal.TooLarge` past it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import product
from math import factorial

from playable.solver.core.limited_deal import TooLarge

#: one bucket's cards, by name
Cards = list[str]


@dataclass(frozen=True)
class Split:
    """The problem (module docstring): the pools as ``(card, copies)``, and per other
    player its share of U0, its draws and the cards it laid."""

    u0: tuple[tuple[str, int], ...]
    m: tuple[tuple[str, int], ...]
    held: tuple[int, ...]
    drew: tuple[int, ...]
    laid: tuple[tuple[tuple[str, int], ...], ...]


def _compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as ``parts`` numbers >= 0, in order."""
    if parts == 1:
        yield (total,)
        return
    for first in range(total, -1, -1):
        for rest in _compositions(total - first, parts - 1):
            yield (first, *rest)


def _multinomial(total: int, parts: tuple[int, ...]) -> int:
    """``total! / (prod parts! * (total - sum parts)!)``."""
    ways = factorial(total) // factorial(total - sum(parts))
    for x in parts:
        ways //= factorial(x)
    return ways


class Counting:
    """The dynamic programme of one :class:`Split` (module docstring): build once,
    draw many times."""

    def __init__(self, split: Split, budget: int | None = None) -> None:
        self.split = split
        self.budget = budget
        self.states = 0
        self.n = len(split.held)
        u0, m = dict(split.u0), dict(split.m)
        laid = [dict(cards) for cards in split.laid]
        self.kinds = sorted({card for cards in laid for card in cards})
        self.u = [u0.get(c, 0) for c in self.kinds]
        self.mm = [m.get(c, 0) for c in self.kinds]
        self.need = [tuple(cards.get(c, 0) for cards in laid) for c in self.kinds]
        chosen = set(self.kinds)
        self.free_u0 = [c for c, n in sorted(u0.items()) if c not in chosen for _ in range(n)]
        self.free_m = [c for c, n in sorted(m.items()) if c not in chosen for _ in range(n)]
        self.count = cache(self._count)

    def options(
        self, j: int, needs: tuple[int, ...]
    ) -> Iterator[tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...]]]:
        """How kind ``j`` may be split: ``a`` (U0 shares), ``b`` (draws), the ways,
        and the needs after."""
        n, u, m = self.n, self.u[j], self.mm[j]
        for a in _compositions(u, n):
            if any(a[p] > needs[p] for p in range(n)):
                continue
            for b in product(*(range(min(m, needs[n + p]) + 1) for p in range(n))):
                if sum(b) > m or any(a[p] + b[p] < self.need[j][p] for p in range(n)):
                    continue
                after = tuple(x - y for x, y in zip(needs, (*a, *b), strict=True))
                yield a, b, _multinomial(u, a) * _multinomial(m, b), after

    def _closing(self, needs: tuple[int, ...]) -> int:
        """The free kinds fill ``needs``: the U0 shares exactly, the draws from M."""
        held, drew = needs[: self.n], needs[self.n :]
        if sum(held) != len(self.free_u0) or sum(drew) > len(self.free_m):
            return 0
        return _multinomial(len(self.free_u0), held) * _multinomial(len(self.free_m), drew)

    def _count(self, j: int, needs: tuple[int, ...]) -> int:
        """Placements of kinds ``j`` on and the free kinds that fill ``needs``."""
        self.states += 1
        if self.budget is not None and self.states > self.budget:
            raise TooLarge(f"more than {self.budget} states")
        if j == len(self.kinds):
            return self._closing(needs)
        return sum(ways * self.count(j + 1, after) for _, _, ways, after in self.options(j, needs))

    def total(self) -> int:
        """How many placements keep every laid card (0: none)."""
        return self.count(0, (*self.split.held, *self.split.drew))

    def _pick(
        self, j: int, needs: tuple[int, ...], rng: random.Random
    ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """A split of kind ``j`` drawn in proportion to its completions."""
        pick = rng.randrange(self.count(j, needs))
        for a, b, ways, after in self.options(j, needs):
            weight = ways * self.count(j + 1, after)
            if pick < weight:
                return a, b, after
            pick -= weight
        raise AssertionError("counts do not add up")  # pragma: no cover

    def draw(self, rng: random.Random) -> tuple[list[Cards], list[Cards], Cards]:
        """A placement drawn uniformly: each player's share of U0, its draws, and the
        draw pile in a uniformly random order. Raises ValueError when there is none."""
        needs = (*self.split.held, *self.split.drew)
        if self.count(0, needs) == 0:
            raise ValueError("no placement keeps the laid cards")
        held: list[Cards] = [[] for _ in range(self.n)]
        drew: list[Cards] = [[] for _ in range(self.n)]
        pile: Cards = []
        for j, card in enumerate(self.kinds):
            a, b, after = self._pick(j, needs, rng)
            for p in range(self.n):
                held[p] += [card] * a[p]
                drew[p] += [card] * b[p]
            pile += [card] * (self.mm[j] - sum(b))
            needs = after
        free_u0, free_m = list(self.free_u0), list(self.free_m)
        rng.shuffle(free_u0)
        rng.shuffle(free_m)
        start = 0
        for p in range(self.n):
            held[p] += free_u0[start : start + needs[p]]
            start += needs[p]
        start = 0
        for p in range(self.n):
            drew[p] += free_m[start : start + needs[self.n + p]]
            start += needs[self.n + p]
        pile += free_m[start:]
        rng.shuffle(pile)
        return held, drew, pile


def shuffled(split: Split, rng: random.Random) -> tuple[list[Cards], list[Cards], Cards] | None:
    """One fair shuffle of U0 and of M cut into the buckets, or None when it breaks
    a laid card: the rejection sampler for problems past the budget (exact: the
    accepted shuffles are uniform among those that keep every laid card)."""
    u0 = [c for c, n in split.u0 for _ in range(n)]
    m = [c for c, n in split.m for _ in range(n)]
    rng.shuffle(u0)
    rng.shuffle(m)
    held: list[Cards] = []
    drew: list[Cards] = []
    i = j = 0
    for p, laid in enumerate(split.laid):
        held.append(u0[i : i + split.held[p]])
        drew.append(m[j : j + split.drew[p]])
        i, j = i + split.held[p], j + split.drew[p]
        if Counter(dict(laid)) - Counter(held[p] + drew[p]):
            return None
    return held, drew, m[j:]
