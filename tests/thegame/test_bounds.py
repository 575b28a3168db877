"""Dominance between positions (D1, solver/thegame/bounds.py) checked against the
brute force, and against the proof checker's own set-based version."""

from __future__ import annotations

import random

import numpy as np
import pytest

from playable.solver.core.tt import new_table
from playable.solver.thegame import kernel as K
from playable.solver.thegame import proofcheck
from playable.solver.thegame.bounds import accept_mask, dominates, not_laid_mask
from playable.solver.thegame.bruteforce import PositionLimit, optimal
from playable.solver.thegame.rules import State, Variant, accepts

from .search_cases import random_playout_position, tight_position


def with_piles(state: State, piles: list[int]) -> State:
    return State(
        state.variant,
        (piles[0], piles[1], piles[2], piles[3]),
        state.hands,
        state.draw,
        state.to_move,
        state.laid,
    )


def worse_position(state: State, rng: random.Random) -> State | None:
    """``state`` with one or two tops moved to laid cards whose pile takes a subset of
    the cards not yet laid (often a strict subset), the pairs maybe swapped; None
    when no such top exists."""
    avail = not_laid_mask(state)
    laid = [c for c in state.variant.cards if not (avail >> c) & 1]
    piles = list(state.piles)
    changed = False
    for pile in rng.sample(range(4), 2):
        mine = accept_mask(pile, piles[pile], avail)
        options = [t for t in laid if accept_mask(pile, t, avail) & ~mine == 0 and t != piles[pile]]
        if options:
            piles[pile] = rng.choice(options)
            changed = True
    if not changed:
        return None
    if rng.random() < 0.5:
        piles[0], piles[1] = piles[1], piles[0]
    if rng.random() < 0.5:
        piles[2], piles[3] = piles[3], piles[2]
    return with_piles(state, piles)


@pytest.mark.parametrize("seed", range(160))
def test_d1_a_dominated_position_is_never_better(seed: int) -> None:
    """D1: f(better) <= f(worse) by the brute force (TG-8), on tight positions and on
    positions reached by random moves (some mid-turn), 1-3 players."""
    rng = random.Random(seed)
    variant = Variant(
        players=1 + seed % 3,
        expert=seed % 2 == 0,
        expert_hand=seed % 5 == 0,
        max_card=22 + seed % 19,
    )
    if seed % 4 == 3:
        better = random_playout_position(variant, seed, 6 + seed % 9)
    else:
        better = tight_position(variant, seed, seed % 4)
    worse = worse_position(better, rng)
    if worse is None:
        pytest.skip("no dominated top among the laid cards")
    if worse.laid and not [m for m in proofcheck.legal_moves(worse)]:
        pytest.skip("the worse position cannot complete its turn (not a position)")
    assert dominates(better, worse)
    assert proofcheck.dominates(better, worse)
    try:
        best = optimal(better, limit=4_000).cards_left
        worst = optimal(worse, limit=4_000).cards_left
    except PositionLimit:
        pytest.skip("too big for the brute force here")
    assert best <= worst


@pytest.mark.parametrize("seed", range(200))
def test_d1_mask_and_set_versions_agree(seed: int) -> None:
    """bounds.dominates (bitmasks) and proofcheck.dominates (sets) answer alike, also
    on pairs that do not dominate, and the accept mask is TG-3's accepts."""
    rng = random.Random(seed)
    variant = Variant(max_card=20 + seed % 80)
    state = tight_position(variant, seed, seed % 6)
    avail = not_laid_mask(state)
    laid = [c for c in variant.cards if not (avail >> c) & 1] + [1, variant.max_card + 1]
    piles = [rng.choice(laid) for _ in range(4)]
    other = with_piles(state, piles)
    assert dominates(state, other) == proofcheck.dominates(state, other)
    assert dominates(other, state) == proofcheck.dominates(other, state)
    for pile in range(4):
        mask = accept_mask(pile, piles[pile], avail)
        assert all(
            ((mask >> c) & 1) == (((avail >> c) & 1) and accepts(pile, piles[pile], c))
            for c in variant.cards
        )


def test_d1_needs_the_same_cards_in_hand() -> None:
    variant = Variant(max_card=30)
    state = tight_position(variant, 3, 2)
    hands = (tuple(sorted(state.hands[0][1:] + state.draw[:1])),)
    other = State(variant, state.piles, hands, state.draw[1:] + state.hands[0][:1], 0, 0)
    assert not dominates(state, other)
    assert not proofcheck.dominates(state, other)


def bitset(cards: frozenset[int] | tuple[int, ...]) -> np.ndarray:  # type: ignore[type-arg]
    words = np.zeros(2, dtype=np.uint64)
    for c in cards:
        words[c >> 6] |= np.uint64(1) << np.uint64(c & 63)
    return words


@pytest.mark.parametrize("seed", range(200))
def test_d1_kernel_dominance_agrees_with_the_plain_version(seed: int) -> None:
    """The kernel's D1 test (tops packed in the dominance table) answers as
    bounds.dominates, and a stored bound is found only for dominated tops."""
    rng = random.Random(seed)
    variant = Variant(max_card=20 + seed % 80)
    state = tight_position(variant, seed, seed % 6)
    avail_mask = not_laid_mask(state)
    laid = [c for c in variant.cards if not (avail_mask >> c) & 1] + [1, variant.max_card + 1]
    other = with_piles(state, [rng.choice(laid) for _ in range(4)])
    if rng.random() < 0.3:
        other = worse_position(state, rng) or other
    avail = bitset(tuple(c for c in variant.cards if (avail_mask >> c) & 1))
    tops = np.array(other.piles, dtype=np.int64)
    b = state.piles
    assert K.tops_dominate(b[0], b[1], b[2], b[3], tops, avail) == dominates(state, other)
    keys, values = new_table(8)
    K.dom_store(keys, values, np.uint64(12345), np.array(b, dtype=np.int64), 7)
    found = K.dom_probe(keys, values, np.uint64(12345), tops, avail, 3)
    assert found == (7 if dominates(state, other) else -1)
    assert K.dom_probe(keys, values, np.uint64(12345), tops, avail, 8) == -1
    assert K.dom_probe(keys, values, np.uint64(999), tops, avail, 1) == -1
