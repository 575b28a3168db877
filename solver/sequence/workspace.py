"""Sequence: the typed workspaces of the proof-search kernel (solver/sequence/kernel.py).

:func:`playable.solver.sequence.kernel.win_within` takes a few of these named tuples
instead of many loose arrays: numba types a ``NamedTuple`` field by field and passes
it in nopython mode at no cost (the fields are the same array structs and integers as
before), and without numba (``NUMBA_DISABLE_JIT=1``) they are plain tuples. The arrays
are shared, not copied: the kernel plays moves on ``board`` and ``cards`` in place and
takes them back on the way up, so after a search they hold the position again.

The encodings (bitboards, card codes, Jack classes of SQ-5) are described in the
kernel's module notes; :func:`playable.solver.sequence.kernel.encode` makes both
position workspaces from a :class:`~playable.solver.sequence.rules.State`.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from playable.solver.core.arrays import I64, U64

#: the transposition table of solver/core/tt.py, kept across searches
from playable.solver.core.tt import Table as Table


class Board(NamedTuple):
    """The chips on the board and the completed sequences (SQ-7)."""

    chips: npt.NDArray[np.int8]  # (100,): a side 0-2, -1 empty, -2 free corner
    bb: U64  # (3, 2): each side's chips as two 64-bit words
    locked: U64  # (2,): chips in completed sequences
    seq_lines: I64  # (3, MAX_SEQ): each side's sequences (line ids)
    seq_n: I64  # (3,): how many


class Cards(NamedTuple):
    """The hands and the known cards of the draw pile."""

    hands: I64  # (players, MAX_HAND): card codes
    hand_n: I64  # (players,): cards in each hand
    draw: I64  # the known draw pile, next card first
    draw_len: int  # how many cards of ``draw`` are known


class Query(NamedTuple):
    """What :func:`~playable.solver.sequence.kernel.win_within` is asked: can
    ``root_side`` win within ``own_left`` of its turns (SQ-8), from the turn of
    ``player``, within ``node_limit`` nodes in all (counted in ``counters``)?"""

    player: int  # the player to move
    own_left: int  # turns of the root side's players left
    replaced: int  # 1: the player to move has already replaced a dead card (SQ-6)
    root_side: int
    sides: int  # sides in the game (players play for side ``player % sides``)
    need: int  # sequences that win (SQ-8)
    node_limit: int
    threats: int = 0  # 0: every move; L > 0: the root side plays threats of level L only
