"""The two-player perfect-information solver: hand-made wins and losses, and the
boolean alpha-beta with its table against a plain minimax on tiny positions."""

from __future__ import annotations

import random

import pytest

from solver.core.budget import Budget
from solver.core.errors import InvalidVariant
from solver.core.result import Status
from solver.uno.cards import full_deck
from solver.uno.endgame import LOSS, UNKNOWN, WIN, analyse, solve_position
from solver.uno.rules import Options, State, apply, legal_moves
from tests.uno.helpers import position


def minimax(s: State) -> int:
    """Plain exhaustive minimax with the same leaves (win, loss, reshuffle unknown)."""
    values = []
    for move in legal_moves(s):
        after = apply(s, move)
        if after.is_over:
            v = WIN if after.winner == s.to_move else LOSS
        elif after.reshuffles != s.reshuffles:
            v = UNKNOWN
        else:
            inner = minimax(after)
            v = inner if after.to_move == s.to_move else -inner
        values.append(v)
    if WIN in values:
        return WIN
    return UNKNOWN if UNKNOWN in values else LOSS


def test_action_card_gives_another_turn_and_wins() -> None:
    s = position(["RS R1", "G7 G8"], "R5", draw="B3 B4", fill_draw=False)
    result = solve_position(s)
    assert result.status == Status.SOLVED
    assert [step["move"] for step in result.line] == ["RS", "R1"]


def test_forced_loss_is_unsolvable() -> None:
    # player 1 holds nothing playable and draws B3; player 2 goes out with R7
    s = position(["G1 G2", "R7"], "R5", draw="B3 B4 B6", fill_draw=False)
    result = solve_position(s)
    assert result.status == Status.UNSOLVABLE
    assert result.objective == 1 and result.to_json()["winner"] == 1  # player 2 wins


def test_reshuffle_is_the_end_of_known_information() -> None:
    s = position(["G1 G2", "Y7 Y8"], "R5", draw="", fill_draw=False)
    assert solve_position(s).status == Status.UNKNOWN  # the first draw reshuffles
    seeded = solve_position(s, Budget(nodes=2000), seeded=True)
    assert seeded.extra["reshuffles"] == "seeded"


def test_analyse_values_every_move() -> None:
    s = position(["RS R1", "G7 G8"], "R5", draw="B3 B4 B6 B7", fill_draw=False)
    rows = analyse(s)
    assert {str(m) for m, _, _ in rows} == {str(m) for m in legal_moves(s)}
    values = {str(m): v for m, v, _ in rows}
    assert values["RS"] == "win" and values["R1"] == "win"
    assert set(values.values()) <= {"win", "loss", "unknown"}


def test_only_two_players() -> None:
    s = position(["R1", "G7", "G8"], "R5")
    with pytest.raises(InvalidVariant):
        solve_position(s)


def test_budget_gives_unknown() -> None:
    s = position(["R1 G2 B3 Y4 R6", "G7 G8 B9 Y1 R2"], "R5")
    assert solve_position(s, Budget(nodes=5)).status == Status.UNKNOWN


def _tiny(rng: random.Random) -> State:
    deck = full_deck()
    rng.shuffle(deck)
    a, b = rng.randint(1, 3), rng.randint(1, 3)
    d = rng.randint(0, 4)
    hands = (tuple(deck[:a]), tuple(deck[a : a + b]))
    draw = tuple(deck[a + b : a + b + d])
    rest = deck[a + b + d :]
    top = next(c for c in rest if c < 52)
    rest.remove(top)
    discard = (*rest, top)
    return State(Options(), hands, draw, discard, top // 13, 0, 1)


def test_alpha_beta_with_table_agrees_with_minimax() -> None:
    rng = random.Random(11)
    seen = {WIN: 0, LOSS: 0, UNKNOWN: 0}
    for _ in range(60):
        s = _tiny(rng)
        expected = minimax(s)
        result = solve_position(s)
        got = {"win": WIN, "loss": LOSS, "unknown": UNKNOWN}[result.extra["value"]]
        assert got == expected
        seen[got] += 1
    assert seen[WIN] and seen[LOSS]
