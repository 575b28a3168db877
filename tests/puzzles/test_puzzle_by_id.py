"""`playable puzzles show ID` shows every card the puzzle depends on, and
`playable puzzles answer ID MOVE...` checks an answer by id like `solve PUZZLE`.

One small library holds a generated easy puzzle of each kind of the four games,
made once per module, each with a card in its draw pile where the kind has one (a
The Game puzzle with an empty draw pile would not test the draw order). The
position text of each puzzle is read line by line here, independently of the game's
JSON writer: every hand, draw pile and discard pile it lists must appear, in order,
in the ``state`` of `puzzles show --json` and in the rich view. Answers by id must
give the verdict, exit code and JSON document of `solve PUZZLE --answer` on the
exported file, and count in the library's plays.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from playable.puzzles.base import Level, Puzzle
from playable.puzzles.fileformat import format_puzzle
from playable.puzzles.generate import attempt
from playable.puzzles.library import PuzzleLibrary
from playable.solver.core.jsonkeys import SCHEMA_DIR
from playable.solver.sequence.board import CELLS_OF
from tests.clirun import Ran, run_main
from tests.refusals import one_error_line

#: every puzzle kind of the four games (docs/puzzles.md)
KINDS = [
    ("thegame", "lay-all"),
    ("facetoface", "win-from-here"),
    ("uno", "lay-down"),
    ("uno", "ending"),
    ("sequence", "win-in-n"),
]
SCHEMAS = {p.stem: json.loads(p.read_text("utf-8")) for p in SCHEMA_DIR.glob("*.json")}
REGISTRY: Registry[Any] = Registry().with_resources(
    (s["$id"], Resource.from_contents(s)) for s in SCHEMAS.values()
)
SECONDS = "10"
FUZZ = settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)


class Library:
    """The module's library: its path, and each kind's id and puzzle."""

    def __init__(self, path: Path, folder: Path) -> None:
        self.path = path
        self.folder = folder
        self.ids: dict[tuple[str, str], int] = {}
        self.puzzles: dict[int, Puzzle] = {}

    def of_kind(self, game: str, kind: str) -> tuple[int, Puzzle]:
        """The id and puzzle of ``game``'s kind ``kind``."""
        puzzle_id = self.ids[game, kind]
        return puzzle_id, self.puzzles[puzzle_id]

    def show(self, capsys: pytest.CaptureFixture[str], puzzle_id: int, *options: str) -> Ran:
        """`playable puzzles show ID --db LIBRARY OPTIONS` in process."""
        return run_main(capsys, "puzzles", "show", str(puzzle_id), "--db", str(self.path), *options)

    def file_of(self, puzzle_id: int) -> Path:
        """The puzzle as a file (with its solution), for `solve PUZZLE`."""
        path = self.folder / f"puzzle-{puzzle_id}.txt"
        path.write_text(format_puzzle(self.puzzles[puzzle_id]), encoding="utf-8")
        return path


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Library:
    folder = tmp_path_factory.mktemp("by-id")
    made = Library(folder / "lib.sqlite", folder)
    with PuzzleLibrary(made.path) as db:
        for game, kind in KINDS:
            puzzle = next(
                (
                    p
                    for seed in range(12)
                    if (p := attempt(game, kind, Level.EASY, seed, 5.0))
                    and (kind == "lay-down" or has_draws(p))
                ),
                None,
            )
            assert puzzle is not None, f"no easy {game} {kind} puzzle with draws in 12 seeds"
            puzzle_id, _ = db.add(puzzle)
            made.ids[game, kind] = puzzle_id
            made.puzzles[puzzle_id] = puzzle
    return made


def has_draws(puzzle: Puzzle) -> bool:
    """Whether the position lists a card in a draw pile (the cards the panels hide)."""
    return any(key.startswith("draw") and cards for key, cards in card_lines(puzzle.position))


def valid(kind: str, document: Any) -> None:
    errors = list(Draft202012Validator(SCHEMAS[kind], registry=REGISTRY).iter_errors(document))
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors[:5]]


def card_lines(position: str) -> Iterator[tuple[str, list[str]]]:
    """Each card-list line of a position text: its key (``hand 2``, ``draw``,
    ``draw 1``, ``discard``, ``top``, ...) and its cards in order ('-' is none)."""
    for line in position.splitlines():
        key, colon, value = line.split("#", 1)[0].partition(":")
        words = key.split()
        if colon and words and words[0] in ("hand", "draw", "discard", "top"):
            cards = value.split()
            yield " ".join(words), [] if cards == ["-"] else cards


