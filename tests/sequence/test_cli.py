"""The `playable ... sequence` commands: output, JSON, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from tests.clirun import invoke

EXAMPLES = Path(__file__).parents[2] / "examples"


def test_deal_and_show(tmp_path: Path) -> None:
    out = tmp_path / "d.txt"
    code, _, _ = invoke("deal", "sequence", "--players", "3", "--seed", "2", "-o", str(out))
    assert code == 0
    code, text, _ = invoke("show", str(out))
    assert code == 0 and "Sequence" in text and "3 players, 3 sides" in text
    code, text, _ = invoke("show", str(out), "--json")
    document = json.loads(text)
    assert document["players"] == 3 and document["hand_size"] == 6


def test_show_reports_notation_errors_with_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("playable sequence position\nplayers: 5\n", encoding="utf-8")
    code, _, _ = invoke("show", str(bad))
    assert code != 0


def test_analyse_with_depth_json() -> None:
    code, text, _ = invoke(
        "analyse", str(EXAMPLES / "win-in-2.sequence.txt"), "--depth", "2", "--json"
    )
    assert code == 0, text
    document = json.loads(text)
    assert document["proof"]["status"] == "solved" and document["proof"]["turns"] == 2
    assert document["winning_moves"] == []


def test_solve_exit_codes() -> None:
    code, text, _ = invoke(
        "solve", str(EXAMPLES / "win-in-2.sequence.txt"), "--depth", "1", "--json"
    )
    assert code == 1 and json.loads(text)["status"] == "unsolvable"
    code, text, _ = invoke(
        "solve", str(EXAMPLES / "win-in-2.sequence.txt"), "--depth", "2", "--nodes", "2"
    )
    assert code == 3


def test_simulate_json() -> None:
    code, text, _ = invoke(
        "simulate", "sequence", "--sides", "2", "--games", "2",
        "--bot", "greedy", "--bot", "random", "--json",
    )  # fmt: skip
    assert code == 0
    document = json.loads(text)
    assert document["games"] == 2 and len(document["bots"]) == 2
    code, _, _ = invoke("simulate", "sequence", "--bot", "nobody", "--bot", "random")
    assert code == 2


def test_analyse_text_names_winning_moves_and_threats() -> None:
    code, text, _ = invoke("analyse", str(EXAMPLES / "threats.sequence.txt"))
    assert code == 0
    assert "wins now with" in text and "AH@f1+b1-f1" in text
    assert "opponent threats to block" in text
    code, text, _ = invoke("analyse", str(EXAMPLES / "nine-in-a-row.sequence.txt"), "--json")
    assert json.loads(text)["winning_moves"] == ["AH@f1+b1-f1+f1-j1"]


def test_deal_sides_default_from_players() -> None:
    code, text, _ = invoke("deal", "sequence", "--players", "9", "--json")
    assert code == 0 and json.loads(text)["sides"] == 3
    code, _, _ = invoke("deal", "sequence", "--players", "5")
    assert code == 2


def test_cpsat_with_unknown_draws_prints_json_with_the_right_exit_code(tmp_path: Path) -> None:
    """A plan that draws a card the position does not list ended in an error (exit 2,
    no JSON); the model now proves a lower bound treating such cards as wild and
    reports a plan only when it does not rely on them (README exit codes)."""
    text = (
        Path(__file__).parents[1] / "data" / "sequence" / "unlisted-draw.position.txt"
    ).read_text()
    hand = "hand 2: 5D 6D 7C 7C 8H KC KS"
    won = tmp_path / "won.txt"
    won.write_text(
        text.replace("draw: 9C QS", "draw: -").replace(hand, "hand 2: 6D 7C 7C 8H 9C KC KS")
    )
    code, out, _ = invoke("solve", str(won), "--engine", "cpsat", "--json")
    document = json.loads(out)
    assert code == 0 and document["status"] == "solved" and document["turns"] == 2
    assert document["proven_optimal"] and document["line"][0]["move"] == "8H@d6"
    needs = tmp_path / "needs.txt"
    needs.write_text(text.replace("draw: 9C QS", "draw: -"))  # 9C is not known
    code, out, _ = invoke("solve", str(needs), "--engine", "cpsat", "--json")
    document = json.loads(out)
    assert code == 3 and document["status"] == "unknown" and document["bound"] == 2
    assert "below the known draws" in document["reason"]
    code, out, _ = invoke("solve", str(needs), "--engine", "cpsat")
    assert code == 3 and "at least 2 own turns" in out
