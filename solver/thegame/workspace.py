"""The Game: the typed workspaces the numba kernels work on (docs/solver-thegame.md).

Each kernel takes a few of these named tuples of arrays instead of many loose
arrays: numba types a ``NamedTuple`` of arrays field by field and passes it in
nopython mode at no cost (the fields are the same array structs as before), and
without numba (``NUMBA_DISABLE_JIT=1``) they are plain tuples. The arrays are shared,
not copied: a kernel that changes ``pos.st`` changes the caller's array.

The layouts of the arrays (register indices ``S_*``, ``PR_*``, ``U_*`` and sizes) are
those of :mod:`playable.solver.thegame.kernel`, whose functions make fresh ones
(:func:`~playable.solver.thegame.kernel.new_position`,
:func:`~playable.solver.thegame.kernel.new_scratch`,
:func:`~playable.solver.thegame.kernel.new_stack`).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from playable.solver.core.arrays import I64, U64


class Position(NamedTuple):
    """A position as the kernels hold it: cards are bits of two ``uint64`` words."""

    #: the state registers (``S_*``): pile tops, draw position, player to move, the
    #: turn's cards laid and lowest open pile, and the systematic search's registers
    st: I64
    #: (players, 2): each player's hand
    hands: U64
    #: (2,): every card not yet laid (the hands and the rest of the draw pile)
    avail: U64


class Scratch(NamedTuple):
    """The buffers of one move generation (``kernel._generate``)."""

    #: the hand's cards
    cards: I64
    #: the pile tops, changed while looking ahead (TG-7 decision)
    tops: I64
    #: each move's ordering cost
    costs: I64


class Zobrist(NamedTuple):
    """The Zobrist keys of the systematic search's position hash (one set per variant
    and draw-pile length)."""

    zhand: U64  # (players, 128): a card in a player's hand
    zdpos: U64  # (ndraw + 1,): the draw position
    zmove: U64  # (players,): the player to move
    zlaid: U64  # (32,): cards laid this turn
    ztop: U64  # (2, 2, 256): direction, pile closed, top class
    zcap: np.uint64  # the P3 cap is off


class Stack(NamedTuple):
    """The systematic search's explicit stack, one row (or entry) per depth."""

    hkey: U64  # XOR of the hand keys at each depth
    moves: I64  # (depth, MAX_MOVES): each node's moves, ordered
    nmov: I64  # how many
    idx: I64  # the next move to try
    lbs: I64  # the smallest bound of the children so far
    inc: I64  # 1: a child's bound is not exhaustive
    drem: I64  # discrepancies left
    undo: I64  # (depth, N_U): what undoes the move (``U_*``)
    uhand: U64  # (depth, 2): the hand before a turn end
    best_path: I64  # the line to the best leaf seen


class Tables(NamedTuple):
    """The transposition table (:mod:`playable.solver.core.tt`) and the dominance
    table (D1) of a solve, shared by its runs."""

    tt_keys: U64
    tt_values: I64
    dom_keys: U64
    dom_values: I64
