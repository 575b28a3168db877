"""UNO: two-player rounds played out by the heuristic bot in one compiled call (numba),
the simulations of the analysis' tree search and of the tree search from one seat
(docs/analysis.md, docs/seatview.md).

:func:`winner` plays a two-player :class:`~playable.solver.uno.rules.State` to the end
of the round (UN-9) with :class:`~playable.solver.uno.players.HeuristicPlayer` in both
seats, exactly as :func:`~playable.solver.uno.simulate.play_round` does with the
table's record of missing colours (:class:`~playable.solver.uno.players.VoidTracker`,
fresh at the start). The bot is deterministic and, without forgotten UNO calls, so
is the round, so the compiled round must be the same round move for move;
``tests/uno/test_rollout_kernel.py`` checks the winner and the move count against
the reference rules.

The position is the row of the compiled endgame rules
(:mod:`~playable.solver.uno.endgame_rules_kernel`: both hands as card counts, the draw
pile fixed, its moves and their effects as the reference rules have them). Those
rules do not follow a reshuffle (UN-9): a round that needs one is not finished here
(:data:`FAILED`), and the caller plays it through the reference rules instead.

The bot's choice (:meth:`HeuristicPlayer.choose`), restated over card counts:

* naming a colour (UN-7): the majority colour of the hand (cards, then points, then
  the lowest colour);
* a Wild Draw Four to answer (UN-6): never a challenge (the bot's default), a Wild
  Draw Four of its own stacked (the stacking option, colour red, never a bluff), else
  accept;
* the card just drawn (UN-4) or a Draw Two to stack: the single play of highest value,
  else pass or accept;
* a turn: every chain of plays its hand allows (:func:`~playable.solver.uno.players.turn_plans`:
  Skip, Reverse, Draw Two and Wild Draw Four keep the turn with two players, UN-5;
  wilds name a colour the rest of the hand holds, red if none; no bluff; at most
  :data:`PLAN_LIMIT` chains, depth first in the same order), the first chain of
  highest value (:meth:`HeuristicPlayer.value`), and its first card; none: draw.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from playable.solver.core.arrays import I64
from playable.solver.uno.cards import DRAW_TWO, REVERSE, SKIP, WILD, WILD_DRAW_FOUR
from playable.solver.uno.endgame_rules_kernel import (
    COL,
    MOV,
    N0,
    P_LEN,
    P_REVERSE_SKIPS,
    P_STACKING,
    P_TOTAL,
    PH,
    RESHUFFLED,
    TOP,
    WIDTH,
    X,
    child,
    count_of,
)
from playable.solver.uno.endgame_state import (
    CHALLENGE_PHASE,
    COLOUR,
    DRAWN,
    M_ACCEPT,
    M_CHALLENGE,
    M_DRAW,
    M_NAME,
    M_PASS,
    M_WILD,
    PLAY,
    STACK,
    Rules,
)
from playable.solver.uno.rules import State

#: :func:`winner`'s answer for a round the kernel does not finish: it needs a reshuffle
FAILED = -2
#: :func:`winner`'s answer for a round not over after ``max_moves`` moves
ABANDONED = -1
#: turn_plans' default limit on the chains a turn's plan enumerates
PLAN_LIMIT = 400
#: HeuristicPlayer's default: it challenges a Wild Draw Four only from this many cards
CHALLENGE_FROM = 99
#: the value of a chain that empties the hand (HeuristicPlayer.value)
EMPTIES = 1_000_000
#: cards a hand can hold (108, UN-1): the deepest chain, and the kinds (54)
MOST_CARDS = 108
KINDS = 54
#: the plays a chain can start with at one point: 52 coloured kinds, two wilds x 4
MOST_OPTIONS = 60
NO_VALUE = -(2**62)


@njit(cache=True, inline="always")
def _points(card: int) -> int:
    """UN-10: numbers face value, Draw Two / Reverse / Skip 20, wilds 50."""
    if card >= WILD:
        return 50
    symbol = card % 13
    return symbol if symbol < 10 else 20


@njit(cache=True, inline="always")
def _holds(counts: I64, colour: int) -> bool:
    for c in range(13 * colour, 13 * colour + 13):  # noqa: SIM110 (numba)
        if counts[c] > 0:
            return True
    return False


@njit(cache=True, inline="always")
def _held(counts: I64, colour: int) -> int:
    n = 0
    for c in range(13 * colour, 13 * colour + 13):
        n += counts[c]
    return n


@njit(cache=True, inline="always")
def _matches(card: int, top: int, colour: int) -> bool:
    """UN-3 (cards.matches)."""
    if card >= WILD:
        return True
    if card // 13 == colour:
        return True
    return top < WILD and card % 13 == top % 13


@njit(cache=True)
def _majority(counts: I64) -> int:
    """players.majority_colour: most cards, then most points, then the lowest colour."""
    best = 0
    best_score = -1
    for k in range(4):
        score = 0
        for c in range(13 * k, 13 * k + 13):
            score += counts[c] * (1000 + _points(c))
        if score > best_score:
            best = k
            best_score = score
    return best


@njit(cache=True, inline="always")
def _step_value(card: int, danger: bool) -> int:
    """One play's share of a chain's value (HeuristicPlayer.value): 30 a card, its
    points, -100 a wild (not a Wild Draw Four aimed at a player close to going out),
    +25 a Draw Two or Wild Draw Four so aimed."""
    value = 30 + _points(card)
    if card >= WILD and not (danger and card == WILD_DRAW_FOUR):
        value -= 100
    if danger and (card == WILD_DRAW_FOUR or (card < WILD and card % 13 == DRAW_TWO)):
        value += 25
    return value


@njit(cache=True, inline="always")
def _chain_value(counts: I64, left: int, steps: int, card: int, named: int, void: int) -> int:
    """HeuristicPlayer.value of a chain whose plays' shares sum to ``steps``, ending in
    ``card`` with colour ``named`` in force, ``counts`` (``left`` cards) kept."""
    if left == 0:
        return EMPTIES
    colour = named if card >= WILD else card // 13
    held = _held(counts, colour)
    value = steps + 2 * held
    if held > 0 and (void >> colour) & 1:
        value += 20
    return value


@njit(cache=True)
def _options(counts: I64, top: int, colour: int, cards: I64, colours: I64, depth: int) -> int:
    """turn_plans' options: the plays of the hand on ``top`` with ``colour`` in force,
    kinds ascending, a wild once for each colour the rest of the hand holds (red if
    none), a Wild Draw Four only without the colour in force (no bluff)."""
    n = 0
    for card in range(KINDS):
        if counts[card] == 0 or not _matches(card, top, colour):
            continue
        if card < WILD:
            cards[depth, n] = card
            colours[depth, n] = -1
            n += 1
            continue
        counts[card] -= 1
        if not (card == WILD_DRAW_FOUR and _holds(counts, colour)):
            named = 0
            for k in range(4):
                if _holds(counts, k):
                    cards[depth, n] = card
                    colours[depth, n] = k
                    n += 1
                    named += 1
            if named == 0:
                cards[depth, n] = card
                colours[depth, n] = 0
                n += 1
        counts[card] += 1
    return n


@njit(cache=True)
def _best_chain_start(
    counts: I64, size: int, top: int, colour: int, danger: bool, void: int, reverse_skips: bool
) -> tuple[int, int]:
    """The first play (card, colour named or -1) of the best chain of the turn
    (turn_plans depth first, the first of highest value); (-1, -1) if none."""
    cards = np.empty((MOST_CARDS + 1, MOST_OPTIONS), dtype=np.int64)
    colours = np.empty((MOST_CARDS + 1, MOST_OPTIONS), dtype=np.int64)
    count = np.zeros(MOST_CARDS + 1, dtype=np.int64)
    index = np.zeros(MOST_CARDS + 1, dtype=np.int64)
    chain = np.zeros(MOST_CARDS + 1, dtype=np.int64)
    steps = np.zeros(MOST_CARDS + 1, dtype=np.int64)
    plans = 0
    best = NO_VALUE
    first_card = -1
    first_colour = -1
    left = size
    depth = 0
    count[0] = _options(counts, top, colour, cards, colours, 0)
    while depth >= 0:
        if index[depth] < count[depth]:
            k = index[depth]
            index[depth] += 1
            card = cards[depth, k]
            named = colours[depth, k]
            counts[card] -= 1
            left -= 1
            chain[depth] = k
            steps[depth] = (steps[depth - 1] if depth > 0 else 0) + _step_value(card, danger)
            plans += 1
            value = _chain_value(counts, left, steps[depth], card, named, void)
            if value > best:
                best = value
                first_card = cards[0, chain[0]]
                first_colour = colours[0, chain[0]]
            symbol = card % 13 if card < WILD else -1
            again = (
                symbol in (SKIP, DRAW_TWO)
                or (symbol == REVERSE and reverse_skips)
                or card == WILD_DRAW_FOUR
            )
            if again and left > 0:
                depth += 1
                index[depth] = 0
                count[depth] = 0
                if plans < PLAN_LIMIT:  # the limit is checked as a chain is extended
                    in_force = named if card >= WILD else card // 13
                    count[depth] = _options(counts, card, in_force, cards, colours, depth)
            else:
                counts[card] += 1
                left += 1
        else:
            depth -= 1
            if depth >= 0:
                counts[cards[depth, chain[depth]]] += 1
                left += 1
    return first_card, first_colour


@njit(cache=True, inline="always")
def _code(card: int, named: int) -> int:
    """The move code of a play (endgame_state): the kind, or a wild's code by colour."""
    return card if card < WILD else M_WILD + 4 * (card - WILD) + named


