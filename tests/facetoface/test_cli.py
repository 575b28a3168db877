"""The `playable` command line for Face to Face, run as a user runs it (a subprocess)."""

from __future__ import annotations

import json
from pathlib import Path

from playable.solver.facetoface import notation
from playable.solver.facetoface.rules import Variant, shuffled_decks
from tests.clirun import run

DATA = Path(__file__).parents[1] / "data" / "facetoface"
LOST = DATA / "endgame-1.facetoface.txt"  # player 2 to move loses
WON = DATA / "endgame-4.facetoface.txt"  # player to move wins


def test_deal_piped_into_show_and_deck_options() -> None:
    dealt = run("deal", "facetoface", "--seed", "4")
    assert dealt.returncode == 0, dealt.stderr
    deal = notation.parse(dealt.stdout)
    a, b = shuffled_decks(Variant(), 4)
    assert deal == notation.Deal(Variant(), tuple(a), tuple(b))
    shown = json.loads(run("show", "-", "--json", stdin=dealt.stdout).stdout)
    assert shown["kind"] == "position" and shown["cards_left"] == [58, 58]
    decks = run(
        "deal",
        "facetoface",
        "--max-card",
        "12",
        "--deck-a",
        ",".join(str(c) for c in range(2, 13)),
        "--deck-b",
        ",".join(str(c) for c in range(12, 1, -1)),
        "--json",
    )
    assert json.loads(decks.stdout)["decks"][1][:3] == [12, 11, 10]


def test_bad_input_is_one_line_and_exit_code_2() -> None:
    bad = run("deal", "facetoface", "--max-card", "12", "--deck-a", "2,3", "--deck-b", "2")
    assert bad.returncode == 2
    assert "--deck-a:1:1: expected 11 cards" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_solve_a_position_json_and_exit_codes() -> None:
    lost = run("solve", str(LOST), "--json")
    assert lost.returncode == 1, lost.stderr
    doc = json.loads(lost.stdout)
    assert doc["status"] == "unsolvable" and doc["winner"] == 0 and doc["value"] == "loss"
    assert doc["line"][0]["player"] == 1
    assert set(doc["line"][0]["plays"][0]) == {"card", "pile"}
    won = run("solve", str(WON))
    assert won.returncode == 0 and "wins with perfect play" in won.stdout
    unknown = run(
        "solve",
        "facetoface",
        "--seed",
        "1",
        "--nodes",
        "100",
        "--estimate-seconds",
        "0.3",
        "--json",
    )
    assert unknown.returncode == 3
    results = json.loads(unknown.stdout)["results"]
    assert [r["first_player"] for r in results] == [0, 1]
    assert all(r["status"] == "unknown" for r in results)
    for r in results:  # no proof, yet a recommended move, labelled as an estimate
        moves = {m["move"]: m for m in r["estimates"]["moves"]}
        assert r["recommended"] in moves and r["summary"].startswith("no proof")


def test_analyse_lists_every_turn_with_its_value() -> None:
    analysed = run("analyse", str(WON), "--json")
    assert analysed.returncode == 0, analysed.stderr
    doc = json.loads(analysed.stdout)
    assert doc["wins"] >= 1 and doc["unknown"] == 0
    assert doc["moves"][0]["value"] == "win"
    assert len(doc["moves"]) == doc["wins"] + doc["losses"]


def test_simulate_reports_a_wilson_interval() -> None:
    simulated = run(
        "simulate", "facetoface", "--bot", "greedy", "--bot", "greedy", "--games", "6", "--json"
    )
    assert simulated.returncode == 0, simulated.stderr
    doc = json.loads(simulated.stdout)
    rate = doc["a_wins"]
    assert rate["trials"] == 6 and rate["low"] <= rate["rate"] <= rate["high"]
