"""`playable study uno`: rows that agree with the solver called directly, resumed
without redoing finished rounds, another configuration refused, retries, and a
summary whose counts add up."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from playable.solver.core.budget import Budget
from playable.solver.uno import study as study_module
from playable.solver.uno.endgame import solve_position
from playable.solver.uno.rules import Options, random_deal
from playable.solver.uno.study import Study, study_from_config, summarise_study
from tests.study_checks import (
    check_other_configuration_refused,
    check_refused,
    check_report,
    resumed_run,
    with_options,
)

NODES = 30_000
BASE = ["study", "uno", "--nodes", "2000", "--workers", "1", "--memory", "64"]


# seed 56 is a forced loss for the player to move within 1,070 nodes, 6 within
# 12,220; seed 0 is not decided within the budget
@pytest.mark.parametrize(("seed", "outcome"), [(56, "loss"), (6, "loss"), (0, "budget")])
@pytest.mark.parametrize("seeded", [False, True])
def test_rows_agree_with_solve(seed: int, outcome: str, seeded: bool) -> None:
    study = Study(seeded, 0, None, NODES, 64)
    row = study.solve(seed)
    state = random_deal(Options(), 2, seed).start()
    direct = solve_position(state, Budget(None, NODES, 64), seeded=seeded)
    assert row["outcome"] == outcome
    assert row["status"] == ("unknown" if outcome == "budget" else "solved")
    assert row["nodes"] == direct.nodes and row["to_move"] == state.to_move
    assert direct.extra["value"] == ("unknown" if outcome == "budget" else outcome)
    assert study_from_config(study.config()) == study


def test_a_reshuffle_makes_a_round_open(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solver's 'unknown: reshuffle' is stored as open (an exact answer), its
    'unknown: budget' as budget."""
    from playable.solver.uno import endgame

    real = endgame.solve_position
    for reason, outcome in (("reshuffle", "open"), ("budget", "budget")):

        def answer(*args: Any, reason: str = reason, **kwargs: Any) -> Any:
            result = real(*args, **kwargs)
            result.extra.update(value="unknown", unknown=reason)
            return result

        monkeypatch.setattr(endgame, "solve_position", answer)
        assert Study(False, 0, None, 100).solve(3)["outcome"] == outcome


def test_study_resumes_without_redoing_rounds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = str(tmp_path / "uno.sqlite")
    document, _ = resumed_run(BASE, db, 55, (2, 3), study_module.Study, monkeypatch)
    assert document["deals"] == 3 and document["outcomes"]["loss"] >= 1  # seed 56
    assert sum(document["outcomes"].values()) == 3
    figure = tmp_path / "plots" / "uno-forced-win.png"
    check_report(db, "uno_studies", document, "force a win", figure)


def test_other_configuration_is_refused(tmp_path: Path) -> None:
    changes = [["--seeded-reshuffles"], ["--seed", "1"], ["--nodes", "5"]]
    check_other_configuration_refused(BASE, str(tmp_path / "uno.sqlite"), changes)


@pytest.mark.parametrize(
    "bad",
    [
        ["--deals", "0"],
        ["--seconds", "0"],
        ["--nodes", "0"],
        ["--seed", "-1"],
        ["--workers", "0"],
        ["--memory", "0"],
        ["--retry-nodes", "1000"],  # not larger than the study's 2,000
    ],
)
def test_bad_options_exit_2(tmp_path: Path, bad: list[str]) -> None:
    db = tmp_path / "uno.sqlite"
    check_refused(with_options([*BASE, "--deals", "1", "--db", str(db)], bad))
    assert not db.exists()


def row(outcome: str, seed: int = 0) -> dict[str, Any]:
    status = "solved" if outcome in ("win", "loss") else "unknown"
    return {"seed": seed, "status": status, "outcome": outcome, "nodes": 10, "seconds": 0.5}


def test_summary_counts() -> None:
    outcomes = ["win", "win", "loss", "open", "budget", "budget"]
    s = summarise_study([row(o, i) for i, o in enumerate(outcomes)])
    assert (s["deals"], s["decided_deals"]) == (6, 3)
    assert s["outcomes"] == {"win": 2, "loss": 1, "open": 1, "budget": 2}
    assert [s[k]["successes"] for k in ("forced_win", "forced_loss", "open", "budget")] == [
        2,
        1,
        1,
        2,
    ]
    assert all(s[k]["trials"] == 6 for k in ("forced_win", "forced_loss", "open", "budget"))
    assert s["win_when_decided"] == {**s["win_when_decided"], "successes": 2, "trials": 3}
    assert s["total_seconds"] == 3.0 and s["first_pass"] == {"decided_deals": 3}


def test_a_retry_decides_what_it_can() -> None:
    first = [row("budget", 0), row("budget", 1), row("win", 2)]
    retry = ({"nodes": 100, "seconds": None}, [row("loss", 0), row("budget", 1)])
    s = summarise_study(first, [retry])
    assert s["outcomes"] == {"win": 1, "loss": 1, "open": 0, "budget": 1}
    assert s["first_pass"] == {"decided_deals": 1} and s["total_seconds"] == 2.5
    (tried,) = s["retries"]
    assert tried["deals"] == 2 and tried["solved"] == 1
