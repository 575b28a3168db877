"""Face to Face solve/analyse: one budget per solve, real winners, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from playable.solver.core.budget import Budget
from playable.solver.core.result import Status
from playable.solver.facetoface import notation
from playable.solver.facetoface.rules import Variant, deal, shuffled_decks, winner
from playable.solver.facetoface.search import solve, solve_starts
from tests.clirun import invoke
from tests.facetoface.test_cli import DATA, LOST

FINISHED = """playable facetoface position
max-card: 20
piles 1: 15 5
piles 2: 2 20
hand 1: 9 11
hand 2: 3 4 19
draw 1: -
draw 2: -
to-move: 1
laid: 0 0
"""


def test_the_node_budget_covers_proof_and_line() -> None:
    a, b = shuffled_decks(Variant(), 1)
    state = deal(Variant(), a, b)
    for limit in (50, 700, 3000):
        assert solve(state, Budget(nodes=limit, memory_mb=2)).nodes <= limit
    lost = notation.parse_position(LOST.read_text())
    proof_only = solve(lost, Budget(memory_mb=2)).extra["search_nodes"]
    short = solve(lost, Budget(nodes=proof_only, memory_mb=2))
    assert short.nodes <= proof_only
    if short.status == Status.UNKNOWN:  # proven, but no nodes left to certify a line
        assert short.objective is None and not short.line


def test_both_first_players_share_one_budget() -> None:
    a, b = shuffled_decks(Variant(), 2)
    starts = [deal(Variant(), a, b, first) for first in (0, 1)]
    results = solve_starts(starts, Budget(nodes=900, memory_mb=2))
    assert sum(r.nodes for r in results) <= 900
    assert all(r.status == Status.UNKNOWN for r in results)
    # shared fairly: the first starter may not take the second one's half
    assert results[0].nodes <= 450 and results[1].nodes >= 450


def test_both_first_players_share_the_seconds_fairly() -> None:
    a, b = shuffled_decks(Variant(), 2)
    starts = [deal(Variant(), a, b, first) for first in (0, 1)]
    results = solve_starts(starts, Budget(seconds=1.0, memory_mb=2))
    assert all(r.status == Status.UNKNOWN for r in results)  # a full deal: not in 1 s
    assert results[0].seconds <= 0.75 and results[1].nodes > 0


def test_a_finished_game_reports_its_real_winner(tmp_path: Path) -> None:
    state = notation.parse_position(FINISHED)
    assert winner(state) == 1
    result = solve(state, Budget(memory_mb=1))
    assert result.objective == 1 and result.extra["finished"] and not result.line
    path = tmp_path / "over.facetoface.txt"
    path.write_text(FINISHED)
    shown = invoke("solve", str(path))
    assert shown.returncode == 1 and "the game is over: player 2 has won" in shown.stdout
    analysed = invoke("analyse", str(path), "--json")
    assert analysed.returncode == 1
    doc = json.loads(analysed.stdout)
    assert doc["winner"] == 1 and doc["finished"] and doc["moves"] == []


def test_analyse_a_lost_position_lists_every_turn_and_exits_1() -> None:
    analysed = invoke("analyse", str(LOST), "--json")
    assert analysed.returncode == 1, analysed.stderr
    doc = json.loads(analysed.stdout)
    assert doc["value"] == "loss" and doc["winner"] == 0
    assert doc["losses"] == len(doc["moves"]) > 0
    text = invoke("analyse", str(LOST))
    assert text.returncode == 1 and "loses with perfect play" in text.stdout


def test_analyse_first_is_honoured_on_a_deal_and_refused_on_a_position() -> None:
    refused = invoke("analyse", str(DATA / "endgame-4.facetoface.txt"), "--first", "2")
    assert refused.returncode == 2 and "--first" in refused.stderr
    assert "Traceback" not in refused.stderr
    for first in ("1", "2"):
        analysed = invoke(
            "analyse", "facetoface", "--seed", "3", "--first", first, "--nodes", "50", "--json"
        )
        assert analysed.returncode == 3, analysed.stderr
        assert json.loads(analysed.stdout)["to_move"] == int(first) - 1
