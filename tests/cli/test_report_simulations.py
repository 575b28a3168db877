"""`playable report` reads the simulation files of every game (`simulate GAME --db`):
its figures are those `simulate GAME --json` printed, under the file's stored
arguments, in a document that keeps to the report schema."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from playable.solver.core.jsonkeys import SCHEMA_DIR
from tests.clirun import invoke

SCHEMAS = {p.stem: json.loads(p.read_text("utf-8")) for p in SCHEMA_DIR.glob("*.json")}
REGISTRY: Registry[Any] = Registry().with_resources(
    (s["$id"], Resource.from_contents(s)) for s in SCHEMAS.values()
)

#: game -> (simulate arguments, the report's key, figures both documents hold)
SIMULATIONS = {
    "facetoface": (
        ["--bot", "careful", "--bot", "greedy", "--max-card", "20"],
        "facetoface_simulations",
        ("a_wins", "first_player_wins", "mean_turns", "games"),
    ),
    "uno": (["--bot", "greedy", "--bot", "random"], "uno_simulations", ("bots", "rounds")),
    "sequence": (["--bot", "greedy", "--bot", "random"], "sequence_simulations", ("bots",)),
}


def _valid_report(document: Any) -> None:
    validator = Draft202012Validator(SCHEMAS["report"], registry=REGISTRY)
    assert [e.message for e in validator.iter_errors(document)] == []


@pytest.mark.parametrize("game", sorted(SIMULATIONS))
def test_a_simulation_file_is_reported_with_the_figures_simulate_printed(
    game: str, tmp_path: Path
) -> None:
    args, key, figures = SIMULATIONS[game]
    db = tmp_path / f"{game}.sqlite"
    simulated = invoke("simulate", game, *args, "--games", "3", "--db", str(db), "--json")
    assert simulated.returncode == 0, simulated.stderr
    printed = json.loads(simulated.stdout)
    reported = invoke("report", str(db), "--json")
    assert reported.returncode == 0, reported.stderr
    document = json.loads(reported.stdout)
    _valid_report(document)
    (summary,) = document[key]
    assert summary["db"] == str(db) and summary["kind"] == "simulation"
    assert {f: summary[f] for f in figures} == {f: printed[f] for f in figures}
    text = invoke("report", str(db))
    assert text.returncode == 0 and db.name in text.stdout.replace("\n", "")


def test_a_simulation_and_a_study_of_other_games_in_one_report(tmp_path: Path) -> None:
    sim = tmp_path / "sequence.sqlite"
    study = tmp_path / "uno.sqlite"
    assert invoke("simulate", "sequence", "--games", "2", "--db", str(sim)).returncode == 0
    ran = invoke(
        "study", "uno", "--deals", "1", "--nodes", "50", "--workers", "1", "--db", str(study)
    )
    assert ran.returncode in (0, 3), ran.stderr
    document = json.loads(invoke("report", str(sim), str(study), "--json").stdout)
    _valid_report(document)
    assert len(document["sequence_simulations"]) == len(document["uno_studies"]) == 1
    assert "facetoface_studies" not in document and "uno_simulations" not in document
