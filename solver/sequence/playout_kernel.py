"""Sequence: whole games played out by the greedy policy in one numba call.

The tree search of the analysis (solver/core/mcts.py, docs/analysis.md) values a new
node by playing the game to its end. :func:`play_out` plays a :class:`rules.State`
out with :class:`~playable.solver.sequence.players.GreedyPlayer` at every seat and
makes exactly its choices (tests/sequence/test_playout_kernel.py replays them
against the reference rules):

* a dead card is replaced first (SQ-6; the first dead card in the hand's sorted
  order, at most once a turn, only while a card can be drawn);
* else the legal move of greatest :func:`~playable.solver.sequence.analysis.gain`,
  the first in the rules' order (``legal_moves``) on a tie: placements card by card
  in sorted card order (a two-eyed Jack on every empty space, others on their two
  spaces), each with every maximal set of sequences it completes (SQ-7, sorted),
  then removals with JH before JS (SQ-5); a pass when nothing can be played.

The gain is the evaluation of analysis.py (open lines weighted 0, 1, 4, 16, 64 for
0-4 chips, 10,000 a sequence, 10**6 a won game, minus the Jack's price), kept
incrementally: for each line, the chips of each side on it; for each side and line,
how many of the side's sequences share more than one space with it (SQ-7: such a line
can no longer become a sequence of the side). A move that claims a sequence is
valued on the whole board, as :func:`~playable.solver.sequence.analysis.gain` does.

Cards are coded by their place in the sorted list of the 52 card names
(:data:`CARDS`), so the kernel's order of cards is the rules' order. The draw pile is
played as the rules play it (SQ-4), and an empty one is refilled from the discard
piles shuffled by Python's own generator (SQ-9: ``random.Random(seed)``, then the
seed plus one), reimplemented here (Mersenne Twister, ``init_by_array`` seeding and
``shuffle``'s rejection sampling) so that the play-out stays exact past a reshuffle.

Outcomes (:class:`Playout`): a side won (SQ-8); ``DEADLOCK`` when every player in
turn passes without drawing (nobody can ever play again: the game cannot finish);
``STUCK`` when the greedy player would have to draw an unknown card (a position
listing only part of the draw pile: GreedyPlayer raises ``UnknownCard`` there);
``LIMIT`` after ``max_moves`` moves (each ``dead:``, placement, removal and pass is
one move, as in ``players.play_game``).

With ``epsilon`` > 0 a turn's play (after the dead-card exchange) is, with that
probability, a uniformly random one of the legal plays instead of the greedy one
(a seeded xorshift generator): an epsilon-greedy play-out.

With ``stronger`` every seat plays as :class:`~playable.solver.sequence.players.
StrongerPlayer` ranks its moves, without the sampled reply (``candidates=1``: its
first-ranked move): a dead card replaced first, then the first placement in the rules'
order that wins, else the greatest greedy gain plus the bot's terms (a block bonus on
the empty space of another side's four-chip line, or for a removal on such a line,
else a removal's price; a wild Jack's price unless it blocks or claims; a bonus for
each own line through the chip that the rest of the hand can finish).
tests/sequence/test_playout_kernel.py replays these choices too.
"""

from __future__ import annotations

from typing import Final, NamedTuple

import numpy as np
from numba import njit

from playable.solver.core.arrays import I64, U64
from playable.solver.sequence.analysis import JACK_PRICE, SEQUENCE_VALUE, WEIGHT, WIN_VALUE
from playable.solver.sequence.board import CELLS, CELLS_OF, CORNERS, GRID, LINES, LINES_THROUGH
from playable.solver.sequence.players import StrongerPlayer
from playable.solver.sequence.rules import CORNER, DECK, EMPTY, ONE_EYED, TWO_EYED, State

