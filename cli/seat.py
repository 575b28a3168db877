"""`playable analyse FILE --seat N --samples K ...`: analysis from one seat, for every
game through one option set and one code path (docs/seatview.md).

``analyse`` is a verb whose games each add their own subcommand (cli/dispatch.py);
:class:`SeatRouting` sends a call that names ``--seat``, or whose file is a view
(``playable GAME view``), to the one command here instead: the file's view is
taken (or read), deals consistent with it are sampled, every legal move of the seat
is valued on each deal (:mod:`playable.solver.core.seat_analysis`), and the moves are
shown best first with their win share and 95% interval, the share proven, The Game's
cards left, and the paired comparison of the best moves.

Budgets are per move and deal: ``--nodes`` (the default, repeatable on any machine)
or ``--seconds`` of one solve. Exit codes: 0 analysed, 2 bad input (also a game whose
views do not exist yet), 130 Ctrl-C (finished samples stay in ``--db``, also spelt ``--store``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from playable.cli.budget import check_memory, check_nodes, check_seconds, watch_interrupts
from playable.cli.dispatch import FileOrGameGroup
from playable.cli.io import InputError, print_json, read_source, stdout
from playable.cli.options import MAX_SEED, Workers
from playable.cli.progress import progress_bar
from playable.cli.view import SeatOption, file_kind, read_view
from playable.solver.core.seat_analysis import SeatBudget, analyse_view
from playable.solver.core.seat_search import BLOCK, default_simulations, search_document
from playable.solver.games import NAMES

#: the subcommand of ``analyse`` that :class:`SeatRouting` sends seat calls to
COMMAND = "seat"


class SeatRouting(FileOrGameGroup):
    """The ``analyse`` verb: ``--seat`` or a view file selects the seat analysis,
    anything else the game's own analyse command."""

    def resolve_command(self, ctx: Any, args: list[str]) -> tuple[str | None, Any, list[str]]:
        if args and args[0] != COMMAND and _wants_seat(args):
            return COMMAND, self.commands[COMMAND], args
        return super().resolve_command(ctx, args)


def _wants_seat(args: list[str]) -> bool:
    if any(a == "--seat" or a.startswith("--seat=") for a in args):
        return True
    if args[0].startswith("-") and args[0] != "-":
        return False
    try:
        text, source = read_source(args[0])
        return file_kind(text, source) == "view"
    except Exception:  # an unreadable file: the game's command says why
        return False


def analyse_seat_command(
    file: Annotated[
        str,
        typer.Argument(
            help="A deal, position or view file of any game ('-' for stdin).", metavar="FILE"
        ),
    ],
    seat: SeatOption = None,
    samples: Annotated[
        int | None,
        typer.Option(help="Deals sampled from the view [default: 100].", min=1, max=1_000_000),
    ] = None,
    search: Annotated[
        bool,
        typer.Option(
            "--search",
            help="Tree search from the seat instead (Face to Face, UNO, Sequence): one tree "
            "over deals sampled afresh each simulation, bots playing the games out.",
        ),
    ] = False,
    simulations: Annotated[
        int | None,
        typer.Option(
            help="Simulations of --search [default: the seat-search bot's for the game].",
            min=1,
            max=10_000_000,
        ),
    ] = None,
    seed: Annotated[
        int, typer.Option(help="Seed of the sampled deals (repeatable).", min=0, max=MAX_SEED)
    ] = 0,
    workers: Workers = 1,
    nodes: Annotated[
        int | None,
        typer.Option(
            help="Node budget of each move on each deal (default: 20 x the engine's leaf "
            "budget; repeatable on any machine).",
            callback=check_nodes,
        ),
    ] = None,
    seconds: Annotated[
        float | None,
        typer.Option(
            help="Time budget of each move on each deal (not repeatable).",
            callback=check_seconds,
        ),
    ] = None,
    memory: Annotated[
        int, typer.Option(help="Table memory of each solve, MiB.", callback=check_memory)
    ] = 16,
    store: Annotated[
        Path | None,
        typer.Option(
            "--db", "--store", help="SQLite file keeping finished samples; a rerun reuses them."
        ),
    ] = None,
    json: Annotated[bool, typer.Option("--json", help="Print one JSON document.")] = False,
) -> None:
    """Analysis from one seat: what should seat N play with what it can see? Deals
    consistent with its view are sampled, every legal move is solved on each, and the
    moves are compared by their win share (docs/seatview.md)."""
    if file in NAMES:
        raise InputError(
            f"analyse --seat takes a deal, position or view file, not the game name '{file}' "
            f"(deal one with `playable deal {file} -o FILE`)"
        )
    if search:
        given = [
            o
            for o, v in (
                ("--samples", samples),
                ("--nodes", nodes),
                ("--seconds", seconds),
                ("--db", store),
            )
            if v is not None
        ]
        if given:
            raise InputError(
                f"{given[0]} is for the sampled analysis; --search takes --simulations"
            )
    elif simulations is not None:
        raise InputError("--simulations is for the tree search: add --search")
    name, view = read_view(file, seat)
    if search:
        _search(name, view, simulations, seed, json)
        return
    samples = samples or 100
    budget = SeatBudget(nodes, seconds, memory)
    with progress_bar("deals", samples, quiet=json) as advance:
        document = analyse_view(
            name,
            view,
            samples,
            seed=seed,
            budget=budget,
            workers=workers,
            store=store,
            on_sample=lambda done, total: advance(),
        )
    if json:
        print_json(document)
    else:
        show(document)


