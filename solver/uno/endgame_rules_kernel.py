"""The two-player UNO rules of :mod:`playable.solver.uno.endgame_state` over integer rows,
for the numba endgame kernel (:mod:`playable.solver.uno.endgame_kernel`).

A *row* is an ``int64`` array of :data:`WIDTH` fields, the node of endgame_state
without the pile id, the discard chain and the reshuffle count (the kernel searches
without following reshuffles: a move that needs one is a leaf, UN-9, and the draw
pile is the root's, fixed):

* ``row[0:3]`` and ``row[3:6]``: the hands of players 0 and 1 as card
  multiplicities, 3 bits per kind, kinds ``18w .. 18w + 17`` in word ``w`` (at most
  4 copies, UN-1: the ``h0``/``h1`` integers of endgame_state cut in three words);
* ``N0``, ``N1`` their sizes, ``POS`` the cards drawn from the pile, ``TOP`` and
  ``COL`` (the colour in force, -1 only in phase COLOUR), ``MOV`` the mover,
  ``PH`` the phase and ``X`` (the drawn card; 2 x penalty + guilt in a challenge; the
  penalty in a stack), exactly as in endgame_state.

:func:`moves` and :func:`child` restate ``Rules.moves`` and ``Rules.child`` (same
move codes, same order, so the kernel's search visits the same nodes in the same
order as the Python search); tests/uno/test_endgame_kernel.py checks them against
endgame_state move by move on random walks, and the lines the search reports are
replayed through the reference rules (solver/uno/rules.py).
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt
from numba import njit

# The phases and move codes of endgame_state and the card kinds of cards, defined once
# there: plain module-level ints, which numba freezes as constants when it compiles.
# Its disk cache watches this file only, so after changing one of them clear
# ``solver/uno/__pycache__/endgame_*kernel*.nb*`` (as after editing this file).
from playable.solver.uno.cards import DRAW_TWO, REVERSE, SKIP, WILD, WILD_DRAW_FOUR
from playable.solver.uno.endgame_state import (
    CHALLENGE_PHASE,
    DRAWN,
    M_ACCEPT,
    M_CHALLENGE,
    M_DRAW,
    M_NAME,
    M_PASS,
    M_WILD,
    PLAY,
    STACK,
)

I64 = npt.NDArray[np.int64]

N0: Final = 6
N1: Final = 7
POS: Final = 8
TOP: Final = 9
COL: Final = 10
MOV: Final = 11
PH: Final = 12
X: Final = 13
WIDTH: Final = 14
#: words of a packed table key (:func:`pack`)
KEY_WORDS: Final = 6

#: at most this many moves in a node (16 coloured kinds match a top, 8 wild codes, draw)
MAX_MOVES: Final = 32

#: :func:`child` results other than a node: the round is won by player 0 or 1, or the
#: move needs a reshuffle
RESHUFFLED: Final = 2
NODE: Final = -1

#: the game's constants in ``params``: draw pile length, cards of the round (108, UN-1),
#: Reverse skips (two players, UN-5), stacking option, and the search's favour
P_LEN: Final = 0
P_TOTAL: Final = 1
P_REVERSE_SKIPS: Final = 2
P_STACKING: Final = 3


@njit(cache=True, inline="always")
def count_of(row: I64, p: int, c: int) -> int:
    """Copies of kind ``c`` in the hand of player ``p``."""
    return int((row[3 * p + c // 18] >> (3 * (c % 18))) & 7)


@njit(cache=True, inline="always")
def add_card(row: I64, p: int, c: int, d: int) -> None:
    """Add ``d`` (+1 or -1) copies of kind ``c`` to the hand of player ``p``."""
    row[3 * p + c // 18] += d << (3 * (c % 18))


def _colour_masks() -> I64:
    """``COLOUR_MASKS[c, w]``: the 3-bit fields of colour ``c``'s 13 kinds in hand word ``w``."""
    out = np.zeros((4, 3), dtype=np.int64)
    for c in range(52):
        out[c // 13, c // 18] |= 7 << (3 * (c % 18))
    return out


COLOUR_MASKS: Final = _colour_masks()


@njit(cache=True, inline="always")
def _bits(x: int) -> int:
    """Set bits of a non-negative word."""
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit(cache=True, inline="always")
def has_colour(row: I64, p: int, colour: int) -> bool:
    """Does player ``p`` hold a card of ``colour`` (UN-5, the guilt of a Wild Draw Four)?"""
    masks = COLOUR_MASKS
    found = (
        (row[3 * p] & masks[colour, 0])
        | (row[3 * p + 1] & masks[colour, 1])
        | (row[3 * p + 2] & masks[colour, 2])
    )
    return bool(found != 0)


@njit(cache=True)
def _wild_codes(row: I64, p: int, card: int, out: I64, n: int) -> int:
    """The four codes of wild ``card`` appended at ``out[n:]``, colours ordered as
    ``Rules._wild_codes`` (by the set bits of the colour's fields, most first, ties by
    colour): ordering only."""
    masks = COLOUR_MASKS
    b0 = b1 = b2 = b3 = 0
    for w in range(3):
        word = row[3 * p + w]
        b0 += _bits(word & masks[0, w])
        b1 += _bits(word & masks[1, w])
        b2 += _bits(word & masks[2, w])
        b3 += _bits(word & masks[3, w])
    base = M_WILD + 4 * (card - WILD)
    done = 0
    for i in range(4):
        pick = -1
        best = -1
        for col in range(4):
            b = b0 if col == 0 else (b1 if col == 1 else (b2 if col == 2 else b3))
            if (done >> col) & 1 == 0 and b > best:
                pick = col
                best = b
        done |= 1 << pick
        out[n + i] = base + pick
    return n + 4


@njit(cache=True)
def moves(row: I64, params: I64, out: I64, later: I64) -> int:
    """The legal move codes of ``row`` in ``out`` (their count returned), in the order
    of ``Rules.moves``: plays that keep the turn (UN-5), Wild Draw Four, other numbers,
    Wild, drawing last (UN-4). ``later`` is scratch."""
    p = row[MOV]
    ph = row[PH]
    stacking = params[P_STACKING] != 0
    if ph == PLAY:
        top = row[TOP]
        colour = row[COL]
        n = 0
        m = 0
        sym_top = top % 13 if top < WILD else -1
        for col in range(4):  # the kinds that match, ascending (UN-3)
            lo = 13 * col
            hi = lo + 13
            if col != colour:
                if sym_top < 0:
                    continue
                lo += sym_top
                hi = lo + 1
            for c in range(lo, hi):
                if count_of(row, p, c) == 0:
                    continue
                sym = c % 13
                keep = sym == SKIP or (sym == DRAW_TWO and not stacking)
                keep = keep or (sym == REVERSE and params[P_REVERSE_SKIPS] != 0)
                if keep:
                    out[n] = c
                    n += 1
                else:
                    later[m] = c
                    m += 1
        if count_of(row, p, WILD_DRAW_FOUR) > 0:
            n = _wild_codes(row, p, WILD_DRAW_FOUR, out, n)
        for i in range(m):
            out[n] = later[i]
            n += 1
        if count_of(row, p, WILD) > 0:
            n = _wild_codes(row, p, WILD, out, n)
        out[n] = M_DRAW
        return n + 1
    if ph == DRAWN:
        x = row[X]
        n = _wild_codes(row, p, x, out, 0) if x >= WILD else 1
        if x < WILD:
            out[0] = x
        out[n] = M_PASS
        return n + 1
    if ph == CHALLENGE_PHASE:
        out[0] = M_CHALLENGE
        out[1] = M_ACCEPT
        if stacking and count_of(row, p, WILD_DRAW_FOUR) > 0:
            return _wild_codes(row, p, WILD_DRAW_FOUR, out, 2)
        return 2
    if ph == STACK:
        n = 0
        for col in range(4):
            c = 13 * col + DRAW_TWO
            if count_of(row, p, c) > 0:
                out[n] = c
                n += 1
        out[n] = M_ACCEPT
        return n + 1
    for col in range(4):
        out[col] = M_NAME + col
    return 4


@njit(cache=True, inline="always")
def _take(out: I64, hp: int, count: int, ndisc: int, params: I64, pile: I64) -> int:
    """Draw ``count`` cards into the hand of player ``hp`` (``Rules.take``): the last
    card drawn, -1 if none (nothing left anywhere: fewer cards are drawn, UN-9), or
    -2 when the pile runs out and a reshuffle would be needed."""
    last = -1
    length = params[P_LEN]
    for _ in range(count):
        pos = out[POS]
        if pos >= length:
            if ndisc <= 1:
                break
            return -2
        last = pile[pos]
        out[POS] = pos + 1
        add_card(out, hp, last, 1)
        out[N0 + hp] += 1
    return last


@njit(cache=True, inline="always")
def child(row: I64, code: int, params: I64, pile: I64, out: I64) -> int:
    """``Rules.child``: :data:`NODE` with the node after move ``code`` in ``out``; the
    winner (0 or 1) when the round ends (UN-9); :data:`RESHUFFLED` when the move needs
    a reshuffle (a leaf: the kernel does not follow reshuffles)."""
    for i in range(WIDTH):
        out[i] = row[i]
    p = row[MOV]
    q = 1 - p
    ph = row[PH]
    x = row[X]
    top = row[TOP]
    colour = row[COL]
    nd = params[P_TOTAL] - row[N0] - row[N1] - (params[P_LEN] - row[POS])
    if code < M_DRAW:  # play a card (UN-3, UN-5)
        if code < 52:
            card = code
            named = code // 13
        else:
            card = WILD + (code - M_WILD) // 4
            named = (code - M_WILD) % 4
        pending = x if ph == STACK else ((x >> 1) if ph == CHALLENGE_PHASE else 0)
        add_card(out, p, card, -1)
        out[N0 + p] -= 1
        if out[N0 + p] == 0:
            return int(p)  # UN-9: the round is over
        out[TOP] = card
        out[COL] = named
        out[X] = -1
        out[PH] = PLAY
        symbol = card % 13 if card < WILD else -1
        if symbol == SKIP or (symbol == REVERSE and params[P_REVERSE_SKIPS] != 0):
            out[MOV] = p
            return NODE
        if symbol == DRAW_TWO:
            if params[P_STACKING] != 0:
                out[MOV] = q
                out[PH] = STACK
                out[X] = pending + 2
                return NODE
            if _take(out, q, 2, nd + 1, params, pile) == -2:
                return RESHUFFLED
            out[MOV] = p
            return NODE
        if card == WILD_DRAW_FOUR:
            guilty = 1 if has_colour(out, p, colour) else 0
            out[MOV] = q
            out[PH] = CHALLENGE_PHASE
            out[X] = 2 * (pending + 4) + guilty
            return NODE
        out[MOV] = q
        return NODE
    out[X] = -1
    out[PH] = PLAY
    if code == M_DRAW:  # UN-4
        last = _take(out, p, 1, nd, params, pile)
        if last == -2:
            return RESHUFFLED
        if last >= 0 and (
            last >= WILD or last // 13 == colour or (top < WILD and last % 13 == top % 13)
        ):
            out[MOV] = p
            out[PH] = DRAWN
            out[X] = last
            return NODE
        out[MOV] = q
        return NODE
    if code == M_PASS:
        out[MOV] = q
        return NODE
    if code == M_ACCEPT:
        pending = (x >> 1) if ph == CHALLENGE_PHASE else x
        if _take(out, p, pending, nd, params, pile) == -2:
            return RESHUFFLED
        out[MOV] = q
        return NODE
    if code == M_CHALLENGE:  # UN-6
        pending = x >> 1
        if x & 1:
            if _take(out, q, pending, nd, params, pile) == -2:
                return RESHUFFLED
            out[MOV] = p
            return NODE
        if _take(out, p, pending + 2, nd, params, pile) == -2:
            return RESHUFFLED
        out[MOV] = q
        return NODE
    out[COL] = code - M_NAME  # name a colour (UN-7)
    out[MOV] = p
    return NODE


@njit(cache=True, inline="always")
def pack(row: I64, key: I64) -> np.uint64:
    """The table key of ``row`` in ``key`` and its 64-bit hash (splitmix64 steps
    over the words). The key is :data:`KEY_WORDS` words: the six 54-bit hand words
    back to back (324 bits), then sizes, pile position, top, colour, mover, phase
    and ``X`` in the last 46 bits; with the two numbers a table row is one 64-byte
    cache line."""
    meta = (
        row[N0]
        | (row[N1] << 7)
        | (row[POS] << 14)
        | (row[TOP] << 22)
        | ((row[COL] + 1) << 28)
        | (row[MOV] << 31)
        | (row[PH] << 32)
        | ((row[X] + 1) << 35)
    )
    key[0] = row[0] | (row[1] << 54)
    key[1] = (row[1] >> 10) | (row[2] << 44)
    key[2] = (row[2] >> 20) | (row[3] << 34)
    key[3] = (row[3] >> 30) | (row[4] << 24)
    key[4] = (row[4] >> 40) | (row[5] << 14)
    key[5] = (row[5] >> 50) | (meta << 4)
    h = np.uint64(0x9E3779B97F4A7C15)
    for i in range(KEY_WORDS):
        h ^= np.uint64(key[i])
        h *= np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(29)
    h *= np.uint64(0x94D049BB133111EB)
    h ^= h >> np.uint64(32)
    return h