#: Card codes: the place of a card's name in this sorted list (the rules' order).
CARDS: Final = tuple(sorted(set(DECK)))
CODE: Final = {card: i for i, card in enumerate(CARDS)}
NORMAL, WILD, REMOVER = 0, 1, 2
WON, DEADLOCK, STUCK, LIMIT = 0, 1, 2, 3
OUTCOMES: Final = ("won", "deadlock", "stuck", "limit")
MAX_CLAIMS = 12  # completed lines through one new chip that the kernel enumerates
MT_N, MT_M = 624, 397
MASK32 = 0xFFFFFFFF
NO_GAIN = -(1 << 62)
#: the stronger bot's terms (its defaults)
BLOCK_VALUE: Final = StrongerPlayer.block_value
WILD_PRICE: Final = StrongerPlayer.wild_price
REMOVER_PRICE: Final = StrongerPlayer.remover_price
READY_VALUE: Final = StrongerPlayer.ready_value


def _tables() -> tuple[I64, ...]:
    kind = np.zeros(52, dtype=np.int64)
    price = np.zeros(52, dtype=np.int64)
    card_cells = np.full((52, 2), -1, dtype=np.int64)
    for code, card in enumerate(CARDS):
        kind[code] = WILD if card in TWO_EYED else REMOVER if card in ONE_EYED else NORMAL
        price[code] = JACK_PRICE.get(card, 0)
        if card in CELLS_OF:
            card_cells[code] = CELLS_OF[card]
    line_cells = np.array(LINES, dtype=np.int64)
    through = np.full((CELLS, 20), -1, dtype=np.int64)
    through_n = np.zeros(CELLS, dtype=np.int64)
    for cell, ids in enumerate(LINES_THROUGH):
        through[cell, : len(ids)] = ids
        through_n[cell] = len(ids)
    sets = [set(line) for line in LINES]
    shared = np.array([[len(a & b) for b in sets] for a in sets], dtype=np.int64)
    corners_on = np.array([sum(c in CORNERS for c in line) for line in LINES], dtype=np.int64)
    is_corner = np.array([c in CORNERS for c in range(CELLS)], dtype=np.int64)
    weight = np.array(WEIGHT, dtype=np.int64)
    cell_card = np.array([CODE.get(card, -1) for card in GRID], dtype=np.int64)
    return (
        kind,
        price,
        card_cells,
        line_cells,
        through,
        through_n,
        shared,
        corners_on,
        is_corner,
        weight,
        cell_card,
    )


(
    KIND,
    PRICE,
    CARD_CELLS,
    LINE_CELLS,
    THROUGH,
    THROUGH_N,
    SHARED,
    CORNERS_ON,
    IS_CORNER,
    WEIGHTS,
    CELL_CARD,
) = _tables()
NLINES: Final = len(LINES)
JH, JS = CODE["JH"], CODE["JS"]


# ------------------------------------------------------------ Python's generator


@njit(cache=True)
def _mt_seed(mt: I64, seed: int) -> None:
    """``random.Random(seed)`` for 0 <= seed < 2**63: init_by_array over the seed's
    32-bit words (one word for a seed below 2**32, also for 0); ``mt[624]`` is the
    index of the next word."""
    key = np.zeros(2, dtype=np.int64)
    key[0] = seed & MASK32
    key[1] = (seed >> 32) & MASK32
    key_len = 2 if key[1] != 0 else 1
    mt[0] = 19650218
    for i in range(1, MT_N):
        prev = mt[i - 1]
        mt[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & MASK32
    i, j = 1, 0
    for _ in range(max(MT_N, key_len)):
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ (((prev ^ (prev >> 30)) * 1664525) & MASK32)) + key[j] + j) & MASK32
        i += 1
        j += 1
        if i >= MT_N:
            mt[0] = mt[MT_N - 1]
            i = 1
        if j >= key_len:
            j = 0
    for _ in range(MT_N - 1):
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ (((prev ^ (prev >> 30)) * 1566083941) & MASK32)) - i) & MASK32
        i += 1
        if i >= MT_N:
            mt[0] = mt[MT_N - 1]
            i = 1
    mt[0] = 0x80000000
    mt[MT_N] = MT_N


