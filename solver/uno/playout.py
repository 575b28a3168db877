"""The UNO play-out puzzle: can a hand be laid down card after card from a top card?

One player, no opponents: each card must match the one before it (UN-3: the colour
in force, or the number or symbol; a wild always fits and names a colour), starting
on ``top`` with ``colour`` in force. By default a Wild Draw Four may only be laid
when no card of the colour in force is left in the hand (UN-5, ``honest=True``);
``honest=False`` drops that condition. In a round UN-6 allows that bluff and lets
the next player's challenge enforce UN-5; the play-out has no opponent to
challenge, so UN-6 decides it uses the strict rule by default (``playable solve
--lax-w4`` asks for the bluff, and the JSON result says which rule applied in
``w4_rule``). Deciding this is NP-complete in general
(Demaine et al., "UNO is hard, even for a single player", 2010): a hand is the
edge set of a bipartite colour-symbol graph and a play-out a Hamiltonian path in
its line graph.

The problem is stated over *generalised* cards ``(colour, symbol, wild)`` with any
number of colours and symbols, so the same solver runs the official 4-colour deck
and the hard instances built from cubic graphs (benchmarks/uno_playout.py).

The exact search (:func:`solve`) is a depth-first search over states
``(multiset of cards left, constraint of the card on top)``. Pruning rules, each
proven here and cross-checked in tests against brute force and CP-SAT:

1. *Failed-state memo.* Whether the rest can be laid depends only on the cards left
   and on what the top card accepts (its colour and symbol, or "anything" after a
   wild), so a state that failed once fails always; identical copies of a card
   are one state (multiplicities), which removes the symmetry between them.
2. *Lazy wild colours.* After a wild (not the root's), the colour is chosen when the
   next card is known: a coloured card is then always met by naming its colour,
   and the state after it no longer depends on the choice; a following wild only
   needs a colour to exist (for an honest Wild Draw Four: a colour none of the
   remaining cards has). So "a wild on top" is a single state that accepts
   anything, and no branching over colours is needed.
3. *Connectivity.* With no wild left, consecutive cards share a colour or a symbol,
   so the cards left and the top form a connected graph (colours and symbols as
   vertices, each card an edge between its colour and its symbol, the top touching
   its colour and symbol, or everything after a wild). If that graph is
   disconnected, no order exists. (A necessary condition: it only cuts states
   that have no solution.)

4. *Dead ends.* With no wild left, call a card a dead end when exactly one other
   card left fits it (shares its colour or symbol; a copy of the same kind
   counts). In a play-out a card is laid between its predecessor and its
   successor, both of which share its colour or symbol, except the last card
   (no successor) and the next card (its predecessor is the current top, which is
   not among the cards left). So every dead end is the last card or the next card,
   and a next card must fit the top: more than two dead ends, or two of which none
   fits the top, leave no play-out. (Again only states without a solution are cut.)

Move ordering (fewest neighbours first, wilds last) changes speed, never answers.
Every order found is replayed through :func:`check_order` (UN-3 matching via
:func:`playable.solver.uno.cards.matches` rules and the UN-5 honesty check) before it is
returned. A budget that runs out gives ``unknown``.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from playable.solver.core.budget import Budget
from playable.solver.core.result import Status
from playable.solver.uno.cards import (
    COLOURS,
    WILD,
    WILD_DRAW_FOUR,
    colour_of,
    name,
    symbol_of,
)

#: ``wild`` field of a generalised card
PLAIN, WILD_CARD, DRAW_FOUR = 0, 1, 2
#: the symbol of the root top when it is a wild: matches no card by symbol
NO_SYMBOL = -99
#: the constraint "anything goes" (a wild on top whose colour is still to be named)
FREE = (-1, -1)


@dataclass(frozen=True, order=True)
class GenCard:
    """A generalised card: ``colour`` (-1 for a wild), ``symbol``, ``wild`` 0/1/2."""

    colour: int
    symbol: int
    wild: int = PLAIN

    def text(self) -> str:
        if self.wild == WILD_CARD:
            return "W"
        if self.wild == DRAW_FOUR:
            return "W4"
        if 0 <= self.colour < 4 and 0 <= self.symbol < 13:
            return name(self.colour * 13 + self.symbol)
        return f"c{self.colour}s{self.symbol}"


def gen_card(kind: int) -> GenCard:
    """The generalised card of an UNO kind."""
    if kind == WILD:
        return GenCard(-1, -1, WILD_CARD)
    if kind == WILD_DRAW_FOUR:
        return GenCard(-1, -2, DRAW_FOUR)
    return GenCard(colour_of(kind), symbol_of(kind))


@dataclass(frozen=True)
class Problem:
    """A play-out puzzle: ``cards`` (a multiset), ``top`` and ``colour`` in force,
    the number of ``colours`` a wild may name, and the UN-5 honesty rule."""

    cards: tuple[GenCard, ...]
    top: GenCard
    colour: int
    colours: int = 4
    honest: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))
        if not 0 <= self.colour < self.colours:
            raise ValueError(f"colour {self.colour} is not one of the {self.colours} colours")


def from_uno(hand: Sequence[int], top: int, colour: int, honest: bool = True) -> Problem:
    """The play-out problem of an UNO hand on ``top`` with ``colour`` in force."""
    return Problem(tuple(gen_card(k) for k in hand), gen_card(top), colour, 4, honest)


@dataclass(frozen=True)
class Step:
    """One card of a play-out order and, for a wild, the colour it names."""

    card: GenCard
    colour: int = -1

    def colour_text(self) -> str:
        return COLOURS[self.colour] if 0 <= self.colour < 4 else f"c{self.colour}"

    def text(self) -> str:
        if self.card.wild:
            return f"{self.card.text()}:{self.colour_text()}"
        return self.card.text()


@dataclass
class PlayoutResult:
    """The answer: ``status``, the ``order`` when solved, the proof kind otherwise."""

    status: Status
    order: list[Step]
    nodes: int
    seconds: float
    memo: int
    proof: str = ""
    engine: str = "playout-dfs"
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self, cards: int, honest: bool = True) -> dict[str, Any]:
        """The document of ``playable solve uno --json`` for a play-out, in the shape
        every solver's result has (docs/json.md): the order is the ``line``, one card a
        turn of the one player (not a line of a round, so not a
        :class:`~playable.solver.core.line.Line`). ``w4_rule`` says which Wild Draw
        Four rule the play-out followed: ``strict`` (UN-5, the default) or ``lax``
        (the UN-6 bluff allowed)."""
        solved = self.status == Status.SOLVED
        return {
            "game": "uno",
            "engine": self.engine,
            "status": self.status.value,
            "cards_left": 0 if solved else None,
            "bound": 0 if solved else (1 if self.status == Status.UNSOLVABLE else None),
            "proven_optimal": self.status != Status.UNKNOWN,
            "line": [
                {
                    "player": 0,
                    "move": s.text(),
                    "card": s.card.text(),
                    **({"colour": s.colour_text()} if s.card.wild else {}),
                }
                for s in self.order
            ],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            "tt_entries": self.memo,
            "order": [s.text() for s in self.order],
            "cards": cards,
            "proof": self.proof,
            "w4_rule": "strict" if honest else "lax",
            **self.extra,
        }


# --------------------------------------------------------------------- the checker


def fits(card: GenCard, top: GenCard, colour: int) -> bool:
    """UN-3 over generalised cards: a wild always; else colour in force or symbol."""
    if card.wild:
        return True
    if card.colour == colour:
        return True
    return not top.wild and top.symbol != NO_SYMBOL and card.symbol == top.symbol


def check_order(problem: Problem, order: Sequence[Step]) -> None:
    """Raise ``ValueError`` unless ``order`` lays exactly the problem's cards, each
    fitting the one before (UN-3), wilds naming a colour, and (honest) no Wild Draw
    Four laid while a card of the colour in force is left (UN-5). The certificate
    every reported order passes."""
    if Counter(s.card for s in order) != Counter(problem.cards):
        raise ValueError("the order does not lay exactly the cards of the hand")
    left = Counter(problem.cards)
    top, colour = problem.top, problem.colour
    for i, step in enumerate(order):
        if not fits(step.card, top, colour):
            raise ValueError(f"card {i + 1} ({step.text()}) does not fit on {top.text()}")
        left[step.card] -= 1
        if step.card.wild:
            if not 0 <= step.colour < problem.colours:
                raise ValueError(f"card {i + 1} ({step.card.text()}) names no colour")
            if (
                problem.honest
                and step.card.wild == DRAW_FOUR
                and any(n and c.colour == colour for c, n in left.items())
            ):
                raise ValueError(f"card {i + 1}: Wild Draw Four while holding the colour (UN-5)")
            colour = step.colour
        else:
            colour = step.card.colour
        top = step.card


# ---------------------------------------------------------------------- the search


class _Search:
    def __init__(self, problem: Problem, budget: Budget) -> None:
        self.problem = problem
        self.kinds = sorted(set(problem.cards))
        self.index = {k: i for i, k in enumerate(self.kinds)}
        self.budget = budget
        self.deadline = budget.deadline
        self.node_limit = budget.node_limit
        self.nodes = 0
        self.failed: set[tuple[tuple[int, ...], tuple[int, int]]] = set()
        self.out_of_budget = False
        self.path: list[int] = []
        colours = {k.colour for k in self.kinds if not k.wild}
        symbols = {k.symbol for k in self.kinds if not k.wild}
        # union-find vertices: colours 0..C-1, symbols after them
        self.colour_ids = {c: i for i, c in enumerate(sorted(colours))}
        self.symbol_ids = {s: len(colours) + i for i, s in enumerate(sorted(symbols))}

    # pruning rule 3 -----------------------------------------------------------
    def connected(self, counts: list[int], prev: tuple[int, int]) -> bool:
        parent = list(range(len(self.colour_ids) + len(self.symbol_ids)))

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        first = -1
        touched: list[int] = []
        touches_top = prev == FREE
        pc, ps = prev
        for i, n in enumerate(counts):
            if not n:
                continue
            kind = self.kinds[i]
            if kind.wild:
                return True  # a wild connects everything
            a, b = self.colour_ids[kind.colour], self.symbol_ids[kind.symbol]
            parent[find(a)] = find(b)
            touched.append(a)
            touches_top = touches_top or kind.colour == pc or kind.symbol == ps
            if first < 0:
                first = a
        if first < 0:
            return True
        return touches_top and len({find(a) for a in touched}) == 1

    # pruning rule 4 -----------------------------------------------------------
    def dead_ends_ok(self, counts: list[int], prev: tuple[int, int]) -> bool:
        by_colour: Counter[int] = Counter()
        by_symbol: Counter[int] = Counter()
        for j, n in enumerate(counts):
            if n:
                kind = self.kinds[j]
                if kind.wild:
                    return True
                by_colour[kind.colour] += n
                by_symbol[kind.symbol] += n
        dead = fitting = 0
        for j, n in enumerate(counts):
            if not n:
                continue
            kind = self.kinds[j]
            if by_colour[kind.colour] + by_symbol[kind.symbol] - n - 1 == 1:
                dead += n
                if prev == FREE or kind.colour == prev[0] or kind.symbol == prev[1]:
                    fitting += n
        return dead <= 1 or (dead == 2 and fitting > 0)

    def playable(self, i: int, prev: tuple[int, int], counts: list[int]) -> bool:
        kind = self.kinds[i]
        pc, ps = prev
        if kind.wild:
            if kind.wild == DRAW_FOUR and self.problem.honest:
                return self.w4_honest(prev, counts)
            return True
        if prev == FREE:
            return True
        return kind.colour == pc or kind.symbol == ps

    def w4_honest(self, prev: tuple[int, int], counts: list[int]) -> bool:
        """UN-5 with the W4 already removed from ``counts``."""
        held = {self.kinds[j].colour for j, n in enumerate(counts) if n and not self.kinds[j].wild}
        if prev == FREE:  # pruning rule 2: some colour must be free of cards
            return any(c not in held for c in range(self.problem.colours))
        return prev[0] not in held

    def order_moves(self, counts: list[int]) -> list[int]:
        by_colour: Counter[int] = Counter()
        by_symbol: Counter[int] = Counter()
        for j, n in enumerate(counts):
            if n and not self.kinds[j].wild:
                by_colour[self.kinds[j].colour] += n
                by_symbol[self.kinds[j].symbol] += n

        def degree(j: int) -> tuple[int, int]:
            k = self.kinds[j]
            if k.wild:
                return (1, k.wild)
            return (0, by_colour[k.colour] + by_symbol[k.symbol])

        return sorted((j for j, n in enumerate(counts) if n), key=degree)

    def run(self, counts: list[int], prev: tuple[int, int], left: int) -> bool:
        if left == 0:
            return True
        key = (tuple(counts), prev)
        if key in self.failed:
            return False
        self.nodes += 1
        if self.nodes >= self.node_limit or (
            self.nodes % 512 == 0 and self.budget.expired(self.nodes)
        ):  # the node limit, the clock, or Ctrl-C (Budget.stop)
            self.out_of_budget = True
            return False
        if not self.connected(counts, prev) or not self.dead_ends_ok(counts, prev):
            self.failed.add(key)
            return False
        for j in self.order_moves(counts):
            counts[j] -= 1
            if self.playable(j, prev, counts):
                kind = self.kinds[j]
                nxt = FREE if kind.wild else (kind.colour, kind.symbol)
                self.path.append(j)
                if self.run(counts, nxt, left - 1):
                    counts[j] += 1
                    return True
                self.path.pop()
            counts[j] += 1
            if self.out_of_budget:
                return False
        self.failed.add(key)
        return False


def _root_prev(problem: Problem) -> tuple[int, int]:
    """The constraint of the starting top card: its colour in force and symbol (a
    wild on top matches by the named colour only)."""
    top = problem.top
    return (problem.colour, NO_SYMBOL if top.wild else top.symbol)


def assign_colours(problem: Problem, kinds: Sequence[GenCard]) -> list[Step]:
    """Name a colour for each wild of a found order (pruning rule 2 made concrete):
    the colour of the next coloured card; before an honest Wild Draw Four a colour
    that no later card has; otherwise the colour in force."""
    steps: list[Step] = []
    colour = problem.colour
    for i, card in enumerate(kinds):
        if not card.wild:
            steps.append(Step(card))
            colour = card.colour
            continue
        named = colour
        if i + 1 < len(kinds):
            nxt = kinds[i + 1]
            if not nxt.wild:
                named = nxt.colour
            elif nxt.wild == DRAW_FOUR and problem.honest:
                later = {c.colour for c in kinds[i + 2 :] if not c.wild}
                named = next(c for c in range(problem.colours) if c not in later)
        steps.append(Step(card, named))
        colour = named
    return steps


def solve(problem: Problem, budget: Budget | None = None) -> PlayoutResult:
    """The exact play-out search (see the module docstring); never guesses."""
    budget = (budget or Budget()).start()
    search = _Search(problem, budget)
    counts = [0] * len(search.kinds)
    for card in problem.cards:
        counts[search.index[card]] += 1
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 4 * len(problem.cards) + 200))
    try:
        found = search.run(counts, _root_prev(problem), len(problem.cards))
    finally:
        sys.setrecursionlimit(limit)
    seconds = budget.elapsed
    if found:
        order = assign_colours(problem, [search.kinds[j] for j in search.path])
        check_order(problem, order)
        return PlayoutResult(Status.SOLVED, order, search.nodes, seconds, len(search.failed))
    if search.out_of_budget:
        return PlayoutResult(Status.UNKNOWN, [], search.nodes, seconds, len(search.failed))
    proof = f"exhaustive search: {search.nodes} states, all failing"
    graph = compatibility_graph(problem)
    import networkx as nx

    if not nx.is_connected(graph):
        parts = sorted(len(c) for c in nx.connected_components(graph))
        proof = f"the compatibility graph (top + cards) is disconnected: components of {parts}"
    elif graph.degree("top") == 0:
        proof = "no card of the hand fits the top card"
    return PlayoutResult(Status.UNSOLVABLE, [], search.nodes, seconds, len(search.failed), proof)


# ------------------------------------------------------------------ the graph view


def compatibility_graph(problem: Problem) -> Any:
    """The card-compatibility graph (networkx): a node per card (``("card", i)``)
    and ``"top"``; an edge where one may follow the other by UN-3 (a wild touches
    every card). The play-outs are its Hamiltonian paths starting at ``"top"``
    (up to the UN-5 honesty rule)."""
    import networkx as nx

    graph = nx.Graph()
    graph.add_node("top")
    cards = problem.cards
    for i, card in enumerate(cards):
        graph.add_node(("card", i), label=card.text())
        if fits(card, problem.top, problem.colour):
            graph.add_edge("top", ("card", i))
    for i, a in enumerate(cards):
        for j in range(i + 1, len(cards)):
            b = cards[j]
            if a.wild or b.wild or a.colour == b.colour or a.symbol == b.symbol:
                graph.add_edge(("card", i), ("card", j))
    return graph


def brute_force(problem: Problem, limit: int = 9) -> bool:
    """Try every permutation (small hands only, ``limit`` cards): the test oracle."""
    from itertools import permutations, product

    if len(problem.cards) > limit:
        raise ValueError(f"brute force is for at most {limit} cards")
    for perm in set(permutations(problem.cards)):
        wilds = [i for i, c in enumerate(perm) if c.wild]
        for named in product(range(problem.colours), repeat=len(wilds)):
            colours = dict(zip(wilds, named, strict=True))
            order = [Step(c, colours.get(i, -1)) for i, c in enumerate(perm)]
            try:
                check_order(problem, order)
            except ValueError:
                continue
            return True
    return not problem.cards
