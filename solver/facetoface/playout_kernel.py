"""Face to Face: whole games played out by the greedy rule in one compiled call
(numba), the simulations of the analysis' tree search (docs/analysis.md).

:func:`play_out` plays a :class:`~playable.solver.facetoface.rules.State` to its end
(FF-6) with the same rule for both seats and returns the winner and the number of
turns, exactly as :func:`~playable.solver.facetoface.players.play_game` does with
two :class:`~playable.solver.facetoface.players.GreedyPlayer` (or two
:class:`~playable.solver.facetoface.players.CarefulPlayer`: the rule's two
parameters, ``extra_gap`` and ``opp_penalty``, are arguments). The reference bots
are deterministic, so the compiled play-out must reproduce their games turn for
turn; ``tests/facetoface/test_playout_kernel.py`` checks the winner and the turn
count against them through the reference rules.

The encoding is made once per call and is this module's own: the four pile tops
(player 0's up and down, player 1's up and down), each hand as a bitset of its cards
(cards 2..59 fit in 64 bits, and the set iterates in ascending order, the order of
the sorted hands of the rules), and each draw pile as an array with a read position.

What the rules say, as the kernel does it:

* **Laying** (FF-2, FF-3): own piles by TG-3 (the backwards trick exactly 10), an
  opponent's pile only if no card went there this turn and the card improves it.
* **A legal play** keeps the turn completable (FF-4) or wins (FF-6): after it,
  either every card is laid, or the turn may end (2 cards laid, 1 on an own pile),
  or at most two more plays reach one of those (any two plays complete a turn,
  since two opponent cards are never allowed), so :func:`_completes` looks at most
  two plays ahead.
* **The end** (FF-6): a player whose hand and draw pile are empty has won; the
  player to move loses at the start of a turn that cannot be completed.
* **The refill** (FF-5): 2 cards after a turn on own piles only, else back up to 6,
  never more than the own draw pile holds.
* **The bot's turn**: first a winning turn (every card laid this turn) when the own
  draw pile is empty and one exists (:func:`_can_win`, a depth-first search; only
  its existence matters, since it ends the game); else card after card the
  cheapest legal play by (cost, card, pile name), stopping once the turn may end
  and the cheapest costs more than ``extra_gap``
  (:func:`~playable.solver.facetoface.players.play_cost`).
"""

from __future__ import annotations

import functools

import numpy as np
from numba import njit

from playable.solver.core.arrays import I64
from playable.solver.facetoface.rules import DRAW_OWN_ONLY, HAND_SIZE, MINIMUM, State, Variant

#: the backwards trick (TG-3) and its greedy cost (players.TRICK_COST)
TRICK = 10
TRICK_COST = -10
#: piles from the mover's side: own up, own down, opponent's up, opponent's down.
#: The reference bots break ties by the pile's name ("opp-down" < "opp-up" <
#: "own-down" < "own-up"), which is ``3 - pile``.
OWN_UP, OWN_DOWN, OPP_UP, OPP_DOWN = 0, 1, 2, 3
#: :func:`play_out`'s winner when the kernel met a position the rules never reach
#: (a turn it could neither go on with nor end) or a game over ``max_turns``
FAILED = -1
#: the greedy rule's parameters (players.GreedyPlayer, players.CarefulPlayer)
GREEDY = (2, 4)
CAREFUL = (0, 0)
#: games longer than this are abandoned (each turn lays 2 of at most 116 cards)
MAX_TURNS = 200
#: the highest card a hand bitset holds
MAX_CARD = 62
_NO_COST = 1 << 40


@njit(cache=True, inline="always")
def _fits(pile: int, u: int, d: int, ou: int, od: int, card: int) -> bool:
    """FF-2 (TG-3) on own piles, FF-3 on the opponent's: may ``card`` go on ``pile``?"""
    if pile == OWN_UP:
        return card > u or card == u - TRICK
    if pile == OWN_DOWN:
        return card < d or card == d + TRICK
    if pile == OPP_UP:
        return card < ou
    return card > od


@njit(cache=True, inline="always")
def _cost(pile: int, u: int, d: int, ou: int, od: int, card: int, penalty: int) -> int:
    """The greedy cost of a play (players.play_cost)."""
    if pile == OWN_UP:
        return TRICK_COST if card == u - TRICK else card - u
    if pile == OWN_DOWN:
        return TRICK_COST if card == d + TRICK else d - card
    if pile == OPP_UP:
        return ou - card + penalty
    return card - od + penalty


@njit(cache=True, inline="always")
def _done(hand: int, draw_empty: bool, lo: int, lp: int) -> bool:
    """The turn may end (FF-4) or the mover has laid every card (FF-6)."""
    return (hand == 0 and draw_empty) or (lo + lp >= MINIMUM and lo >= 1)