@njit(cache=True)
def _mt_next(mt: I64) -> int:
    """The next 32-bit word (genrand_uint32)."""
    if mt[MT_N] >= MT_N:
        for k in range(MT_N):
            y = (mt[k] & 0x80000000) | (mt[(k + 1) % MT_N] & 0x7FFFFFFF)
            v = mt[(k + MT_M) % MT_N] ^ (y >> 1)
            if y & 1:
                v ^= 0x9908B0DF
            mt[k] = v
        mt[MT_N] = 0
    y = mt[mt[MT_N]]
    mt[MT_N] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return int(y & MASK32)


@njit(cache=True)
def _randbelow(mt: I64, n: int) -> int:
    """``Random._randbelow(n)`` for 0 < n <= 2**31: getrandbits(n.bit_length())
    until the value is below ``n``."""
    k = 0
    while (1 << k) <= n:
        k += 1
    while True:
        r = _mt_next(mt) >> (32 - k)
        if r < n:
            return r


@njit(cache=True)
def shuffle(items: I64, n: int, seed: int) -> None:
    """``random.Random(seed).shuffle`` of ``items[:n]`` in place (SQ-9)."""
    mt = np.zeros(MT_N + 1, dtype=np.int64)
    _mt_seed(mt, seed)
    for i in range(n - 1, 0, -1):
        j = _randbelow(mt, i + 1)
        items[i], items[j] = items[j], items[i]


# ------------------------------------------------------------------ the position


class Position(NamedTuple):
    """A :class:`rules.State` as the kernel's arrays (changed in place by a play-out)."""

    chips: I64  # (100,): a side, -1 empty, -2 free corner
    cnt: I64  # (192, 3): chips of each side on each line
    blocked: I64  # (3, 192): the side's sequences sharing > 1 space with the line
    locked: I64  # (100,): 1 for a chip in a completed sequence
    seq_n: I64  # (3,): sequences of each side
    hands: I64  # (players, 52): card counts
    discards: I64  # (players, 104): each player's pile, bottom first
    disc_n: I64  # (players,)
    draw: I64  # (104,): the known draw pile, next card first
    regs: I64  # to_move, replaced, draw_ptr, draw_len, unknown, seed


R_TO_MOVE, R_REPLACED, R_PTR, R_LEN, R_UNKNOWN, R_SEED = range(6)


class Playout(NamedTuple):
    """The end of a play-out: ``outcome`` (WON, DEADLOCK, STUCK, LIMIT), the winning
    side (None unless WON) and the moves played."""

    outcome: int
    winner: int | None
    moves: int


def encode(state: State) -> Position:
    """The kernel's arrays of ``state`` (module notes)."""
    players = state.variant.players
    chips = np.array(state.chips, dtype=np.int64)
    on_lines = chips[LINE_CELLS]
    cnt = np.stack([(on_lines == s).sum(axis=1) for s in range(3)], axis=1)
    blocked = np.zeros((3, NLINES), dtype=np.int64)
    locked = np.zeros(CELLS, dtype=np.int64)
    seq_n = np.zeros(3, dtype=np.int64)
    for seq in state.sequences:
        seq_n[seq.side] += 1
        blocked[seq.side] += SHARED[seq.line] > 1
        locked[LINE_CELLS[seq.line]] = 1
    locked[IS_CORNER == 1] = 0
    hands = np.zeros((players, 52), dtype=np.int64)
    discards = np.zeros((players, 104), dtype=np.int64)
    disc_n = np.zeros(players, dtype=np.int64)
    for p in range(players):
        for card in state.hands[p]:
            hands[p, CODE[card]] += 1
        pile = state.discards[p]
        discards[p, : len(pile)] = [CODE[c] for c in pile]
        disc_n[p] = len(pile)
    draw = np.zeros(104, dtype=np.int64)
    draw[: len(state.draw)] = [CODE[c] for c in state.draw]
    regs = np.array(
        [state.to_move, int(state.replaced), 0, len(state.draw), state.unknown, state.seed],
        dtype=np.int64,
    )
    return Position(chips, cnt, blocked, locked, seq_n, hands, discards, disc_n, draw, regs)


# --------------------------------------------------------------- the evaluation


