"""Threat-space search and the distance cut (solver/sequence/threats.py,
threats_kernel.py, kernel cuts 4 and 5) against the plain oracle over the rules,
:func:`reference_win_within`, on 320 small positions: the 200 stored cases of
winin.txt and 120 fresh ones from simulated games (seed 5150, the variants of
make_winin.py)."""

from __future__ import annotations

import functools
import itertools
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.core.budget import Budget
from playable.solver.core.result import Status
from playable.solver.sequence import kernel
from playable.solver.sequence.board import LINES
from playable.solver.sequence.notation import parse_move, parse_position
from playable.solver.sequence.rules import CORNER, EMPTY, State, UnknownCard, apply
from playable.solver.sequence.search import KernelSearch, forced_win, reference_win_within
from playable.solver.sequence.simulate import sample_positions
from playable.solver.sequence.threats_kernel import (
    ANY_CARDS,
    CELL_CARD,
    REMOVER,
    WILD,
    cards_in_reach,
    cards_short,
    out_of_reach,
)
from tests.sequence.conftest import build
from tests.sequence.test_search import CASES

VARIANTS = ((3, 3), (6, 3), (12, 3), (2, 2), (9, 3), (4, 2))
#: no card in reach: with ANY_CARDS unknown cards the card test never fires
NO_CARDS = np.zeros(52, dtype=np.int64)
TURNS = (1, 2)


@functools.cache
def positions() -> list[tuple[State, dict[int, bool]]]:
    """Every position with the oracle's answers (cheap: about 2 s for the fresh ones)."""
    found = [(case.state, case.wins) for case in CASES]
    for state in sample_positions(120, seed=5150, variants=VARIANTS, threat_share=0.9):
        try:
            found.append((state, {n: reference_win_within(state, n) for n in TURNS}))
        except UnknownCard:  # pragma: no cover - the simulated positions list every card
            continue
    return found


def test_there_are_320_positions_with_wins_and_non_wins() -> None:
    cases = positions()
    assert len(cases) >= 320
    assert sum(wins[2] for _, wins in cases) >= 80
    assert sum(not wins[2] for _, wins in cases) >= 150


def test_the_full_search_with_the_distance_cut_agrees_with_the_oracle() -> None:
    search = KernelSearch(Budget(memory_mb=8))
    for number, (state, wins) in enumerate(positions()):
        for n, expected in wins.items():
            assert search.wins(state, n, state.side) == expected, (number, n)


def test_a_threat_search_win_is_a_win_and_it_finds_most_of_them() -> None:
    """Sound: it never claims a win the oracle denies; useful: it finds most wins."""
    search = KernelSearch(Budget(memory_mb=8))
    wins = found = 0
    for number, (state, answers) in enumerate(positions()):
        for n, expected in answers.items():
            got = search.wins(state, n, state.side, threats=1)
            assert not search.incomplete
            assert not got or expected, (number, n)
            wins += expected
            found += bool(got)
    assert found >= 0.9 * wins, (found, wins)


def test_the_distance_and_card_cuts_never_deny_a_win() -> None:
    """Every position, for the side to move: out of reach within n turns, by the
    distance alone or with the cards it can hold within them, never where the oracle
    finds a win; and each cut fires (the cards beyond the distance)."""
    costs = np.zeros(len(LINES), dtype=np.int64)
    avail = np.zeros(52, dtype=np.int64)
    by_distance = by_cards = 0
    for number, (state, answers) in enumerate(positions()):
        board, cards = kernel.encode(state)
        v = state.variant
        args = (board.chips, board.locked, board.seq_lines, board.seq_n, state.side, v.sides)
        for n, expected in answers.items():
            unknown = cards_in_reach(
                cards.hands, cards.hand_n, cards.draw, cards.draw_len, 0, state.side,
                v.sides, state.to_move, int(state.replaced), n, avail,
            )  # fmt: skip
            distance = out_of_reach(*args, v.sequences_to_win, n, costs, NO_CARDS, ANY_CARDS)
            with_cards = out_of_reach(*args, v.sequences_to_win, n, costs, avail, unknown)
            assert not ((distance or with_cards) and expected), (number, n)
            assert with_cards or not distance, (number, n)
            by_distance += distance
            by_cards += with_cards and not distance
    assert by_distance >= 100
    assert by_cards >= 100, by_cards  # 183 of the 640 (position, n) pairs