def shown_cards(state: dict[str, Any], key: str) -> list[str]:
    """The cards the ``state`` document holds for a position line's key."""
    name, _, number = key.partition(" ")
    plural = {"hand": "hands", "draw": "draws", "discard": "discards"}
    value = state[plural[name]][int(number) - 1] if number else state[name]
    return [str(card) for card in (value if isinstance(value, list) else [value])]


def plays(library: Library, puzzle_id: int) -> tuple[int, int]:
    with PuzzleLibrary(library.path, create=False) as db:
        return db.plays(puzzle_id)


def wrong_answer(game: str, state: dict[str, Any]) -> str:
    """A well-formed move of a card the player to move does not hold: never right."""
    if game in ("thegame", "facetoface"):
        held = set(state["hands"][state["to_move"]])
        top = state["variant"]["max_card"] if game == "thegame" else state["max_card"]
        card = next(c for c in range(2, top) if c not in held)
        return f"{state['to_move'] + 1}: {card}@0" if game == "thegame" else f"{card}@own-up"
    if game == "uno":
        held = set(state["hand"] if "hand" in state else state["hands"][state["to_move"]])
        return next(c for c in ("R7", "G3", "B5", "Y9", "R1") if c not in held)
    cards = set(state["hands"][state["to_move"]])
    name = next(c for c in ("QC", "2S", "5H", "9D", "KC") if c not in cards)
    row, column = divmod(CELLS_OF[name][0], 10)
    return f"{name}@{'abcdefghij'[column]}{row}"


@pytest.mark.parametrize(("game", "kind"), KINDS)
def test_show_json_holds_every_card_of_the_position(
    capsys: pytest.CaptureFixture[str], library: Library, game: str, kind: str
) -> None:
    puzzle_id = library.ids[game, kind]
    code, out, _ = library.show(capsys, puzzle_id, "--json")
    assert code == 0
    document = json.loads(out)
    valid("puzzle", document)
    assert "solution" not in document
    state = document["state"]
    assert (document["id"], state["game"]) == (puzzle_id, game)
    lines = dict(card_lines(document["position"]))
    assert any(key.startswith("hand") for key in lines), lines
    if kind != "lay-down":  # every other kind's position lists a draw pile
        assert any(key.startswith("draw") for key in lines), lines
    for key, cards in lines.items():
        assert shown_cards(state, key) == cards, key
    solution = library.show(capsys, puzzle_id, "--json", "--solution")
    assert json.loads(solution[1])["solution"] == library.puzzles[puzzle_id].solution


@pytest.mark.parametrize(("game", "kind"), KINDS)
def test_show_draws_every_card_of_the_position(
    capsys: pytest.CaptureFixture[str], library: Library, game: str, kind: str
) -> None:
    puzzle_id, puzzle = library.of_kind(game, kind)
    code, out, _ = library.show(capsys, puzzle_id)
    assert code == 0
    assert "solution:" not in out
    lines = dict(card_lines(puzzle.position))
    for key, cards in lines.items():
        if key.startswith(("draw", "discard")):  # the panels give only their counts
            expected = f"({len(cards)}) {' '.join(cards)}" if cards else "-"
            assert expected in out, (key, out)
        else:
            assert all(card in out for card in cards), (key, out)
    revealed = library.show(capsys, puzzle_id, "--solution")
    assert f"solution: {puzzle.solution}" in " ".join(revealed[1].split())


@pytest.mark.parametrize(("game", "kind"), KINDS)
def test_answer_by_id_gives_solve_puzzles_verdict_and_counts_it(
    capsys: pytest.CaptureFixture[str], library: Library, game: str, kind: str
) -> None:
    puzzle_id, puzzle = library.of_kind(game, kind)
    file = str(library.file_of(puzzle_id))
    db = ["--db", str(library.path), "--seconds", SECONDS, "--json"]
    show = library.show(capsys, puzzle_id, "--json")
    wrong = wrong_answer(game, json.loads(show[1])["state"])
    for answer, code in ((puzzle.solution, 0), (wrong, 1)):
        tries, solved = plays(library, puzzle_id)
        got, out, err = run_main(capsys, "puzzles", "answer", str(puzzle_id), *answer.split(), *db)
        assert (got, err) == (code, ""), (answer, err)
        document = json.loads(out)
        valid("answer", document)
        assert document["correct"] is (code == 0)
        assert (document["id"], document["tries"], document["solved"]) == (
            puzzle_id,
            tries + 1,
            solved + (code == 0),
        )
        assert plays(library, puzzle_id) == (tries + 1, solved + (code == 0))
        by_file = run_main(
            capsys, "solve", file, "--answer", answer, "--seconds", SECONDS, "--json"
        )
        assert by_file[0] == code
        assert json.loads(by_file[1]) == {
            k: v for k, v in document.items() if k not in ("id", "tries", "solved")
        }
    # the rich form: the same verdict line, then the count
    got, out, _ = run_main(capsys, "puzzles", "answer", str(puzzle_id), wrong, *db[:-1])
    assert got == 1 and out.startswith("not a solution: ") and f"puzzle {puzzle_id}: " in out