@njit(cache=True)
def _value(cnt: I64, blocked: I64, line: int, s: int, sides: int, plus: int) -> int:
    """``analysis.line_value`` of ``line`` for side ``s``, with one more chip of side
    ``plus`` on it (-1: none; a removal passes ``-2 - owner``: one chip fewer)."""
    own = CORNERS_ON[line]
    others = 0
    for t in range(sides):
        n = cnt[line, t]
        if plus == t:
            n += 1
        elif plus == -2 - t:
            n -= 1
        if t == s:
            own += n
        else:
            others += n
    if others > 0 or own >= 5 or blocked[s, line] > 0:
        return 0
    return int(WEIGHTS[own])


@njit(cache=True)
def _local_gain(cnt: I64, blocked: I64, cell: int, side: int, sides: int, plus: int) -> int:
    """The change of the evaluation of ``side`` on the lines through ``cell`` when a
    chip is added (``plus`` = side) or taken (``plus`` = -2 - owner) there
    (``analysis.gain`` of a move that claims nothing)."""
    total = 0
    for k in range(THROUGH_N[cell]):
        line = THROUGH[cell, k]
        for s in range(sides):
            change = _value(cnt, blocked, line, s, sides, plus) - _value(
                cnt, blocked, line, s, sides, -1
            )
            total += change if s == side else -change
    return total


@njit(cache=True)
def _evaluate(cnt: I64, blocked: I64, seq_n: I64, side: int, sides: int) -> int:
    """``analysis.evaluate`` of a position nobody has won, for ``side``."""
    total = 0
    for s in range(sides):
        part = SEQUENCE_VALUE * seq_n[s]
        for line in range(NLINES):
            part += _value(cnt, blocked, line, s, sides, -1)
        total += part if s == side else -part
    return total


@njit(cache=True)
def _claim_gain(pos: Position, cell: int, side: int, sides: int, need: int, lines: I64) -> int:
    """The evaluation of ``side`` after its chip on ``cell`` claims ``lines`` (SQ-7),
    WIN_VALUE if that wins (SQ-8); the position is left as it was."""
    cnt, blocked, seq_n = pos.cnt, pos.blocked, pos.seq_n
    if seq_n[side] + len(lines) >= need:
        return WIN_VALUE
    for k in range(THROUGH_N[cell]):
        cnt[THROUGH[cell, k], side] += 1
    for line in lines:
        for x in range(NLINES):
            if SHARED[line, x] > 1:
                blocked[side, x] += 1
    seq_n[side] += len(lines)
    value = _evaluate(cnt, blocked, seq_n, side, sides)
    seq_n[side] -= len(lines)
    for line in lines:
        for x in range(NLINES):
            if SHARED[line, x] > 1:
                blocked[side, x] -= 1
    for k in range(THROUGH_N[cell]):
        cnt[THROUGH[cell, k], side] -= 1
    return value


@njit(cache=True)
def _claim_choices(pos: Position, cell: int, side: int, usable: I64, masks: I64) -> int:
    """The maximal sets of new sequences a chip of ``side`` on ``cell`` may announce
    (``rules.claim_choices``), as bit masks over ``usable`` (the completed lines that
    share at most one space with every sequence of the side), written to ``masks`` in
    the rules' order (tuples of line ids compared lexicographically); their count.
    No usable line: one choice, the empty mask."""
    n = 0
    for k in range(THROUGH_N[cell]):
        line = THROUGH[cell, k]
        complete = pos.cnt[line, side] + 1 + CORNERS_ON[line] == 5
        if complete and pos.blocked[side, line] == 0 and n < MAX_CLAIMS:
            usable[n] = line
            n += 1
    if n == 0:
        masks[0] = 0
        return 1
    count = 0
    for mask in range(1, 1 << n):
        ok = True
        for a in range(n):
            for b in range(a + 1, n):
                if (mask >> a) & 1 and (mask >> b) & 1 and SHARED[usable[a], usable[b]] > 1:
                    ok = False
        for c in range(n):  # maximal: no other usable line fits beside the chosen ones
            if ok and not (mask >> c) & 1:
                fits = True
                for a in range(n):
                    if (mask >> a) & 1 and SHARED[usable[a], usable[c]] > 1:
                        fits = False
                if fits:
                    ok = False
        if ok:
            masks[count] = mask
            count += 1
    for i in range(1, count):  # insertion sort by the tuples of line ids
        j = i
        while j > 0 and _before(masks[j], masks[j - 1], n):
            masks[j], masks[j - 1] = masks[j - 1], masks[j]
            j -= 1
    return count


