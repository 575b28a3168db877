"""The analysis player (solver/core/analysis_player.py) plays the move the anytime
analysis recommends: a proven winning move where the analysis proves one, a legal
move every time, the same move for the same seed under a node budget."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from playable.solver.core.analysis_player import AnalysisPlayer
from playable.solver.core.anytime import estimate
from playable.solver.core.budget import Budget
from playable.solver.games import game

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NODES = 3000


def _state(file: str) -> object:
    text = (EXAMPLES / file).read_text()
    return game(file.split(".")[1]).parse(text, file)


@pytest.mark.parametrize(
    "file", ["endgame.uno.txt", "win-in-2.sequence.txt", "endgame.facetoface.txt"]
)
def test_plays_a_proven_winning_move(file: str) -> None:
    name = file.split(".")[1]
    state = _state(file)
    move = AnalysisPlayer(name, seconds=None, nodes=NODES).choose_move(state)
    assert move in game(name).legal_moves(state)
    after = estimate(name, state, Budget(None, NODES, 16))
    report = after.move(str(move))
    assert report.proven and after.proven  # the example is a proven win for the mover
    assert report.value == after.value


@pytest.mark.parametrize("name", ["facetoface", "uno", "sequence"])
def test_node_budget_is_repeatable_and_legal(name: str) -> None:
    rules = game(name)
    state = _state(
        {
            "facetoface": "deal.facetoface.txt",
            "uno": "deal-3p.uno.txt",
            "sequence": "start.sequence.txt",
        }[name]
    )
    rng = random.Random(5)
    for _ in range(3):  # a few random moves into the game
        state = rules.apply(state, rng.choice(rules.legal_moves(state)))
    first = AnalysisPlayer(name, seconds=None, nodes=300, seed=7)
    again = AnalysisPlayer(name, seconds=None, nodes=300, seed=7)
    move = first.choose_move(state)
    assert move in rules.legal_moves(state)
    assert str(again.choose_move(state)) == str(move)
    assert first.fallbacks == 0


def test_whole_turn_of_a_pile_game_is_legal() -> None:
    rules = game("facetoface")
    state = _state("endgame.facetoface.txt")
    plays = AnalysisPlayer("facetoface", seconds=None, nodes=NODES).choose_turn(state)
    assert plays  # a turn lays at least two cards (FF-4)
    for play in plays:
        assert play in rules.legal_moves(state)
        state = rules.apply(state, play)


def test_needs_a_budget() -> None:
    with pytest.raises(ValueError, match="budget"):
        AnalysisPlayer("uno", seconds=None, nodes=None)