def test_the_cards_in_reach_are_the_hands_and_the_next_draws() -> None:
    """Two players, player 1 (side 0) to move with 2 own turns left: its own hand and
    the pile's next 2 * 2 + 1 cards (two turns before its last, each drawing at most
    a replacement and a card, and its last turn's replacement, SQ-4, SQ-6); past the
    known pile every card is unknown."""
    hands = np.array([[0, 1, -1], [2, 3, -1]], dtype=np.int64)
    hand_n = np.array([2, 2], dtype=np.int64)
    draw = np.arange(4, 12, dtype=np.int64)
    avail = np.zeros(52, dtype=np.int64)
    assert cards_in_reach(hands, hand_n, draw, 8, 0, 0, 2, 0, 0, 2, avail) == 0
    assert set(np.flatnonzero(avail)) == {0, 1, 4, 5, 6, 7, 8}
    # the opponent to move, having replaced a dead card: its turn draws one more
    assert cards_in_reach(hands, hand_n, draw, 8, 5, 0, 2, 1, 1, 1, avail) == 0
    assert set(np.flatnonzero(avail)) == {0, 1, 9, 10}
    assert cards_in_reach(hands, hand_n, draw, 8, 6, 0, 2, 1, 0, 2, avail) == 5


def _short_plainly(chips: list[int], line: int, side: int, avail: list[int], unknown: int) -> bool:
    """cards_short's claim, by trying every way to pay for the line's cells: each
    cell not the side's takes its own card, a wild Jack or an unknown card, and each
    chip of the opponent (two sides) a one-eyed Jack or an unknown card first."""
    cells = [c for c in LINES[line] if chips[c] not in (side, CORNER)]
    removals = sum(chips[c] != EMPTY for c in cells)
    for choice in itertools.product(range(3), repeat=len(cells)):
        need = [0] * 52
        spare = unknown
        for cell, way in zip(cells, choice, strict=True):
            if way == 0:
                need[int(CELL_CARD[cell])] += 1
            elif way == 1:
                need[WILD] += 1
            else:
                spare -= 1
        removers_short = max(0, removals - avail[REMOVER])
        if all(n <= a for n, a in zip(need, avail, strict=True)) and spare >= removers_short:
            return False
    return True


@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, len(LINES) - 1),
    st.lists(st.sampled_from([EMPTY, EMPTY, 0, 1]), min_size=5, max_size=5),
    st.lists(st.integers(0, 2), min_size=52, max_size=52),
    st.integers(0, 3),
)
def test_the_card_test_is_the_plain_definition(
    line: int, marks: list[int], counts: list[int], unknown: int
) -> None:
    """A random line of a two-sided board and random cards in reach: the card test
    fires exactly when no way of paying for the line's cells exists."""
    chips = [EMPTY] * 100
    for cell, mark in zip(LINES[line], marks, strict=True):
        chips[cell] = CORNER if cell in (0, 9, 90, 99) else mark
    sparse = [c if i in (WILD, REMOVER) or i % 5 == 0 else min(c, 1) for i, c in enumerate(counts)]
    avail = np.array(sparse, dtype=np.int64)
    got = cards_short(np.array(chips, dtype=np.int8), line, 0, 2, avail, unknown)
    assert got == _short_plainly(chips, line, 0, sparse, unknown)


LINE_SETS = [frozenset(line) for line in LINES]
LINE_SETS = [frozenset(line) for line in LINES]


def _distance(chips: list[int], side: int, sides: int, need: int) -> int:
    """The distance of threats_kernel's notes written plainly (no sequences yet):
    the cheapest union of ``need`` lines that pairwise share at most one cell."""
    opp = 2 if sides == 2 else 1

    def cost(cells: frozenset[int]) -> int:
        return sum(
            0 if chips[c] in (side, CORNER) else 1 if chips[c] == EMPTY else opp for c in cells
        )

    best = 10**9
    for combo in itertools.combinations(LINE_SETS, need):
        if all(len(a & b) <= 1 for a, b in itertools.combinations(combo, 2)):
            best = min(best, cost(frozenset().union(*combo)))
    return best


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.sampled_from([EMPTY, EMPTY, 0, 1]), min_size=100, max_size=100),
    st.integers(0, 12),
)
def test_the_distance_is_the_plain_definition(cells: list[int], turns: int) -> None:
    """Random two-sided boards without locks or sequences: the kernel's cut fires
    only when the cheapest pair of compatible lines costs more than ``turns`` (it
    may decline: when the two cheapest lines fit the turns it stops looking, and
    they may clash), and always when no line at all fits."""
    chips = [CORNER if c in (0, 9, 90, 99) else x for c, x in enumerate(cells)]
    state = replace(build(), chips=tuple(chips))
    board, _ = kernel.encode(state)
    costs = np.zeros(len(LINES), dtype=np.int64)
    for side in (0, 1):
        got = out_of_reach(
            board.chips, board.locked, board.seq_lines, board.seq_n, side, 2, 2, turns, costs,
            NO_CARDS, ANY_CARDS,
        )  # fmt: skip
        distance = _distance(chips, side, 2, 2)
        assert not got or distance > turns, (side, distance)
        cheapest = min(
            sum(0 if chips[c] in (side, CORNER) else 1 if chips[c] == EMPTY else 2 for c in line)
            for line in LINES
        )
        assert got or cheapest <= turns, (side, cheapest)