@njit(cache=True)
def _before(a: int, b: int, n: int) -> bool:
    """Is the tuple of ``usable`` indices in mask ``a`` lexicographically before
    that of ``b`` (indices ascending, as the line ids are)?"""
    ia, ib = 0, 0
    while True:
        while ia < n and not (a >> ia) & 1:
            ia += 1
        while ib < n and not (b >> ib) & 1:
            ib += 1
        if ia >= n or ib >= n:
            return ia >= n and ib < n
        if ia != ib:
            return ia < ib
        ia += 1
        ib += 1


@njit(cache=True)
def _lines_of(mask: int, usable: I64, out: I64) -> I64:
    k = 0
    for i in range(MAX_CLAIMS):
        if (mask >> i) & 1:
            out[k] = usable[i]
            k += 1
    return out[:k]


# ------------------------------------------------------------------- the moves


@njit(cache=True)
def _draw_one(pos: Position, players: int) -> int:
    """The next card of the draw pile (SQ-4), refilled from the discards by SQ-9;
    -1 when no card is left anywhere, -2 when it is an unknown card."""
    regs = pos.regs
    if regs[R_PTR] >= regs[R_LEN]:
        if regs[R_UNKNOWN] > 0:
            return -2
        n = 0
        for p in range(players):
            for i in range(pos.disc_n[p]):
                pos.draw[n] = pos.discards[p, i]
                n += 1
            pos.disc_n[p] = 0
        if n == 0:
            return -1
        shuffle(pos.draw, n, regs[R_SEED])
        regs[R_SEED] += 1
        regs[R_PTR] = 0
        regs[R_LEN] = n
    card = pos.draw[regs[R_PTR]]
    regs[R_PTR] += 1
    return int(card)


@njit(cache=True)
def _discard_and_draw(pos: Position, p: int, card: int, players: int, won: bool) -> bool:
    """The card from ``p``'s hand to its discard pile and, unless the game is won,
    one card drawn (SQ-4, SQ-8); False when that card is unknown."""
    pos.hands[p, card] -= 1
    pos.discards[p, pos.disc_n[p]] = card
    pos.disc_n[p] += 1
    if won:
        return True
    drawn = _draw_one(pos, players)
    if drawn == -2:
        return False
    if drawn >= 0:
        pos.hands[p, drawn] += 1
    return True


@njit(cache=True)
def _dead_card(pos: Position, p: int) -> int:
    """The first dead card (SQ-6) of ``p``'s hand in the rules' order, or -1."""
    for card in range(52):
        held = pos.hands[p, card] > 0 and KIND[card] == NORMAL
        if held and min(pos.chips[CARD_CELLS[card, 0]], pos.chips[CARD_CELLS[card, 1]]) != EMPTY:
            return card
    return -1


@njit(cache=True)
def _xorshift(state: U64) -> np.uint64:
    """The next word of a xorshift64 generator (the epsilon-greedy choices)."""
    x = state[0]
    x ^= x << np.uint64(13)
    x ^= x >> np.uint64(7)
    x ^= x << np.uint64(17)
    state[0] = x
    return np.uint64(x)


@njit(cache=True)
def _take(explore: bool, rng: U64, seen: int, gain: int, best_gain: int) -> bool:
    """Does the ``seen``-th play replace the chosen one: a strictly greater gain (the
    first best in the rules' order), or, exploring, with chance 1/seen (a uniform
    choice among the plays, reservoir sampling)?"""
    if explore:
        return bool(_xorshift(rng) % np.uint64(seen) == 0)
    return gain > best_gain