def _search(name: str, view: Any, simulations: int | None, seed: int, json: bool) -> None:
    """``--search``: the tree search from the seat (by default the seat-search bot's
    simulations), with a progress bar; Ctrl-C prints what it has (exit 130)."""
    blocks = -(-(simulations or default_simulations(name, view)) // BLOCK)
    with progress_bar(f"blocks of {BLOCK} simulations", blocks, quiet=json) as advance:
        stop = watch_interrupts()
        document = search_document(name, view, simulations, seed, lambda _: advance(), stop)
    if json:
        print_json(document)
    else:
        show_search(document)


def show_search(document: dict[str, Any]) -> None:
    """The seat's moves as a table, most simulated first, then the recommendation and
    what the figures are."""
    done = document["simulations"]
    title = f"seat {document['seat'] + 1}: tree search, {done} simulations"
    table = Table(title=title)
    for column in ("move", "simulations", "share", "win share [95%]"):
        table.add_column(column, justify="left" if column == "move" else "right")
    for row in document["moves"]:
        share = f"{100 * row['visits'] / done:.1f}%" if done else ""
        wins = _share(row["wins"]) if row["visits"] else ""
        table.add_row(row["move"], str(row["visits"]), share, wins)
    stdout.print(table)
    recommended = document["recommended"] or "none (no simulation finished)"
    stdout.print(f"recommended: {recommended} (estimate, not proven)", soft_wrap=True)
    stdout.print(
        f"{done} of {document['requested']} simulations in {document['seconds']:.1f} s, "
        f"seed {document['seed']}",
        soft_wrap=True,
        highlight=False,
    )
    stdout.print(f"caveat: {document['caveat']}", soft_wrap=True, style="dim", highlight=False)


def show(document: dict[str, Any]) -> None:
    """The moves as a table, best first, then the recommendation, the paired
    comparisons and the caveat."""
    cooperative = any("cards_left" in row for row in document["moves"])
    table = Table(title=f"seat {document['seat'] + 1}: {document['samples']} deals sampled")
    for column in ("move", "win share [95%]", "proven", *(["cards left [95%]"] * cooperative)):
        table.add_column(column, justify="left" if column == "move" else "right")
    table.add_column("samples", justify="right")
    for row in document["moves"]:
        cells = [row["move"], _share(row["wins"]), f"{100 * row['proven']['rate']:.0f}%"]
        if cooperative:
            left = row["cards_left"]
            cells.append(f"{left['mean']:.1f} [{left['low']:.1f}, {left['high']:.1f}]")
        table.add_row(*cells, str(row["samples"]))
    stdout.print(table)
    stdout.print(f"recommended: {document['recommended']}", soft_wrap=True)
    for c in document["comparisons"]:
        line = (
            f"{c['best']} vs {c['other']}: only {c['best']} wins on {c['best_only']} deals, "
            f"only {c['other']} on {c['other_only']} (sign test p = {c['p_value']:.3g})"
        )
        if "cards_left_difference" in c:
            d = c["cards_left_difference"]
            line += (
                f"; cards left, {c['other']} minus {c['best']}: {d['mean']:+.2f} "
                f"[{d['low']:+.2f}, {d['high']:+.2f}]"
            )
        stdout.print(line, soft_wrap=True, highlight=False)
    budget = document["budget"]
    limit = f"{budget['nodes']} nodes" if budget["nodes"] is not None else ""
    if budget["seconds"] is not None:
        limit = f"{limit} / {budget['seconds']} s".strip(" /")
    stdout.print(
        f"{100 * document['proven_share']:.0f}% of move values proven; {limit} a move and "
        f"deal; {document['nodes']} nodes in {document['seconds']:.1f} s",
        soft_wrap=True,
        highlight=False,
    )
    if document["proven_share"] < 1:
        unproven = (
            "a deal counts as won only where a line laying every card was found, so the "
            "win shares are lower bounds"
            if cooperative
            else "unproven values are the quick bot's play-outs"
        )
        stdout.print(f"not proven: {unproven}", soft_wrap=True, style="dim", highlight=False)
    stdout.print(f"caveat: {document['caveat']}", soft_wrap=True, style="dim", highlight=False)


def _share(proportion: dict[str, Any]) -> str:
    return (
        f"{100 * proportion['rate']:.1f}% [{100 * proportion['low']:.1f}, "
        f"{100 * proportion['high']:.1f}]"
    )


def register(verbs: dict[str, typer.Typer]) -> None:
    """Add the seat analysis to ``analyse`` and route seat calls to it."""
    group = verbs["analyse"]
    group.info.cls = SeatRouting
    group.command(COMMAND, hidden=True)(analyse_seat_command)
