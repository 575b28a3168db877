"""`playable view` and `playable analyse --seat` (cli/view.py, cli/seat.py,
docs/seatview.md): the view file of any game reads back, the seat analysis runs on a
position or a view file of every game with views, validates against its schema, and
bad input is one line with exit code 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from playable.solver.core.jsonkeys import SCHEMA_DIR
from playable.solver.games import views
from tests.clirun import run_main

EX = Path(__file__).parents[2] / "examples"
SCHEMAS = {p.stem: json.loads(p.read_text("utf-8")) for p in SCHEMA_DIR.glob("*.json")}
REGISTRY: Registry[Any] = Registry().with_resources(
    (s["$id"], Resource.from_contents(s)) for s in SCHEMAS.values()
)
LATE = str(EX / "thegame-solo-late.position.txt")

#: (game, file, seat to move): one position of every game
POSITIONS = [
    ("thegame", LATE, 1),
    ("facetoface", str(EX / "endgame.facetoface.txt"), 1),
    ("uno", str(EX / "endgame.uno.txt"), 2),
    ("sequence", str(EX / "win-in-2.sequence.txt"), 1),
]


def has_views(game: str) -> bool:
    try:
        views(game)
    except ModuleNotFoundError:
        return False
    return True


def valid(kind: str, document: Any) -> None:
    errors = list(Draft202012Validator(SCHEMAS[kind], registry=REGISTRY).iter_errors(document))
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors[:5]]


@pytest.mark.parametrize(("game", "file", "seat"), POSITIONS)
def test_view_of_every_game_reads_back(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str, file: str, seat: int
) -> None:
    if not has_views(game):
        code, _, err = run_main(capsys, "view", file, "--seat", str(seat))
        assert code == 2 and "not available" in err
        return
    out = tmp_path / "seat.view.txt"
    code, _, err = run_main(capsys, "view", file, "--seat", str(seat), "-o", str(out))
    assert code == 0, err
    text = out.read_text("utf-8")
    assert text.startswith(f"playable {game} view")
    view = views(game).parse(text)
    assert views(game).seat(view) == seat - 1
    code, printed, _ = run_main(capsys, "view", str(out), "--seat", str(seat))
    assert code == 0 and printed == text  # a view file's view is itself
    code, document, _ = run_main(capsys, "view", file, "--seat", str(seat), "--json")
    assert code == 0
    valid("view", json.loads(document))


#: Face to Face's analysis runs in tests/core/test_seat_analysis.py (its solves replay
#: every line through the rules, seconds a sample): the command's other games here
@pytest.mark.parametrize(("game", "file", "seat"), [p for p in POSITIONS if p[0] != "facetoface"])
def test_analyse_from_a_seat_of_every_game(
    capsys: pytest.CaptureFixture[str], game: str, file: str, seat: int
) -> None:
    args = ("analyse", file, "--seat", str(seat), "--samples", "1", "--nodes", "100", "--json")
    code, out, err = run_main(capsys, *args)
    if not has_views(game):
        assert code == 2 and "not available" in err and out == ""
        return
    assert code == 0, err
    document = json.loads(out)
    valid("seat-analysis", document)
    assert document["game"] == game and document["seat"] == seat - 1
    assert document["samples"] == 1 and document["budget"]["nodes"] == 100
    assert document["recommended"] == document["moves"][0]["move"]


@pytest.mark.parametrize(("game", "file", "seat"), [p for p in POSITIONS if p[0] != "thegame"])
def test_tree_search_from_a_seat(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str, file: str, seat: int
) -> None:
    """``--search`` on a position and on its view file: the same document (the search
    reads the view alone), valid, every legal move listed, the most simulated first."""
    args = ("--search", "--simulations", "150", "--seed", "4", "--json")
    code, out, err = run_main(capsys, "analyse", file, "--seat", str(seat), *args)
    assert code == 0, err
    document = json.loads(out)
    valid("seat-search", document)
    assert document["game"] == game and document["seat"] == seat - 1
    assert document["simulations"] == 150 and not document["stopped"]
    visits = [m["visits"] for m in document["moves"]]
    assert sum(visits) == 150 and visits == sorted(visits, reverse=True)
    assert document["recommended"] == document["moves"][0]["move"]
    view_file = tmp_path / "seat.view.txt"
    assert run_main(capsys, "view", file, "--seat", str(seat), "-o", str(view_file))[0] == 0
    code, again, err = run_main(capsys, "analyse", str(view_file), *args)
    assert code == 0, err
    first, second = document, json.loads(again)
    first.pop("seconds"), second.pop("seconds")
    assert first == second
    code, table, err = run_main(capsys, "analyse", file, "--seat", str(seat), *args[:-1])
    assert code == 0, err
    for words in ("tree search", "win share", "recommended:", "not proven", "caveat"):
        assert words in table


def test_analyse_a_view_file_and_its_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "late.view.txt"
    assert run_main(capsys, "view", LATE, "--seat", "1", "-o", str(out)).returncode == 0
    args = ("--samples", "4", "--nodes", "500", "--seed", "3")
    code, table, err = run_main(capsys, "analyse", str(out), *args)
    assert code == 0, err
    for words in ("win share", "proven", "cards left", "recommended:", "strategy fusion"):
        assert words in table
    code, by_view, _ = run_main(capsys, "analyse", str(out), *args, "--json")
    code2, by_position, _ = run_main(capsys, "analyse", LATE, "--seat", "1", *args, "--json")
    assert code == code2 == 0
    first, second = json.loads(by_view), json.loads(by_position)
    first.pop("seconds"), second.pop("seconds")
    assert first == second


def test_store_resumes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    store = str(tmp_path / "seat.sqlite")
    base = ("analyse", LATE, "--seat", "1", "--nodes", "300", "--json", "--store", store)
    code, _, _ = run_main(capsys, *base, "--samples", "2")
    assert code == 0
    code, big, _ = run_main(capsys, *base, "--samples", "4")
    code2, fresh, _ = run_main(capsys, *base[:-2], "--samples", "4")
    assert code == code2 == 0
    one, two = json.loads(big), json.loads(fresh)
    one.pop("seconds"), two.pop("seconds")
    assert one == two
    code, _, err = run_main(capsys, *base, "--samples", "4", "--seed", "1")
    assert code == 2 and "other arguments" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("view", LATE), "--seat N is required"),
        (("view", LATE, "--seat", "2"), "players 1..1"),
        (("analyse", LATE, "--seat", "0"), "--seat"),
        (("analyse", str(EX / "thegame-3p.deal.txt"), "--seat", "2"), "not to move"),
        (("analyse", LATE, "--seat", "1", "--samples", "0"), "--samples"),
        (("analyse", LATE, "--seat", "1", "--workers", "0"), "--workers"),
        (("analyse", "thegame", "--seat", "1"), "not the game name"),
        (("analyse", LATE, "--seat", "1", "--search"), "two-sided games"),
        (("analyse", LATE, "--seat", "1", "--simulations", "5"), "add --search"),
        (("analyse", LATE, "--seat", "1", "--search", "--nodes", "5"), "--search takes"),
        (("analyse", LATE, "--seat", "1", "--search", "--simulations", "0"), "--simulations"),
    ],
)
def test_bad_options_are_one_line(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    code, out, err = run_main(capsys, *args)
    assert code == 2 and message in err and out == ""
    assert len(err.strip().splitlines()) == 1


def test_bad_view_files_name_line_and_column(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    view = tmp_path / "bad.view.txt"
    assert run_main(capsys, "view", LATE, "--seat", "1", "-o", str(view)).returncode == 0
    text = view.read_text("utf-8")
    view.write_text(text.replace("seat: 1", "seat: x"), "utf-8")
    code, out, err = run_main(capsys, "analyse", str(view))
    assert code == 2 and out == "" and f"{view}:7:7:" in err
    view.write_text(text, "utf-8")
    code, _, err = run_main(capsys, "analyse", str(view), "--seat", "2")
    assert code == 2 and "not --seat 2" in err


def test_a_game_without_views_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def missing(name: str) -> Any:
        raise ModuleNotFoundError(f"No module named 'playable.solver.{name}.seatview'")

    monkeypatch.setattr("playable.cli.view.views", missing)
    for verb in ("view", "analyse"):
        code, out, err = run_main(capsys, verb, LATE, "--seat", "1")
        assert code == 2 and out == "" and "not available for this game yet" in err


def test_analyse_without_seat_is_the_games_own(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("analyse", LATE, "--nodes", "2000", "--estimate-seconds", "0", "--json")
    code, out, err = run_main(capsys, *args)
    document = json.loads(out)
    assert code in (0, 1, 3), err
    assert "seat" not in document and document["game"] == "thegame"
    valid("analyse", document)
