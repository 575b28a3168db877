"""The Game: numba rollouts that score the sampling player's candidate turns.

A *sample* fixes every card the player to move cannot see: the other hands and the
order of the draw pile. Within a sample everything is known, and each candidate turn
is scored by playing the game to its end with a fast greedy policy for every player
(:func:`greedy_turn`, the numba twin of ``players.GreedyPlayer``): the cards left
(TG-8) at the end of that playout.

The greedy policy only looks at its own hand and the piles, so a playout estimates
what a team of real greedy players would reach after the candidate turn; it does not
profit from the sample's hidden cards (no "strategy fusion").

Compact encoding: ``piles`` is an int64 array of the four tops (TG-12: 0, 1 ascend,
2, 3 descend); ``hands`` an int64 array ``[players, MAX_HAND]`` with ``counts[p]``
valid cards at the front of row ``p`` (unordered); the draw pile is an int64 array
read from position ``dpos``.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt
from numba import njit

from playable.solver.core.arrays import I64

#: TG-2: the largest hand (one player, standard hand)
MAX_HAND = 8
#: TG-3: the backwards trick distance
TRICK = 10
_NO_COST = 1 << 30
#: rollout policies: :func:`greedy_turn` or :func:`planner_turn` for every player
GREEDY = 0
PLANNER = 1


class Policy(NamedTuple):
    """How every player plays a rollout."""

    #: the minimum while the draw pile has cards (TG-5; 1 once it is empty)
    minimum_full: int
    #: the limit for laying beyond the minimum (:func:`greedy_turn`)
    extra_gap: int
    #: :data:`GREEDY` or :data:`PLANNER`
    policy: int


class Candidates(NamedTuple):
    """The candidate turns of the player to move, one row each."""

    #: (n, 4): the piles after the turn
    piles: I64
    #: (n, MAX_HAND): the hand after it, ``counts[c]`` cards at the front
    hands: I64
    counts: I64
    #: (n,): the cards laid this turn (as many are drawn, TG-4)
    laid: I64


@njit(cache=True)
def fits(pile: int, top: int, card: int) -> bool:
    """TG-3: ascending piles take a higher card or exactly 10 lower; descending piles a
    lower card or exactly 10 higher."""
    if pile < 2:
        return card > top or card == top - TRICK
    return card < top or card == top + TRICK


@njit(cache=True)
def cost(pile: int, top: int, card: int) -> int:
    """-10 for the backwards trick, else the gap the card leaves (``players.cost_on``)."""
    if pile < 2:
        return -TRICK if card == top - TRICK else card - top
    return -TRICK if card == top + TRICK else top - card


@njit(cache=True)
def _any_fits(piles: I64, hand: I64, n: int, s1: int, s2: int) -> bool:
    """Does some card of ``hand[:n]`` other than indices ``s1``, ``s2`` fit some pile?"""
    for i in range(n):
        if i == s1 or i == s2:  # noqa: SIM109 (numba-friendly)
            continue
        for p in range(4):
            if fits(p, piles[p], hand[i]):
                return True
    return False


@njit(cache=True)
def can_lay(piles: I64, hand: I64, n: int, skip: int, need: int) -> bool:
    """Can ``need`` (0-2) more cards of ``hand[:n]`` without index ``skip`` be laid one
    after another (TG-7 decision: a started turn must reach its minimum)?"""
    if need <= 0:
        return True
    if need == 1:
        return _any_fits(piles, hand, n, skip, skip)
    for i in range(n):
        if i == skip:
            continue
        c = hand[i]
        for p in range(4):
            if fits(p, piles[p], c):
                old = piles[p]
                piles[p] = c
                ok = _any_fits(piles, hand, n, skip, i)
                piles[p] = old
                if ok:
                    return True
    return False


@njit(cache=True)
def greedy_turn(piles: I64, hand: I64, n: int, minimum: int, extra_gap: int) -> int:
    """Play one greedy turn in place; return the number of cards laid (0: the turn
    cannot reach ``minimum``, which ends the game by TG-7).

    Each play is the cheapest (trick first, then smallest gap; ties to the lower card,
    then the lower pile) among the plays after which the minimum stays reachable; once
    the minimum is laid the turn goes on only while the cheapest play costs at most
    ``extra_gap``. Laid cards leave ``hand[:n]`` by swapping in the last card.
    """
    laid = 0
    rejected = np.empty(MAX_HAND * 4, dtype=np.bool_)
    while n > 0:
        bi, bp = greedy_play(piles, hand, n, minimum - laid, extra_gap, rejected)
        if bi < 0:
            break
        piles[bp] = hand[bi]
        hand[bi] = hand[n - 1]
        n -= 1
        laid += 1
    if laid < minimum:
        return 0
    return laid


@njit(cache=True)
def greedy_play(
    piles: I64, hand: I64, n: int, still: int, extra_gap: int, rejected: npt.NDArray[np.bool_]
) -> tuple[int, int]:
    """The greedy player's next play (:func:`greedy_turn`) from ``hand[:n]`` when
    ``still`` more cards must be laid this turn to reach the minimum (0 or less: the
    minimum is laid): (hand index, pile), or (-1, -1) when the turn ends here (nothing
    fits, or past the minimum the cheapest play costs more than ``extra_gap``).
    ``rejected`` is scratch space of ``MAX_HAND * 4`` flags."""
    need_after = still - 1
    rejected[:] = False
    bi = -1
    bp = -1
    best = _NO_COST
    while True:
        bi = -1
        best = _NO_COST
        for i in range(n):
            c = hand[i]
            for p in range(4):
                if rejected[i * 4 + p] or not fits(p, piles[p], c):
                    continue
                k = cost(p, piles[p], c)
                if k < best or (k == best and c < hand[bi]):
                    best = k
                    bi = i
                    bp = p
        if bi < 0 or need_after <= 0:
            break
        old = piles[bp]
        piles[bp] = hand[bi]
        ok = can_lay(piles, hand, n, bi, need_after)
        piles[bp] = old
        if ok:
            break
        rejected[bi * 4 + bp] = True
    if bi < 0 or (still <= 0 and best > extra_gap):
        return -1, -1
    return bi, bp


#: the planner's charge for a hand card that fits no pile (``players.STRANDED``)
STRANDED = 200


@njit(cache=True)
def stranded(piles: I64, hand: I64, n: int, s1: int, s2: int, s3: int) -> int:
    """How many cards of ``hand[:n]`` (without indices ``s1``-``s3``) fit no pile.

    While the lowest ascending top is below the highest descending top every card
    fits one of them (it is above the one or below the other), so nothing is
    stranded and the cards need not be looked at.
    """
    if min(piles[0], piles[1]) < max(piles[2], piles[3]):
        return 0
    count = 0
    for i in range(n):
        if i == s1 or i == s2 or i == s3:  # noqa: SIM109 (numba-friendly)
            continue
        if not (
            fits(0, piles[0], hand[i])
            or fits(1, piles[1], hand[i])
            or fits(2, piles[2], hand[i])
            or fits(3, piles[3], hand[i])
        ):
            count += 1
    return count


@njit(cache=True)
def _better(score: int, best: int, hand: I64, cur: I64, b: I64, m: int) -> bool:
    """Is the turn ``cur`` (card index, pile pairs) with ``score`` better than the best
    ``b`` so far? Lower score; equal scores go to the lexicographically smaller
    (card, pile, card, pile, ...) sequence, as ``PlannerPlayer`` breaks ties."""
    if score != best:
        return score < best
    for j in range(m):
        a = int(hand[cur[2 * j]])
        z = int(hand[b[2 * j]])
        if a != z:
            return a < z
        pa = int(cur[2 * j + 1])
        pz = int(b[2 * j + 1])
        if pa != pz:
            return pa < pz
    return False


@njit(cache=True)
def _greedy_seed(piles: I64, hand: I64, n: int, m: int, b: I64) -> int:
    """The score of laying ``m`` cards greedily (cheapest play after which the rest can
    still be laid, as :func:`greedy_turn`), its plays in ``b``; :data:`_NO_COST` if
    there is none. ``piles`` is left as it was."""
    olds = np.zeros(3, dtype=np.int64)
    spent = 0
    done = 0
    for d in range(m):
        bi = -1
        bp = -1
        best = _NO_COST
        for i in range(n):
            taken = False
            for j in range(d):
                if b[2 * j] == i:
                    taken = True
            if taken:
                continue
            c = hand[i]
            for p in range(4):
                if not fits(p, piles[p], c):
                    continue
                k = cost(p, piles[p], c)
                if k >= best:
                    continue
                if d + 1 < m:  # the rest of the minimum must stay reachable (one more)
                    o = piles[p]
                    piles[p] = c
                    ok = _any_fits(piles, hand, n, i, b[0] if d > 0 else i) if m - d == 2 else True
                    piles[p] = o
                    if not ok:
                        continue
                best = k
                bi = i
                bp = p
        if bi < 0:
            break
        b[2 * d] = bi
        b[2 * d + 1] = bp
        olds[d] = piles[bp]
        piles[bp] = hand[bi]
        spent += best
        done += 1
    score = _NO_COST
    if done == m:
        s1 = b[0]
        s2 = b[2] if m > 1 else s1
        s3 = b[4] if m > 2 else s1
        score = spent + STRANDED * stranded(piles, hand, n, s1, s2, s3)
    for d in range(done - 1, -1, -1):
        piles[b[2 * d + 1]] = olds[d]
    return score


@njit(cache=True)
def _search_minimum(piles: I64, hand: I64, n: int, m: int, b: I64) -> int:
    """Branch and bound over the ways to lay exactly ``m`` (1-3) cards of ``hand[:n]``;
    the best turn's (card index, pile) pairs go to ``b`` and its score is returned
    (:data:`_NO_COST` when no way exists). A play costs at least -10, so a partial turn
    whose cost plus -10 per missing play exceeds the best found is cut. An explicit
    stack, not recursion: numba cannot cache recursive functions.

    The search starts from the greedy way (:func:`_greedy_seed`) as the best so far, so
    the bound cuts from the first play on; ties are never cut, so the result is the
    same as without the seed."""
    best = _greedy_seed(piles, hand, n, m, b)
    cur = np.full(6, -1, dtype=np.int64)
    nxt = np.zeros(3, dtype=np.int64)  # next (card index * 4 + pile) to try at each depth
    spent = np.zeros(4, dtype=np.int64)  # cost of the plays before each depth
    old = np.zeros(3, dtype=np.int64)
    depth = 0
    while depth >= 0:
        if nxt[depth] >= 4 * n:  # depth exhausted: undo the play below it
            nxt[depth] = 0
            depth -= 1
            if depth >= 0:
                piles[cur[2 * depth + 1]] = old[depth]
            continue
        code = nxt[depth]
        nxt[depth] += 1
        i = code // 4
        p = code % 4
        used = False
        for j in range(depth):
            if cur[2 * j] == i:
                used = True
        c = hand[i]
        if used or not fits(p, piles[p], c):
            continue
        k = spent[depth] + cost(p, piles[p], c)
        if k - TRICK * (m - depth - 1) > best:
            continue
        cur[2 * depth] = i
        cur[2 * depth + 1] = p
        if depth + 1 == m:
            o = piles[p]
            piles[p] = c
            s1 = cur[0]
            s2 = cur[2] if m > 1 else s1
            s3 = cur[4] if m > 2 else s1
            score = k + STRANDED * stranded(piles, hand, n, s1, s2, s3)
            piles[p] = o
            if _better(score, best, hand, cur, b, m):
                best = score
                b[: 2 * m] = cur[: 2 * m]
        else:
            old[depth] = piles[p]
            piles[p] = c
            spent[depth + 1] = k
            depth += 1
    return best


@njit(cache=True)
def planner_turn(piles: I64, hand: I64, n: int, minimum: int, extra_gap: int) -> int:
    """Play one planner turn in place (``players.PlannerPlayer``); return the cards laid
    (0: the minimum cannot be reached, TG-7).

    Of every way to lay exactly ``minimum`` (1-3) cards, the one with the fewest gaps
    plus :data:`STRANDED` per hand card left with no pile is played (ties as the
    planner breaks them); then the turn goes on greedily while the cheapest play costs
    at most ``extra_gap``.
    """
    if n < minimum:  # TG-7; never while the draw pile refills hands of 5+ cards (TG-2, TG-6)
        return 0
    m = minimum
    if m <= 0:
        return greedy_turn(piles, hand, n, 0, extra_gap)
    b = np.full(6, -1, dtype=np.int64)
    best = _search_minimum(piles, hand, n, m, b)
    if best == _NO_COST:
        return 0
    for j in range(m):
        piles[b[2 * j + 1]] = hand[b[2 * j]]
    # remove the laid cards, highest index first so the swaps do not disturb the rest
    idx = np.sort(b[0 : 2 * m : 2])
    for j in range(m - 1, -1, -1):
        hand[idx[j]] = hand[n - 1]
        n -= 1
    return m + greedy_turn(piles, hand, n, 0, extra_gap)


@njit(cache=True)
def rollout(
    piles: I64, hands: I64, counts: I64, draw: I64, dpos: int, to_move: int, how: Policy
) -> int:
    """Play to the end with ``how.policy`` (:data:`PLANNER`: :func:`planner_turn`, else
    :func:`greedy_turn`) for everyone; return the cards left (TG-8).

    Arrays are changed in place. TG-4: draw as many as laid (at most what is left);
    TG-5: the minimum drops to 1 once the draw pile is empty; TG-7: players with empty
    hands are skipped, and the game ends when the player to move cannot lay the minimum.
    """
    players = counts.size
    ndraw = draw.size
    minimum_full, extra_gap, policy = how
    while True:
        total = ndraw - dpos
        for q in range(players):
            total += counts[q]
        if total == 0:
            return 0
        if counts[to_move] == 0:
            to_move = _next_player(counts, to_move)
        minimum = minimum_full if dpos < ndraw else 1
        n = counts[to_move]
        if policy == PLANNER:
            laid = planner_turn(piles, hands[to_move], n, minimum, extra_gap)
        else:
            laid = greedy_turn(piles, hands[to_move], n, minimum, extra_gap)
        if laid == 0:
            return total
        n -= laid
        k = min(laid, ndraw - dpos)
        for j in range(k):
            hands[to_move, n + j] = draw[dpos + j]
        counts[to_move] = n + k
        dpos += k
        to_move = _next_player(counts, to_move)


@njit(cache=True)
def greedy_line(
    piles: I64,
    hands: I64,
    counts: I64,
    draw: I64,
    to_move: int,
    laid: int,
    how: Policy,
    plays: I64,
    turns: I64,
) -> tuple[int, int]:
    """The greedy player (:func:`greedy_turn`) plays every seat to the end from a
    position that may be in the middle of a turn (``laid`` cards laid so far by
    ``to_move``), writing the line: ``plays[j]`` the ``(card, pile)`` of the j-th play,
    ``turns[t]`` the ``(player, plays)`` of the t-th turn (a turn begun before the
    position may add no play). Returns the cards left (TG-8) and the turns written.

    The rules as :func:`rollout` follows them, plus a turn begun before: its player
    goes on even with an empty hand (it still draws, TG-4), and a turn is written only
    once it reaches the minimum (TG-7: a turn that cannot is not played; the greedy
    player's first play already keeps the minimum reachable, so it lays nothing then).
    """
    ndraw = draw.size
    dpos = 0
    written = 0
    n_turns = 0
    rejected = np.empty(MAX_HAND * 4, dtype=np.bool_)
    while True:
        total = ndraw - dpos
        for q in range(counts.size):
            total += counts[q]
        if total == 0:
            return 0, n_turns
        if laid == 0 and counts[to_move] == 0:
            to_move = _next_player(counts, to_move)
        minimum = how.minimum_full if dpos < ndraw else 1
        hand = hands[to_move]
        n = counts[to_move]
        first = written
        while n > 0:
            bi, bp = greedy_play(piles, hand, n, minimum - laid, how.extra_gap, rejected)
            if bi < 0:
                break
            plays[written, 0] = hand[bi]
            plays[written, 1] = bp
            written += 1
            piles[bp] = hand[bi]
            hand[bi] = hand[n - 1]
            n -= 1
            laid += 1
        if laid < minimum:
            return total, n_turns
        turns[n_turns, 0] = to_move
        turns[n_turns, 1] = written - first
        n_turns += 1
        k = min(laid, ndraw - dpos)
        for j in range(k):
            hand[n + j] = draw[dpos + j]
        counts[to_move] = n + k
        dpos += k
        laid = 0
        to_move = _next_player(counts, to_move)


@njit(cache=True)
def _next_player(counts: I64, current: int) -> int:
    """TG-7: the next player clockwise who holds cards (``current`` if nobody does)."""
    players = counts.size
    for step in range(1, players + 1):
        q = (current + step) % players
        if counts[q] > 0:
            return q
    return current


@njit(cache=True)
def evaluate(
    cands: Candidates,
    hand_counts: I64,
    to_move: int,
    samples: I64,
    ndraw: int,
    how: Policy,
    out: I64,
) -> None:
    """``out[c, s]``: cards left when candidate turn ``c`` is played in sample ``s``
    by every player with ``how``.

    Candidate ``c`` leaves the piles ``cands.piles[c]`` and the hand
    ``cands.hands[c, :cands.counts[c]]`` after laying ``cands.laid[c]`` cards this turn.
    Sample ``s`` (a row of ``samples``) deals the unseen cards: the other players'
    hands in seat order (``hand_counts[q]`` cards each), then the draw pile, top first.
    Every candidate meets the same samples (common random numbers).
    """
    players = hand_counts.size
    cand_piles, cand_hands, cand_counts, cand_laid = cands
    n_cands = cand_piles.shape[0]
    piles = np.empty(4, dtype=np.int64)
    hands = np.empty((players, MAX_HAND), dtype=np.int64)
    counts = np.empty(players, dtype=np.int64)
    for s in range(samples.shape[0]):
        row = samples[s]
        start = 0
        for q in range(players):
            if q != to_move:
                start += hand_counts[q]
        draw = row[start : start + ndraw]
        for c in range(n_cands):
            pos = 0
            for q in range(players):
                if q == to_move:
                    continue
                for j in range(hand_counts[q]):
                    hands[q, j] = row[pos + j]
                counts[q] = hand_counts[q]
                pos += hand_counts[q]
            for p in range(4):
                piles[p] = cand_piles[c, p]
            n = cand_counts[c]
            for j in range(n):
                hands[to_move, j] = cand_hands[c, j]
            k = min(cand_laid[c], ndraw)  # TG-4: end the candidate turn and draw
            for j in range(k):
                hands[to_move, n + j] = draw[j]
            counts[to_move] = n + k
            out[c, s] = rollout(piles, hands, counts, draw, k, _next_player(counts, to_move), how)