def test_an_answer_in_one_quoted_word_or_many_is_the_same(
    capsys: pytest.CaptureFixture[str], library: Library
) -> None:
    puzzle_id = library.ids["thegame", "lay-all"]
    solution = library.puzzles[puzzle_id].solution
    db = ["--db", str(library.path), "--json"]
    one = run_main(capsys, "puzzles", "answer", str(puzzle_id), solution, *db)
    many = run_main(capsys, "puzzles", "answer", str(puzzle_id), *solution.split(), *db)
    assert one[0] == many[0] == 0
    assert json.loads(one[1])["answer"] == json.loads(many[1])["answer"] == solution


def test_a_malformed_answer_is_one_line_exit_2_and_not_counted(
    capsys: pytest.CaptureFixture[str], library: Library
) -> None:
    puzzle_id = library.ids["thegame", "lay-all"]
    before = plays(library, puzzle_id)
    code, out, err = run_main(
        capsys, "puzzles", "answer", str(puzzle_id), "1:", "zz@9", "--db", str(library.path)
    )
    assert (code, out) == (2, "")
    one_error_line(err, "error: answer:1:")
    assert plays(library, puzzle_id) == before
    # `solve PUZZLE` names its option the same way
    file = str(library.file_of(puzzle_id))
    code, out, err = run_main(capsys, "solve", file, "--answer", "1: zz@9")
    assert (code, out) == (2, "")
    one_error_line(err, "error: --answer:1:")


def test_errors_are_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], library: Library, tmp_path: Path
) -> None:
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"this is no database" * 100)
    good = str(library.path)
    cases = {
        ("puzzles", "answer", "999", "5@0", "--db", good): "no puzzle with id 999",
        ("puzzles", "show", "999", "--db", good): "no puzzle with id 999",
        ("puzzles", "answer", "1", "5@0", "--db", str(tmp_path / "none.sqlite")): "no such file",
        ("puzzles", "show", "1", "--db", str(junk)): "not an SQLite database",
        ("puzzles", "answer", "1", "5@0", "--db", str(junk)): "not an SQLite database",
        ("puzzles", "answer", "1", "", "--db", good): "the answer is empty",
        ("puzzles", "answer", "1", "--db", good): "Missing argument",
        ("puzzles", "answer", "one", "5@0", "--db", good): "Invalid value",
    }
    for args, words in cases.items():
        code, out, err = run_main(capsys, *args, "--json")
        assert (code, out) == (2, ""), args
        assert words in one_error_line(err, "error: "), (args, err)


@pytest.mark.parametrize(
    ("column", "value", "words"),
    [
        ("level", "tough", "puzzle 1 is damaged"),
        ("metrics", "[1, 2]", "puzzle 1 is damaged"),
        ("held_out", "{", "puzzle 1 is damaged"),
        ("position", "playable thegame position\npiles: x\n", "puzzle 1: its position, line 2"),
        ("game", "chess", "no puzzles for game 'chess'"),
    ],
)
def test_a_damaged_row_is_one_line_exit_2(
    capsys: pytest.CaptureFixture[str],
    library: Library,
    tmp_path: Path,
    column: str,
    value: str,
    words: str,
) -> None:
    damaged = tmp_path / "damaged.sqlite"
    damaged.write_bytes(library.path.read_bytes())
    with sqlite3.connect(damaged) as db:
        db.execute(f"UPDATE puzzles SET {column}=? WHERE id=1", (value,))
    db.close()
    for args in (("show", "1"), ("answer", "1", "5@0")):
        code, out, err = run_main(capsys, "puzzles", *args, "--db", str(damaged))
        assert (code, out) == (2, ""), (column, args)
        assert words in one_error_line(err, "error: "), (column, err)


