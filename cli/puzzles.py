"""Puzzle commands: `playable generate`, `playable puzzles list|show|answer|export`,
and `playable solve PUZZLE` (check an answer or the stored solution). `puzzles answer`
and `solve PUZZLE` share one check and one verdict report (docs/puzzles.md)."""

from __future__ import annotations

import sqlite3
from collections.abc import Generator
from contextlib import closing
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from playable.cli.budget import check_seconds
from playable.cli.dispatch import SHOW
from playable.cli.io import fail, make_folder, print_json, read_source, stderr, stdout, write_text
from playable.cli.options import MAX_SEED, Workers
from playable.cli.progress import progress_bar
from playable.puzzles.base import Level, Puzzle, Verdict
from playable.puzzles.fileformat import format_puzzle, parse_puzzle, position_json, puzzle_to_json
from playable.puzzles.library import LibraryError, PuzzleLibrary
from playable.puzzles.registry import GAMES, kind_of, parse_position
from playable.solver.core.errors import NotationError, PlayableError

Json = Annotated[bool, typer.Option("--json", help="Print one JSON document.")]
Db = Annotated[Path, typer.Option("--db", help="The SQLite puzzle library.")]
GameFilter = Annotated[str | None, typer.Option("--game", help="Only this game.")]
KindFilter = Annotated[str | None, typer.Option("--kind", help="Only this kind.")]
LevelFilter = Annotated[Level | None, typer.Option("--difficulty", help="Only this level.")]

PuzzleId = Annotated[
    int, typer.Argument(metavar="ID", help="The puzzle's id (see `puzzles list`).")
]

puzzles_app = typer.Typer(
    name="puzzles", help="Browse and export a puzzle library.", no_args_is_help=True
)


def generate_command(
    game: Annotated[str, typer.Argument(help=f"The game: {', '.join(GAMES)}.")],
    difficulty: Annotated[Level, typer.Option("--difficulty", help="The level to hit.")],
    kind: Annotated[
        str | None, typer.Option("--kind", help="The kind of puzzle (default: the game's first).")
    ] = None,
    count: Annotated[int, typer.Option("--count", min=1, max=10**6, help="How many puzzles.")] = 1,
    seed: Annotated[
        int, typer.Option("--seed", min=0, max=MAX_SEED, help="The first seed tried.")
    ] = 0,
    seconds: Annotated[
        float,
        typer.Option(
            "--seconds",
            min=0.1,
            max=1e6,
            help="Time budget of one attempt.",
            callback=check_seconds,
        ),
    ] = 10.0,
    workers: Workers = 1,
    max_attempts: Annotated[
        int | None,
        typer.Option(
            "--max-attempts", min=1, max=10**9, help="Give up after this many seeds [50 × count]."
        ),
    ] = None,
    db: Annotated[Path | None, typer.Option("--db", help="Store puzzles in this library.")] = None,
    output: Annotated[
        Path | None, typer.Option("-o", "--output", help="Write one file per puzzle here.")
    ] = None,
    json: Json = False,
) -> None:
    """Generate COUNT puzzles of a kind at a difficulty level, each verified by the exact
    solver. With --db, finished puzzles are kept: run again with the same arguments
    to carry on. Without --db or -o the puzzles are printed."""
    puzzle_kind = kind_of(game, kind)
    name = puzzle_kind.name
    if output is not None:
        make_folder(output)
    library = PuzzleLibrary(db) if db is not None else None
    tried = library.attempts(game, name, difficulty, seed) if library else {}
    found: list[tuple[int | None, Puzzle]] = [
        (puzzle_id, library.get(puzzle_id))
        for puzzle_id in tried.values()
        if library and puzzle_id is not None
    ]
    budget = max_attempts or 50 * count
    tries = len(tried)
    try:
        with (
            progress_bar(f"{game} {name} {difficulty.value}", count, len(found), json) as advance,
            closing(_attempts(game, name, difficulty, seed, seconds, workers, tried)) as results,
        ):
            for attempt_seed, puzzle in results:
                if len(found) >= count or tries >= budget:
                    break
                tries += 1
                puzzle_id = (
                    library.record_attempt(game, name, difficulty, attempt_seed, puzzle)
                    if library
                    else None
                )
                if puzzle is not None:
                    found.append((puzzle_id, puzzle))
                    advance()
                    if output is not None:
                        _write(output, puzzle)
                    elif library is None and not json:
                        stdout.out(format_puzzle(puzzle))
                if len(found) >= count or tries >= budget:
                    break
    except KeyboardInterrupt:
        where = f"stored in {db}" if db else "written"
        stderr.print(f"interrupted: {len(found)} puzzles {where}; run again to carry on")
        raise typer.Exit(130) from None
    finally:
        if library:
            library.close()
    _report(found, count, tries, json)
    if len(found) < count:
        stderr.print(f"gave up after {tries} seeds: {len(found)} of {count} puzzles found")
        raise typer.Exit(3)


