"""The library API (playable/api.py, docs/api.md) on all four games: positions load
and write back, moves go through the reference rules, and solve/analyse return the
documents of the JSON contract (docs/json.md), checked against the same schemas as
the command line's output."""

from __future__ import annotations

from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

import playable
from playable.solver.core.jsonkeys import schema
from tests.cli.test_json_contract import REGISTRY

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
POSITIONS = {
    "thegame": EXAMPLES / "thegame-solo-late.position.txt",
    "facetoface": EXAMPLES / "endgame.facetoface.txt",
    "uno": EXAMPLES / "endgame.uno.txt",
    "sequence": EXAMPLES / "win-in-2.sequence.txt",
}


def _valid(document: dict[str, object], kind: str) -> None:
    Draft202012Validator(schema(kind), registry=REGISTRY).validate(document)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_a_position_loads_plays_and_writes_back(name: str, tmp_path: Path) -> None:
    position = playable.load(POSITIONS[name])
    assert position.name == name and name in playable.GAMES
    assert not position.is_over and 0 <= position.to_move < position.players
    moves = position.legal_moves()
    after = position.play(moves[0])
    assert after != position  # a new position; the old one is unchanged
    assert position == playable.load(POSITIONS[name])
    path = tmp_path / "after.txt"
    after.save(path)
    assert playable.load(path) == after
    assert playable.loads(after.text()).to_json() == after.to_json()


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_solve_and_analyse_return_the_contract_documents(name: str) -> None:
    position = playable.load(POSITIONS[name])
    solved = playable.solve(position, seconds=30)
    _valid(solved, "solve")
    assert solved["game"] == name and solved["status"] == "solved"
    report = playable.analyse(position, seconds=5, depth=2)
    _valid(report, "analyse")
    assert report["game"] == name and report["moves"]


def test_a_budget_that_runs_out_says_unknown() -> None:
    position = playable.load(EXAMPLES / "thegame-solo.deal.txt")
    assert playable.solve(position, nodes=50)["status"] == "unknown"


def test_illegal_and_malformed_moves_name_the_move() -> None:
    position = playable.load(POSITIONS["uno"])
    with pytest.raises(playable.IllegalMove, match=r"^move 2 'G9': "):
        position.play("G7 G9")  # G7 ends player 2's turn: G9 is not theirs to play
    with pytest.raises(playable.NotationError, match="move 1"):
        position.play("green-seven")


@pytest.mark.parametrize(
    "options", [{"seconds": 0.0}, {"seconds": float("nan")}, {"nodes": 0}, {"memory_mb": 0}]
)
def test_a_bad_budget_is_refused(options: dict[str, float]) -> None:
    position = playable.load(POSITIONS["thegame"])
    with pytest.raises(playable.PlayableError):
        playable.solve(position, **options)  # type: ignore[arg-type]


def test_returns_only_once_the_game_is_over() -> None:
    position = playable.load(POSITIONS["thegame"])
    with pytest.raises(playable.PlayableError, match="not over"):
        _ = position.returns


def test_bad_files_are_notation_errors(tmp_path: Path) -> None:
    path = tmp_path / "chess.txt"
    path.write_text("playable chess position\n")
    with pytest.raises(playable.NotationError, match=r"chess\.txt:1:10: unknown game 'chess'"):
        playable.load(path)
    with pytest.raises(playable.NotationError, match="<string>:"):
        playable.loads("playable uno position\nplayers: 11\n")


def test_a_puzzle_file_loads_as_its_position() -> None:
    position = playable.load(EXAMPLES / "thegame-lay-all-easy.puzzle.txt")
    assert position.name == "thegame" and position.state.cards_left == 13


def test_a_uno_play_out_hand_is_not_a_round() -> None:
    with pytest.raises(playable.NotationError, match=r"playout\.uno\.txt:\d+:1: .*playable solve"):
        playable.load(EXAMPLES / "playout.uno.txt")


def test_an_analysis_without_a_proven_best_move_recommends_one() -> None:
    """A fresh Face to Face deal: nothing is proven in 20 nodes, so the tree search
    values every first card and recommends one (docs/analysis.md); a node budget
    repeats; estimate_seconds=0 turns it off."""
    position = playable.load(EXAMPLES / "deal.facetoface.txt")
    document = playable.analyse(position, seconds=None, nodes=20)
    moves = document["estimates"]["moves"]
    assert sorted(m["move"] for m in moves) == sorted(position.legal_moves())
    assert document["recommended"] in position.legal_moves()
    again = playable.analyse(position, seconds=None, nodes=20)
    timed = ("seconds", "summary")  # the time taken, also named by the sentence
    assert {k: v for k, v in again.items() if k not in timed} | {
        "estimates": again["estimates"] | {"seconds": document["estimates"]["seconds"]}
    } == {k: v for k, v in document.items() if k not in timed}
    assert "estimates" not in playable.analyse(position, seconds=None, nodes=20, estimate_seconds=0)