@njit(cache=True)
def _single_best(counts: I64, size: int, card: int, danger: bool, void: int) -> int:
    """The code of the best single play of ``card`` (a wild: colours in order)."""
    best = NO_VALUE
    code = -1
    for named in range(4 if card >= WILD else 1):
        counts[card] -= 1
        value = _chain_value(counts, size - 1, _step_value(card, danger), card, named, void)
        counts[card] += 1
        if value > best:
            best = value
            code = _code(card, named)
    return code


@njit(cache=True)
def choose(row: I64, counts: I64, void: int, reverse_skips: bool, stacking: bool) -> int:
    """The heuristic bot's move code for the player to move in ``row`` (whose hand is
    ``counts``; ``void``: the colours the other player is known to lack, a bit each)."""
    p = row[MOV]
    q = 1 - p
    size = row[N0 + p]
    danger = row[N0 + q] <= 2
    phase = row[PH]
    colour = row[COL]
    if phase == COLOUR:
        return M_NAME + _majority(counts)
    honest_w4 = counts[WILD_DRAW_FOUR] > 0 and not _holds(counts, colour)
    if phase == CHALLENGE_PHASE:
        if row[N0 + q] >= CHALLENGE_FROM:
            return M_CHALLENGE
        if stacking and honest_w4:
            return _code(WILD_DRAW_FOUR, 0)
        return M_ACCEPT
    if phase == DRAWN:
        drawn = row[X]
        if drawn == WILD_DRAW_FOUR and not honest_w4:
            return M_PASS
        return _single_best(counts, size, drawn, danger, void)
    if phase == STACK:
        best = NO_VALUE
        code = M_ACCEPT
        for k in range(4):
            card = 13 * k + DRAW_TWO
            if counts[card] > 0:
                counts[card] -= 1
                value = _chain_value(counts, size - 1, _step_value(card, danger), card, -1, void)
                counts[card] += 1
                if value > best:
                    best = value
                    code = card
        return code
    card, named = _best_chain_start(counts, size, row[TOP], colour, danger, void, reverse_skips)
    return M_DRAW if card < 0 else _code(card, named)


