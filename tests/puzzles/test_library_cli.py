"""The puzzle file format, the SQLite library, the generation loop and the puzzle
commands, exercised with a toy kind (the real kinds are tested in their own files)."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

import playable.puzzles.registry as registry
from playable.cli.main import app
from playable.puzzles.base import Level, Puzzle, PuzzleKind, Rating, Verdict
from playable.puzzles.fileformat import format_puzzle, parse_puzzle
from playable.puzzles.generate import GeneratorBug, attempt
from playable.puzzles.library import PuzzleLibrary
from playable.solver.core.errors import NotationError

POSITION = """# two cards to lay
playable thegame position
players: 1
expert: no
expert-hand: no
max-card: 99
piles: 4 1 100 100
hand 1: {a} {b}
draw:
to-move: 1
laid: 0
"""


class ToyKind:
    """Lay two consecutive cards; the score comes from the seed, so some seeds miss."""

    game = "thegame"
    name = "toy"
    description = "Lay two cards."

    def __init__(self, lie: bool = False) -> None:
        self.lie = lie

    def generate(self, level: Level, seed: int, seconds: float) -> Puzzle | None:
        score = (seed * 37 % 100) / 100
        if Level.of(score) is not level and not self.lie:
            return None
        a = 10 + seed % 80
        return Puzzle(
            game="thegame",
            kind="toy",
            level=level,
            seed=seed,
            position=POSITION.format(a=a, b=a + 1),
            goal="Lay both cards.",
            solution=f"1: {a}@0 {a + 1}@0",
            unique=False,
            rating=Rating(score, {"greedy_success": 1.0 - score, "nodes": 3.0}, ("nodes",)),
        )

    def check(self, puzzle: Puzzle, answer: str, seconds: float) -> Verdict:
        if not answer.startswith("1:"):
            raise NotationError("expected '1:'", 1, 1)
        expected = ToyKind(lie=True).generate(puzzle.level, puzzle.seed, seconds)
        right = expected is not None and answer.split() == expected.solution.split()
        return Verdict(right, "all cards laid" if right else "cards are left")


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> ToyKind:
    kind = ToyKind()
    real = registry.kinds

    def kinds(game: str) -> dict[str, PuzzleKind]:
        return {"toy": kind} if game == "thegame" else real(game)

    monkeypatch.setattr(registry, "kinds", kinds)
    return kind


def toy_puzzle(seed: int = 3) -> Puzzle:
    level = Level.of(seed * 37 % 100 / 100)
    puzzle = ToyKind().generate(level, seed, 1.0)
    assert puzzle is not None
    return puzzle


def test_puzzle_file_round_trip() -> None:
    puzzle = toy_puzzle()
    text = format_puzzle(puzzle)
    assert text.startswith("# Lay both cards.\nplayable puzzle thegame\n")
    assert parse_puzzle(text) == puzzle
    hidden = parse_puzzle(format_puzzle(puzzle, with_solution=False))
    assert hidden.solution == "" and "--- solution" not in format_puzzle(puzzle, False)


@pytest.mark.parametrize(
    ("edit", "line", "column", "words"),
    [
        (lambda t: t.replace("level: easy", "level: tough"), 4, 8, "expected a level"),
        (lambda t: t.replace("score: 0.110", "score: 1.5"), 5, 8, "between 0 and 1"),
        (lambda t: t.replace("--- position\n", ""), 23, 1, "missing the '--- position'"),
        (lambda t: t.replace("--- solution", "--- answer"), 23, 1, "expected '--- position'"),
        (lambda t: t.replace("piles: 4 1", "piles: 4 x"), 18, 10, "expected"),
        (lambda t: t.replace("puzzle thegame", "puzzle chess"), 2, 1, "no puzzles for game"),
        (lambda t: t.replace("kind: toy\n", ""), 9, 1, "missing field 'kind'"),
    ],
)
def test_puzzle_file_errors_name_line_and_column(edit, line, column, words) -> None:  # type: ignore[no-untyped-def]
    text = format_puzzle(toy_puzzle())
    assert "level: easy" in text and "score: 0.110" in text
    with pytest.raises(NotationError) as caught:
        parse_puzzle(edit(text), "p.txt")
    error = caught.value
    assert (error.source, error.line, error.column) == ("p.txt", line, column), str(error)
    assert words in error.message


def test_library_keeps_each_position_once_and_filters(tmp_path: Path) -> None:
    with PuzzleLibrary(tmp_path / "lib.sqlite") as library:
        first = toy_puzzle(3)
        second = toy_puzzle(4)
        assert library.add(first) == (1, True)
        assert library.add(first) == (1, False)
        assert library.add(second)[1]
        assert library.get(1) == first
        assert [p for _, p in library.select(level=second.level)] == [second]
        assert len(list(library.select(game="thegame", kind="toy"))) == 2
        library.record_attempt("thegame", "toy", Level.HARD, 9, None)
        assert library.attempts("thegame", "toy", Level.HARD, 0) == {9: None}
        assert library.attempts("thegame", "toy", Level.HARD, 10) == {}


def test_a_generator_that_misses_its_level_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    lying = ToyKind(lie=True)
    monkeypatch.setattr(registry, "kinds", lambda game: {"toy": lying})
    wrong_level = next(seed for seed in range(100) if Level.of(seed * 37 % 100 / 100) != Level.EASY)
    with pytest.raises(GeneratorBug, match="asked for easy"):
        attempt("thegame", "toy", Level.EASY, wrong_level, 1.0)


def test_generate_stores_resumes_lists_shows_and_exports(toy: ToyKind, tmp_path: Path) -> None:
    runner = CliRunner()
    db = str(tmp_path / "lib.sqlite")
    args = ["generate", "thegame", "--difficulty", "hard", "--seed", "0", "--db", db, "--json"]
    first = runner.invoke(app, [*args, "--count", "2"])
    assert first.exit_code == 0, first.output
    made = json.loads(first.stdout)
    assert made["found"] == 2 and all(p["level"] == "hard" for p in made["puzzles"])
    more = json.loads(runner.invoke(app, [*args, "--count", "3"]).stdout)
    assert more["found"] == 3
    assert [p["seed"] for p in more["puzzles"][:2]] == [p["seed"] for p in made["puzzles"]]
    assert more["seeds_tried"] > made["seeds_tried"]

    listed = json.loads(runner.invoke(app, ["puzzles", "list", "--db", db, "--json"]).stdout)
    assert [p["id"] for p in listed] == [1, 2, 3] and "solution" not in listed[0]
    shown = runner.invoke(app, ["puzzles", "show", "1", "--db", db, "--solution"])
    assert shown.exit_code == 0 and "solution" in shown.stdout and "The Game" in shown.stdout
    out = tmp_path / "out"
    exported = runner.invoke(
        app, ["puzzles", "export", "--db", db, "-o", str(out), "--no-solution"]
    )
    assert exported.exit_code == 0
    files = sorted(out.iterdir())
    assert len(files) == 3 and "--- solution" not in files[0].read_text()


def test_generate_to_a_folder_and_give_up_when_seeds_run_out(toy: ToyKind, tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(
        app, ["generate", "thegame", "--difficulty", "easy", "--count", "2", "-o", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    assert len(list(tmp_path.glob("thegame-toy-easy-*.txt"))) == 2
    starved = runner.invoke(
        app,
        ["generate", "thegame", "--difficulty", "easy", "--count", "5", "--max-attempts", "3"],
    )
    assert starved.exit_code == 3


def test_solve_puzzle_checks_an_answer(toy: ToyKind, tmp_path: Path) -> None:
    puzzle = toy_puzzle()
    path = tmp_path / "p.txt"
    path.write_text(format_puzzle(replace(puzzle, solution="")))
    runner = CliRunner()
    right = runner.invoke(app, ["solve", str(path), "--answer", toy_puzzle().solution, "--json"])
    assert right.exit_code == 0 and json.loads(right.stdout)["correct"] is True
    wrong = runner.invoke(app, ["solve", str(path), "--answer", "1: 50@1"])
    assert wrong.exit_code == 1 and "not a solution" in wrong.stdout
    shown = runner.invoke(app, ["show", str(path)])
    assert shown.exit_code == 0 and "Lay both cards." in shown.stdout


def test_bad_puzzle_file_is_one_error_line_and_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(format_puzzle(toy_puzzle()).replace("level: easy", "level: tough"))
    result = subprocess.run(
        [sys.executable, "-m", "playable.cli.main", "show", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 2
    assert f"{path}:4:8: expected a level" in result.stderr and "Traceback" not in result.stderr
