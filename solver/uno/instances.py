"""Play-out instances for tests and benchmarks: random hands from the real deck, and
hard ones built from cubic graphs by the Hamiltonian-path reduction.

Reduction: for a graph G, every vertex is a colour and every edge a symbol; each
end of each edge is one card (colour = the vertex, symbol = the edge). Two cards
fit each other when they share a vertex or an edge, so the compatibility graph
is the truncation of G (every vertex of a cubic G becomes a triangle) and a
play-out is a Hamiltonian path in it. A Hamiltonian path of the truncation enters
and leaves each triangle once, so play-outs follow Hamiltonian paths of G:
deciding them is as hard as Hamiltonian path in cubic graphs (NP-complete). The
top card has the colour of a start vertex and a symbol no card has. These hands
need as many colours as G has vertices: they use the generalised cards of
solver/uno/playout.py, not the 4-colour deck.

* ``random_cubic(n, seed)``: networkx ``random_regular_graph(3, n)``; almost
  always Hamiltonian, so mostly solvable.
* ``three_bridges(sizes, seed)``: three random cubic graphs, each with one edge
  subdivided, whose new vertices join a centre vertex: cubic, connected, and with
  three bridges at the centre no Hamiltonian path exists, so the hand is
  unsolvable although its compatibility graph is connected; the search must
  exhaust.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

import networkx as nx

from playable.solver.uno.cards import colour_of, full_deck, is_wild
from playable.solver.uno.playout import GenCard, Problem, from_uno

FRESH_SYMBOL = 10**6


def random_hand(size: int, seed: int) -> Problem:
    """``size`` cards and a top card drawn from a shuffled 108-card deck."""
    rng = random.Random(f"uno-bench:{size}:{seed}")
    deck = full_deck()
    rng.shuffle(deck)
    top = next(c for c in deck if not is_wild(c))
    deck.remove(top)
    return from_uno(deck[:size], top, colour_of(top))


def from_graph(graph: Any, start: Hashable) -> Problem:
    """The reduction's hand for ``graph`` with the path starting at ``start``."""
    mapping = {v: i for i, v in enumerate(sorted(graph.nodes(), key=str))}
    edges = sorted(tuple(sorted((mapping[a], mapping[b]))) for a, b in graph.edges())
    cards = []
    for e, (u, v) in enumerate(edges):
        cards += [GenCard(u, e), GenCard(v, e)]
    colours = graph.number_of_nodes()
    return Problem(tuple(cards), GenCard(mapping[start], FRESH_SYMBOL), mapping[start], colours)


def random_cubic(n: int, seed: int) -> Problem:
    """The reduction's hand for a random cubic graph on ``n`` vertices."""
    graph = nx.random_regular_graph(3, n, seed=seed)
    return from_graph(graph, min(graph.nodes()))


def three_bridges(sizes: tuple[int, int, int], seed: int) -> Problem:
    """The reduction's hand for three cubic pieces bridged at a centre (unsolvable)."""
    graph = nx.Graph()
    centre: Hashable = "centre"
    for part, k in enumerate(sizes):
        piece = nx.random_regular_graph(3, k, seed=seed * 10 + part)
        piece = nx.relabel_nodes(piece, {v: (part, v) for v in piece.nodes()})
        u, v = min(piece.edges())
        piece.remove_edge(u, v)
        w = (part, "w")
        piece.add_edges_from([(u, w), (w, v), (w, centre)])
        graph.update(piece)
    if any(d != 3 for _, d in graph.degree()):
        raise AssertionError("the three-bridge graph must be cubic")
    start = min((v for v in graph.nodes() if v != centre and v[0] == 0), key=str)
    return from_graph(graph, start)
