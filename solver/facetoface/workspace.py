"""Face to Face: the typed workspaces the numba kernels work on (docs/solver-facetoface.md).

Each kernel takes a few of these named tuples instead of many loose parameters:
numba types a ``NamedTuple`` of arrays field by field and passes it in nopython mode
at no cost (the fields are the same array structs as before), and without numba
(``NUMBA_DISABLE_JIT=1``) they are plain tuples. The arrays are shared, not copied: a
kernel that changes ``frames.kids`` changes the caller's array.

A node (:data:`Node`) is a plain tuple of 9 integers: the player to move, then the
mover's hand (a bitset), draw position, up and down pile tops, then the same four for
the opponent. A player's part of it (:data:`Seat`) is (hand, draw position, up, down).
The layouts of the arrays and their sizes are those of
:mod:`playable.solver.facetoface.kernel` (:func:`~playable.solver.facetoface.kernel.new_frames`,
:func:`~playable.solver.facetoface.kernel.new_generation`),
:mod:`playable.solver.facetoface.race_kernel` and
:mod:`playable.solver.facetoface.survival_kernel`
(:func:`~playable.solver.facetoface.survival_kernel.new_survival`).
"""

from __future__ import annotations

from typing import NamedTuple

from playable.solver.core.arrays import I64, U64

#: the transposition table (solver/core/tt.py) of a solver, kept between its
#: searches: proven values only
from playable.solver.core.tt import Table as Table

#: side to move, mover's hand, draw position, up, down, opponent's hand, draw position,
#: up, down
Node = tuple[int, int, int, int, int, int, int, int, int]
#: a player's hand (bitset), draw position, up and down pile tops
Seat = tuple[int, int, int, int]


class Deal(NamedTuple):
    """Both players' draw piles, fixed for a solver (every position's piles are
    suffixes of these)."""

    #: (2, 64): each player's draw pile, the next card first
    draws: I64
    #: (2,): their lengths
    dlens: I64
    #: (2, 65): ``suffix[p, i]``, the cards of player p's draw pile from position i on
    suffix: I64


class Survival(NamedTuple):
    """The survival verdict's table of bounds and work array, kept across searches."""

    table: I64
    work: I64


class Generation(NamedTuple):
    """The buffers of one turn generation (``kernel.gen_turns``)."""

    #: (VISIT_SLOTS,): the in-turn visited set's keys
    vkeys: I64
    #: (VISIT_SLOTS,): the generation that wrote each slot (``ctx[STAMP]``)
    vstamp: I64
    #: (VISIT_SLOTS, 6): the in-turn states still to expand
    stack: I64


class Frames(NamedTuple):
    """The search's explicit stack (``kernel.search``), one row (or entry) per depth,
    and the small buffers its checks share."""

    #: (depth, 9): each node of the line (:data:`Node`)
    nodes: I64
    #: (depth, MAX_KIDS, ROW): each node's turns (child rows of ``kernel.gen_turns``)
    kids: I64
    #: (depth, MAX_KIDS): the order in which they are searched
    order: I64
    counts: I64  # how many turns to search
    nexts: I64  # the next one
    unknown: I64  # 1: a child's value stayed unknown (budget or subtree cap)
    #: the node count at which the node's subtree stops (``kernel.search``'s subtree
    #: cap: the least of its ancestors' entry counts plus the cap)
    limits: I64
    keys: U64  # the node's table key
    tags: I64  # its check bits (-1: never stored)
    #: (depth, 5): the turn that last won at this depth (cards laid, four tops)
    killers: I64
    #: (depth, 6): the killer turn offered alone first (flag, then as ``killers``)
    lazy: I64
    cards: I64  # (64,): the opponent's hand's cards
    pruned: I64  # (MAX_KIDS,): the turns with dominated results
    scratch: I64  # the race verdict's (``race_kernel.SCRATCH``)


class Work(NamedTuple):
    """What every step of the search (``kernel._enter``, ``kernel._expand``) works on:
    the deal, the table, the stack and its buffers, the survival verdict's table and
    ``ctx``, the counters and switches (registers ``kernel.NODES`` and on) that
    ``kernel.search`` is given; named once instead of in every signature."""

    deal: Deal
    table: Table
    frames: Frames
    gen: Generation
    sv: Survival
    ctx: I64