@njit(cache=True)
def play_round(row0: I64, params: I64, pile: I64, max_moves: int) -> tuple[int, int]:
    """The heuristic bots' round from ``row0``: (winner 0 or 1, or :data:`FAILED` or
    :data:`ABANDONED`; the moves made). The record of missing colours follows
    VoidTracker: a player who draws on colour c and passes lacks c; any card they
    receive otherwise, or keeping a drawn card, forgets it."""
    row = row0.copy()
    after = np.empty(WIDTH, dtype=np.int64)
    counts = np.zeros(KINDS, dtype=np.int64)
    voids = np.zeros(2, dtype=np.int64)
    reverse_skips = params[P_REVERSE_SKIPS] != 0
    stacking = params[P_STACKING] != 0
    for moves in range(max_moves):
        p = row[MOV]
        q = 1 - p
        for c in range(KINDS):
            counts[c] = count_of(row, p, c)
        code = choose(row, counts, voids[q], reverse_skips, stacking)
        result = child(row, code, params, pile, after)
        if result == RESHUFFLED:
            return FAILED, moves
        if result >= 0:
            return result, moves + 1
        if after[N0 + q] > row[N0 + q]:
            voids[q] = 0
        if code >= M_DRAW:  # not a play
            if row[PH] == PLAY and code == M_DRAW:
                if after[PH] == PLAY and after[MOV] != p:
                    voids[p] = 1 << row[COL]
                else:
                    voids[p] = 0
            elif (row[PH] == DRAWN and code == M_PASS) or after[N0 + p] > row[N0 + p]:
                voids[p] = 0
        for i in range(WIDTH):
            row[i] = after[i]
    return ABANDONED, max_moves


def encode(state: State) -> tuple[I64, I64, I64]:
    """The kernel's row, parameters and draw pile of a two-player ``state``."""
    from playable.solver.uno.endgame_kernel import PARAMS
    from playable.solver.uno.endgame_kernel_search import row_of

    rules = Rules(state.seed, False, state.options.reverse_skips, state.options.stacking)
    node = rules.encode(state)
    pile = np.array(rules.piles[node[10]], dtype=np.int64)
    params = np.zeros(PARAMS, dtype=np.int64)
    params[P_LEN] = len(pile)
    params[P_TOTAL] = rules.total
    params[P_REVERSE_SKIPS] = int(rules.reverse_skips)
    params[P_STACKING] = int(rules.stacking)
    return row_of(node), params, pile


def winner(state: State, max_moves: int = 2000) -> tuple[int, int]:
    """The heuristic bots' round from ``state`` (two players, not over): the winner (0
    or 1; :data:`FAILED` where a reshuffle is needed or the round has more players,
    :data:`ABANDONED` after ``max_moves`` moves) and the moves made."""
    if state.players != 2:
        return FAILED, 0
    row, params, pile = encode(state)
    won, moves = play_round(row, params, pile, max_moves)
    return int(won), int(moves)


def warm_up() -> None:
    """Load (or compile) the kernel once, before any budget starts."""
    from playable.solver.uno.rules import Options, random_deal

    winner(random_deal(Options(), 2, 0, 0).start())
