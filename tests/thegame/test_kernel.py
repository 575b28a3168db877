"""The numba kernel's building blocks against the reference rules and pruning module."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.core.bits import popcount
from playable.solver.thegame import kernel as K
from playable.solver.thegame.pruning import dead_cards, highest_reach, lowest_reach, top_class
from playable.solver.thegame.rules import PILES, Variant, accepts, can_lay

from .search_cases import random_playout_position, tight_position


def bitset(cards: list[int] | frozenset[int]) -> np.ndarray:  # type: ignore[type-arg]
    words = np.zeros(2, dtype=np.uint64)
    for c in cards:
        words[c >> 6] |= np.uint64(1) << np.uint64(c & 63)
    return words


@given(st.integers(min_value=0, max_value=2**64 - 1))
@settings(deadline=None)
def test_popcount(x: int) -> None:
    assert popcount(np.uint64(x)) == bin(x).count("1")


@given(st.frozensets(st.integers(2, 99)), st.integers(1, 100), st.integers(40, 99))
@settings(max_examples=300, deadline=None)
def test_reaches_are_the_pruning_modules(
    available: frozenset[int], top: int, max_card: int
) -> None:
    """P5: the kernel's reach of an ascending and a descending pile (one function for
    both directions) is the reference's, for any cards not yet laid."""
    words = bitset(available)
    assert K.lowest_reach(top, words) == lowest_reach(top, available)
    assert K.highest_reach(top, words, max_card) == highest_reach(top, available, max_card)


@given(st.sets(st.integers(2, 99)), st.integers(0, 101), st.integers(0, 101))
@settings(max_examples=200, deadline=None)
def test_count_between(cards: set[int], lo: int, hi: int) -> None:
    assert K.count_between(bitset(list(cards)), lo, hi) == sum(lo <= c <= hi for c in cards)


@pytest.mark.parametrize("pile", PILES)
def test_accepts_matches_tg3(pile: int) -> None:
    for top in range(1, 101):
        for card in range(2, 100):
            assert K.accepts(pile, top, card) == accepts(pile, top, card), (pile, top, card)


@pytest.mark.parametrize("seed", range(60))
def test_dead_count_matches_the_reference(seed: int) -> None:
    variant = Variant(players=1 + seed % 3, expert=seed % 2 == 0, max_card=40 + seed)
    state = tight_position(variant, seed, seed % 7)
    avail = bitset([c for h in state.hands for c in h] + list(state.draw))
    t = state.piles
    assert K.dead_count(t[0], t[1], t[2], t[3], avail, variant.max_card) == len(dead_cards(state))


@pytest.mark.parametrize("seed", range(40))
def test_can_complete_matches_the_rules(seed: int) -> None:
    """With every pile open, the kernel's TG-7 check agrees with rules.can_lay."""
    variant = Variant(players=1, expert=True, max_card=30 + seed)
    state = random_playout_position(variant, seed, seed % 11)
    cards = np.array(state.hand + (0,) * (16 - len(state.hand)), dtype=np.int64)
    tops = np.array(state.piles, dtype=np.int64)
    for need in (0, 1, 2):
        expected = can_lay(state.piles, state.hand, need)
        assert K.can_complete(tops, cards, len(state.hand), -1, need, 0) == expected


@given(st.integers(0, 2**64 - 1), st.integers(0, 2**64 - 1))
@settings(deadline=None, max_examples=50)
def test_the_pile_pair_key_is_symmetric_and_keeps_equal_pairs_apart(a: int, b: int) -> None:
    """P1: swapped piles share a key; (a, a) and (b, b) do not collide as with XOR
    (where every equal pair gives 0): ``x ^ rotl(x, 1)`` only maps ``a`` and its
    complement together, a chance of 2**-64 for two random Zobrist keys."""
    x, y = np.uint64(a), np.uint64(b)
    assert K._pair(x, y) == K._pair(y, x)
    if a != b and a != b ^ (2**64 - 1):
        assert K._pair(x, x) != K._pair(y, y)
    assert K._pair(x, x) == K._pair(~x, ~x)


@pytest.mark.parametrize("seed", range(40))
def test_top_class_matches_the_reference(seed: int) -> None:
    """P6: the kernel's class index of every top agrees with pruning.top_class."""
    rng = np.random.default_rng(seed)
    variant = Variant(max_card=int(rng.integers(20, 100)))
    cards = list(variant.cards)
    available = frozenset(
        int(c) for c in rng.choice(cards, size=int(rng.integers(0, len(cards))), replace=False)
    )
    words = bitset(available)
    for pile in PILES:
        classes: dict[tuple[str, int], int] = {}
        for top in range(1, variant.max_card + 2):
            index = K.top_class(pile, top, words)
            expected = top_class(pile, top, available)
            assert classes.setdefault(expected, index) == index
        assert len(set(classes.values())) == len(classes)


@given(
    st.integers(0, 10**6),
    st.sampled_from([(1, False), (1, True), (2, False), (3, True)]),
    st.integers(40, 99),
    st.lists(st.integers(0, 39), min_size=1, max_size=120),
)
@settings(max_examples=60, deadline=None)
def test_generated_moves_and_apply_move_follow_the_rules(
    seed: int, kind: tuple[int, bool], max_card: int, choices: list[int]
) -> None:
    """The move generator's moves are legal and ``apply_move`` (shared by the
    systematic search, the pilot, NRPA and the beam) reaches the rules' position
    (TG-3 to TG-7), along lines chosen by hypothesis."""
    from playable.solver.core.budget import Budget
    from playable.solver.thegame.rules import deal, end_turn, lay, shuffled_deck
    from playable.solver.thegame.search import _Solver

    variant = Variant(players=kind[0], expert=kind[1], max_card=max_card)
    state = deal(variant, shuffled_deck(variant, seed))
    run = _Solver([state], Budget(memory_mb=1), True).runs[0]
    run.reset(1, 0, 0)
    drawn = len(state.draw)
    moves = np.zeros((1, K.MAX_MOVES), dtype=np.int64)
    scratch = K.new_scratch()
    for choice in choices:
        n = K._generate(run.params, run.pos, moves, 0, scratch)
        if n == 0:
            break
        m = int(moves[0, choice % n])
        state = end_turn(state) if m == K.END else lay(state, m >> 2, m & 3)
        K.apply_move(run.params, run.draw, run.pos, m)
        assert tuple(int(t) for t in run.st[K.S_TOP : K.S_TOP + 4]) == state.piles
        assert int(run.st[K.S_TOMOVE]) == state.to_move
        assert int(run.st[K.S_LAID]) == state.laid
        assert int(run.st[K.S_DPOS]) == drawn - len(state.draw)
        for p, hand in enumerate(state.hands):
            held = [c for c in range(2, variant.max_card + 1) if K.has(run.hands[p], c)]
            assert held == sorted(hand)
