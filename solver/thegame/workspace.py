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
import numpy.typing as npt


class Position(NamedTuple):
    """A position as the kernels hold it: cards are bits of two ``uint64`` words."""

    #: the state registers (``S_*``): pile tops, draw position, player to move, the
    #: turn's cards laid and lowest open pile, and the systematic search's registers
    st: npt.NDArray[np.int64]
    #: (players, 2): each player's hand
    hands: npt.NDArray[np.uint64]
    #: (2,): every card not yet laid (the hands and the rest of the draw pile)
    avail: npt.NDArray[np.uint64]


class Scratch(NamedTuple):
    """The buffers of one move generation (``kernel._generate``)."""

    #: the hand's cards
    cards: npt.NDArray[np.int64]
    #: the pile tops, changed while looking ahead (TG-7 decision)
    tops: npt.NDArray[np.int64]
    #: each move's ordering cost
    costs: npt.NDArray[np.int64]


class Zobrist(NamedTuple):
    """The Zobrist keys of the systematic search's position hash (one set per variant
    and draw-pile length)."""

    zhand: npt.NDArray[np.uint64]  # (players, 128): a card in a player's hand
    zdpos: npt.NDArray[np.uint64]  # (ndraw + 1,): the draw position
    zmove: npt.NDArray[np.uint64]  # (players,): the player to move
    zlaid: npt.NDArray[np.uint64]  # (32,): cards laid this turn
    ztop: npt.NDArray[np.uint64]  # (2, 2, 256): direction, pile closed, top class
    zcap: np.uint64  # the P3 cap is off


class Stack(NamedTuple):
    """The systematic search's explicit stack, one row (or entry) per depth."""

    hkey: npt.NDArray[np.uint64]  # XOR of the hand keys at each depth
    moves: npt.NDArray[np.int64]  # (depth, MAX_MOVES): each node's moves, ordered
    nmov: npt.NDArray[np.int64]  # how many
    idx: npt.NDArray[np.int64]  # the next move to try
    lbs: npt.NDArray[np.int64]  # the smallest bound of the children so far
    inc: npt.NDArray[np.int64]  # 1: a child's bound is not exhaustive
    drem: npt.NDArray[np.int64]  # discrepancies left
    undo: npt.NDArray[np.int64]  # (depth, N_U): what undoes the move (``U_*``)
    uhand: npt.NDArray[np.uint64]  # (depth, 2): the hand before a turn end
    best_path: npt.NDArray[np.int64]  # the line to the best leaf seen


class Tables(NamedTuple):
    """The transposition table (:mod:`playable.solver.core.tt`) and the dominance
    table (D1) of a solve, shared by its runs."""

    tt_keys: npt.NDArray[np.uint64]
    tt_values: npt.NDArray[np.int64]
    dom_keys: npt.NDArray[np.uint64]
    dom_values: npt.NDArray[np.int64]
