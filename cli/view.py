"""`playable view FILE --seat N [--out PATH] [--json]`: a deal or position of any game
as one seat sees it (docs/seatview.md).

The file is read once and parsed by its game (a deal starts its game as ``solve``
would); the game's seat views (``solver/<game>/seatview.py``) keep only what seat N
can know, and the view file (``playable GAME view``) is written whole to ``--out`` or
printed. A game whose views do not exist yet is one error line (exit code 2).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from playable.cli.io import (
    InputError,
    check_output_file,
    print_json,
    read_source,
    stdout,
    write_text,
)
from playable.solver.core.cardlist import split_document
from playable.solver.core.errors import NotationError
from playable.solver.core.seatview import SeatViews
from playable.solver.games import game_of, views

SeatOption = Annotated[
    int | None,
    typer.Option("--seat", help="The seat (player 1, 2, ...) whose view is taken.", min=1),
]


def seat_views(name: str) -> SeatViews[Any, Any, Any]:
    """The seat views of game ``name``, or one error line when the game has none yet."""
    try:
        return views(name)
    except ModuleNotFoundError:
        raise InputError(
            f"{name}: views from one seat are not available for this game yet "
            f"(no solver/{name}/seatview.py)"
        ) from None


def file_kind(text: str, source: str) -> str:
    """The kind a notation file names on its first line (``deal``, ``position``,
    ``view``, ...)."""
    lines = text.splitlines()
    first = next((n for n, raw in enumerate(lines) if raw.split("#", 1)[0].strip()), len(lines))
    try:
        return split_document("\n".join(lines[: first + 1])).kind
    except NotationError as error:
        raise error.with_source(source) from None


def read_view(file: str, seat: int | None) -> tuple[str, Any]:
    """The game and the view of ``file``: a view file as it is (``seat``, 1-based, must
    match when given), a deal or position seen from ``seat`` (required then)."""
    text, source = read_source(file)
    rules = game_of(text, source)
    seats = seat_views(rules.name)
    if file_kind(text, source) == "view":
        view = seats.parse(text, source)
        if seat is not None and seat != seats.seat(view) + 1:
            raise InputError(
                f"{source}: the view is seat {seats.seat(view) + 1}'s, not --seat {seat}'s"
            )
        return rules.name, view
    if seat is None:
        raise InputError(f"{source}: a deal or position needs --seat N (whose view to take)")
    state = rules.parse(text, source)
    players = rules.players(state)
    if not 1 <= seat <= players:
        raise InputError(f"--seat {seat}: the game has players 1..{players}")
    return rules.name, seats.view_of(state, seat - 1)


def view_command(
    file: Annotated[
        str,
        typer.Argument(help="A deal or position file of any game ('-' for stdin).", metavar="FILE"),
    ],
    seat: SeatOption = None,
    output: Annotated[
        Path | None,
        typer.Option(
            "-o", "--out", "--output", help="Write the view file here (whole or not at all)."
        ),
    ] = None,
    json: Annotated[bool, typer.Option("--json", help="Print one JSON document.")] = False,
) -> None:
    """Write what one seat sees of a deal or position: its own hand and everything
    public, the hidden cards left unknown (docs/seatview.md)."""
    if seat is None:
        raise InputError("--seat N is required (the player whose view to take)")
    if output is not None:
        check_output_file(output)
    name, view = read_view(file, seat)
    seats = seat_views(name)
    text = seats.format(view)
    if output is not None:
        write_text(output, text)
    if json:
        print_json(seats.to_json(view))
    elif output is None:
        stdout.out(text, end="")
