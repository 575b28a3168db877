"""The `playable` application: verbs, games, and the error boundary (exit code 2)."""

from __future__ import annotations

import sqlite3
import sys
from importlib import import_module
from importlib.util import find_spec
from typing import Annotated, Any

import click
import typer
from typer.core import TyperGroup

from playable import __version__
from playable.cli import move, puzzles, review, seat, serve, view
from playable.cli.budget import (
    INTERRUPTED,
    forget_interrupts,
    interrupted,
    release_interrupts,
)
from playable.cli.dispatch import SHOW, game_of, verb
from playable.cli.io import InputError, fail, forget_inputs, print_error, read_source, stderr
from playable.cli.output import OutputError, guarded_streams
from playable.cli.study import report
from playable.solver.core.errors import PlayableError
from playable.solver.games import NAMES


class Playable(TyperGroup):
    """The root command: the error boundary. Bad input raised anywhere below
    (``PlayableError``, ``InputError``) becomes one line on stderr and exit code 2, as
    do an SQLite file that fails after it was opened, a file that cannot be written
    and a request for more memory than the machine gives: never a traceback. Usage
    errors (a bad option value) are one line too, naming the command.

    Output goes through :func:`playable.cli.output.guarded_streams`: a result that
    cannot be written on stdout (closed, full disk) is one line and exit code 2, a
    broken pipe a quiet exit 141. Ctrl-C during a search stops it as if its budget
    ran out: the result so far is printed and the exit code is 130; a second Ctrl-C,
    or one outside a search, ends the command at once with exit code 130
    (README "Exit codes")."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        standalone_mode = kwargs.pop("standalone_mode", True)
        kwargs["standalone_mode"] = False
        if not standalone_mode:
            return super().main(*args, **kwargs)
        with guarded_streams() as out:
            try:
                code = self._run(*args, **kwargs)
                out.flush()
            except OutputError:
                pass
            except KeyboardInterrupt:  # Ctrl-C after the command, while it exits
                code = INTERRUPTED
            if out.failure is not None:  # raised here or caught on the way
                code = _output_failed(out.failure)
        sys.exit(code)

    def _run(self, *args: Any, **kwargs: Any) -> int:
        try:
            code = super().main(*args, **kwargs)
        except typer.TyperException as error:  # typer's click exceptions
            if type(error).__name__ == "NoArgsIsHelpError":  # a verb alone: its help
                error.show()  # type: ignore[attr-defined]
                return 2
            context = getattr(error, "ctx", None)  # a usage error names its command
            where = f"{context.command_path}: " if context is not None else ""
            hint = " (see --help)" if context is not None else ""
            message = " ".join(error.format_message().split())
            print_error(where + message + hint)
            return int(getattr(error, "exit_code", 2))
        except typer.Abort:  # end of input where a prompt waited
            stderr.print("aborted")
            return 1
        return code if isinstance(code, int) else 0

    def invoke(self, ctx: Any) -> Any:
        forget_inputs()
        forget_interrupts()
        try:
            code = super().invoke(ctx)
        except (click.exceptions.Exit, typer.Exit) as done:
            _after_interrupt(done.exit_code)
            raise
        except KeyboardInterrupt:
            print_error("interrupted")
            raise typer.Exit(INTERRUPTED) from None
        except (PlayableError, InputError) as error:
            fail(str(error))
        except sqlite3.Error as error:
            fail(f"database error: {error}")
        except MemoryError:
            fail("out of memory: lower --memory or --workers")
        except OutputError:
            raise
        except OSError as error:  # a file that cannot be written (a full disk, ...)
            where = f"{error.filename}: " if error.filename else ""
            fail(f"{where}{error.strerror or error}")
        finally:
            if not interrupted():  # else a second Ctrl-C still ends the process at once
                release_interrupts()
        _after_interrupt(0)
        return code


def _after_interrupt(code: int) -> None:
    """A search that Ctrl-C stopped printed its result so far: say so, exit 130 (an
    error's exit code 2 stands)."""
    if interrupted() and code != 2:
        stderr.print(
            "interrupted: the search was stopped by Ctrl-C; the result above is the best "
            "found so far",
            soft_wrap=True,
        )
        raise typer.Exit(INTERRUPTED)


def _output_failed(error: OutputError) -> int:
    """The exit code of a command whose stdout failed: a quiet 141 for a broken pipe,
    else one line on stderr (where it works) and 2."""
    if not error.broken_pipe:
        print_error(error.message)
    return error.exit_code


app = typer.Typer(
    cls=Playable,
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
# Each game's command module (cli/<game>) and study module (cli/study/<game>.py, where
# the game has studies) add their subcommands to the verbs: a new game needs no entry here.
for game in NAMES:
    for module in (f"playable.cli.{game}", f"playable.cli.study.{game}"):
        register = getattr(import_module(module), "register", None) if find_spec(module) else None
        if register is not None:  # a game with no study still reports its simulations
            register(VERBS)
puzzles.register(VERBS)
seat.register(VERBS)  # analyse --seat / a view file: one command for every game
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


app.command("report")(report.report_command)
app.command("move")(move.move_command)
app.command("view")(view.view_command)
app.command("review")(review.review_command)
app.command("generate")(puzzles.generate_command)
app.add_typer(puzzles.puzzles_app, name="puzzles")
app.command("serve")(serve.serve_command)


def main() -> None:
    """Console entry point (errors are handled by :class:`Playable`)."""
    app()


if __name__ == "__main__":
    main()