@njit(cache=True, inline="always")
def _after(pile: int, u: int, d: int, ou: int, od: int, card: int) -> tuple[int, int, int, int]:
    """The four tops after ``card`` goes on ``pile``."""
    if pile == OWN_UP:
        return card, d, ou, od
    if pile == OWN_DOWN:
        return u, card, ou, od
    if pile == OPP_UP:
        return u, d, card, od
    return u, d, ou, card


@njit(cache=True, inline="always")
def _laid(pile: int, lo: int, lp: int) -> tuple[int, int]:
    """The cards laid this turn on own piles and on the opponent's after one more on
    ``pile``."""
    return (lo + 1, lp) if pile < OPP_UP else (lo, lp + 1)


@njit(cache=True)
def _completes(
    hand: int, draw_empty: bool, u: int, d: int, ou: int, od: int, lo: int, lp: int
) -> bool:
    """Can the turn still be completed or won (rules.can_complete)? At most two more
    plays are ever needed (module docstring)."""
    if _done(hand, draw_empty, lo, lp):
        return True
    for card in range(2, MAX_CARD + 1):
        if not (hand >> card) & 1:
            continue
        rest = hand & ~(1 << card)
        for pile in range(4 if lp == 0 else 2):
            if not _fits(pile, u, d, ou, od, card):
                continue
            u2, d2, ou2, od2 = _after(pile, u, d, ou, od, card)
            lo2, lp2 = _laid(pile, lo, lp)
            if _done(rest, draw_empty, lo2, lp2):
                return True
            for card2 in range(2, MAX_CARD + 1):
                if not (rest >> card2) & 1:
                    continue
                for pile2 in range(4 if lp2 == 0 else 2):
                    if not _fits(pile2, u2, d2, ou2, od2, card2):
                        continue
                    lo3, lp3 = _laid(pile2, lo2, lp2)
                    if _done(rest & ~(1 << card2), draw_empty, lo3, lp3):
                        return True
    return False


@njit(cache=True)
def _can_win(hand: int, u: int, d: int, ou: int, od: int, lp: int, stack: I64) -> bool:
    """Can the mover lay every card of ``hand`` this turn (own draw pile empty; FF-6,
    players.winning_turn)? A depth-first search over the plays; ``stack`` holds one
    row per card laid: hand, four tops, opponent cards laid, the next play to try."""
    if hand == 0:
        return True
    level = 0
    stack[0, 0], stack[0, 1], stack[0, 2], stack[0, 3], stack[0, 4] = hand, u, d, ou, od
    stack[0, 5], stack[0, 6] = lp, 2 * 4
    while level >= 0:
        h, u, d, ou, od, lp = (
            stack[level, 0],
            stack[level, 1],
            stack[level, 2],
            stack[level, 3],
            stack[level, 4],
            stack[level, 5],
        )
        step = stack[level, 6]
        found = False
        card = pile = 0
        while step < (MAX_CARD + 1) * 4:
            card, pile = step >> 2, step & 3
            step += 1
            if (h >> card) & 1 and (pile < OPP_UP or lp == 0) and _fits(pile, u, d, ou, od, card):
                found = True
                break
        stack[level, 6] = step
        if not found:
            level -= 1
            continue
        rest = h & ~(1 << card)
        if rest == 0:
            return True
        u2, d2, ou2, od2 = _after(pile, u, d, ou, od, card)
        level += 1
        stack[level, 0], stack[level, 1], stack[level, 2] = rest, u2, d2
        stack[level, 3], stack[level, 4] = ou2, od2
        stack[level, 5], stack[level, 6] = _laid(pile, 0, lp)[1], 2 * 4
    return False