@njit(cache=True)
def _first_win(
    pos: Position, p: int, side: int, need: int, can_draw: bool, work: I64, best: I64
) -> int:
    """The stronger bot's first look: the first placement in the rules' order whose
    claims win (SQ-8), put in ``best`` (1); -1 when a claim that does not win comes
    first and would draw an unknown card (the bot applies each claim in turn); else 0."""
    usable = work[:MAX_CLAIMS]
    buffer = work[2 * MAX_CLAIMS : 3 * MAX_CLAIMS]
    masks = work[3 * MAX_CLAIMS :]
    for card in range(52):
        if pos.hands[p, card] == 0 or KIND[card] == REMOVER:
            continue
        for idx in range(CELLS if KIND[card] == WILD else 2):
            cell = idx if KIND[card] == WILD else CARD_CELLS[card, idx]
            if pos.chips[cell] != EMPTY:
                continue
            count = _claim_choices(pos, cell, side, usable, masks)
            for m in range(count):
                if masks[m] == 0:
                    continue
                if pos.seq_n[side] + len(_lines_of(masks[m], usable, buffer)) >= need:
                    best[0], best[1], best[2] = card, cell, masks[m]
                    best[3 : 3 + MAX_CLAIMS] = usable
                    return 1
                if not can_draw:
                    return -1
    return 0


@njit(cache=True)
def _dangers(pos: Position, side: int, sides: int, danger: I64) -> None:
    """The stronger bot's threats (``analysis.threats`` of every other side): in
    ``danger[cell]`` the line whose last empty space ``cell`` is (the last such line
    in the order sides, then lines), -1 elsewhere; ``danger[CELLS + line]`` 1 for
    the lines so kept (the bot's ``danger_lines``)."""
    danger[:] = -1
    danger[CELLS:] = 0
    for t in range(sides):
        if t == side:
            continue
        for line in range(NLINES):
            others = 0
            for u in range(sides):
                if u != t:
                    others += pos.cnt[line, u]
            if others or pos.blocked[t, line] or pos.cnt[line, t] + CORNERS_ON[line] != 4:
                continue
            for i in range(5):
                cell = LINE_CELLS[line, i]
                if pos.chips[cell] == EMPTY:
                    danger[cell] = line
                    break
    for cell in range(CELLS):
        if danger[cell] >= 0:
            danger[CELLS + danger[cell]] = 1


@njit(cache=True)
def _ready_lines(pos: Position, p: int, side: int, card: int, cell: int) -> int:
    """``players._ready_lines``: own lines through a new chip on ``cell`` that the
    rest of the hand (``card`` played) can finish alone, 2 for one space to go and 1
    for two (each missing space shows a different card still held)."""
    ready = 0
    for k in range(THROUGH_N[cell]):
        line = THROUGH[cell, k]
        missing = 0
        first, second = -1, -1
        mixed = False
        for i in range(5):
            c = LINE_CELLS[line, i]
            chip = pos.chips[c]
            if c == cell:
                continue
            if chip == EMPTY:
                if missing == 0:
                    first = CELL_CARD[c]
                else:
                    second = CELL_CARD[c]
                missing += 1
            elif chip != side and chip != CORNER:
                mixed = True
        if mixed or missing < 1 or missing > 2 or first == second:
            continue
        held = _held(pos, p, first, card)
        if missing == 2:
            held = held and _held(pos, p, second, card)
        if held:
            ready += 3 - missing
    return ready


@njit(cache=True)
def _held(pos: Position, p: int, wanted: int, played: int) -> bool:
    """Does ``p`` still hold ``wanted`` once ``played`` has left the hand?"""
    return bool(pos.hands[p, wanted] - (1 if wanted == played else 0) > 0)


