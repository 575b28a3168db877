"""UNO play-out: the typed workspaces the numba kernel works on (docs/solver-uno.md).

:func:`playable.solver.uno.playout_kernel.dfs_chunk` takes a few of these named
tuples instead of many loose arrays: numba types a ``NamedTuple`` field by field and
passes it in nopython mode at no cost (the fields are the same array structs and
integers as before), and without numba (``NUMBA_DISABLE_JIT=1``) they are plain
tuples. The arrays are shared, not copied: the kernel changes ``hand.counts`` and the
caller sees it, which is how a search paused after a chunk of nodes resumes.

Cards are grouped by kind (colour and symbol, UN-1); colours and symbols are indexed
densely over the hand, wilds have colour and symbol 0 and are told apart by ``kwild``.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt


class Hand(NamedTuple):
    """The cards not yet played, changed as the search plays and takes back cards."""

    counts: npt.NDArray[np.int64]  # copies left of each kind
    #: cards left of each colour (wilds not counted); one extra zero entry when a
    #: colour of the game is missing from the hand (UN-5: a colour with no card left)
    ccount: npt.NDArray[np.int64]
    scount: npt.NDArray[np.int64]  # non-wild cards left of each symbol


class Kinds(NamedTuple):
    """What the search never changes: each kind's colour, symbol and wildness, the
    card on top at the start, and the rules of the problem."""

    kcol: npt.NDArray[np.int64]  # colour index of each kind
    ksym: npt.NDArray[np.int64]  # symbol index of each kind
    kwild: npt.NDArray[np.int64]  # 0 not wild, 1 Wild, 2 Wild Draw Four
    root_pc: int  # the colour to follow at the start
    root_ps: int  # the symbol to follow at the start (-1: none)
    colours: int  # colours that can be "a colour with no card left" (UN-5)
    honest: bool  # Wild Draw Four only without a card of the colour to follow (UN-5)


class Zobrist(NamedTuple):
    """Two independent sets of Zobrist keys: a (kind, copies left) pair and the card
    on top (a kind, a wild, or the root card)."""

    z1: npt.NDArray[np.uint64]  # (kinds * 8,)
    z2: npt.NDArray[np.uint64]  # (kinds * 8,)
    zprev1: npt.NDArray[np.uint64]  # (kinds + 2,)
    zprev2: npt.NDArray[np.uint64]  # (kinds + 2,)


class Table(NamedTuple):
    """The failed-state memo: the open-addressing table of solver/core/tt.py."""

    keys: npt.NDArray[np.uint64]
    values: npt.NDArray[np.int64]


class Stack(NamedTuple):
    """The search's explicit stack, one entry (or row) per depth, kept between chunks."""

    path: npt.NDArray[np.int64]  # the kind played at each depth
    cand: npt.NDArray[np.int64]  # ((cards + 1) * kinds,): each depth's ordered candidates
    ncand: npt.NDArray[np.int64]  # how many
    pos: npt.NDArray[np.int64]  # the next candidate to try
    hashes: npt.NDArray[np.uint64]  # (2 * (cards + 2),): both hashes at each depth
    #: [depth, nodes, entered, total cards]; entered 0: the node at depth is unexpanded
    stats: npt.NDArray[np.int64]
