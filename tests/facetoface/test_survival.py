"""The survival verdict of Face to Face (solver/facetoface/survival_kernel.py).

Wherever it decides a position (one player is blocked before the other, FF-6), the
plain minimax over the reference rules must give the same value; and both of its
one-player questions must answer exactly as searches written from their definitions,
without the two reductions the module proves (turns without a gift lay 2 cards; a
dead card is the only gift tried).
"""

from __future__ import annotations

import functools
import random

import numpy as np
import pytest

from playable.solver.facetoface import survival_kernel as survival
from playable.solver.facetoface.rules import State
from playable.solver.facetoface.search import Solver
from playable.solver.facetoface.workspace import Deal
from tests.facetoface.test_search import decided_by, playout_positions

Side = tuple[frozenset[int], tuple[int, ...], int, int]  # hand, draw pile, up, down


def _verdict(state: State, wins: bool = True) -> int:
    solver = Solver(state, 1)
    node = solver._node(state)
    deal = Deal(solver.draws, solver.dlens, solver.suffix)
    return int(survival.verdict(node, deal, survival.new_survival(), wins))


def test_every_verdict_agrees_with_the_brute_force() -> None:
    states = playout_positions(21, 200, max_card=12, left=5)
    states += playout_positions(22, 200, max_card=14, left=5)
    states += playout_positions(23, 100, max_card=16, left=5)
    decided = decided_by(_verdict, states)
    for state in decided[-1]:
        assert _verdict(state, wins=False) == -1  # a loss is found without wins
    won, lost = len(decided[1]), len(decided[-1])
    assert won >= 100 and lost >= 15, (won, lost)


def _fits(card: int, up: int, down: int, tricks: bool) -> list[tuple[int, int]]:
    """The (up, down) tops after laying ``card`` on an own pile."""
    out = []
    if card > up or (tricks and card == up - 10):
        out.append((card, down))
    if card < down or (tricks and card == down + 10):
        out.append((up, card))
    return out


def _turn_ends(side: Side, relaxed: bool) -> tuple[bool, set[Side]]:
    """Every turn from the definition: (lays every card, the positions after)."""
    hand, draw, up, down = side
    finish, ends = False, set()
    seen = set()
    stack = [(hand, up, down, 0, False)]
    while stack:
        h, u, d, own, gave = stack.pop()
        if (h, u, d, gave) in seen:
            continue
        seen.add((h, u, d, gave))
        laid = own + gave
        if laid >= 1 and not h and not draw:
            finish = True
        if relaxed and laid >= 1 and len(h) == 1 and not draw and not gave:
            finish = True  # the last card given away (FF-6, any card in the relaxed turn)
        if own >= 1 and laid >= 2:
            count = 6 - len(h) if gave else 2
            ends.add((h | frozenset(draw[:count]), draw[count:], u, d))
        for c in h:
            for nu, nd in _fits(c, u, d, relaxed):
                stack.append((h - {c}, nu, nd, own + 1, gave))
            if relaxed and not gave:
                stack.append((h - {c}, u, d, own, True))
    if not hand and not draw:
        finish = True
    if relaxed and len(hand) == 1 and not draw:
        finish = True
    return finish, ends


@functools.cache
def _completes(side: Side, k: int, relaxed: bool) -> bool:
    if k <= 0:
        return True
    finish, ends = _turn_ends(side, relaxed)
    return finish or any(_completes(after, k - 1, relaxed) for after in ends)


def _sides(seed: int, count: int) -> list[Side]:
    """Random player positions, many of them close to blocking: pile tops with little
    room between them, 1-6 cards in hand, 0-8 to draw, cards 2..59 (FF-1)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        up = rng.randint(1, 59)
        down = rng.randint(max(2, up - 20), 60)
        cards = rng.sample(range(2, 60), rng.randint(1, 6) + rng.randint(0, 8))
        n = rng.randint(1, min(6, len(cards)))
        out.append((frozenset(cards[:n]), tuple(cards[n:]), up, down))
    return out


def _pile(cards: tuple[int, ...]) -> np.ndarray:
    pile = np.zeros(64, dtype=np.int64)
    pile[: len(cards)] = cards
    return pile


@pytest.mark.parametrize("model", [survival.RELAXED, survival.ROBUST])
def test_questions_answer_as_their_definitions(model: int) -> None:
    relaxed = model == survival.RELAXED
    sv = survival.new_survival()
    answers = {True: 0, False: 0}
    for side in _sides(31 + model, 150):
        hand, draw, up, down = side
        pile = _pile(draw)
        bits = sum(1 << c for c in hand)
        for k in range(1, 5):
            got = survival.can_complete(model, 0, (bits, 0, up, down), pile, len(draw), k, sv)
            want = _completes(side, k, relaxed)
            assert got == want, (side, k)
            answers[want] += 1
        sv.table[:] = 0  # the next position has another draw pile
    assert min(answers.values()) >= 30, answers


def test_a_player_without_room_is_blocked() -> None:
    sv = survival.new_survival()
    # up pile at 58, down pile at 3: 20 and 30 fit nowhere, 59 fits once
    hand = (1 << 20) | (1 << 30) | (1 << 59)
    seat = (hand, 0, 58, 3)
    # relaxed: 59 up and 20 given away is a turn; then 30 alone is the last card
    assert survival.can_complete(survival.RELAXED, 0, seat, _pile(()), 0, 3, sv)
    with_draw = (0, seat, _pile((25, 26)), 2)
    sv = survival.new_survival()  # bounds hold for one draw pile: a new table
    # with 2 cards to draw the hand is never the last card: one turn, then blocked
    assert survival.can_complete(survival.RELAXED, *with_draw, 1, sv)
    assert not survival.can_complete(survival.RELAXED, *with_draw, 2, sv)
    # robust: no two normal plays at all
    assert not survival.can_complete(survival.ROBUST, *with_draw, 1, sv)