@njit(cache=True)
def _choose(
    pos: Position,
    p: int,
    sides: int,
    need: int,
    explore: bool,
    rng: U64,
    best: I64,
    work: I64,
    stronger: bool,
    danger: I64,
) -> int:
    """The greedy play of player ``p`` (module notes; with ``explore`` a uniformly
    random play; with ``stronger`` the stronger bot's first-ranked one) in ``best``
    (card, cell, claim mask, then the usable lines the mask indexes); returns 1 for
    a placement, 2 a removal, 0 a pass, -1 when a move's value needs an unknown card
    (STUCK). ``work``: scratch of 3 * MAX_CLAIMS + 2**MAX_CLAIMS; ``danger``: of
    CELLS + NLINES (:func:`_dangers`)."""
    side = p % sides
    regs = pos.regs
    can_draw = regs[R_PTR] < regs[R_LEN] or regs[R_UNKNOWN] == 0
    if stronger and not explore:
        won = _first_win(pos, p, side, need, can_draw, work, best)
        if won != 0:
            return won
        _dangers(pos, side, sides, danger)
    usable = work[:MAX_CLAIMS]
    chosen = work[MAX_CLAIMS : 2 * MAX_CLAIMS]
    buffer = work[2 * MAX_CLAIMS : 3 * MAX_CLAIMS]
    masks = work[3 * MAX_CLAIMS :]
    best_gain = NO_GAIN
    before = NO_GAIN
    kind_out = 0
    seen = 0
    for card in range(52):
        if pos.hands[p, card] == 0 or KIND[card] == REMOVER:
            continue
        for idx in range(CELLS if KIND[card] == WILD else 2):
            cell = idx if KIND[card] == WILD else CARD_CELLS[card, idx]
            if pos.chips[cell] != EMPTY:
                continue
            count = _claim_choices(pos, cell, side, usable, masks)
            for m in range(count):
                mask = masks[m]
                if mask == 0:
                    if not can_draw:
                        return -1
                    gain = _local_gain(pos.cnt, pos.blocked, cell, side, sides, side)
                else:
                    lines = _lines_of(mask, usable, buffer)
                    if pos.seq_n[side] + len(lines) < need and not can_draw:
                        return -1
                    if before == NO_GAIN:
                        before = _evaluate(pos.cnt, pos.blocked, pos.seq_n, side, sides)
                    gain = _claim_gain(pos, cell, side, sides, need, lines) - before
                gain -= PRICE[card]
                if stronger and not explore:
                    blocks = danger[cell] >= 0
                    if blocks:
                        gain += BLOCK_VALUE
                    elif KIND[card] == WILD and mask == 0:
                        gain -= WILD_PRICE  # kept for a sequence or a block
                    gain += READY_VALUE * _ready_lines(pos, p, side, card, cell)
                seen += 1
                if _take(explore, rng, seen, gain, best_gain):
                    best_gain = gain
                    best[0], best[1], best[2] = card, cell, mask
                    chosen[:] = usable
                    kind_out = 1
    for card in (JH, JS):
        if pos.hands[p, card] == 0:
            continue
        for cell in range(CELLS):
            owner = pos.chips[cell]
            if owner < 0 or owner == side or pos.locked[cell]:
                continue
            if not can_draw:
                return -1
            gain = _local_gain(pos.cnt, pos.blocked, cell, side, sides, -2 - owner) - PRICE[card]
            if stronger and not explore:
                on_danger = False
                for k in range(THROUGH_N[cell]):
                    on_danger = on_danger or danger[CELLS + THROUGH[cell, k]] == 1
                gain += BLOCK_VALUE if on_danger else -REMOVER_PRICE
            seen += 1
            if _take(explore, rng, seen, gain, best_gain):
                best_gain = gain
                best[0], best[1], best[2] = card, cell, 0
                kind_out = 2
    best[3 : 3 + MAX_CLAIMS] = chosen
    return kind_out


@njit(cache=True)
def _place(pos: Position, side: int, cell: int, lines: I64) -> None:
    """A chip of ``side`` on ``cell``, claiming ``lines`` (SQ-4, SQ-7)."""
    pos.chips[cell] = side
    for k in range(THROUGH_N[cell]):
        pos.cnt[THROUGH[cell, k], side] += 1
    for line in lines:
        pos.seq_n[side] += 1
        for x in range(NLINES):
            if SHARED[line, x] > 1:
                pos.blocked[side, x] += 1
        for i in range(5):
            c = LINE_CELLS[line, i]
            if IS_CORNER[c] == 0:
                pos.locked[c] = 1


