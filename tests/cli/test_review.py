"""`playable review RECORD` (cli/review.py, docs/review.md): a played game judged move
by move, checked against the exact solvers where they decide."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from playable.solver.core.budget import Budget
from playable.solver.core.engine import SearchOptions
from playable.solver.core.record import parse_record
from playable.solver.core.review import VERDICTS
from playable.solver.games import engine
from tests.clirun import invoke

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _write(tmp_path: Path, example: str, moves: str) -> Path:
    path = tmp_path / "game.record.txt"
    path.write_text((EXAMPLES / example).read_text(encoding="utf-8") + moves, encoding="utf-8")
    return path


def _review(path: Path, *options: str) -> dict[str, object]:
    ran = invoke("review", str(path), "--nodes", "4000", "--json", *options)
    assert ran.returncode == 0, ran.stderr
    document = json.loads(ran.stdout)
    assert isinstance(document, dict)
    return document


def test_a_won_duel_thrown_away_is_a_blunder(tmp_path: Path) -> None:
    """Face to Face: ending the turn after two plays hands the win to player 2; the
    exact solver proves the position before it won and the one after it lost."""
    path = _write(tmp_path, "endgame.facetoface.txt", "moves:\n  1: 12@own-up 50@own-down /\n")
    record = parse_record(path.read_text(encoding="utf-8"))
    solver, options = engine("facetoface"), SearchOptions()
    before, after = record.moves[2].before, record.moves[2].after
    assert solver.solve(before, Budget(nodes=200_000).start(), options).objective == 0
    assert solver.solve(after, Budget(nodes=200_000).start(), options).objective == 1
    document = _review(path)
    moves = document["moves"]
    assert isinstance(moves, list)
    assert [m["move"] for m in moves] == ["12@own-up", "50@own-down", "/"]
    assert moves[2]["verdict"] == "blunder"
    assert moves[2]["chance_best"] == 1.0 and moves[2]["chance_played"] == 0.0
    assert moves[2]["best"]["proven"] and moves[2]["played"]["bounds"]["high"] < 0
    assert document["players"] == [
        {"player": 0, **{v: int(v == "blunder") + 2 * int(v == "best") for v in VERDICTS}},
        {"player": 1, **dict.fromkeys(VERDICTS, 0)},
    ]


@pytest.mark.parametrize(
    ("example", "moves"),
    [
        ("thegame-solo-late.position.txt", "moves: 1: 14@2 47@0 /"),
        ("endgame.uno.txt", "moves: 2: G7 1: G0 2: draw"),
        ("win-in-2.sequence.txt", "moves: 3S@f8"),
    ],
)
def test_every_move_gets_a_verdict_and_a_summary(tmp_path: Path, example: str, moves: str) -> None:
    path = _write(tmp_path, example, moves)
    document = _review(path)
    judged = document["moves"]
    assert isinstance(judged, list) and document["complete"] is True
    assert len(judged) == len(parse_record(path.read_text(encoding="utf-8")).moves)
    assert all(m["verdict"] in VERDICTS for m in judged)
    players = document["players"]
    assert isinstance(players, list)
    assert sum(row[v] for row in players for v in VERDICTS) == len(judged)
    if example.startswith("thegame"):
        return  # The Game's verdicts weigh the cards left too
    for move in judged:  # a worse verdict than 'good' means a lower win chance
        if move["verdict"] in ("inaccuracy", "mistake", "blunder"):
            assert move["chance_best"] - move["chance_played"] >= 0.05


def test_the_same_seed_and_nodes_give_the_same_review(tmp_path: Path) -> None:
    path = _write(tmp_path, "endgame.uno.txt", "moves: 2: G7 1: G0")
    assert _review(path, "--seed", "5") == _review(path, "--seed", "5")


def test_a_table_is_printed_in_a_terminal(tmp_path: Path) -> None:
    path = _write(tmp_path, "endgame.facetoface.txt", "moves:\n  1: 12@own-up 50@own-down /\n")
    ran = invoke("review", str(path), "--nodes", "4000")
    assert ran.returncode == 0, ran.stderr
    assert "blunder" in ran.stdout and "player 1: 0 inaccuracy, 0 mistake, 1 blunder" in ran.stdout


@pytest.mark.parametrize(
    ("moves", "says"),
    [("moves: 14@2 63@2", ":1" + "4:13: move '63@2'"), ("", "needs a 'moves:' section")],
)
def test_a_bad_record_is_one_line_and_exit_2(tmp_path: Path, moves: str, says: str) -> None:
    path = _write(tmp_path, "thegame-solo-late.position.txt", moves)
    ran = invoke("review", str(path), "--nodes", "100")
    assert ran.returncode == 2 and ran.stdout == ""
    assert says in ran.stderr and len(ran.stderr.strip().splitlines()) == 1, ran.stderr


@pytest.mark.parametrize(
    "example", ["endgame.facetoface.txt", "endgame.uno.txt", "thegame-solo-late.position.txt"]
)
def test_a_played_game_is_written_as_a_record(tmp_path: Path, example: str) -> None:
    """`play --record` writes the bots' game; it reads back to the same end."""
    path = tmp_path / "played.txt"
    ran = invoke("play", str(EXAMPLES / example), "--record", str(path), "--json")
    assert ran.returncode in (0, 1), ran.stderr
    record = parse_record(path.read_text(encoding="utf-8"))
    played = json.loads(ran.stdout)["line"]
    written = [m.text for m in record.moves if m.text != record.game.turn_end]
    assert written == " ".join(item["move"] for item in played).split()
    assert record.game.is_terminal(record.final)
