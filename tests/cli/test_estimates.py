"""`playable analyse` always answers (cli/estimates.py, docs/analysis.md): when the
exact analysis proves no best move, every legal move gets a proven value or a
labelled estimate, and one is recommended."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from playable.solver.games import game_of
from tests.clirun import invoke

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _analyse(*args: str) -> dict[str, object]:
    ran = invoke("analyse", *args, "--json")
    assert ran.returncode in (0, 1, 3), ran.stderr
    document = json.loads(ran.stdout)
    assert isinstance(document, dict)
    return document


@pytest.mark.parametrize(
    ("example", "budget"),
    [
        ("deal.facetoface.txt", ["--nodes", "20"]),
        ("start.sequence.txt", []),
        ("thegame-3p.deal.txt", ["--nodes", "50"]),
    ],
)
def test_an_open_position_gets_every_move_valued_and_one_recommended(
    example: str, budget: list[str]
) -> None:
    path = EXAMPLES / example
    text = path.read_text(encoding="utf-8")
    rules = game_of(text)
    state = rules.parse(text)
    document = _analyse(str(path), *budget, "--estimate-seconds", "0.5")
    estimates = document["estimates"]
    assert isinstance(estimates, dict)
    moves = estimates["moves"]
    assert isinstance(moves, list)
    assert sorted(m["move"] for m in moves) == sorted(str(m) for m in rules.legal_moves(state))
    assert document["recommended"] == estimates["recommended"] in {m["move"] for m in moves}
    for move in moves:
        low, high = move["bounds"]["low"], move["bounds"]["high"]
        assert move["proven"] == (low is not None and high is not None and low >= high)
        if not move["proven"] and move["samples"]:
            assert move["successes"]["trials"] == move["samples"]
    assert isinstance(document["summary"], str) and document["summary"]


def test_a_proven_position_needs_no_estimates() -> None:
    document = _analyse(str(EXAMPLES / "endgame.uno.txt"), "--seconds", "20")
    assert "estimates" not in document


def test_estimates_can_be_turned_off() -> None:
    path = EXAMPLES / "deal.facetoface.txt"
    document = _analyse(str(path), "--nodes", "20", "--estimate-seconds", "0")
    assert "estimates" not in document


def test_the_terminal_shows_the_sentence_and_the_recommended_move() -> None:
    ran = invoke("analyse", str(EXAMPLES / "deal.facetoface.txt"), "--nodes", "20",
                 "--estimate-seconds", "0.5")  # fmt: skip
    assert ran.returncode == 3, ran.stderr
    assert "recommended:" in ran.stdout and "simulations" in ran.stdout
    assert "more turns: --all" in ran.stdout