@njit(cache=True)
def _remove(pos: Position, cell: int) -> None:
    """The chip on ``cell`` taken off (SQ-5)."""
    owner = pos.chips[cell]
    pos.chips[cell] = EMPTY
    for k in range(THROUGH_N[cell]):
        pos.cnt[THROUGH[cell, k], owner] -= 1


@njit(cache=True)
def greedy_playout(
    pos: Position,
    players: int,
    sides: int,
    max_moves: int,
    epsilon: float,
    seed: int,
    stronger: bool = False,
) -> tuple[int, int, int]:
    """Play ``pos`` out (module notes): (outcome, winning side or -1, moves)."""
    need = 2 if sides == 2 else 1
    regs = pos.regs
    rng = np.array([seed], dtype=np.uint64)
    rng[0] = rng[0] * np.uint64(2654435761) + np.uint64(88172645463325252)
    best = np.zeros(3 + MAX_CLAIMS, dtype=np.int64)
    work = np.zeros(3 * MAX_CLAIMS + (1 << MAX_CLAIMS), dtype=np.int64)
    lines_out = np.zeros(MAX_CLAIMS, dtype=np.int64)
    danger = np.zeros(CELLS + NLINES, dtype=np.int64)
    moves = 0
    passes = 0
    while moves < max_moves:
        p = regs[R_TO_MOVE]
        side = p % sides
        if regs[R_REPLACED] == 0 and (regs[R_PTR] < regs[R_LEN] or regs[R_UNKNOWN] == 0):
            dead = _dead_card(pos, p)
            if dead >= 0:
                _discard_and_draw(pos, p, dead, players, False)
                regs[R_REPLACED] = 1
                moves += 1
                passes = 0
                continue
        explore = epsilon > 0.0 and bool((_xorshift(rng) >> np.uint64(11)) * 2.0**-53 < epsilon)
        kind = _choose(pos, p, sides, need, explore, rng, best, work, stronger, danger)
        if kind < 0:
            return STUCK, -1, moves
        moves += 1
        regs[R_REPLACED] = 0
        if kind == 0:
            passes += 1
            if passes >= players:
                return DEADLOCK, -1, moves
            regs[R_TO_MOVE] = (p + 1) % players
            continue
        passes = 0
        card, cell, mask = best[0], best[1], best[2]
        won = False
        if kind == 1:
            lines = _lines_of(mask, best[3:], lines_out)
            _place(pos, side, cell, lines)
            won = pos.seq_n[side] >= need
        else:
            _remove(pos, cell)
        if not _discard_and_draw(pos, p, card, players, won):
            return STUCK, -1, moves  # not reached: _choose saw the draw first
        if won:
            return WON, side, moves
        regs[R_TO_MOVE] = (p + 1) % players
    return LIMIT, -1, moves


def play_out(
    state: State,
    max_moves: int = 10_000,
    epsilon: float = 0.0,
    seed: int = 0,
    stronger: bool = False,
) -> Playout:
    """``state`` played out by the greedy player (``stronger``: the stronger bot's
    first-ranked move) at every seat (module notes)."""
    if state.winner is not None:
        return Playout(WON, state.winner, 0)
    if not 0 <= state.seed < 1 << 62:
        raise ValueError(f"the reshuffle seed {state.seed} is outside the kernel's range")
    variant = state.variant
    outcome, winner, moves = greedy_playout(
        encode(state), variant.players, variant.sides, max_moves, epsilon, seed, stronger
    )
    return Playout(outcome, winner if outcome == WON else None, moves)


def warm_up() -> None:
    """Load (or compile) the kernel on a short play-out of a fresh deal, so that no
    search budget is spent on it."""
    from playable.solver.sequence.rules import Variant, deal

    start = deal(Variant(players=2), DECK)
    play_out(start, max_moves=4)
    play_out(start, max_moves=4, epsilon=0.5, seed=1)
    play_out(start, max_moves=4, stronger=True)