def _attempts(
    game: str, kind: str, level: Level, seed: int, seconds: float, workers: int, skip: Any
) -> Generator[tuple[int, Puzzle | None]]:
    from playable.puzzles.generate import attempts  # lazily: worker processes and kernels

    return attempts(game, kind, level, seed, seconds, workers, skip)


def _write(folder: Path, puzzle: Puzzle, with_solution: bool = True) -> Path:
    path = folder / f"{puzzle.game}-{puzzle.kind}-{puzzle.level.value}-{puzzle.seed}.txt"
    write_text(path, format_puzzle(puzzle, with_solution))
    return path


def _report(found: list[tuple[int | None, Puzzle]], count: int, tries: int, json: bool) -> None:
    if json:
        print_json(
            {
                "count": count,
                "found": len(found),
                "seeds_tried": tries,
                "puzzles": [{"id": i, **puzzle_to_json(p)} for i, p in found],
            }
        )
    elif found and found[0][0] is not None:
        stdout.print(_table(found))


def _table(rows: list[tuple[int | None, Puzzle]]) -> Table:
    table = Table("id", "game", "kind", "level", "score", "unique", "goal")
    for puzzle_id, puzzle in rows:
        table.add_row(
            str(puzzle_id),
            puzzle.game,
            puzzle.kind,
            puzzle.level.value,
            f"{puzzle.rating.score:.2f}",
            "yes" if puzzle.unique else "no",
            puzzle.goal,
        )
    return table


@puzzles_app.command("list")
def list_command(
    db: Db,
    game: GameFilter = None,
    kind: KindFilter = None,
    difficulty: LevelFilter = None,
    json: Json = False,
) -> None:
    """List the puzzles of a library (filtered by game, kind, level)."""
    with PuzzleLibrary(db, create=False) as library:
        rows: list[tuple[int | None, Puzzle]] = list(library.select(game, kind, difficulty))
    if json:
        print_json([{"id": i, **puzzle_to_json(p, with_solution=False)} for i, p in rows])
    else:
        stdout.print(_table(rows) if rows else "no puzzles")


@puzzles_app.command("show")
def show_command(
    puzzle_id: PuzzleId,
    db: Db,
    solution: Annotated[bool, typer.Option("--solution", help="Show the answer too.")] = False,
    json: Json = False,
) -> None:
    """Show one puzzle of a library: its goal, rating and the whole position (every
    hand and the known draw order: every card the answer may use), and its answer."""
    puzzle = _stored(db, puzzle_id)
    if json:
        print_json({"id": puzzle_id, **puzzle_to_json(puzzle, solution)})
        return
    _draw(puzzle, f"puzzle {puzzle_id}", solution)


@puzzles_app.command("export")
def export_command(
    db: Db,
    output: Annotated[Path, typer.Option("-o", "--output", help="The folder to write to.")],
    game: GameFilter = None,
    kind: KindFilter = None,
    difficulty: LevelFilter = None,
    no_solution: Annotated[
        bool, typer.Option("--no-solution", help="Leave the answers out.")
    ] = False,
    json: Json = False,
) -> None:
    """Write the puzzles of a library (filtered) as puzzle files, one per puzzle."""
    make_folder(output)
    with PuzzleLibrary(db, create=False) as library:
        paths = [
            _write(output, p, not no_solution) for _, p in library.select(game, kind, difficulty)
        ]
    if json:
        print_json({"written": [str(path) for path in paths]})
    else:
        stdout.print(f"{len(paths)} puzzles written to {output}")


