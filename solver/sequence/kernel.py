"""Sequence: the numba kernel of the win-in-N proof search (SQ-4 ... SQ-8).

Encoding (converted from a :class:`rules.State` by :func:`encode`):

* ``chips``: int8[100], a side 0-2, -1 empty, -2 free corner; and the same board
  as bitboards ``bb[side] = (lo, hi)``: two ``uint64`` words per side, cell ``c``
  is bit ``c`` of ``lo`` (c < 64) or bit ``c - 64`` of ``hi``. A line of five is
  complete for a side when ``(bb | corners) & line == line`` on both words; the
  192 lines are the masks :data:`LINE_LO` / :data:`LINE_HI`.
* ``locked``: (lo, hi) of the chips in completed sequences (SQ-7);
  ``seq_lines[side, k]`` / ``seq_n[side]`` the completed sequences.
* hands: card codes ``rank * 4 + suit`` (ranks A 2-9 T J Q K, suits S H D C).
  The two two-eyed Jacks are both coded as :data:`WILD` (JD) and the one-eyed ones
  as :data:`REMOVER` (JH): within a class they have exactly the same effect
  (SQ-5), so this merges only states that the rules cannot tell apart.
* ``draw``: the known cards of the draw pile, ``counters[DRAW_PTR]`` the next one.

The search (:func:`win_within`) answers: can the root side force a win (SQ-8)
within ``own_left`` turns of its own players, against every defence? An OR node
is a turn of a root-side player, an AND node any other player's turn. Every move
of docs/rules.md is generated: the optional dead-card replacement (SQ-6) before the
play, every placement (including every wild-Jack space), every removal, every
maximal set of sequences a placement completes (SQ-7, the player's choice),
and a pass when no card can be played. The only cuts are these, each exact:

1. An OR node returns True at the first move that wins or whose subtree wins; an
   AND node returns False at the first reply that wins for another side or whose
   subtree does not win (plain AND/OR short-circuit).
2. On the root side's last allowed turn only placements that complete a line can
   win (a removal or a placement completing nothing adds no sequence), so the
   other moves are skipped; a dead-card replacement is still tried, since the
   drawn card may complete a line.
3. The transposition table stores (position, player, turns left, replaced flag,
   root side) -> won / not won; the key covers the chips, locks, sequences, every hand as a
   multiset, and how many known cards are left to draw (not the index into the
   root's draw array: a table is shared by searches from the positions along one
   line, whose draw arrays are suffixes of one pile), so equal keys mean equal
   subtrees (up to 64-bit hash collisions).
4. The distance cut: a node where the root side's missing sequences cost more
   cells than its own turns left (at most :data:`CUT_TURNS`) is not won
   (:func:`~playable.solver.sequence.threats_kernel.out_of_reach`, proven there;
   cut 2 is its case of one turn left).
5. Threat mode (``query.threats`` = L > 0): the root side plays only placements
   that claim a sequence or leave a line through their cell at most L cells short,
   removals that do so, dead-card exchanges and passes, and, where a line one cell
   short already stands, its first :data:`TEMPO_MOVES` other moves (a quiet move
   that keeps the threat: the defence must still answer it)
   (:func:`~playable.solver.sequence.threats_kernel.is_threat`); the other sides
   keep every move. A restricted attacker makes a sound prover of wins, not of
   "not won"; its verdicts are keyed apart in the table (the root side's key word
   carries L).

When a player would have to draw past the known cards (an unknown card, or the
SQ-9 reshuffle, which the kernel does not model) the flag ``counters[INCOMPLETE]``
is raised and the caller reports ``unknown``. Budget: ``node_limit`` (the caller
runs the search in growing node slices to honour a wall-clock limit; the table
keeps the finished work); ``counters[STOPPED]`` says that it ran out.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from playable.solver.core.arrays import I64, U64
from playable.solver.core.tt import MISSING, tt_lookup, tt_store
from playable.solver.sequence.board import CELLS_OF, CORNERS, LINES, LINES_THROUGH
from playable.solver.sequence.rules import EMPTY, State
from playable.solver.sequence.threats_kernel import (
    JACK_RANK,
    REMOVER,
    WILD,
    card_code,
    cards_in_reach,
    has_threat,
    is_threat,
    out_of_reach,
)
from playable.solver.sequence.workspace import Board, Cards, Query, Table

I8 = npt.NDArray[np.int8]

MAX_HAND = 12
MAX_MOVES = 512
MAX_SEQ = 24

# counters[...] slots
NODES, INCOMPLETE, DRAW_PTR, STOPPED, TT_NEW = 0, 1, 2, 3, 4

# frame fields of the explicit search stack (one frame per ply)
F_PLAYER, F_LEFT, F_REPLACED, F_COUNT, F_IDX, F_PHASE, F_SUBSET, F_NCAND = 0, 1, 2, 3, 4, 5, 6, 7
F_PENDING, F_CELL, F_OWNER, F_AT, F_CARD, F_DREW, F_BASE, F_DEAD, F_MINE, F_SIDE = range(8, 18)
F_TEMPO = 18
FRAME = 19
#: own turns left up to which the distance cut (cut 4) is tried; above, it rarely
#: prunes a mid-game position and would cost more than it saves
CUT_TURNS = 4
#: threat mode: non-threat moves tried at a node where a threat already stands
TEMPO_MOVES = 3
PHASE_MOVES, PHASE_DEAD, PHASE_PASS = 0, 1, 2
PEND_NONE, PEND_REMOVE, PEND_PLACE, PEND_DEAD, PEND_PASS = 0, 1, 2, 3, 4


def _tables() -> tuple[I64, U64, U64, I64, I64, I64, U64]:
    card_cells = np.full((52, 2), -1, dtype=np.int64)
    for card, (a, b) in CELLS_OF.items():
        card_cells[card_code(card)] = (a, b)
    line_lo = np.zeros(len(LINES), dtype=np.uint64)
    line_hi = np.zeros(len(LINES), dtype=np.uint64)
    for i, cells in enumerate(LINES):
        for c in cells:
            if c < 64:
                line_lo[i] |= np.uint64(1) << np.uint64(c)
            else:
                line_hi[i] |= np.uint64(1) << np.uint64(c - 64)
    line_cells = np.array(LINES, dtype=np.int64)
    through = np.full((100, 21), -1, dtype=np.int64)
    for cell, ids in enumerate(LINES_THROUGH):
        through[cell, : len(ids)] = ids
    shared = np.zeros((len(LINES), len(LINES)), dtype=np.int64)
    sets = [set(line) for line in LINES]
    for i in range(len(LINES)):
        for j in range(len(LINES)):
            shared[i, j] = len(sets[i] & sets[j])
    corners = np.zeros(2, dtype=np.uint64)
    for c in CORNERS:
        corners[c // 64] |= np.uint64(1) << np.uint64(c % 64)
    return card_cells, line_lo, line_hi, line_cells, through, shared, corners


CARD_CELLS, LINE_LO, LINE_HI, LINE_CELLS, THROUGH, SHARED, CORNER_BITS = _tables()
#: Zobrist-style random words for the hash (fixed seed: keys are reproducible).
ZOBRIST = (
    np.random.default_rng(20261122)
    .integers(1, 2**63 - 1, size=(16, 128), dtype=np.int64)
    .astype(np.uint64)
)


def encode(state: State) -> tuple[Board, Cards]:
    """The kernel workspaces of a position (see the module notes)."""
    players = state.variant.players
    chips = np.array(state.chips, dtype=np.int8)
    bb = np.zeros((3, 2), dtype=np.uint64)
    for cell, chip in enumerate(state.chips):
        if chip >= 0:
            bb[chip, cell // 64] |= np.uint64(1) << np.uint64(cell % 64)
    locked = np.zeros(2, dtype=np.uint64)
    for cell in state.locked:
        locked[cell // 64] |= np.uint64(1) << np.uint64(cell % 64)
    seq_lines = np.full((3, MAX_SEQ), -1, dtype=np.int64)
    seq_n = np.zeros(3, dtype=np.int64)
    for s in state.sequences:
        seq_lines[s.side, seq_n[s.side]] = s.line
        seq_n[s.side] += 1
    hands = np.full((players, MAX_HAND), -1, dtype=np.int64)
    hand_n = np.zeros(players, dtype=np.int64)
    for p, hand in enumerate(state.hands):
        for i, card in enumerate(hand):
            hands[p, i] = card_code(card)
        hand_n[p] = len(hand)
    draw = np.array([card_code(c) for c in state.draw] or [-1], dtype=np.int64)
    return (
        Board(chips, bb, locked, seq_lines, seq_n),
        Cards(hands, hand_n, draw, len(state.draw)),
    )


@njit(cache=True)
def _bit(cell: int) -> tuple[int, np.uint64]:
    if cell < 64:
        return 0, np.uint64(1) << np.uint64(cell)
    return 1, np.uint64(1) << np.uint64(cell - 64)


@njit(cache=True)
def _mix(h: np.uint64, x: np.uint64) -> np.uint64:
    """splitmix64 step of ``h ^ x``."""
    z = h ^ x
    z = z + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def _hash(board: Board, cards: Cards, draw_ptr: int, frame: I64, root_side: int) -> np.uint64:
    """The table key of the node whose stack frame is ``frame`` (its player, own
    turns left and replaced flag): the whole position, see cut 3 of the notes."""
    _, bb, locked, seq_lines, seq_n = board
    hands, hand_n, _, draw_len = cards
    player = frame[F_PLAYER]
    own_left = frame[F_LEFT]
    replaced = frame[F_REPLACED]
    h = np.uint64(0x12345)
    for s in range(3):
        h = _mix(h, bb[s, 0])
        h = _mix(h, bb[s, 1] ^ np.uint64(s + 1))
    h = _mix(h, locked[0])
    h = _mix(h, locked[1])
    acc = np.uint64(0)
    for s in range(3):
        for k in range(seq_n[s]):
            acc += ZOBRIST[s, seq_lines[s, k] % 128] ^ ZOBRIST[3 + s, seq_lines[s, k] // 128]
    h = _mix(h, acc)
    for p in range(hands.shape[0]):
        first = np.uint64(0)
        second = np.uint64(0)
        for i in range(hand_n[p]):
            bit = np.uint64(1) << np.uint64(hands[p, i])
            if first & bit:
                second |= bit
            else:
                first |= bit
        h = _mix(h, first ^ ZOBRIST[6, p])
        h = _mix(h, second ^ ZOBRIST[7, p])
    # the known cards still to draw, not the index into this root's draw array: the
    # table serves searches from other roots of the same game too (the positions
    # along a proven line), whose draw arrays start further down the same pile
    h = _mix(h, np.uint64(draw_len - draw_ptr) ^ ZOBRIST[8, player])
    h = _mix(h, ZOBRIST[9, own_left % 128] ^ ZOBRIST[10, replaced] ^ ZOBRIST[11, root_side])
    return h


@njit(cache=True)
def _complete(bb: U64, side: int, line: int) -> bool:
    lo = bb[side, 0] | CORNER_BITS[0]
    hi = bb[side, 1] | CORNER_BITS[1]
    return bool((lo & LINE_LO[line]) == LINE_LO[line] and (hi & LINE_HI[line]) == LINE_HI[line])


@njit(cache=True)
def _candidates(bb: U64, seq_lines: I64, seq_n: I64, side: int, cell: int, out: I64) -> int:
    """SQ-7: lines through ``cell`` now complete for ``side`` that share at most one
    space with each earlier sequence of the side; their ids go to ``out``."""
    n = 0
    for k in range(THROUGH.shape[1]):
        line = THROUGH[cell, k]
        if line < 0:
            break
        if not _complete(bb, side, line):
            continue
        ok = True
        for j in range(seq_n[side]):
            if SHARED[line, seq_lines[side, j]] > 1:
                ok = False
                break
        if ok:
            out[n] = line
            n += 1
    return n


@njit(cache=True)
def _maximal(cands: I64, n: int, subset: int) -> bool:
    """Is ``subset`` (a bitmask over ``cands``) pairwise compatible and maximal (SQ-7)?"""
    for i in range(n):
        if subset >> i & 1:
            for j in range(i + 1, n):
                if subset >> j & 1 and SHARED[cands[i], cands[j]] > 1:
                    return False
    for i in range(n):
        if not subset >> i & 1:
            fits = True
            for j in range(n):
                if subset >> j & 1 and SHARED[cands[i], cands[j]] > 1:
                    fits = False
                    break
            if fits:
                return False
    return True


@njit(cache=True)
def _line_mask(cands: I64, n: int, subset: int) -> tuple[np.uint64, np.uint64]:
    lo = np.uint64(0)
    hi = np.uint64(0)
    for i in range(n):
        if subset >> i & 1:
            lo |= LINE_LO[cands[i]]
            hi |= LINE_HI[cands[i]]
    return lo & ~CORNER_BITS[0], hi & ~CORNER_BITS[1]


@njit(cache=True)
def _score_cell(chips: I8, side: int, cell: int) -> int:
    """Move ordering only: how much a chip of ``side`` on ``cell`` builds or blocks."""
    score = 0
    for k in range(THROUGH.shape[1]):
        line = THROUGH[cell, k]
        if line < 0:
            break
        counts = np.zeros(3, dtype=np.int64)
        for j in range(5):
            chip = chips[LINE_CELLS[line, j]]
            if chip >= 0:
                counts[chip] += 1
        for s in range(3):
            others = counts[0] + counts[1] + counts[2] - counts[s]
            if others == 0 and counts[s] > 0:
                score += 4 ** counts[s] * (2 if s == side else 1)
    return score


@njit(cache=True)
def _generate(chips: I8, locked: U64, hand: I64, n_hand: int, side: int, buf: I64) -> int:
    """Every placement and removal of the hand (SQ-4, SQ-5); ``buf[i] = kind, card,
    cell, score`` with kind 0 = place, 1 = remove. Returns the count."""
    n = 0
    seen = np.uint64(0)
    for i in range(n_hand):
        card = hand[i]
        bit = np.uint64(1) << np.uint64(card)
        if seen & bit:
            continue
        seen |= bit
        if card == REMOVER:
            for cell in range(100):
                chip = chips[cell]
                if chip >= 0 and chip != side:
                    w, m = _bit(cell)
                    if not locked[w] & m:
                        buf[n, 0] = 1
                        buf[n, 1] = card
                        buf[n, 2] = cell
                        buf[n, 3] = _score_cell(chips, chip, cell)
                        n += 1
        elif card == WILD:
            for cell in range(100):
                if chips[cell] == EMPTY:
                    buf[n, 0] = 0
                    buf[n, 1] = card
                    buf[n, 2] = cell
                    buf[n, 3] = _score_cell(chips, side, cell) - 1
                    n += 1
        else:
            for k in range(2):
                cell = CARD_CELLS[card, k]
                if cell >= 0 and chips[cell] == EMPTY:
                    buf[n, 0] = 0
                    buf[n, 1] = card
                    buf[n, 2] = cell
                    buf[n, 3] = _score_cell(chips, side, cell)
                    n += 1
    return n


@njit(cache=True)
def _take(hands: I64, hand_n: I64, p: int, card: int) -> int:
    """Remove one ``card`` from hand ``p``; returns the index it was at (for undo)."""
    for i in range(hand_n[p]):
        if hands[p, i] == card:
            last = hand_n[p] - 1
            hands[p, i] = hands[p, last]
            hands[p, last] = card
            hand_n[p] = last
            return i
    return -1


@njit(cache=True)
def _untake(hands: I64, hand_n: I64, p: int, index: int, card: int) -> None:
    """Undo :func:`_take` (after any draw on top of it was undone)."""
    last = hand_n[p]
    hands[p, last] = hands[p, index]
    hands[p, index] = card
    hand_n[p] = last + 1


@njit(cache=True)
def _draw(hands: I64, hand_n: I64, draw: I64, draw_len: int, counters: I64, p: int) -> bool:
    """Draw the next known card into hand ``p``; False (and the flag) if there is none."""
    ptr = counters[DRAW_PTR]
    if ptr >= draw_len:
        counters[INCOMPLETE] = 1
        return False
    hands[p, hand_n[p]] = draw[ptr]
    hand_n[p] += 1
    counters[DRAW_PTR] = ptr + 1
    return True


@njit(cache=True)
def _undraw(hand_n: I64, counters: I64, p: int) -> None:
    hand_n[p] -= 1
    counters[DRAW_PTR] -= 1


@njit(cache=True)
def _is_dead(chips: I8, card: int) -> bool:
    """SQ-6: a non-Jack card whose two spaces are occupied."""
    if card >= 52 or card // 4 == JACK_RANK:
        return False
    return bool(chips[CARD_CELLS[card, 0]] != EMPTY and chips[CARD_CELLS[card, 1]] != EMPTY)


@njit(cache=True)
def _sort_by_score(buf: I64, count: int, order: I64) -> None:
    """``order[:count]``: move indices by decreasing score, stable (insertion sort;
    numba compiles it much faster than ``np.argsort``)."""
    for i in range(count):
        j = i
        while j > 0 and buf[order[j - 1], 3] < buf[i, 3]:
            order[j] = order[j - 1]
            j -= 1
        order[j] = i


@njit(cache=True)
def _out_of_budget(counters: I64, node_limit: int) -> bool:
    counters[NODES] += 1
    if counters[NODES] >= node_limit:
        counters[STOPPED] = 1
    return bool(counters[STOPPED] != 0)


@njit(cache=True)
def _quiet(fr: I64) -> bool:
    """Threat mode: may this non-threat move be tried as a quiet move (cut 5)?"""
    if fr[F_TEMPO] > 0:
        fr[F_TEMPO] -= 1
        return True
    return False


@njit(cache=True)
def win_within(
    board: Board, cards: Cards, query: Query, table: Table, counters: I64, movebuf: I64
) -> bool:
    """Can ``query.root_side`` force a win within ``query.own_left`` of its turns?
    (module notes) ``counters`` holds the slots ``NODES`` ... ``TT_NEW``;
    ``movebuf`` (plies, MAX_MOVES, 4) the moves of each ply.

    A depth-first AND/OR search over an explicit stack (numba caches recursive
    functions badly): frame ``F[ply]`` holds a node's player, turns left, the move
    being tried and what must be undone when its child returns. The arrays are
    changed in place and restored on the way back.
    """
    chips, bb, locked, seq_lines, seq_n = board
    hands, hand_n, draw, draw_len = cards
    tt_keys, tt_vals = table
    root_side = query.root_side
    sides = query.sides
    need = query.need
    node_limit = query.node_limit
    level = query.threats
    hash_side = root_side + 4 * level  # threat mode's verdicts are kept apart (cut 5)
    costs = np.zeros(LINE_CELLS.shape[0], dtype=np.int64)
    avail = np.zeros(52, dtype=np.int64)
    plies = movebuf.shape[0]
    players = hands.shape[0]
    frames = np.zeros((plies, FRAME), dtype=np.int64)
    keys = np.zeros(plies, dtype=np.uint64)
    saved_lock = np.zeros((plies, 2), dtype=np.uint64)
    order = np.zeros((plies, movebuf.shape[1]), dtype=np.int64)
    cands = np.zeros((plies, 24), dtype=np.int64)
    ply = 0
    frames[0, F_PLAYER] = query.player
    frames[0, F_LEFT] = query.own_left
    frames[0, F_REPLACED] = query.replaced
    entering = True
    delivering = False
    value = False
    while True:
        fr = frames[ply]
        if entering:
            entering = False
            if _out_of_budget(counters, node_limit):
                return False
            key = _hash(board, cards, counters[DRAW_PTR], fr, hash_side)
            keys[ply] = key
            known = tt_lookup(tt_keys, tt_vals, key)
            if known == MISSING and fr[F_LEFT] <= CUT_TURNS:
                # cut 4: the root side's missing sequences cost more turns than it has
                # left, or cards it cannot hold by then
                unknown = cards_in_reach(
                    hands, hand_n, draw, draw_len, counters[DRAW_PTR], root_side, sides,
                    fr[F_PLAYER], fr[F_REPLACED], fr[F_LEFT], avail,
                )  # fmt: skip
                if out_of_reach(
                    chips, locked, seq_lines, seq_n, root_side, sides, need, fr[F_LEFT],
                    costs, avail, unknown,
                ):  # fmt: skip
                    known = 0
                    if tt_store(tt_keys, tt_vals, key, 0):
                        counters[TT_NEW] += 1
            if known != MISSING:
                value = known == 1
                if ply == 0:
                    return value
                ply -= 1
                delivering = True
                continue
            p = fr[F_PLAYER]
            side = p % sides
            fr[F_SIDE] = side
            fr[F_MINE] = 1 if side == root_side else 0
            count = _generate(chips, locked, hands[p], hand_n[p], side, movebuf[ply])
            fr[F_COUNT] = count
            _sort_by_score(movebuf[ply], count, order[ply])
            fr[F_IDX] = 0
            fr[F_PHASE] = PHASE_MOVES
            fr[F_SUBSET] = -1
            fr[F_PENDING] = PEND_NONE
            fr[F_DEAD] = 0
            fr[F_TEMPO] = 0
            if level > 0 and side == root_side and has_threat(chips, seq_lines, seq_n, side):
                fr[F_TEMPO] = TEMPO_MOVES  # a threat stands: a few quiet moves may keep it
        p = fr[F_PLAYER]
        own_left = fr[F_LEFT]
        side = fr[F_SIDE]
        mine = fr[F_MINE] == 1
        last_turn = mine and own_left == 1
        finished = False
        result = False
        if delivering:
            delivering = False
            pend = fr[F_PENDING]
            fr[F_PENDING] = PEND_NONE
            if pend != PEND_PASS:
                if fr[F_DREW]:
                    _undraw(hand_n, counters, p)
                _untake(hands, hand_n, p, fr[F_AT], fr[F_CARD])
            if pend == PEND_REMOVE:
                owner = fr[F_OWNER]
                w, m = _bit(fr[F_CELL])
                chips[fr[F_CELL]] = owner
                bb[owner, w] |= m
            elif pend == PEND_PLACE:
                seq_n[side] = fr[F_BASE]
                for j in range(fr[F_BASE], MAX_SEQ):
                    seq_lines[side, j] = -1
                locked[0] = saved_lock[ply, 0]
                locked[1] = saved_lock[ply, 1]
            if counters[STOPPED]:
                return False
            if pend == PEND_PASS:
                finished, result = True, value
            elif mine and value:
                finished, result = True, True
            elif not mine and not value:
                finished, result = True, False
            elif pend == PEND_REMOVE:
                fr[F_IDX] += 1
            elif pend == PEND_DEAD:
                fr[F_DEAD] += 1
            if finished and pend == PEND_PLACE:
                w, m = _bit(fr[F_CELL])
                chips[fr[F_CELL]] = EMPTY
                bb[side, w] &= ~m
        pushed = False
        nxt = (p + 1) % players
        nxt_left = own_left - 1 if mine else own_left
        while not finished and not pushed:
            phase = fr[F_PHASE]
            if phase == PHASE_MOVES:
                if fr[F_SUBSET] >= 0:
                    # a chip is on F_CELL: try its next maximal set of claims (SQ-7)
                    n = fr[F_NCAND]
                    cell = fr[F_CELL]
                    w, m = _bit(cell)
                    limit = 1 << n if n > 0 else 1
                    while fr[F_SUBSET] < limit:
                        subset = fr[F_SUBSET]
                        fr[F_SUBSET] += 1
                        if n > 0 and (subset == 0 or not _maximal(cands[ply], n, subset)):
                            continue
                        saved_lock[ply, 0] = locked[0]
                        saved_lock[ply, 1] = locked[1]
                        add_lo, add_hi = _line_mask(cands[ply], n, subset)
                        locked[0] |= add_lo
                        locked[1] |= add_hi
                        base = seq_n[side]
                        fr[F_BASE] = base
                        for j in range(n):
                            if subset >> j & 1:
                                seq_lines[side, seq_n[side]] = cands[ply, j]
                                seq_n[side] += 1
                        won = seq_n[side] >= need  # SQ-8
                        if won or last_turn:
                            seq_n[side] = base
                            for j in range(base, MAX_SEQ):
                                seq_lines[side, j] = -1
                            locked[0] = saved_lock[ply, 0]
                            locked[1] = saved_lock[ply, 1]
                            if won:
                                finished, result = True, mine
                                break
                            continue
                        card = fr[F_CARD]
                        fr[F_AT] = _take(hands, hand_n, p, card)
                        fr[F_DREW] = 1 if _draw(hands, hand_n, draw, draw_len, counters, p) else 0
                        fr[F_PENDING] = PEND_PLACE
                        pushed = True
                        break
                    if finished:
                        chips[cell] = EMPTY
                        bb[side, w] &= ~m
                    elif not pushed:
                        chips[cell] = EMPTY
                        bb[side, w] &= ~m
                        fr[F_SUBSET] = -1
                        fr[F_IDX] += 1
                    continue
                if fr[F_IDX] >= fr[F_COUNT]:
                    fr[F_PHASE] = PHASE_DEAD
                    continue
                i = order[ply, fr[F_IDX]]
                kind = movebuf[ply, i, 0]
                card = movebuf[ply, i, 1]
                cell = movebuf[ply, i, 2]
                w, m = _bit(cell)
                fr[F_CELL] = cell
                fr[F_CARD] = card
                if kind == 1:
                    if last_turn:
                        fr[F_IDX] += 1  # cut 2: a removal completes no sequence
                        continue
                    owner = chips[cell]
                    chips[cell] = EMPTY
                    if (
                        level > 0
                        and mine
                        and not is_threat(chips, seq_lines, seq_n, side, cell, level)
                        and not _quiet(fr)
                    ):
                        chips[cell] = owner
                        fr[F_IDX] += 1  # threat mode: not a threat
                        continue
                    fr[F_OWNER] = owner
                    bb[owner, w] &= ~m
                    fr[F_AT] = _take(hands, hand_n, p, card)
                    fr[F_DREW] = 1 if _draw(hands, hand_n, draw, draw_len, counters, p) else 0
                    fr[F_PENDING] = PEND_REMOVE
                    pushed = True
                    continue
                chips[cell] = side
                bb[side, w] |= m
                n = _candidates(bb, seq_lines, seq_n, side, cell, cands[ply])
                if last_turn and n == 0:
                    chips[cell] = EMPTY
                    bb[side, w] &= ~m
                    fr[F_IDX] += 1  # cut 2: this placement completes nothing
                    continue
                if (
                    level > 0
                    and mine
                    and n == 0
                    and not is_threat(chips, seq_lines, seq_n, side, cell, level)
                    and not _quiet(fr)
                ):
                    chips[cell] = EMPTY
                    bb[side, w] &= ~m
                    fr[F_IDX] += 1  # threat mode: neither a claim nor a threat
                    continue
                fr[F_NCAND] = n
                fr[F_SUBSET] = 0
                continue
            if phase == PHASE_DEAD:
                # SQ-6: replace one dead card, then the same player plays on
                if fr[F_REPLACED] or fr[F_DEAD] >= hand_n[p]:
                    fr[F_PHASE] = PHASE_PASS
                    continue
                j = fr[F_DEAD]
                card = hands[p, j]
                duplicate = False
                for k in range(j):
                    if hands[p, k] == card:
                        duplicate = True
                if duplicate or not _is_dead(chips, card):
                    fr[F_DEAD] += 1
                    continue
                fr[F_CARD] = card
                fr[F_AT] = _take(hands, hand_n, p, card)
                fr[F_DREW] = 1 if _draw(hands, hand_n, draw, draw_len, counters, p) else 0
                fr[F_PENDING] = PEND_DEAD
                pushed = True
                continue
            # PHASE_PASS: with no card to play the turn passes (rules.py decision)
            if fr[F_COUNT] == 0 and not last_turn and fr[F_PENDING] == PEND_NONE:
                fr[F_PENDING] = PEND_PASS
                fr[F_PHASE] = PHASE_PASS + 1
                pushed = True
                continue
            finished, result = True, not mine
        if pushed:
            child = frames[ply + 1]
            if fr[F_PENDING] == PEND_DEAD:
                child[F_PLAYER] = p
                child[F_LEFT] = own_left
                child[F_REPLACED] = 1
            else:
                child[F_PLAYER] = nxt
                child[F_LEFT] = nxt_left
                child[F_REPLACED] = 0
            ply += 1
            entering = True
            continue
        # finished: remember the verdict and hand it to the parent
        if counters[STOPPED] == 0 and tt_store(tt_keys, tt_vals, keys[ply], 1 if result else 0):
            counters[TT_NEW] += 1
        value = result
        if ply == 0:
            return value
        ply -= 1
        delivering = True
