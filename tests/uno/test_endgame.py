"""The two-player perfect-information solver: hand-made wins and losses, the
certificate, and agreement with a plain minimax (tests/uno/endgame_brute.py)."""

from __future__ import annotations

import random

import pytest

from playable.solver.core.budget import Budget
from playable.solver.core.errors import InvalidVariant
from playable.solver.core.result import Status
from playable.solver.uno.endgame import analyse, solve_position
from playable.solver.uno.rules import Draw, apply, legal_moves
from tests.uno.endgame_brute import LOSS, UNKNOWN, WIN, minimax, seeded_minimax, tiny
from tests.uno.helpers import position

CODE = {"win": WIN, "loss": LOSS}


def test_action_card_gives_another_turn_and_wins() -> None:
    s = position(["RS R1", "G7 G8"], "R5", draw="B3 B4", fill_draw=False)
    result = solve_position(s)
    assert result.status == Status.SOLVED
    assert [step["move"] for step in result.to_json()["line"]] == ["RS", "R1"]


def test_forced_loss_is_unsolvable_with_the_opponents_line() -> None:
    # player 1 holds nothing playable and draws B3; player 2 goes out with R7
    s = position(["G1 G2", "R7"], "R5", draw="B3 B4 B6", fill_draw=False)
    result = solve_position(s)
    assert result.status == Status.UNSOLVABLE
    assert result.objective == 1 and result.to_json()["winner"] == 1  # player 2 wins
    assert result.extra["value"] == "loss"
    assert [step["move"] for step in result.to_json()["line"]] == ["draw", "R7"]


def test_voluntary_draw_can_be_the_only_win() -> None:
    # UN-4: player 2 may play W4 but only drawing the Wild wins
    s = position(["Y3 G4", "BS W4"], "Y5", draw="W B4", fill_draw=False, to_move=1)
    assert any(m != Draw() for m in legal_moves(s))
    result = solve_position(s)
    assert result.status == Status.SOLVED
    assert result.to_json()["line"][0]["move"] == "draw"
    values = {str(m): v for m, v, _ in analyse(s)}
    assert values["draw"] == "win"
    assert all(v != "win" for m, v in values.items() if m != "draw")


def test_reshuffle_is_the_end_of_known_information() -> None:
    s = position(["G1 G2", "Y7 Y8"], "R5", draw="", fill_draw=False)
    result = solve_position(s)
    assert result.status == Status.UNKNOWN  # the first draw reshuffles
    assert result.extra["unknown"] == "reshuffle"
    seeded = solve_position(s, Budget(seconds=20), seeded=True)
    assert seeded.extra["reshuffles"] == "seeded"
    assert seeded.extra["value"] in ("win", "loss")


def test_analyse_values_every_move() -> None:
    s = position(["RS R1", "G7 G8"], "R5", draw="B3 B4 B6 B7", fill_draw=False)
    rows = analyse(s)
    assert {str(m) for m, _, _ in rows} == {str(m) for m in legal_moves(s)}
    values = {str(m): v for m, v, _ in rows}
    assert values["RS"] == "win" and values["R1"] == "win"


def test_only_two_players() -> None:
    s = position(["R1", "G7", "G8"], "R5")
    with pytest.raises(InvalidVariant):
        solve_position(s)


def test_budget_gives_unknown() -> None:
    s = position(["R1 G2 B3 Y4 R6", "G7 G8 B9 Y1 R2"], "R5")
    result = solve_position(s, Budget(nodes=5))
    assert result.status == Status.UNKNOWN
    assert result.extra["unknown"] == "budget"


def _agree(
    count: int, seed: int, most: int = 3, draws: int = 4, engine: str = "kernel"
) -> dict[int, int]:
    rng = random.Random(seed)
    seen = {WIN: 0, LOSS: 0, UNKNOWN: 0}
    for _ in range(count):
        s = tiny(rng, most=most, draws=draws)
        expected = minimax(s)
        result = solve_position(s, Budget(seconds=30), engine=engine)
        got = CODE.get(result.extra["value"], UNKNOWN)
        assert got == expected, s
        if got == UNKNOWN:
            assert result.extra["unknown"] == "reshuffle"
        seen[got] += 1
    return seen


def _agree_seeded(count: int, seed: int, depth: int, engine: str = "kernel") -> int:
    """Where both the depth-bounded minimax and the (node-bounded) seeded search
    decide, they agree; returns how many were compared."""
    rng = random.Random(seed)
    compared = 0
    for _ in range(count):
        s = tiny(rng, most=2)
        expected = seeded_minimax(s, depth, {})
        result = solve_position(s, Budget(nodes=3000), seeded=True, engine=engine)
        got = CODE.get(result.extra["value"], UNKNOWN)
        if expected != UNKNOWN and got != UNKNOWN:
            assert got == expected, s
            compared += 1
        if got == UNKNOWN:
            assert result.extra["unknown"] in ("budget", "cycle")
    return compared


ENGINES = ["kernel", "python"]  # solver/uno/endgame.py: compiled, and the reference


@pytest.mark.parametrize("engine", ENGINES)
def test_agrees_with_minimax(engine: str) -> None:
    seen = _agree(60, 11, engine=engine)
    assert seen[WIN] and seen[LOSS] and seen[UNKNOWN]


@pytest.mark.parametrize("engine", ENGINES)
def test_seeded_agrees_with_depth_bounded_minimax(engine: str) -> None:
    assert _agree_seeded(40, 12, 10, engine) >= 10


@pytest.mark.slow
@pytest.mark.parametrize("engine", ENGINES)
def test_agrees_with_minimax_on_300_positions(engine: str) -> None:
    seen = _agree(300, 13, most=3, draws=8, engine=engine)
    assert sum(seen.values()) == 300 and seen[WIN] and seen[LOSS]


@pytest.mark.slow
@pytest.mark.parametrize("engine", ENGINES)
def test_seeded_agrees_on_200_positions(engine: str) -> None:
    assert _agree_seeded(200, 14, 12, engine) >= 50


@pytest.mark.parametrize("engine", ENGINES)
def test_line_replays_through_the_rules(engine: str) -> None:
    rng = random.Random(21)
    checked = 0
    for _ in range(30):
        s = tiny(rng)
        result = solve_position(s, engine=engine)
        if result.extra["value"] not in ("win", "loss"):
            continue
        assert result.extra["line_complete"]
        for step in result.to_json()["line"]:
            move = next(m for m in legal_moves(s) if str(m) == step["move"])
            s = apply(s, move)
        assert s.is_over
        checked += 1
    assert checked >= 10
