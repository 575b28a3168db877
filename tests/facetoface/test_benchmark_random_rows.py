"""The random rows of the Face to Face reach benchmark (benchmarks/facetoface_solve.py).

A random 24-card position must be one the rules allow (docs/rules.md FF-1..FF-6): each
player still holds 24 distinct cards of 2..59 (a hand of 6, FF-5, and a draw pile of
18), every pile top is a card some deck has laid (a player's own card or, FF-3, the
other player's), never one card twice, and the game is not over. The same deal seed
gives the same position, so a run seed stands for the same row everywhere.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.facetoface.rules import HAND_SIZE, is_terminal
from tests.benchmark_modules import load

load("reach")
bench = load("facetoface_solve")


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_positions_follow_the_rules(seed: int) -> None:
    state = bench.random_position(seed, 24)
    assert state == bench.random_position(seed, 24)
    assert not is_terminal(state)
    cards = set(range(2, 60))
    laid = []
    for player in (0, 1):
        remaining = state.hands[player] + state.draws[player]
        assert len(state.hands[player]) == HAND_SIZE
        assert len(remaining) == len(set(remaining)) == 24
        assert set(remaining) <= cards
        laid.append(cards - set(remaining))
    tops = Counter(top for piles in state.piles for top in piles)
    for top, times in tops.items():
        # each deck holds a card once: a top shown twice came from both decks
        assert times <= sum(top in mine for mine in laid), (top, state.piles)


def test_rows_are_named_on_the_command_line() -> None:
    assert bench.ROW_NAMES == ("16", "24", "32", "r24")
    assert bench.label("r24") == "<= 24 cards left, random"
    assert bench.label("24") == "<= 24 cards left"
    rows = bench.draw(5, 2)
    assert set(rows) == {bench.label(name) for name in bench.ROW_NAMES}
    assert [drawn.index for drawn in rows[bench.label("r24")]] == [0, 1]
