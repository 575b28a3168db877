"""The Game: the pruning rules of the solver, their proofs, and plain-Python versions.

The kernel (:mod:`playable.solver.thegame.kernel`) applies these rules; this module states
each one, proves it, and gives a readable implementation over reference
:class:`~playable.solver.thegame.rules.State` objects that the tests compare with the
kernel and with the brute force (:mod:`playable.solver.thegame.bruteforce`).

Notation: ``f(S)`` is the fewest cards left (TG-8) over every way to play on from
``S``; the optimal line of a deal reaches ``min_p f(start_p)`` (TG-9). Playing on
never adds cards, so ``f(S) <= cards_left(S)``.

**P1 Pile symmetry.** The two ascending piles obey the same rule (TG-3), so the
position with their tops swapped has the same ``f`` (swap the pile numbers in every
line); likewise the two descending piles. The kernel's hash adds the keys of a pair
(open/closed flag included, see P2), so both orders share one table entry. While
both piles of a pair still show their start card, a turn that uses only the second
of them is the mirror of one that uses only the first, so the second is only played
on once the first has been used this turn.

**P2 Within-turn commutation.** Whether a play is legal depends only on the top of
its own pile (TG-3) and, through the TG-7 decision, on whether the turn can still
reach its minimum. Reordering the plays of one turn so that the cards of each pile
keep their order leaves every pile showing the same sequence of tops, so every play
stays legal, the turn lays the same number of cards (it reaches its minimum, hence
every prefix can be completed), and the turn ends in the same position. So every
turn has a *canonical* order with piles in non-decreasing index order
(:func:`canonical_turn`), and the search only generates those: after a play on
pile ``q`` the piles below ``q`` are closed until the turn ends.

**P3 Solo: short turns while the draw pile lasts.** With one player and minimum
``m`` (2, expert 3; TG-5), a turn started with cards in the draw pile that lays
``k >= 2m`` cards can be split into a turn of its first ``m`` cards and a turn of
the other ``k - m >= m`` cards (:func:`split_turn`). Proof: the plays keep their
order, so each is legal; the first part lays ``m`` = its minimum; the second lays
``k - m >= m`` >= its minimum (the minimum only falls when the draw pile empties);
the cards drawn in between come from the front of the draw pile, and the cards of
the second part were in the hand all along; in total ``min(k, draw)`` cards are
drawn either way, so both lines end in the same position. Repeating, every solo line
has an equivalent one whose turns started with a non-empty draw pile lay at most
``2m - 1`` cards (3 standard, 5 expert). The claim is false with two or more
players (the split gives the next player a turn in between), so it is solo only.

**P4 Solo endgame: no turn boundaries.** With one player and an empty draw pile the
minimum is 1 and ending a turn draws nothing, so a sequence of turns is the same as
one turn laying the same cards in the same order: the kernel never ends such a turn.
With P2 the endgame is one canonical turn; a leaf of it (no play on an open pile)
may not be a final position, but its cards left is at least ``f`` of the position it
represents and the final position of the best continuation is itself such a leaf,
so the minimum over leaves is exact. The reported line is finished by the reference
rules, never by the leaf's value.

**P5 Dead cards.** See :func:`dead_cards`: a card not yet laid that no pile can
ever take again is left at the end of every continuation, so ``f(S) >= |dead(S)|``
and a search for at most ``k`` cards left prunes every position with more than
``k`` dead cards.

**P6 Equivalent tops.** See :func:`top_class`: two positions that differ only in the
top of one pile, where the pile takes exactly the same cards not yet laid on either
top, have the same ``f``; the kernel's table key uses the class of every top, so such
positions share one entry. This is the exact (equivalence) part of pile-top
dominance; the one-sided part (a top that takes a superset of the cards is at least
as good) is D1 below, used through a separate table keyed without the tops.

**D1 Dominance** (the one-sided form of P6) is proven in :mod:`playable.solver.thegame.bounds`:
the kernel keeps a second table of exhaustive bounds at turn starts, keyed by the
hands, draw position and player, and lets a bound transfer to a position whose piles
take a subset of the cards.

Rules considered and *not* used, because not proven here: pile-top dominance as a
move-pruning rule (it interacts with P2's closing of piles), safe tricks (laying a
trick card early changes how many cards are drawn), and dominance between turns of
different lengths in multi-player games.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from playable.solver.thegame.rules import TRICK, Play, State


def lowest_reach(top: int, available: frozenset[int]) -> int:
    """A lower bound on every card an ascending pile showing ``top`` can ever take.

    Let ``R`` be the least set with ``top`` in ``R``; ``x`` in ``R`` for every
    available (not yet laid) ``x`` above some element of ``R``; and ``x - 10`` in
    ``R`` for every ``x`` in ``R`` with ``x - 10`` available. Every top the pile will
    ever show, hence every card it will ever take, lies in ``R``: a card laid on
    top ``T`` is either above ``T`` or exactly ``T - 10`` (TG-3), by induction on
    the plays. The loop lowers ``m`` from ``top`` while some available ``y`` in
    ``[m - 10, m)`` has ``y + 10 == m`` or ``y + 10 > m`` available; on exit, the set
    ``{top} U {available x >= m}`` is closed under the three rules (the only case
    to check is ``x - 10 < m`` for ``x`` in it, which the exit condition excludes;
    ``x = top > m`` with ``top - 10`` available cannot occur, as the first step takes
    ``y = top - 10``), so it contains ``R`` and ``m <= min R``.
    """
    m = top
    while True:
        found = next(
            (
                y
                for y in range(max(m - TRICK, 2), m)
                if y in available and (y + TRICK == m or (y + TRICK > m and y + TRICK in available))
            ),
            None,
        )
        if found is None:
            return m
        m = found


def highest_reach(top: int, available: frozenset[int], max_card: int) -> int:
    """The mirror of :func:`lowest_reach` for a descending pile: an upper bound on
    every card it can ever take."""
    m = top
    while True:
        found = next(
            (
                y
                for y in range(min(m + TRICK, max_card), m, -1)
                if y in available and (y - TRICK == m or (y - TRICK < m and y - TRICK in available))
            ),
            None,
        )
        if found is None:
            return m
        m = found


def available_cards(state: State) -> frozenset[int]:
    """The cards not yet laid: every hand and the draw pile."""
    return frozenset(c for hand in state.hands for c in hand) | frozenset(state.draw)


def dead_cards(state: State) -> frozenset[int]:
    """P5: the cards not yet laid that no pile can ever take again.

    A card below the lowest reach of both ascending piles and above the highest
    reach of both descending piles (:func:`lowest_reach`, :func:`highest_reach`) is
    never laid, so every continuation ends with at least these cards left.
    """
    available = available_cards(state)
    low = min(lowest_reach(state.piles[p], available) for p in (0, 1))
    high = max(highest_reach(state.piles[p], available, state.variant.max_card) for p in (2, 3))
    return frozenset(c for c in available if high < c < low)


def canonical_turn(plays: Iterable[Play]) -> list[Play]:
    """P2: the plays of one turn in canonical order (piles in non-decreasing index
    order, each pile's cards in their original order): a stable sort by pile."""
    return sorted(plays, key=lambda play: play.pile)


def split_turn(plays: Sequence[Play], minimum: int) -> list[list[Play]]:
    """P3: a solo turn of ``k`` cards as turns of ``minimum`` .. ``2 * minimum - 1``
    cards, in the same order (a turn shorter than ``2 * minimum`` stays whole)."""
    parts: list[list[Play]] = []
    rest = list(plays)
    while len(rest) >= 2 * minimum:
        parts.append(rest[:minimum])
        rest = rest[minimum:]
    parts.append(rest)
    return parts


def top_class(pile: int, top: int, available: frozenset[int]) -> tuple[str, int]:
    """P6: the class of a pile top; two tops of the same pile have the same class
    exactly when they take the same cards of ``available`` (TG-3).

    An ascending top ``t`` takes the available cards above ``t``, and ``t - 10`` if
    available. When the cards it takes are all the available cards from some ``u`` up
    (no trick card, ``u`` the smallest available card above ``t``; or the trick card
    with no available card between it and ``t``, ``u = t - 10``), the class is
    ``("from", u)`` (``u = 127`` when it takes none). Otherwise (a trick card, then a
    gap of available cards it does not take) the class is ``("top", t)``: the set has
    a largest element below a gap, ``t - 10``, so it determines ``t``. The
    descending pile is the mirror (``("from", d)`` with ``d`` the largest card it
    takes, 0 when it takes none).

    Proof that equal classes give equal ``f``: let ``S`` and ``S'`` differ only in that
    pile's top, with the same class, so the pile takes the same set of available cards
    in both. Every move legal in ``S`` is legal in ``S'``: plays on the other piles
    trivially; a play on this pile because the pile takes the card; ending the turn
    and the TG-7 check, because they depend only on which plays are possible. Until a
    card is laid on this pile, the available set only shrinks, so the pile still takes
    the same available cards on both sides; once one is laid, both positions coincide.
    So the two positions have the same lines and the same ``f``. The kernel's table
    only holds bounds on ``f`` proven by exhaustive searches, which lose no value
    (P1-P5), so a bound stored for one position holds for the other.
    """
    if pile < 2:
        above = min((c for c in available if c > top), default=127)
        if top - TRICK not in available:
            return ("from", above)
        between = any(top - TRICK < c <= top for c in available)
        return ("top", top) if between else ("from", top - TRICK)
    below = max((c for c in available if c < top), default=0)
    if top + TRICK not in available:
        return ("from", below)
    between = any(top <= c < top + TRICK for c in available)
    return ("top", top) if between else ("from", top + TRICK)
