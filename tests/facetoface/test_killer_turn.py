"""The killer turn tried first (kernel.killer_row, rule 6b of docs/solver-facetoface.md):
a turn given by its cards and final tops is recognised exactly when it is one of the
turns the kernel generates (and so one of the reference rules' turns, which
test_search.py checks), with the same position after the draw."""

from __future__ import annotations

import random

import numpy as np

from playable.solver.facetoface import kernel
from playable.solver.facetoface.rules import State
from playable.solver.facetoface.search import Solver, _mask, turn_rows

from .test_search import live_positions


def killer(state: State, solver: Solver, laid: int, tops: list[int]) -> tuple[int, list[int]]:
    row = np.zeros(kernel.ROW, dtype=np.int64)
    found = kernel.killer_row(
        solver._node(state),
        solver.deal,
        laid,
        np.array(tops, dtype=np.int64),
        row,
    )
    return int(found), [int(x) for x in row[:6]]


def test_every_generated_turn_is_recognised_with_its_row() -> None:
    checked = 0
    for state in live_positions(31, 100):
        if state.laid:
            continue
        solver, count = turn_rows(state)
        hand = _mask(state.hands[state.to_move])
        if count == kernel.WIN_NOW:
            assert killer(state, solver, hand, [0, 0, 0, 0])[0] in (kernel.WIN_NOW, 0)
            continue
        for i in range(count):
            row = [int(x) for x in solver.frames.kids[0][i, :6]]
            assert killer(state, solver, hand & ~row[0], row[2:6]) == (1, row)
            checked += 1
    assert checked > 500


def test_anything_else_is_refused() -> None:
    """Random sets of the hand's cards with random tops, and generated turns with one
    part changed, are recognised only when the kernel generates that turn."""
    rng = random.Random(7)
    refused = accepted = 0
    for state in live_positions(32, 100):
        if state.laid:
            continue
        solver, count = turn_rows(state)
        if count == kernel.WIN_NOW:
            continue
        hand = _mask(state.hands[state.to_move])
        turns = {
            (
                hand & ~int(solver.frames.kids[0][i, 0]),
                *(int(x) for x in solver.frames.kids[0][i, 2:6]),
            )
            for i in range(count)
        }
        cards = list(state.hands[state.to_move])
        listed = sorted(turns)
        for k in range(30):
            mine, theirs = state.piles[state.to_move], state.piles[1 - state.to_move]
            if k % 2 and listed:  # a generated turn, one part changed (a near miss)
                laid, *tops = rng.choice(listed)
                if rng.random() < 0.5:
                    laid ^= 1 << rng.choice(cards)
                tops[rng.randrange(4)] = rng.choice([*mine, *theirs, *cards])
            else:
                laid = sum(1 << c for c in rng.sample(cards, rng.randint(1, len(cards))))
                tops = [
                    rng.choice([mine[0], *cards]),
                    rng.choice([mine[1], *cards]),
                    rng.choice([theirs[0], *cards]),
                    rng.choice([theirs[1], *cards]),
                ]
            found, _ = killer(state, solver, laid, tops)
            assert (found == 1) == ((laid, *tops) in turns)
            refused += found == 0
            accepted += found == 1
    assert refused > 500 and accepted > 20