@njit(cache=True)
def play_out(
    tops: I64,
    hands: I64,
    draws: I64,
    sizes: I64,
    to_move: int,
    laid_own: int,
    laid_opp: int,
    extra_gap: int,
    opp_penalty: int,
    max_turns: int,
    jitter: int,
    seed: int,
) -> tuple[int, int]:
    """The winner (0 or 1) and the number of turns of the game from the encoded
    position (:func:`encode`) with the greedy rule of ``extra_gap`` and
    ``opp_penalty`` at both seats; the turn in progress counts as one. A finished
    game has 0 turns. :data:`FAILED` as the winner when the kernel met a position the
    rules never reach or the game went past ``max_turns``. ``tops`` and ``hands``
    are changed. With ``jitter`` above 0 every play's cost is raised by a random
    whole number from 0 to ``jitter`` (numba's generator, seeded by ``seed``), so the
    play-outs vary around the bot's games; 0 plays them exactly."""
    if jitter > 0:
        np.random.seed(seed)
    pos = np.zeros(2, np.int64)
    stack = np.zeros((MAX_CARD + 2, 7), np.int64)
    me, lo, lp = to_move, laid_own, laid_opp
    turns = 0
    while True:
        other = 1 - me
        # FF-6 at the start of a turn (or of the play-out): who has won, who is stuck
        for p in (me, other):
            if hands[p] == 0 and pos[p] == sizes[p]:
                return p, turns
        hand = hands[me]
        draw_empty = pos[me] == sizes[me]
        u, d = tops[2 * me], tops[2 * me + 1]
        ou, od = tops[2 * other], tops[2 * other + 1]
        if lo + lp == 0 and not _completes(hand, draw_empty, u, d, ou, od, 0, 0):
            return other, turns
        if turns >= max_turns:
            return FAILED, turns
        turns += 1
        if draw_empty and _can_win(hand, u, d, ou, od, lp, stack):
            return me, turns
        while not (hand == 0 and draw_empty):
            best_cost, best_card, best_pile = _NO_COST, 0, 0
            for card in range(2, MAX_CARD + 1):
                if not (hand >> card) & 1:
                    continue
                for pile in range(4 if lp == 0 else 2):
                    if not _fits(pile, u, d, ou, od, card):
                        continue
                    cost = _cost(pile, u, d, ou, od, card, opp_penalty)
                    if jitter > 0:
                        cost += np.random.randint(0, jitter + 1)
                    # the key (cost, card, pile name); the name's order is 3 - pile
                    if cost > best_cost or (
                        cost == best_cost
                        and (card > best_card or (card == best_card and pile < best_pile))
                    ):
                        continue
                    u2, d2, ou2, od2 = _after(pile, u, d, ou, od, card)
                    lo2, lp2 = _laid(pile, lo, lp)
                    if _completes(hand & ~(1 << card), draw_empty, u2, d2, ou2, od2, lo2, lp2):
                        best_cost, best_card, best_pile = cost, card, pile
            if best_card == 0:
                break
            if lo + lp >= MINIMUM and lo >= 1 and best_cost > extra_gap:
                break
            hand &= ~(1 << best_card)
            u, d, ou, od = _after(best_pile, u, d, ou, od, best_card)
            lo, lp = _laid(best_pile, lo, lp)
        hands[me] = hand
        tops[2 * me], tops[2 * me + 1], tops[2 * other], tops[2 * other + 1] = u, d, ou, od
        if hand == 0 and draw_empty:
            return me, turns
        if not (lo + lp >= MINIMUM and lo >= 1):
            return FAILED, turns
        # FF-5: the refill
        held = 0
        for card in range(2, MAX_CARD + 1):
            held += (hand >> card) & 1
        wanted = HAND_SIZE - held if lp else DRAW_OWN_ONLY
        count = max(0, min(wanted, sizes[me] - pos[me]))
        for i in range(count):
            hand |= 1 << draws[me, pos[me] + i]
        pos[me] += count
        hands[me] = hand
        me, lo, lp = other, 0, 0


def encode(state: State) -> tuple[I64, I64, I64, I64]:
    """The arrays of :func:`play_out` for ``state``: the four tops, the two hands as
    bitsets, the two draw piles (next card first, padded) and their sizes."""
    tops = np.array([*state.piles[0], *state.piles[1]], dtype=np.int64)
    hands = np.zeros(2, dtype=np.int64)
    for p in (0, 1):
        for card in state.hands[p]:
            hands[p] |= 1 << card
    longest = max(1, len(state.draws[0]), len(state.draws[1]))
    draws = np.zeros((2, longest), dtype=np.int64)
    for p in (0, 1):
        draws[p, : len(state.draws[p])] = state.draws[p]
    sizes = np.array([len(state.draws[0]), len(state.draws[1])], dtype=np.int64)
    return tops, hands, draws, sizes


def winner_and_turns(
    state: State, rule: tuple[int, int] = GREEDY, jitter: int = 0, seed: int = 0
) -> tuple[int, int]:
    """The winner and turn count of the game from ``state`` played out by the greedy
    ``rule`` (``(extra_gap, opp_penalty)``: :data:`GREEDY` or :data:`CAREFUL`) at both
    seats, as ``players.play_game`` gives them; :data:`FAILED` as the winner where the
    kernel cannot tell (see :func:`play_out`). ``jitter`` and ``seed``: random costs,
    see :func:`play_out`."""
    tops, hands, draws, sizes = encode(state)
    won, turns = play_out(
        tops,
        hands,
        draws,
        sizes,
        state.to_move,
        state.laid_own,
        state.laid_opp,
        rule[0],
        rule[1],
        MAX_TURNS,
        jitter,
        seed,
    )
    return int(won), int(turns)


@functools.cache
def warm_up() -> None:
    """Load (or compile) the kernel once on a tiny position, before any budget."""
    tiny = State(Variant(7), ((1, 8), (1, 8)), ((2, 3), (4, 5)), ((6,), (7,)))
    winner_and_turns(tiny)
    winner_and_turns(tiny, CAREFUL, 1, 1)
