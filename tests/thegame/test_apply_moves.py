"""``pilot_kernel.apply_moves`` (one kernel call for a pilot restart's prefix,
solver/thegame/search.py) leaves exactly the position that ``apply_move`` called once
a move leaves (TG-3, TG-4, TG-7), on random lines of the kernel's own moves."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.core.budget import Budget
from playable.solver.thegame import kernel as K
from playable.solver.thegame import pilot_kernel as P
from playable.solver.thegame.notation import Deal
from playable.solver.thegame.rules import Variant, shuffled_deck
from playable.solver.thegame.search import _Solver


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(1, 3),
    expert=st.booleans(),
    seed=st.integers(0, 10_000),
    picks=st.lists(st.integers(0, 39), min_size=0, max_size=80),
)
def test_apply_moves_equals_one_call_a_move(
    players: int, expert: bool, seed: int, picks: list[int]
) -> None:
    variant = Variant(players=players, expert=expert)
    deal = Deal(variant, tuple(shuffled_deck(variant, seed)))
    run = _Solver([deal.start(0)], Budget(memory_mb=1), False).runs[0]
    run.reset(1, 0, 0)
    moves = np.zeros((1, K.MAX_MOVES), dtype=np.int64)
    scratch = K.new_scratch()
    line = []
    for pick in picks:  # a line of the kernel's legal moves, chosen by the picks
        n = K._generate(run.params, run.pos, moves, 0, scratch)
        if n == 0:
            break
        m = int(moves[0, pick % n])
        P.apply_move(run.params, run.draw, run.pos, m)
        line.append(m)
    one_by_one = [a.copy() for a in run.pos]
    run.reset(1, 0, 0)
    P.apply_moves(run.params, run.draw, run.pos, np.array(line, dtype=np.int64))
    for expected, got in zip(one_by_one, run.pos, strict=True):
        assert np.array_equal(expected, got)
