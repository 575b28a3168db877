"""The Game on the command line: options, deal/show/play, solve/analyse, check,
simulate (its study is cli/study/thegame.py)."""

from __future__ import annotations

import typer


def register(verbs: dict[str, typer.Typer]) -> None:
    """Add The Game's subcommands to the verb groups."""
    from playable.cli.thegame import check, play, simulate, solve

    for module in (play, simulate, solve, check):
        module.register(verbs)