def test_a_library_without_a_plays_table_gets_one(
    capsys: pytest.CaptureFixture[str], library: Library, tmp_path: Path
) -> None:
    old = tmp_path / "old.sqlite"
    old.write_bytes(library.path.read_bytes())
    with sqlite3.connect(old) as db:
        db.execute("DROP TABLE plays")
    db.close()
    puzzle_id = library.ids["uno", "lay-down"]
    answer = library.puzzles[puzzle_id].solution
    code, out, _ = run_main(
        capsys, "puzzles", "answer", str(puzzle_id), answer, "--db", str(old), "--json"
    )
    assert code == 0 and json.loads(out)["tries"] == 1


def test_an_answer_that_cannot_be_counted_still_gets_its_verdict(
    capsys: pytest.CaptureFixture[str], library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    from playable.puzzles.library import LibraryError

    def refuse(self: PuzzleLibrary, puzzle_id: int, correct: bool) -> tuple[int, int]:
        raise LibraryError(f"{self.path}: read-only: cannot write to it")

    monkeypatch.setattr(PuzzleLibrary, "record_play", refuse)
    puzzle_id = library.ids["uno", "lay-down"]
    answer = library.puzzles[puzzle_id].solution
    code, out, err = run_main(
        capsys, "puzzles", "answer", str(puzzle_id), answer, "--db", str(library.path), "--json"
    )
    assert code == 0 and json.loads(out)["correct"] and "tries" not in json.loads(out)
    assert "not counted" in err and "read-only" in err


@FUZZ
@given(puzzle_id=st.integers(min_value=-(2**70), max_value=2**70))
def test_fuzz_ids(capsys: pytest.CaptureFixture[str], library: Library, puzzle_id: int) -> None:
    """Any whole number that is not a stored id, negative or past SQLite's range:
    one line naming it, exit 2, for show and answer alike."""
    assume(puzzle_id not in library.puzzles)
    db = ["--db", str(library.path), "--json", "--"]
    for args in (["show", *db, str(puzzle_id)], ["answer", *db, str(puzzle_id), "R7"]):
        code, out, err = run_main(capsys, "puzzles", *args)
        assert (code, out) == (2, ""), args
        assert f"no puzzle with id {puzzle_id}" in one_error_line(err, "error: ")


@FUZZ
@given(text=st.text(min_size=1, max_size=20))
def test_fuzz_id_words(capsys: pytest.CaptureFixture[str], library: Library, text: str) -> None:
    """An id that is no whole number of the library: one line, exit 2."""
    with suppress(ValueError):  # a text that is no number at all is never an id
        assume(int(text) not in library.puzzles)
    code, out, err = run_main(
        capsys, "puzzles", "show", "--db", str(library.path), "--json", "--", text
    )
    assert (code, out) == (2, ""), text
    one_error_line(err, "error: ")


MOVE_TEXT = st.text(alphabet="0123456789@:/+-x RGBYWSDQKJATHCo-wnupadrsce", min_size=1, max_size=24)


@FUZZ
@given(kind=st.sampled_from(KINDS), answer=MOVE_TEXT)
def test_fuzz_move_strings(
    capsys: pytest.CaptureFixture[str], library: Library, kind: tuple[str, str], answer: str
) -> None:
    """Any answer text: a verdict (0 or 1, counted once) or one line, exit 2 (not
    counted), and always the verdict `solve PUZZLE --answer` gives."""
    puzzle_id = library.ids[kind]
    before = plays(library, puzzle_id)
    args = [
        "puzzles",
        "answer",
        str(puzzle_id),
        "--db",
        str(library.path),
        "--seconds",
        SECONDS,
        "--json",
        "--",
        answer,
    ]
    code, out, err = run_main(capsys, *args)
    given = " ".join(answer.split())  # `puzzles answer` joins its words with one blank
    file = str(library.file_of(puzzle_id))
    by_file = run_main(capsys, "solve", file, "--answer", given, "--seconds", SECONDS, "--json")
    if not given:
        assert code == 2 and "the answer is empty" in one_error_line(err, "error: ")
        assert plays(library, puzzle_id) == before
        return
    assert code == by_file[0], (answer, err, by_file[2])
    if code == 2:
        assert out == ""
        said = one_error_line(err, "error: ").split(":", 2)[2]
        assert one_error_line(by_file[2], "error: ").split(":", 2)[2] == said
        assert plays(library, puzzle_id) == before
    else:
        assert code in (0, 1), (answer, err)
        document = json.loads(out)
        assert document["correct"] is (code == 0)
        assert json.loads(by_file[1])["message"] == document["message"]
        assert plays(library, puzzle_id) == (before[0] + 1, before[1] + (code == 0))