Seconds = Annotated[
    float,
    typer.Option("--seconds", min=0.1, max=1e6, help="Time to verify.", callback=check_seconds),
]


def solve_puzzle_command(
    file: Annotated[str, typer.Argument(help="A puzzle file ('-' for stdin).")],
    answer: Annotated[
        str | None,
        typer.Option("--answer", help="Your answer in the game's move notation."),
    ] = None,
    seconds: Seconds = 30.0,
    json: Json = False,
) -> None:
    """Check an answer to a puzzle (or, without --answer, its stored solution) by
    replaying it through the rules and, against an opponent, proving it with the solver.
    Exit 0 correct, 1 wrong or unverified."""
    text, source = read_source(file)
    puzzle = parse_puzzle(text, source)
    if answer is None and not puzzle.solution:
        fail(f"{source}: the puzzle has no '--- solution' section; give --answer")
    given = answer if answer is not None else puzzle.solution
    _report_verdict(puzzle, given, _verdict(puzzle, given, seconds, "--answer"), json)


@puzzles_app.command("answer")
def answer_command(
    puzzle_id: PuzzleId,
    moves: Annotated[
        list[str],
        typer.Argument(
            metavar="MOVE",
            help="Your answer in the game's move notation, e.g. 2: 55@0 58@0 / 1: 66@0, "
            "R7, QS@e4 (quote it or give its words as separate arguments).",
            show_default=False,
        ),
    ],
    db: Db,
    seconds: Seconds = 30.0,
    json: Json = False,
) -> None:
    """Check an answer to a puzzle of a library, as `solve PUZZLE --answer` does for a
    file, and count the attempt in the library's plays (as the web board does).
    Exit 0 correct, 1 wrong or unverified; a malformed answer is not counted."""
    given = " ".join(" ".join(moves).split())
    if not given:
        fail("the answer is empty: give your moves after the puzzle id")
    puzzle = _stored(db, puzzle_id)
    verdict = _verdict(puzzle, given, seconds, "answer")
    counted: dict[str, Any] = {"id": puzzle_id}
    try:
        with PuzzleLibrary(db) as library:  # for writing: adds a missing plays table
            counted["tries"], counted["solved"] = library.record_play(puzzle_id, verdict.correct)
    except (PlayableError, sqlite3.Error) as error:
        stderr.print(f"warning: the attempt was not counted: {error}", soft_wrap=True)
    _report_verdict(puzzle, given, verdict, json, counted)


def _stored(db: Path, puzzle_id: int) -> Puzzle:
    """The puzzle ``puzzle_id`` of the library ``db``, its position checked: a row
    damaged outside `playable` is one error line naming the puzzle, not a traceback."""
    with PuzzleLibrary(db, create=False) as library:
        puzzle = library.get(puzzle_id)
    try:
        parse_position(puzzle.game, puzzle.position)
    except NotationError as error:
        where = f"line {error.line}, column {error.column}"
        raise LibraryError(
            f"{db}: puzzle {puzzle_id}: its position, {where}: {error.message}"
        ) from None
    return puzzle


def _verdict(puzzle: Puzzle, answer: str, seconds: float, source: str) -> Verdict:
    """The kind's check of ``answer``; a malformed answer is a NotationError naming
    ``source`` (the CLI's one line, exit 2). The position has been read before, so
    every NotationError of the check is the answer's."""
    try:
        return kind_of(puzzle.game, puzzle.kind).check(puzzle, answer, seconds)
    except NotationError as error:
        raise error.with_source(source) from None


