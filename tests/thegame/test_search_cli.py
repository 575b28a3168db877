"""`playable solve thegame` and `playable analyse thegame` (cli/thegame/solve.py)."""

from __future__ import annotations

import json

from playable.solver.thegame.notation import Deal, format_position
from playable.solver.thegame.rules import State, Variant, shuffled_deck
from playable.solver.thegame.search import certify
from tests.clirun import invoke


def test_solve_prints_one_json_document_with_a_replayable_line() -> None:
    args = ["solve", "thegame", "--players", "2", "--max-card", "30", "--seed", "4"]
    result = invoke(*args, "--memory", "4", "--json")
    assert result.returncode == 0, result
    doc = json.loads(result.stdout)
    for key in ("game", "players", "expert", "status", "cards_left", "proven_optimal"):
        assert key in doc
    assert doc["status"] == "solved" and doc["cards_left"] == 0
    variant = Variant(players=2, max_card=30)
    deal = Deal(variant, tuple(shuffled_deck(variant, 4)))
    assert certify(deal.start(doc["first_player"]), doc["line"]).is_won


def test_an_unsolvable_position_exits_1_with_its_optimum(tmp_path: object) -> None:
    state = State(Variant(max_card=20), (19, 18, 3, 2), ((20, 4, 5, 6, 7, 14, 15, 16),), (17, 8))
    path = f"{tmp_path}/blocked.thegame"
    with open(path, "w", encoding="utf-8") as f:
        f.write(format_position(state))
    result = invoke("solve", path, "--json", "--memory", "4")
    assert result.returncode == 1, result
    doc = json.loads(result.stdout)
    assert doc["status"] == "unsolvable" and doc["cards_left"] == 10 and doc["proven_optimal"]


def test_a_tiny_budget_exits_3() -> None:
    args = ["solve", "thegame", "--seed", "1", "--nodes", "20", "--memory", "4"]
    result = invoke(*args)
    assert result.returncode == 3, result
    assert "unknown" in result.stdout


def test_bad_options_exit_2() -> None:
    result = invoke("solve", "thegame", "--engine", "magic")
    assert result.returncode == 2
    result = invoke("solve", "thegame", "--seconds", "-1")
    assert result.returncode == 2


def test_the_rich_rendering_shows_the_turns() -> None:
    args = ["solve", "thegame", "--max-card", "24", "--seed", "2", "--memory", "4"]
    result = invoke(*args)
    assert result.returncode == 0, result
    assert "solved" in result.stdout and "first player" in result.stdout


def test_analyse_values_every_next_move() -> None:
    args = ["analyse", "thegame", "--max-card", "24", "--seed", "3", "--json", "--memory", "4"]
    result = invoke(*args)
    assert result.returncode == 0, result
    doc = json.loads(result.stdout)
    assert doc["moves"]
    assert doc["moves"][0]["status"] == "solved"
    values = [m["cards_left"] for m in doc["moves"]]
    assert values == sorted(values)


def test_the_cpsat_engine_is_wired() -> None:
    args = ["solve", "thegame", "--max-card", "20", "--seed", "2", "--engine", "cpsat"]
    result = invoke(*args, "--seconds", "30", "--json")
    assert result.returncode == 0, result
    doc = json.loads(result.stdout)
    assert doc["engine"] == "cpsat" and doc["status"] == "solved"
    variant = Variant(max_card=20)
    deal = Deal(variant, tuple(shuffled_deck(variant, 2)))
    assert certify(deal.start(doc.get("first_player") or 0), doc["line"]).is_won
