"""Puzzle commands: `playable generate`, `playable puzzles list|show|export`, and
`playable solve PUZZLE` (check an answer or the stored solution)."""

from __future__ import annotations

from collections.abc import Generator
from contextlib import closing
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from playable.cli.budget import _check_seconds
from playable.cli.dispatch import SHOW
from playable.cli.io import fail, make_folder, print_json, read_source, stderr, stdout, write_text
from playable.cli.progress import progress_bar
from playable.cli.thegame.simulate import MAX_SEED, Workers
from playable.puzzles.base import Level, Puzzle
from playable.puzzles.fileformat import format_puzzle, parse_puzzle, puzzle_to_json
from playable.puzzles.library import PuzzleLibrary
from playable.puzzles.registry import GAMES, kind_of

Json = Annotated[bool, typer.Option("--json", help="Print one JSON document.")]
Db = Annotated[Path, typer.Option("--db", help="The SQLite puzzle library.")]
GameFilter = Annotated[str | None, typer.Option("--game", help="Only this game.")]
KindFilter = Annotated[str | None, typer.Option("--kind", help="Only this kind.")]
LevelFilter = Annotated[Level | None, typer.Option("--difficulty", help="Only this level.")]

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
            callback=_check_seconds,
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
    puzzle_id: Annotated[int, typer.Argument(help="The puzzle's id (see `puzzles list`).")],
    db: Db,
    solution: Annotated[bool, typer.Option("--solution", help="Show the answer too.")] = False,
    json: Json = False,
) -> None:
    """Show one puzzle of a library: its goal, rating and position (and answer)."""
    with PuzzleLibrary(db, create=False) as library:
        puzzle = library.get(puzzle_id)
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


def solve_puzzle_command(
    file: Annotated[str, typer.Argument(help="A puzzle file ('-' for stdin).")],
    answer: Annotated[
        str | None,
        typer.Option("--answer", help="Your answer in the game's move notation."),
    ] = None,
    seconds: Annotated[
        float,
        typer.Option(
            "--seconds", min=0.1, max=1e6, help="Time to verify.", callback=_check_seconds
        ),
    ] = 30.0,
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
    verdict = kind_of(puzzle.game, puzzle.kind).check(puzzle, given, seconds)
    if json:
        print_json(
            {
                "game": puzzle.game,
                "kind": puzzle.kind,
                "answer": given,
                "correct": verdict.correct,
                "message": verdict.message,
            }
        )
    else:
        mark = "[green]correct[/]" if verdict.correct else "[red]not a solution[/]"
        stdout.print(f"{mark}: {verdict.message}")
    raise typer.Exit(0 if verdict.correct else 1)


def show_puzzle(text: str, source: str, json: bool) -> None:
    """`playable show PUZZLE`: the goal, rating and the position drawn by its game."""
    puzzle = parse_puzzle(text, source)
    if json:
        print_json(puzzle_to_json(puzzle, with_solution=False))
    else:
        _draw(puzzle, source, with_solution=False)


def _draw(puzzle: Puzzle, title: str, with_solution: bool) -> None:
    stdout.print(
        f"[bold]{title}[/]: {puzzle.game} {puzzle.kind}, {puzzle.level.value}"
        f" (score {puzzle.rating.score:.2f}{', unique solution' if puzzle.unique else ''})"
    )
    stdout.print(puzzle.goal)
    signals = ", ".join(f"{name} {value:g}" for name, value in puzzle.rating.metrics.items())
    stdout.print(f"[dim]signals: {signals}[/]")
    SHOW[puzzle.game](puzzle.position, title, False)
    if with_solution:
        stdout.print(f"[bold]solution[/]: {puzzle.solution}")


def register(verbs: dict[str, typer.Typer]) -> None:
    """`playable solve PUZZLE` and `playable show PUZZLE`."""
    verbs["solve"].command("puzzle", help="Check an answer to a puzzle file.")(solve_puzzle_command)
    SHOW["puzzle"] = show_puzzle
