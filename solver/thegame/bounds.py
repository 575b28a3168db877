"""The Game: proven lower bounds and dominance between positions, in plain Python.

Notation as in :mod:`playable.solver.thegame.pruning`: ``f(S)`` is the fewest cards left
(TG-8) over every way to play on from position ``S``.

**Dominance (D1).** Two positions with the same hands, draw pile, player to move and
cards laid this turn differ only in their pile tops. If, after possibly swapping the
two ascending and/or the two descending piles of ``S'`` (P1), every pile of ``S``
takes every card not yet laid that the same pile of ``S'`` takes (TG-3), then
``f(S) <= f(S')``: every line from ``S'`` can be played from ``S``. Proof: a play on
a pile not yet played on is legal on ``S``'s side because that pile takes a superset
of the cards; once a card is laid on a pile both sides show it; the cards not yet
laid are the same on both sides, so the superset relation between untouched piles
holds as the set shrinks; the TG-7 decision (a play must leave the turn able to
reach its minimum; a player who cannot lay the minimum ends the game) depends only on
which plays are possible, of which ``S``'s side has a superset at every point. So the
line stays legal; when it ends on ``S'``'s side, ``S``'s side holds the same cards
and playing on only lays more. Consequently a proven lower bound ``f(S) >= k``
transfers to every position ``S'`` that ``S`` dominates. P6 (equivalent tops) is the
case of equal sets. The cross-check against the brute force is in
``tests/thegame/test_bounds.py``.

The dominance test is :func:`dominates`; :func:`accept_mask` gives the set of cards
not yet laid that a pile takes as a bitmask (bit ``c`` for card ``c``), so the
superset test is one ``&``.
"""

from __future__ import annotations

from playable.solver.thegame.rules import TRICK, State

#: the four ways to match the piles of two positions: identity and swaps inside pairs (P1)
PILE_ORDERS: tuple[tuple[int, int, int, int], ...] = (
    (0, 1, 2, 3),
    (1, 0, 2, 3),
    (0, 1, 3, 2),
    (1, 0, 3, 2),
)


def card_mask(cards: frozenset[int] | tuple[int, ...]) -> int:
    """The cards as a bitmask: bit ``c`` for card ``c``."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def not_laid_mask(state: State) -> int:
    """The cards not yet laid (every hand and the draw pile) as a bitmask."""
    return card_mask(tuple(c for h in state.hands for c in h) + state.draw)


def accept_mask(pile: int, top: int, avail: int) -> int:
    """The cards of ``avail`` (a bitmask) that the pile showing ``top`` takes (TG-3):
    above the top (ascending) or below it (descending), and the card exactly 10 back."""
    if pile < 2:
        mask = avail & ~((1 << (top + 1)) - 1)
        trick = top - TRICK
    else:
        mask = avail & ((1 << top) - 1)
        trick = top + TRICK
    if trick >= 0 and (avail >> trick) & 1:
        mask |= 1 << trick
    return mask


def dominates(better: State, worse: State) -> bool:
    """D1: is ``f(better) <= f(worse)`` because ``better``'s piles take a superset of
    the cards not yet laid (see the module docstring)?"""
    if (
        better.hands != worse.hands
        or better.draw != worse.draw
        or better.to_move != worse.to_move
        or better.laid != worse.laid
        or better.variant != worse.variant
    ):
        return False
    avail = not_laid_mask(worse)
    mine = [accept_mask(p, better.piles[p], avail) for p in range(4)]
    theirs = [accept_mask(p, worse.piles[p], avail) for p in range(4)]
    return any(all(theirs[order[p]] & ~mine[p] == 0 for p in range(4)) for order in PILE_ORDERS)
