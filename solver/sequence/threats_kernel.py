"""Sequence: the two line tests of the proof search's threat-space mode and its
distance cut (numba; used by :mod:`playable.solver.sequence.kernel`).

**The distance cut** (:func:`out_of_reach`, applied to every node of the search, in
both modes). A side needs ``need - seq_n[side]`` more sequences (SQ-8). Call the
*cost* of a line for the side the number of its cells the side must still turn
into its own chips: an empty cell costs 1; an unlocked chip of another side costs
2 with two sides (a one-eyed Jack turn to remove it, SQ-5, then a placement: the
only other side never removes its own chips) and 1 with three sides (a third side
might remove it); a locked chip of another side makes the line impossible (locked
chips never leave the board, SQ-7); the side's own chips and the free corners
cost 0. A line sharing more than one cell with a sequence the side already has can
never be claimed (SQ-7), nor can two new lines that share more than one cell.

*Claim: if every set of lines that would bring the side to ``need`` sequences
costs more (as the size of its union, each cell counted once) than the side's own
turns left, the side cannot win within them.* Proof: each own turn places at most
one chip of the side (SQ-4) or removes one chip of another side (SQ-5); a removal
never gives the side a chip, and a dead-card exchange (SQ-6) or a pass places
nothing. Other sides' turns never add a chip of the side; with two sides they
never remove the other side's chips either (only opponents' chips are removed,
SQ-5), so each other-side chip in the union needs the side's own removal turn and
its own placement turn. A line is claimed only when all its five cells are the
side's or corners (SQ-7), so the union's cost is at most the side's turns used.
Counting each cell once is exact for a union of two lines (they share at most one
cell). So cost(union) > turns left means no win: the node is *not won*. Since the
rules never ask for more than two sequences, the cut handles one or two missing
sequences and, for safety, never prunes when more are missing. The test is
one-sided: it prunes only what the claim proves, and to stay cheap it stops
scanning (no prune) as soon as the two cheapest lines so far fit the turns, though
they may clash; tests/sequence/test_threats.py checks it against the plain
definition and the oracle.

**The card cut** (:func:`cards_short`, inside :func:`out_of_reach`). A cell becomes
the side's chip only by a placement of the side (SQ-4): the cell's own card or a
two-eyed Jack (SQ-5); a chip of the other side (two sides) must first be removed by
the side's one-eyed Jack. *Claim: the cards the side can play within its next
``turns`` own turns are among its players' hands now and the next ``W`` cards of
the draw pile, with* ``W = 2 * before + 1 - replaced`` *, where* ``before`` *is the
number of turns (of any player) before its last one and* ``replaced`` *says
whether the player to move has already exchanged a dead card this turn.* Proof: no
card ever passes between players; a hand gains cards only by drawing from the pile,
in the pile's order; a turn draws at most two (one dead-card exchange, SQ-6, and
one card after playing, SQ-4; a pass draws nothing), the last turn's draw after
its play comes too late, and seats alternate by side (SQ-3), so ``before = (side -
player) mod sides + (turns - 1) * sides``. Cards past the known pile (the SQ-9
reshuffle) may be anything: they are counted as unknown and pay for any card. So a
line whose cells cannot each be paid by a distinct card of that multiset (its own
card, else a two-eyed Jack or an unknown card; each removal a one-eyed Jack or an
unknown card) cannot be claimed within the turns, and counts as impossible in the
distance cut; a union of lines needs at least what each of its lines needs, so the
cut's claim stands. :func:`cards_short` counts exactly that (each copy of a card
pays for one cell; tests/sequence/test_threats.py checks it against a plain
enumeration of the ways to pay, and the cut against the oracle).

**The threat filter** (:func:`is_threat`, only in threat mode). After a move of the
attacking side, a line through the cell it changed that holds no chip of another
side, can still be claimed, and misses at most ``level`` of its cells is a threat
of that level: with ``level`` 1 the side completes a sequence at its next turn
unless the defence answers (a "four", Allis et al. 1993). Threat mode only
*restricts the attacker's moves*; every defence is still searched in full (the
defender's own wins included), so a win it finds is a true forced win, and a
"not won" it returns proves nothing (solver/sequence/search.py uses it only as a
quick prover of wins, docs/solver-sequence.md).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from playable.solver.core.arrays import I64, U64
from playable.solver.sequence.board import CORNER_CARD, GRID, LINES, LINES_THROUGH, RANKS, SUITS
from playable.solver.sequence.rules import ONE_EYED, TWO_EYED

I8 = npt.NDArray[np.int8]

#: cost of a line that can never be claimed
IMPOSSIBLE = 1 << 30
EMPTY_CHIP = -1
CORNER_CHIP = -2
JACK_RANK = RANKS.index("J")
#: The kernel's card codes (``rank * 4 + suit``) of the two kinds of Jack (SQ-5); the
#: kernel codes every two-eyed Jack as WILD and every one-eyed one as REMOVER.
WILD = JACK_RANK * 4 + SUITS.index("D")
REMOVER = JACK_RANK * 4 + SUITS.index("H")


def card_code(card: str) -> int:
    """The kernel code of a card; Jacks are mapped to their class (see above)."""
    if card in TWO_EYED:
        return WILD
    if card in ONE_EYED:
        return REMOVER
    return RANKS.index(card[0]) * 4 + SUITS.index(card[1])


#: the card code of each cell's card, -1 for the free corners
CELL_CARD = np.array([-1 if c == CORNER_CARD else card_code(c) for c in GRID], dtype=np.int64)
#: ``unknown`` for :func:`out_of_reach` without a card test: every card may come
ANY_CARDS = 1 << 20


def _tables() -> tuple[I64, I64, I64]:
    cells = np.array(LINES, dtype=np.int64)
    through = np.full((100, 21), -1, dtype=np.int64)
    for cell, ids in enumerate(LINES_THROUGH):
        through[cell, : len(ids)] = ids
    shared = np.full((len(LINES), len(LINES)), -1, dtype=np.int64)
    sets = [set(line) for line in LINES]
    for i in range(len(LINES)):
        for j in range(len(LINES)):
            common = sets[i] & sets[j]
            # -1: no common cell; -2: more than one; else the one common cell
            shared[i, j] = -1 if not common else (next(iter(common)) if len(common) == 1 else -2)
    return cells, through, shared


LINE_CELLS, THROUGH, COMMON = _tables()


@njit(cache=True)
def line_cost(chips: I8, locked: U64, line: int, side: int, opp: int) -> int:
    """Cells of ``line`` the side must still make its own (module notes)."""
    cost = 0
    for j in range(5):
        c = LINE_CELLS[line, j]
        chip = chips[c]
        if chip == side or chip == CORNER_CHIP:  # noqa: SIM109 (numba)
            continue
        if chip == EMPTY_CHIP:
            cost += 1
            continue
        word = locked[0] if c < 64 else locked[1]
        if word >> np.uint64(c % 64) & np.uint64(1):
            return IMPOSSIBLE
        cost += opp
    return cost


@njit(cache=True)
def _claimable(seq_lines: I64, seq_n: I64, side: int, line: int) -> bool:
    """SQ-7: ``line`` shares at most one cell with each sequence of the side."""
    for k in range(seq_n[side]):  # noqa: SIM110 (numba)
        if COMMON[line, seq_lines[side, k]] == -2:
            return False
    return True


@njit(cache=True)
def _cell_cost(chips: I8, side: int, cell: int, opp: int) -> int:
    chip = chips[cell]
    if chip == side or chip == CORNER_CHIP:  # noqa: SIM109 (numba)
        return 0
    return 1 if chip == EMPTY_CHIP else opp


@njit(cache=True)
def cards_in_reach(
    hands: I64,
    hand_n: I64,
    draw: I64,
    draw_len: int,
    draw_ptr: int,
    side: int,
    sides: int,
    player: int,
    replaced: int,
    turns: int,
    avail: I64,
) -> int:
    """The cards ``side`` may play within its next ``turns`` own turns, counted by
    card code into ``avail``, and returned: how many of them may be unknown cards
    (module notes, the card cut). ``player`` is to move and ``replaced`` says
    whether it has exchanged a dead card this turn (SQ-6)."""
    avail[:] = 0
    for q in range(hands.shape[0]):
        if q % sides == side:
            for i in range(hand_n[q]):
                avail[hands[q, i]] += 1
    before = (side - player) % sides + (turns - 1) * sides  # turns before the last
    window = 2 * before + 1 - replaced
    end = min(draw_ptr + window, draw_len)
    for i in range(draw_ptr, end):
        avail[draw[i]] += 1
    return max(0, draw_ptr + window - draw_len)


@njit(cache=True)
def cards_short(chips: I8, line: int, side: int, sides: int, avail: I64, unknown: int) -> bool:
    """True when the cards in ``avail`` (and ``unknown`` cards that may be anything)
    cannot turn every cell of ``line`` into a chip of ``side`` (the card cut)."""
    short = 0
    removals = 0
    for j in range(5):
        cell = LINE_CELLS[line, j]
        chip = chips[cell]
        if chip == side or chip == CORNER_CHIP:  # noqa: SIM109 (numba)
            continue
        if chip != EMPTY_CHIP and sides == 2:
            removals += 1
        code = CELL_CARD[cell]
        earlier = 0  # cells of this line before ``cell`` that need the same card
        for k in range(j):
            other = LINE_CELLS[line, k]
            if CELL_CARD[other] == code and chips[other] != side:
                earlier += 1
        if earlier >= avail[code]:
            short += 1
    removers_short = max(0, removals - int(avail[REMOVER]))  # only unknown cards pay them
    return removers_short > unknown or short > int(avail[WILD]) + unknown - removers_short


@njit(cache=True)
def out_of_reach(
    chips: I8,
    locked: U64,
    seq_lines: I64,
    seq_n: I64,
    side: int,
    sides: int,
    need: int,
    turns: int,
    costs: I64,
    avail: I64,
    unknown: int,
) -> bool:
    """True when ``side`` cannot claim its missing sequences within ``turns`` of its
    own turns (the distance cut and the card cut, proven in the module notes):
    ``avail`` and ``unknown`` are :func:`cards_in_reach`'s (``unknown`` =
    :data:`ANY_CARDS`: no card test). ``costs`` is a scratch array of one slot per
    line."""
    missing = need - seq_n[side]
    if missing <= 0 or missing > 2:
        return False
    opp = 2 if sides == 2 else 1
    best1 = IMPOSSIBLE
    best2 = IMPOSSIBLE
    n_lines = LINE_CELLS.shape[0]
    for line in range(n_lines):
        cost = IMPOSSIBLE
        if _claimable(seq_lines, seq_n, side, line):
            cost = line_cost(chips, locked, line, side, opp)
            if cost <= turns and cards_short(chips, line, side, sides, avail, unknown):
                cost = IMPOSSIBLE
        costs[line] = cost
        if cost < best1:
            best2 = best1
            best1 = cost
        elif cost < best2:
            best2 = cost
        if best1 <= turns and (missing == 1 or best1 + best2 <= turns):
            return False  # in reach (the common case: stop scanning)
    if missing == 1:
        return best1 > turns
    if best1 >= IMPOSSIBLE or best2 >= IMPOSSIBLE:
        return True
    if best1 + best2 - opp > turns:
        return True
    if best1 + best2 <= turns:
        return False
    # exact: some compatible pair whose union costs at most ``turns``?
    top = turns + opp - best1
    for a in range(n_lines):
        ca = costs[a]
        if ca > top:
            continue
        for b in range(a + 1, n_lines):
            cb = costs[b]
            if cb > top:
                continue
            common = COMMON[a, b]
            if common == -2:
                continue
            union = ca + cb
            if common >= 0:
                union -= _cell_cost(chips, side, common, opp)
            if union <= turns:
                return False
    return True


@njit(cache=True)
def is_threat(chips: I8, seq_lines: I64, seq_n: I64, side: int, cell: int, level: int) -> bool:
    """Does a line through ``cell`` (just changed by the side's move) hold no chip of
    another side, share at most one cell with each of the side's sequences, and
    miss at most ``level`` cells? (threat filter, module notes)"""
    for k in range(THROUGH.shape[1]):
        line = THROUGH[cell, k]
        if line < 0:
            break
        empty = 0
        for j in range(5):
            chip = chips[LINE_CELLS[line, j]]
            if chip == EMPTY_CHIP:
                empty += 1
            elif chip != side and chip != CORNER_CHIP:
                empty = level + 1
                break
        if empty <= level and _claimable(seq_lines, seq_n, side, line):
            return True
    return False


@njit(cache=True)
def has_threat(chips: I8, seq_lines: I64, seq_n: I64, side: int) -> bool:
    """Is some claimable line of the side one empty cell short, with no chip of
    another side? (a threat of level 1 standing on the board)"""
    for line in range(LINE_CELLS.shape[0]):
        empty = 0
        for j in range(5):
            chip = chips[LINE_CELLS[line, j]]
            if chip == EMPTY_CHIP:
                empty += 1
                if empty > 1:
                    break
            elif chip != side and chip != CORNER_CHIP:
                empty = 2
                break
        if empty == 1 and _claimable(seq_lines, seq_n, side, line):
            return True
    return False
