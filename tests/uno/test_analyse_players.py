"""UNO analysis with more than two players: the exact solver is for two (its
search alternates two sides), so every move is unknown with the reason, and the
tree search (docs/analysis.md) still proves or estimates each one."""

from __future__ import annotations

from pathlib import Path

import pytest

from playable.solver.core.anytime import estimate
from playable.solver.core.budget import Budget
from playable.solver.games import game
from playable.solver.uno.endgame import analyse_report
from tests.cli.test_json_contract import check

ROOT = Path(__file__).resolve().parents[2]
THREE = ROOT / "examples" / "deal-3p.uno.txt"


def test_three_players_are_left_to_the_tree_search() -> None:
    rules = game("uno")
    state = rules.parse(THREE.read_text(encoding="utf-8"), str(THREE))
    document = analyse_report(state, Budget(nodes=100))
    legal = [str(m) for m in rules.legal_moves(state)]
    assert [row["move"] for row in document["moves"]] == legal
    assert {row["value"] for row in document["moves"]} == {"unknown"}
    assert "2 players" in document["reason"]
    result = estimate("uno", state, Budget(nodes=60), seed=1)
    assert result.recommended in legal
    assert sum(m.samples for m in result.moves) > 0


def test_the_command_answers_with_estimates_in_the_analyse_document(
    capsys: pytest.CaptureFixture[str],
) -> None:
    document = check(
        capsys, "analyse", 3, "analyse", str(THREE), "--estimate-seconds", "0.3", "--top", "3"
    )
    assert "2 players" in document["reason"]
    estimated = {row["move"] for row in document["estimates"]["moves"]}
    assert document["recommended"] in estimated