def _report_verdict(
    puzzle: Puzzle,
    answer: str,
    verdict: Verdict,
    json: bool,
    extra: dict[str, Any] | None = None,
) -> None:
    """Print the verdict (the ``answer`` document with ``--json``) and exit 0 when the
    answer is correct, 1 when it is not or could not be verified."""
    if json:
        print_json(
            {
                "game": puzzle.game,
                "kind": puzzle.kind,
                "answer": answer,
                "correct": verdict.correct,
                "message": verdict.message,
                **(extra or {}),
            }
        )
    else:
        mark = "[green]correct[/]" if verdict.correct else "[red]not a solution[/]"
        stdout.print(f"{mark}: {verdict.message}")
        if extra and "tries" in extra:
            stdout.print(
                f"[dim]puzzle {extra['id']}: {extra['solved']} of {extra['tries']} answers right[/]"
            )
    raise typer.Exit(0 if verdict.correct else 1)


def show_puzzle(text: str, source: str, json: bool) -> None:
    """`playable show PUZZLE`: the goal, rating and the position drawn by its game."""
    puzzle = parse_puzzle(text, source)
    if json:
        print_json(puzzle_to_json(puzzle, with_solution=False))
    else:
        _draw(puzzle, source, with_solution=False)


def _draw(puzzle: Puzzle, title: str, with_solution: bool) -> None:
    """The puzzle for a person: header, goal, signals, the game's panel, then every
    card the panel leaves out (the draw order, discards) and how to answer."""
    stdout.print(
        f"[bold]{title}[/]: {puzzle.game} {puzzle.kind}, {puzzle.level.value}"
        f" (score {puzzle.rating.score:.2f}{', unique solution' if puzzle.unique else ''})"
    )
    stdout.print(puzzle.goal)
    signals = ", ".join(f"{name} {value:g}" for name, value in puzzle.rating.metrics.items())
    stdout.print(f"[dim]signals: {signals}[/]")
    SHOW[puzzle.game](puzzle.position, title, False)
    for line in known_cards(position_json(puzzle.game, puzzle.position)):
        stdout.print(escape(line), soft_wrap=True)
    for hint in _hints(puzzle):
        stdout.print(f"[dim]{escape(hint)}[/]", soft_wrap=True)
    if with_solution:
        stdout.print(f"[bold]solution[/]: {puzzle.solution}")


def known_cards(state: dict[str, Any]) -> list[str]:
    """Lines naming the cards a game's panel shows only as counts: the draw order
    (TG-11, FF-1, UN-9), Sequence's known draws and discard piles (SQ-4), UNO's
    discard pile and house rules. ``state`` is the position's ``show --json`` document."""
    lines: list[str] = []
    if state["game"] in ("thegame", "uno") and "draw" in state:
        lines.append(f"draw pile, next card first: {_cards(state['draw'])}")
    if state["game"] == "facetoface":
        for player, draw in enumerate(state["draws"], start=1):
            lines.append(f"draw pile of player {player}, next card first: {_cards(draw)}")
    if state["game"] == "sequence":
        rest = f", then {state['unknown']} unknown cards" if state["unknown"] else ""
        lines.append(f"draw pile, next card first: {_cards(state['draw'])}{rest}")
        for player, discard in enumerate(state["discards"], start=1):
            lines.append(f"discard pile of player {player}, top last: {_cards(discard)}")
    if state["game"] == "uno" and "discard" in state:
        lines.append(f"discard pile, top last: {_cards(state['discard'])}")
        rules = ", ".join(
            f"{key.replace('_', '-')} {_word(v)}" for key, v in state["options"].items()
        )
        lines.append(f"rules: {rules}")
    return lines


def _cards(cards: list[Any]) -> str:
    return f"({len(cards)}) " + " ".join(str(card) for card in cards) if cards else "-"


def _word(value: object) -> str:
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)


def _hints(puzzle: Puzzle) -> list[str]:
    """The comment lines the generator wrote above the position (how to answer),
    except the goal, which is already shown."""
    hints: list[str] = []
    for line in puzzle.position.splitlines():
        if not line.startswith("#"):
            break
        text = line.lstrip("#").strip()
        if text and text != puzzle.goal:
            hints.append(text)
    return hints


def register(verbs: dict[str, typer.Typer]) -> None:
    """`playable solve PUZZLE` and `playable show PUZZLE`."""
    verbs["solve"].command("puzzle", help="Check an answer to a puzzle file.")(solve_puzzle_command)
    SHOW["puzzle"] = show_puzzle
