"""The JSON contract (docs/json.md): every command's ``--json`` output validates
against the schema of its document kind (solver/core/schemas/), and every command
exits with the code the README gives (0 success, 1 proven unsolvable or lost, 2
usage or input error, 3 budget ran out).

Each command runs in-process through the console entry point :func:`playable.cli.main.main`
(the same error boundary as the installed ``playable``), on the examples/ files and
tiny budgets.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from playable.solver.core.jsonkeys import SCHEMA_DIR, analyse_exit_code, schema, schema_names
from tests.clirun import run_main

EX = Path(__file__).parents[2] / "examples"
SCHEMAS = {p.stem: json.loads(p.read_text("utf-8")) for p in SCHEMA_DIR.glob("*.json")}
REGISTRY: Registry[Any] = Registry().with_resources(
    (s["$id"], Resource.from_contents(s)) for s in SCHEMAS.values()
)

ANSWER = "16@0 7@1 8@1 / 9@1 46@2 45@2 / 55@2 19@3 17@3 5@3 54@2 / 41@2 40@2"


def check(capsys: pytest.CaptureFixture[str], kind: str, code: int, *args: str) -> Any:
    """Run ``args --json``: exactly one JSON document of ``kind`` and exit ``code``."""
    got, out, _ = run_main(capsys, *args, "--json")
    assert got == code, f"{args}: exit {got}, expected {code}"
    document = json.loads(out)  # exactly one document: json.loads refuses trailing text
    errors = sorted(
        Draft202012Validator(SCHEMAS[kind], registry=REGISTRY).iter_errors(document),
        key=lambda e: list(e.absolute_path),
    )
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors[:5]]
    return document


def test_every_schema_is_a_valid_schema_with_its_kind_as_id() -> None:
    for kind in [*schema_names(), "_defs"]:
        Draft202012Validator.check_schema(schema(kind))
        assert schema(kind)["$id"] == f"urn:playable:schema:{kind}"


def test_schemas_refuse_a_different_vocabulary() -> None:
    """The schemas hold the shared keys: an old or misspelt key is refused."""
    line = [{"player": 0, "move": "5C@b1"}]
    good = {"game": "sequence", "engine": "proof-search", "status": "solved", "turns": 1}
    good |= {"bound": 1, "proven_optimal": True, "line": line, "nodes": 1, "seconds": 0.0}
    good |= {"tt_entries": 0, "side": 0, "winner": 0, "max_turns": 1}
    validator = Draft202012Validator(SCHEMAS["solve"], registry=REGISTRY)
    assert validator.is_valid(good)
    for bad in (
        {**good, "status": "won"},
        {**good, "line": [{"player": 1, "card": "5C"}]},
        {k: v for k, v in good.items() if k != "winner"},
        {**good, "winner": -1},
    ):
        assert not validator.is_valid(bad), bad


#: (schema kind, exit code, arguments): commands that need no prepared file.
CASES: list[tuple[str, int, list[str]]] = [
    ("deal-thegame", 0, ["deal", "thegame", "--players", "2", "--seed", "1"]),
    ("deal-facetoface", 0, ["deal", "facetoface", "--seed", "1"]),
    ("deal-uno", 0, ["deal", "uno", "--players", "3", "--seed", "1"]),
    ("position-sequence", 0, ["deal", "sequence", "--seed", "1"]),
    ("position-thegame", 0, ["show", str(EX / "thegame-3p.deal.txt")]),
    ("position-thegame", 0, ["show", str(EX / "thegame-solo-late.position.txt")]),
    ("puzzle", 0, ["show", str(EX / "thegame-lay-all-easy.puzzle.txt")]),
    ("position-facetoface", 0, ["show", str(EX / "deal.facetoface.txt")]),
    ("position-facetoface", 0, ["show", str(EX / "endgame.facetoface.txt")]),
    ("deal-uno", 0, ["show", str(EX / "deal-3p.uno.txt")]),
    ("position-uno", 0, ["show", str(EX / "endgame.uno.txt")]),
    ("hand-uno", 0, ["show", str(EX / "playout.uno.txt")]),
    ("position-sequence", 0, ["show", str(EX / "win-in-2.sequence.txt")]),
    # play: the greedy bot does not lay every card of this deal: lost, exit 1
    ("play", 1, ["play", str(EX / "thegame-solo.deal.txt"), "--bot", "greedy"]),
    ("solve", 0, ["solve", str(EX / "thegame-solo-late.position.txt"), "--seconds", "20"]),
    ("solve", 3, ["solve", "thegame", "--seed", "3", "--nodes", "1"]),
    ("solve", 0, ["solve", str(EX / "thegame-solo-late.position.txt"), "--engine", "cpsat"]),
    ("answer", 0, ["solve", str(EX / "thegame-lay-all-easy.puzzle.txt")]),
    ("answer", 0, ["solve", str(EX / "thegame-lay-all-easy.puzzle.txt"), "--answer", ANSWER]),
    ("answer", 1, ["solve", str(EX / "thegame-lay-all-easy.puzzle.txt"), "--answer", "16@0"]),
    ("solve", 0, ["solve", str(EX / "endgame.facetoface.txt"), "--seconds", "20"]),
    ("solve-deal-facetoface", 3, ["solve", "facetoface", "--max-card", "15", "--nodes", "50"]),
    (
        "solve-deal-facetoface",
        3,
        ["solve", "facetoface", "--max-card", "15", "--first", "2", "--nodes", "50"],
    ),
    ("solve", 0, ["solve", str(EX / "playout.uno.txt")]),
    ("solve", 1, ["solve", str(EX / "playout-unsolvable.uno.txt")]),
    ("solve", 0, ["solve", str(EX / "playout.uno.txt"), "--engine", "cpsat"]),
    ("solve", 0, ["solve", "uno", "--hand", "R1,G1,W,B7,W4", "--top", "R5"]),
    ("solve", 0, ["solve", str(EX / "endgame.uno.txt"), "--seconds", "20"]),
    ("solve", 0, ["solve", str(EX / "win-in-2.sequence.txt"), "--seconds", "20"]),
    ("solve", 1, ["solve", str(EX / "win-in-2.sequence.txt"), "--depth", "1"]),
    ("solve", 0, ["solve", str(EX / "win-in-2.sequence.txt"), "--engine", "cpsat"]),
    ("analyse", 0, ["analyse", str(EX / "thegame-solo-late.position.txt"), "--seconds", "5"]),
    ("analyse", 3, ["analyse", str(EX / "endgame.facetoface.txt"), "--nodes", "20"]),
    ("analyse", 0, ["analyse", str(EX / "endgame.uno.txt"), "--seconds", "20"]),
    ("analyse", 3, ["analyse", str(EX / "endgame.uno.txt"), "--nodes", "3"]),
    ("solve", 3, ["solve", str(EX / "endgame.uno.txt"), "--nodes", "3"]),
    ("analyse", 0, ["analyse", str(EX / "win-in-2.sequence.txt"), "--depth", "2"]),
    ("analyse", 3, ["analyse", str(EX / "win-in-2.sequence.txt"), "--depth", "3", "--nodes", "2"]),
    ("analyse", 0, ["analyse", str(EX / "threats.sequence.txt")]),
    ("move", 0, ["move", str(EX / "thegame-solo.deal.txt"), "5@0 32@1", "/"]),
    ("move", 0, ["move", str(EX / "endgame.facetoface.txt"), "11@own-up", "12@own-up", "/"]),
    ("move", 0, ["move", str(EX / "endgame.uno.txt"), "G9", "GR", "G0", "G7"]),  # over: UN-9
    ("move", 0, ["move", str(EX / "win-in-2.sequence.txt"), "5C@b1", "TD@h5"]),
    ("review", 0, ["review", str(EX / "review.facetoface.txt"), "--nodes", "300"]),
    (
        "seat-review",
        0,
        [
            "review",
            str(EX / "review.facetoface.txt"),
            "--seat",
            "1",
            "--samples",
            "2",
            "--nodes",
            "80",
        ],
    ),
    ("simulate", 0, ["simulate", "thegame", "--games", "2", "--workers", "1"]),
    ("simulate", 0, ["simulate", "facetoface", "--games", "2"]),
    ("simulate", 0, ["simulate", "uno", "--games", "1", "--target", "50"]),
    ("simulate", 0, ["simulate", "sequence", "--games", "1"]),
]


def _id(args: list[str]) -> str:
    return " ".join(Path(a).name if "/" in a else a for a in args)


@pytest.mark.parametrize(("kind", "code", "args"), CASES, ids=[_id(c[2]) for c in CASES])
def test_command_output_validates(
    capsys: pytest.CaptureFixture[str], kind: str, code: int, args: list[str]
) -> None:
    check(capsys, kind, code, *args)


def test_shared_vocabulary_across_games(capsys: pytest.CaptureFixture[str]) -> None:
    """The same idea has the same key: line items name player and move, two-player
    solves give the winner, analyse lists moves with values."""
    for args in (
        ["solve", str(EX / "thegame-solo-late.position.txt")],
        ["solve", str(EX / "endgame.facetoface.txt")],
        ["solve", str(EX / "endgame.uno.txt")],
        ["solve", str(EX / "playout.uno.txt")],
        ["solve", str(EX / "win-in-2.sequence.txt")],
    ):
        document = check(capsys, "solve", 0, *args)
        assert document["line"] and all({"player", "move"} <= set(t) for t in document["line"])
        if document["game"] != "thegame" and document["engine"] != "playout-dfs":
            assert document["winner"] == document["line"][0]["player"] == 0 or (
                document["game"] == "uno" and document["winner"] == 1
            )
    for args in (
        ["analyse", str(EX / "thegame-solo-late.position.txt")],
        ["analyse", str(EX / "endgame.uno.txt")],
    ):
        document = check(capsys, "analyse", 0, *args)
        assert {m["value"] for m in document["moves"]} <= {"win", "loss", "unknown"}
        assert "win" in {m["value"] for m in document["moves"]}


def test_facetoface_deal_wrapper(capsys: pytest.CaptureFixture[str]) -> None:
    """A fresh Face to Face deal is solved per first player (FF-7), in one wrapper."""
    deal = ["solve", "facetoface", "--max-card", "15", "--seed", "2", "--nodes", "40"]
    document = check(capsys, "solve-deal-facetoface", 3, *deal)
    assert document["status"] == "unknown"
    assert [r["first_player"] for r in document["results"]] == [0, 1]
    assert all(r["to_move"] == r["first_player"] for r in document["results"])
    small = ["solve", "facetoface", "--max-card", "9", "--seed", "1", "--seconds", "20"]
    document = check(capsys, "solve-deal-facetoface", 0, *small)
    assert document["status"] == "solved"
    assert all(r["winner"] in (0, 1) for r in document["results"])


def test_study_report_and_puzzle_library(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    study_db, library = str(tmp_path / "study.sqlite"), str(tmp_path / "playable.puzzles.sqlite")
    study = ["study", "thegame", "--deals", "1", "--nodes", "200", "--workers", "1"]
    document = check(capsys, "study", 0, *study, "--db", study_db)
    assert document["deals"] == 1
    check(capsys, "report", 0, "report", study_db)
    facetoface_db = str(tmp_path / "facetoface.sqlite")
    study = ["study", "facetoface", "--max-card", "9", "--deals", "2", "--nodes", "20000"]
    document = check(capsys, "study-facetoface", 0, *study, "--workers", "1", "--db", facetoface_db)
    assert document["deals"] == 2 and document["solves"] == 4
    both = check(capsys, "report", 0, "report", study_db, facetoface_db)
    assert both["facetoface_studies"][0]["deals"] == 2 and len(both["studies"]) == 1
    uno_db = str(tmp_path / "uno.sqlite")
    study = ["study", "uno", "--deals", "2", "--seed", "56", "--nodes", "2000", "--memory", "64"]
    document = check(capsys, "study-uno", 0, *study, "--workers", "1", "--db", uno_db)
    assert document["deals"] == 2 and document["outcomes"]["loss"] >= 1  # seed 56
    three = check(capsys, "report", 0, "report", study_db, facetoface_db, uno_db)
    assert three["uno_studies"] == [document]
    generate = ["generate", "thegame", "--difficulty", "easy", "--count", "1", "--db", library]
    found = check(capsys, "generate", 0, *generate)["puzzles"]
    check(capsys, "puzzles-list", 0, "puzzles", "list", "--db", library)
    puzzle = str(found[0]["id"])
    shown = check(capsys, "puzzle", 0, "puzzles", "show", puzzle, "--db", library, "--solution")
    assert shown["solution"]
    out = tmp_path / "out"
    written = check(capsys, "export", 0, "puzzles", "export", "--db", library, "-o", str(out))
    assert len(written["written"]) == 1
    # another game, written to files instead of a library (ids are null)
    files = tmp_path / "uno"
    generate = ["generate", "uno", "--difficulty", "easy", "--count", "1", "-o", str(files)]
    assert check(capsys, "generate", 0, *generate)["puzzles"][0]["id"] is None
    (puzzle_file,) = files.iterdir()
    check(capsys, "puzzle", 0, "show", str(puzzle_file))
    assert check(capsys, "answer", 0, "solve", str(puzzle_file))["correct"]


#: usage and input errors: exit 2, nothing on stdout, for every verb.
ERRORS: list[list[str]] = [
    ["deal", "thegame", "--bogus"],
    ["deal", "uno", "--players", "11"],
    ["show", "no-such-file.txt"],
    ["play", "no-such-file.txt"],
    ["solve", "no-such-file.txt"],
    ["solve", str(EX / "thegame-solo-late.position.txt"), "--engine", "bogus"],
    ["analyse", "no-such-file.txt"],
    ["analyse", str(EX / "playout.uno.txt")],
    ["simulate", "sequence", "--sides", "7"],
    ["simulate", "thegame", "--bot", "bogus"],
    ["study", "thegame", "--deals", "1"],
    ["study", "facetoface", "--deals", "1", "--max-card", "9"],
    ["report", "no-such-file.sqlite"],
    ["generate", "thegame", "--difficulty", "bogus"],
    ["puzzles", "show", "1"],
    ["move", "no-such-file.txt", "5@0"],
    ["move", str(EX / "thegame-solo.deal.txt"), "5@0", "7@1"],
]


@pytest.mark.parametrize("args", ERRORS, ids=[_id(a) for a in ERRORS])
def test_usage_and_input_errors_exit_2(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    code, out, _ = run_main(capsys, *args, "--json")
    assert code == 2
    assert out == ""


def test_analyse_exit_code_is_the_positions_value() -> None:
    assert analyse_exit_code(["loss", "win", "unknown"]) == 0
    assert analyse_exit_code(["loss", "loss"]) == 1
    assert analyse_exit_code(["loss", "unknown"]) == 3
    assert analyse_exit_code([]) == 3
    assert analyse_exit_code([], finished="win") == 0  # a finished game: the rules' verdict
    assert analyse_exit_code([], finished="loss") == 1


def test_docs_name_every_schema() -> None:
    docs = (Path(__file__).parents[2] / "docs" / "json.md").read_text("utf-8")
    assert "solver/core/schemas/" in docs
    for kind in schema_names():
        assert f"`{kind}`" in docs, kind
