"""The compact endgame rules against the reference rules, move by move."""

from __future__ import annotations

import random

import pytest

from playable.solver.uno.endgame_state import RESHUFFLE, Rules, from_move, to_move
from playable.solver.uno.rules import Options, State, apply, legal_moves, random_deal
from tests.uno.helpers import position


def _walk(s: State, rules: Rules, rng: random.Random, steps: int) -> int:
    """Random moves from ``s``; each node's moves and children must agree with the
    reference rules. Returns how many moves were compared."""
    node = rules.encode(s)
    compared = 0
    for _ in range(steps):
        if s.is_over:
            break
        assert rules.agrees(node, s)
        codes = rules.moves(node)
        assert sorted(codes) == sorted(from_move(m) for m in legal_moves(s))
        code = rng.choice(codes)
        after = apply(s, to_move(code))
        got = rules.child(node, code)
        compared += 1
        if got == RESHUFFLE:
            assert not rules.seeded and after.reshuffles != s.reshuffles
            return compared
        if isinstance(got, int):
            assert after.is_over and after.winner == got
            return compared
        assert not isinstance(got, str)
        node, s = got, after
    return compared


@pytest.mark.parametrize("seeded", [False, True])
@pytest.mark.parametrize(
    "options", [Options(), Options(reverse_skips=False), Options(stacking=True)]
)
def test_random_walks_agree_with_the_rules(seeded: bool, options: Options) -> None:
    rng = random.Random(5)
    total = 0
    for seed in range(40):
        s = random_deal(options, 2, seed).start()
        rules = Rules(s.seed, seeded, options.reverse_skips, options.stacking)
        total += _walk(s, rules, rng, 400)
    assert total > 1000


def test_reshuffle_is_followed_only_when_seeded() -> None:
    s = position(["G1 G2", "Y7 Y8"], "R5", draw="", fill_draw=False)
    unseeded = Rules(0, False)
    assert unseeded.child(unseeded.encode(s), 62) == RESHUFFLE
    seeded = Rules(0, True)
    node = seeded.child(seeded.encode(s), 62)
    after = apply(s, to_move(62))
    assert not isinstance(node, (int, str)) and seeded.agrees(node, after)
    assert after.reshuffles == 1
