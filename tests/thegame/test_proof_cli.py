"""`playable solve thegame --proof FILE` and `playable check thegame FILE --position
POSITION` (cli/thegame/solve.py, cli/thegame/check.py): a lost position's proof is
written, checked against its position and rejected once tampered with."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from typer.testing import CliRunner

from playable.cli.dispatch import verb
from playable.cli.thegame import check as thegame_check
from playable.cli.thegame import solve as thegame_solve
from playable.solver.core.jsonkeys import SCHEMA_DIR, schema
from playable.solver.thegame.notation import format_position
from playable.solver.thegame.rules import State, Variant

RUNNER = CliRunner()
SCHEMAS = [json.loads(p.read_text("utf-8")) for p in SCHEMA_DIR.glob("*.json")]
REGISTRY: Registry[Any] = Registry().with_resources(
    (s["$id"], Resource.from_contents(s)) for s in SCHEMAS
)
# a stored lost position (tests/data/thegame): optimum 6 cards left
LOST = State(
    Variant(1, True, False, 50),
    (42, 45, 10, 21),
    ((8, 9, 11, 22, 23, 26, 28, 46),),
    (47, 49, 33, 13),
)


def make_app() -> typer.Typer:
    verbs = {"solve": verb("solve", "solve"), "analyse": verb("analyse", "analyse")}
    thegame_solve.register(verbs)
    thegame_check.register(verbs)
    app = typer.Typer()
    for name, group in verbs.items():
        app.add_typer(group, name=name)
    return app


def test_solve_writes_a_proof_that_check_accepts(tmp_path: Path) -> None:
    position = tmp_path / "lost.thegame"
    position.write_text(format_position(LOST))
    proof = tmp_path / "lost.proof.json"
    app = make_app()
    result = RUNNER.invoke(
        app, ["solve", "thegame", str(position), "--memory", "4", "--proof", str(proof)]
    )
    assert result.exit_code == 1, result.output
    assert json.loads(proof.read_text())["claim"] == 6
    where = ["--position", str(position)]
    checked = RUNNER.invoke(app, ["check", "thegame", str(proof), *where, "--json"])
    assert checked.exit_code == 1, checked.output
    report = json.loads(checked.output)
    assert report["claim"] == 6
    assert report["root"]["piles"] == list(LOST.piles) and report["variant"]["expert"] is True
    assert report["source"] == str(position) and report["first_player"] is None
    validator = Draft202012Validator(schema("check-thegame"), registry=REGISTRY)
    assert not list(validator.iter_errors(report))
    text = RUNNER.invoke(app, ["check", "thegame", str(proof), *where])
    assert text.exit_code == 1
    assert f"position {position}" in text.output and "max-card 50" in text.output
    assert "expert yes" in text.output and "at least 6 cards" in text.output
    document = json.loads(proof.read_text())
    document["claim"] = 7
    proof.write_text(json.dumps(document))
    rejected = RUNNER.invoke(app, ["check", "thegame", str(proof), *where])
    assert rejected.exit_code == 2
    assert "no node proves at least 7" in rejected.output


def test_a_won_position_writes_no_proof(tmp_path: Path) -> None:
    proof = tmp_path / "won.proof.json"
    args = ["solve", "thegame", "--max-card", "20", "--seed", "1", "--memory", "4"]
    result = RUNNER.invoke(make_app(), [*args, "--proof", str(proof)])
    assert result.exit_code == 0, result.output
    assert not proof.exists()


def test_check_of_a_missing_file_is_an_input_error(tmp_path: Path) -> None:
    position = tmp_path / "lost.thegame"
    position.write_text(format_position(LOST))
    missing = str(tmp_path / "none.json")
    result = RUNNER.invoke(make_app(), ["check", "thegame", missing, "--position", str(position)])
    assert result.exit_code == 2
    assert "cannot read a proof" in result.output
