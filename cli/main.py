"""The `playable` application: verbs, games, and the error boundary (exit code 2)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape

from cli import (
    facetoface,
    puzzles,
    sequence,
    thegame,
    thegame_simulate,
    thegame_solve,
    thegame_study,
    uno,
)
from cli.dispatch import SHOW, game_of, verb
from cli.io import InputError, fail, read_source, stderr
from solver import __version__
from solver.core.errors import PlayableError

app = typer.Typer(
    name="playable",
    help="Exact solvers and puzzle analysis for The Game, Face to Face, UNO and Sequence.",
    no_args_is_help=True,
    rich_markup_mode="markdown",
)

VERBS: dict[str, typer.Typer] = {
    "deal": verb("deal", "Deal a game and write its deal file."),
    "play": verb("play", "Play a deal out with a bot: `playable play FILE|GAME ...`"),
    "solve": verb("solve", "Solve a deal or position: `playable solve FILE|GAME ...`"),
    "analyse": verb("analyse", "Analyse a position: `playable analyse FILE|GAME ...`"),
    "simulate": verb("simulate", "Simulate many games between bots."),
    "study": verb("study", "Solve many deals and store each result in SQLite (resumable)."),
}
# Each game module adds its subcommands to the verbs; a new game is one entry here.
for game in (
    thegame,
    thegame_simulate,
    thegame_study,
    thegame_solve,
    sequence,
    facetoface,
    uno,
    puzzles,
):
    game.register(VERBS)
for name, group in VERBS.items():
    if group.registered_commands:
        app.add_typer(group, name=name)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"playable {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version.")
    ] = False,
) -> None:
    """Exact solvers and puzzle analysis for four card games."""


@app.command()
def show(
    file: Annotated[str, typer.Argument(help="A deal or position file ('-' for stdin).")],
    json: Annotated[bool, typer.Option("--json", help="Print one JSON document.")] = False,
) -> None:
    """Draw a deal or position file (the game is read from its first line)."""
    game = game_of(file)
    if game not in SHOW:
        fail(f"{file}: unknown game '{game}' (games: {', '.join(sorted(SHOW))})")
    text, source = read_source(file)
    SHOW[game](text, source, json)


app.command("report")(thegame_study.report_command)
app.command("generate")(puzzles.generate_command)
app.add_typer(puzzles.puzzles_app, name="puzzles")


def main() -> None:
    """Console entry point: input errors become one line on stderr and exit code 2."""
    try:
        app()
    except (PlayableError, InputError) as error:
        stderr.print(f"[bold red]error:[/] {escape(str(error))}", soft_wrap=True)
        raise SystemExit(2) from None


if __name__ == "__main__":
    main()
