"""Options that mean the same in every game, declared once so that every command
spells them alike: ``--json``, ``--bot``, the pile games' FILE and ``--max-card``,
``--workers``, ``--seed``, ``--db``,
``--scheduler``, the study's ``--deals`` and budgets (``--seconds``, ``--nodes``,
``--memory``, and their ``--retry-*`` forms). Each is checked when it is parsed or
before any work (one usage line, exit code 2).

An option renamed to one of these keeps its old spelling for one release, hidden from
the help: it still works and prints a deprecation line (:func:`renamed`)."""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from playable.cli.budget import check_memory, check_nodes, check_seconds
from playable.cli.io import fail, stderr
from playable.solver.core.study import SchedulerError, check_scheduler, max_workers

#: The most games or deals one run takes: a run streams its seeds, but each result is
#: kept for the summary (a larger run is better split into resumable parts with --db).
MAX_RUN = 1_000_000
#: Seeds are stored as SQLite INTEGERs (signed 64-bit).
MAX_SEED = 2**62

Json = Annotated[bool, typer.Option("--json", help="Print one JSON document.")]
#: ``-o`` of every ``playable deal``: the deal file goes there instead of stdout.
Output = Annotated[Path | None, typer.Option("-o", "--output", help="Write to FILE.")]

# -- the pile games (The Game, Face to Face): a deal or position file, or a deal -------
PileFile = Annotated[
    str | None, typer.Argument(help="A deal or position file ('-' for stdin).", show_default=False)
]
MaxCard = Annotated[int, typer.Option(help="Highest card: cards 2..N, piles 1 and N+1.")]

T = TypeVar("T")


def renamed(old: str, new: str, old_value: T | None, value: T | None) -> T | None:
    """The value of an option whose old spelling ``old`` was given (``old_value`` not
    None), with a deprecation line on stderr; else ``value``, the new option's."""
    if old_value is None:
        return value
    stderr.print(
        f"warning: {old} is now {new}; the old spelling goes in the next release",
        soft_wrap=True,
        markup=False,
    )
    return old_value


def bot_option(help_text: str) -> Any:
    """The ``--bot`` option of a game's command, repeatable, with the game's own help
    (which bots, the default, one for all seats or one per seat): its type is
    ``Annotated[list[str] | None, bot_option(...)]``."""
    return typer.Option("--bot", help=help_text, show_default=False)


Bots = Annotated[
    list[str] | None,
    bot_option("A bot by name: one for every seat, or one per seat in seat order (repeat --bot)."),
]


def team_bot(given: list[str] | None, known: Collection[str]) -> list[str]:
    """The one bot a cooperative team plays (The Game, TG-8): the ``--bot`` value,
    the first of ``known`` when none is given."""
    names = list(given or [])
    if len(names) > 1:
        fail(f"the players are one team: give one --bot, got {len(names)}")
    return seat_bots(names or [next(iter(known))], 1, known, "team")


def seat_bots(
    given: list[str], seats: int, known: Collection[str], what: str = "seat"
) -> list[str]:
    """The bot of each of ``seats`` seats (or sides) from the ``--bot`` values: one
    name for all, or one per seat; names outside ``known`` are refused."""
    for name in given:
        if name not in known:
            fail(f"unknown bot '{name}'; choose from {', '.join(known)}")
    if len(given) == 1:
        return given * seats
    if len(given) != seats:
        fail(f"give one --bot for every {what} or one per {what} ({seats}), got {len(given)}")
    return list(given)


def _check_workers(value: int) -> int:
    """1..max_workers(): more processes than 4 per CPU only cost memory, and a typo
    (100000) would start thousands of them, so such counts are refused, not capped."""
    limit = max_workers()
    if not 1 <= value <= limit:
        raise typer.BadParameter(
            f"must be 1..{limit} (4 worker processes per CPU of this machine at most)"
        )
    return value


Workers = Annotated[
    int,
    typer.Option(
        help="Worker processes (1 = this process; at most 4 per CPU).", callback=_check_workers
    ),
]


def _check_scheduler(value: str | None) -> str | None:
    if value is not None:
        try:
            check_scheduler(value)
        except SchedulerError as error:
            raise typer.BadParameter(str(error)) from None
    return value


Scheduler = Annotated[
    str | None,
    typer.Option(
        help="Dask scheduler address (tcp://host:8786), or 'local' for a LocalCluster.",
        callback=_check_scheduler,
    ),
]
Database = Annotated[Path, typer.Option("--db", help="SQLite file of the study.")]

# -- a study: DEALS deals from seed SEED on, each solved within a budget ---------------
Deals = Annotated[
    int, typer.Option(help="Solve the deals of seeds SEED..SEED+DEALS-1.", min=1, max=MAX_RUN)
]
FirstSeed = Annotated[
    int, typer.Option("--seed", help="Deal i is the deal of seed SEED + i.", min=0, max=MAX_SEED)
]
DealSeconds = Annotated[
    float | None,
    typer.Option(
        "--seconds",
        help="Time budget of each deal (the game's default when --nodes is not given).",
        callback=check_seconds,
    ),
]
DealNodes = Annotated[
    int | None,
    typer.Option("--nodes", help="Node budget of each deal.", callback=check_nodes),
]
WorkerMemory = Annotated[
    int,
    typer.Option(
        "--memory",
        help="Transposition table MiB per worker (The Game's beam search takes as much again).",
        callback=check_memory,
    ),
]
RetryNodes = Annotated[
    int | None,
    typer.Option(
        help="Then solve again, with this node budget, what the first budget left undecided.",
        callback=check_nodes,
    ),
]
RetrySeconds = Annotated[
    float | None,
    typer.Option(
        help="Then solve again, with this time budget, what the first budget left undecided.",
        callback=check_seconds,
    ),
]