def test_a_nine_run_is_one_turn_from_two_sequences() -> None:
    """Two lines sharing their middle cell: one placement claims both (SQ-7)."""
    state = build("\n.BBBB.BBBB", ("AH 5C", "2S 3S"))
    assert state.chips[15] == EMPTY
    board, _ = kernel.encode(state)
    costs = np.zeros(len(LINES), dtype=np.int64)
    args = (board.chips, board.locked, board.seq_lines, board.seq_n, 0, 2, 2)
    assert not out_of_reach(*args, 1, costs, NO_CARDS, ANY_CARDS)
    assert out_of_reach(*args, 0, costs, NO_CARDS, ANY_CARDS)
    assert reference_win_within(state, 1)
    result = forced_win(state, 3, Budget(memory_mb=8))
    assert result.status is Status.SOLVED and result.objective == 1 and result.proven_optimal


#: win in 7 own turns of blue (10 players, 2 sides), found by the threat search on a
#: fresh position (run seed 604116 of benchmarks/sequence_search.py's sampler, its position 24)
DEEP = """\
playable sequence position
players: 10
sides: 2
row 0: * . . . . . . . . *
row 1: . . . B . . . . . .
row 2: . . . . . . . . . .
row 3: . . . . B . . . . .
row 4: . . . . . . . . . .
row 5: . . . B . . . . . .
row 6: . . . . . B . . . B
row 7: . B . G G . G G . .
row 8: . . . . . . . . G .
row 9: * . . . . . . . . *
sequences: -
hand 1: AD QS TS
hand 2: 3C 3S 4S
hand 3: 3H 6D KS
hand 4: 3S 7S KC
hand 5: AS KD QS
hand 6: 4H 5C 7D
hand 7: 6H 7C 9S
hand 8: 9H QD TH
hand 9: 5D 8D 9D
hand 10: 2C 6H 8C
discard 1: 7H 3D
discard 2: AD QC
discard 3: 3C TH
discard 4: 3H
discard 5: 8S
discard 6: TD
discard 7: JS
discard 8: KD
discard 9: 4C
discard 10: KC
draw: JD 7C JC 8H 9S JH 2H 6S 5S 8C QC QH 6C 2D TC 5H 9C 9D 6C 8S 2S AC JD 6D KS 5S \
5D 2C 7S 2S 4H 7D KH 5H JS QD 4D 9C 6S 5C 7H JH 9H TS 3D TD 2H KH AH AS 4S AC 8D TC QH \
8H AH JC 4D 2D 4C
to-move: 4
replaced: no
seed: 0
"""


def test_a_deep_win_is_proven_and_its_line_replays_through_the_rules() -> None:
    state = parse_position(DEEP.replace(" \\\n", " "))
    result = forced_win(state, 10, Budget(nodes=400_000, memory_mb=32), fastest=False)
    assert result.status is Status.SOLVED and result.objective is not None
    assert 2 <= result.objective <= 7
    assert result.extra["threat_turns"] == result.objective or result.proven_optimal
    replayed, side = state, state.side
    own = 0
    for step in result.to_json()["line"]:
        own += replayed.side == side and not step["move"].startswith("dead:")
        replayed = apply(replayed, parse_move(replayed, step["move"]))
    assert replayed.winner == side and own <= result.objective


def test_without_threats_the_deep_win_is_out_of_the_full_search_reach() -> None:
    """The same budget without the threat search: the full search does not get there."""
    state = parse_position(DEEP.replace(" \\\n", " "))
    result = forced_win(state, 10, Budget(nodes=100_000, memory_mb=32), threats=False)
    assert result.status is Status.UNKNOWN


@pytest.mark.parametrize("seconds", [0.5, 1.5])
def test_a_time_budget_is_kept(seconds: float) -> None:
    """The full search of a hard position stops within the budget (5% and a little
    for the line and the result on a loaded machine). The position is one the search
    does not decide within 3,000,000 nodes (about 5 s of a quiet core), so no machine
    decides it within these budgets (DEEP, decided in about 190,000 nodes, was solved
    within 1.5 s on a quiet one)."""
    state = sample_positions(2, seed=2026, variants=((2, 2),), threat_share=0.0)[1]
    result = forced_win(state, 12, Budget(seconds=seconds, memory_mb=32), threats=False)
    assert result.status is Status.UNKNOWN
    assert result.seconds <= seconds * 1.05 + 0.1
