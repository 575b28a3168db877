"""`playable VERB FILE|GAME ...`: verbs that take either a notation file or a game name.

``playable solve thegame --players 3 --seed 1`` runs the ``thegame`` subcommand;
``playable solve deal.txt`` reads the game from the file's first line
(``playable GAME KIND``) and runs that game's subcommand with the file as its first
argument. Each game registers its own subcommands (:func:`add_game_commands`);
:data:`SHOW` maps a game to the function that draws its files.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import typer
from typer.core import TyperGroup

from playable.cli.io import InputError, forget_inputs, print_json, read_source, stdout
from playable.solver.core.cardlist import sniff_game
from playable.solver.core.errors import NotationError

#: game name -> function that draws a notation text (text, source name, as JSON?)
SHOW: dict[str, Callable[[str, str, bool], None]] = {}

#: The verbs a game's command module may answer, each by its ``VERB_command`` function.
GAME_VERBS = ("deal", "solve", "analyse", "simulate", "play")


def add_game_commands(
    verbs: dict[str, typer.Typer],
    commands: ModuleType,
    show: Callable[[str, str, bool], None] | None = None,
) -> None:
    """Add the game's subcommands to the verb groups: ``commands``, a command module of
    the game (``cli/<game>``), names the game (``GAME``) and answers each verb of
    :data:`GAME_VERBS` it defines a ``VERB_command`` for; ``show`` draws its files."""
    for name in GAME_VERBS:
        command = getattr(commands, f"{name}_command", None)
        if command is not None:
            verbs[name].command(commands.GAME)(command)
    if show is not None:
        SHOW[commands.GAME] = show


def show_position(name: str, render: Callable[[Any], Any]) -> Callable[[str, str, bool], None]:
    """The ``show`` of a game whose every file is read as a position (a deal as its
    start): the position's JSON (docs/json.md) or ``render`` of it, through the one
    game interface (solver/games.py)."""

    def show(text: str, source: str, json: bool) -> None:
        from playable.solver.games import game

        rules = game(name)
        state = rules.parse(text, source)
        if json:
            print_json(rules.to_json(state))
            return
        stdout.print(render(state))

    return show


def game_of(path: str) -> str:
    """The game a notation file names on its first line."""
    text, source = read_source(path)
    try:
        return sniff_game(text)
    except NotationError as error:
        raise error.with_source(source) from None


class FileOrGameGroup(TyperGroup):
    """A verb whose first word is a game name or a notation file (``-`` for stdin)."""

    def invoke(self, ctx: Any) -> Any:
        forget_inputs()  # a new command: the file is read once, by resolve_command
        return super().invoke(ctx)

    def resolve_command(self, ctx: Any, args: list[str]) -> tuple[str | None, Any, list[str]]:
        name = args[0]
        if name in self.commands or (name.startswith("-") and name != "-"):
            return super().resolve_command(ctx, args)
        game = game_of(name)
        command = self.get_command(ctx, game)
        if command is None:
            known = ", ".join(sorted(self.commands)) or "none yet"
            raise InputError(f"{name}: '{self.name}' does not handle {game} files (games: {known})")
        return game, command, args


def verb(name: str, help_text: str) -> typer.Typer:
    """A verb group (``deal``, ``solve``, ``play``, ...) that games add subcommands to."""
    return typer.Typer(
        name=name,
        cls=FileOrGameGroup,
        help=help_text,
        no_args_is_help=True,
        rich_markup_mode="markdown",
    )
