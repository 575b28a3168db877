"""`playable review RECORD`: where a played game was won or lost (docs/review.md).

The record (docs/notation.md, "Game records") is read and replayed through the
rules; every move where the player had a choice is set against the best move of its
position by the tree search of docs/analysis.md (exact solvers at its leaves), and
judged from best to blunder (:mod:`playable.solver.core.review`). Progress shows on
stderr; Ctrl-C stops the review and prints the moves judged so far (exit 130).
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from playable.cli.budget import (
    INTERRUPTED,
    Memory,
    Nodes,
    catch_interrupts,
    check_seconds,
    interrupted,
)
from playable.cli.io import print_json, read_source, stdout
from playable.cli.options import Json, Workers
from playable.cli.progress import progress_bar
from playable.solver.core.budget import Budget
from playable.solver.core.mcts_result import MoveReport
from playable.solver.core.record import Record
from playable.solver.core.review import Review, decided, judged, win_chance
from playable.solver.core.seat_review import SeatReview

#: Seconds of analysis per move when neither --seconds nor --nodes is given.
DEFAULT_SECONDS = 1.0
_STYLE = {
    "forced": "dim",
    "best": "green",
    "good": "green",
    "inaccuracy": "yellow",
    "mistake": "dark_orange",
    "blunder": "bold red",
    "unknown": "dim",
}


def _chance(report: MoveReport | None, cooperative: bool) -> str:
    """A move's outcome as shown: decided by proofs, or estimated with its samples."""
    if report is None:
        return ""
    if not judged(report, cooperative):
        return "not searched"
    outcome = decided(report, cooperative)
    if outcome is not None:
        if cooperative and report.proven and report.value is not None and report.value < 0:
            return f"lost, {-report.value:g} cards left (proven)"
        return f"{'won' if outcome else 'lost'} (proven)"
    cards = ""
    if cooperative and report.estimate is not None:
        cards = f", {-report.estimate:.1f} cards left"
    return f"{100 * win_chance(report, cooperative):.0f}% of {report.samples}{cards}"


def _render(done: Review) -> None:
    cooperative = done.record.game.cooperative
    table = Table(title=f"{done.record.game.title}: review")
    for column in ("#", "player", "move", "verdict", "best move", "played", "best"):
        table.add_column(column)
    for move in done.moves:
        style = _STYLE[move.verdict]
        table.add_row(
            str(move.number),
            str(move.played.player + 1),
            move.played.text,
            f"[{style}]{move.verdict}[/]",
            "" if move.best is None or move.verdict == "best" else move.best.move,
            _chance(move.chosen, cooperative),
            _chance(move.best, cooperative) if move.verdict != "best" else "",
        )
    stdout.print(table)
    for row in done.summary():
        counts = ", ".join(f"{row[v]} {v}" for v in ("inaccuracy", "mistake", "blunder"))
        stdout.print(f"player {row['player'] + 1}: {counts}")
    if done.lost_at is not None:
        stdout.print(f"[bold]the deal could be won until move {done.lost_at}[/] (proven)")
        if done.winning_line:
            stdout.print(f"a line that wins from there: {done.winning_line}")
    if not done.complete:
        total = len(done.record.moves)
        stdout.print(f"[yellow]stopped after {len(done.moves)} of {total} moves[/]")


def review_command(
    file: Annotated[
        str,
        typer.Argument(
            help="A game record: a deal or position file followed by 'moves:' "
            "(docs/notation.md) ('-' for stdin).",
            metavar="RECORD",
        ),
    ],
    seconds: Annotated[
        float | None,
        typer.Option(
            help=f"Analysis time per move (default {DEFAULT_SECONDS:g} s); where it "
            "leaves the played move open, the exact solver gets as long again for the "
            "position after it, and once more for the one before if that move is "
            "proven lost.",
            callback=check_seconds,
        ),
    ] = None,
    nodes: Nodes = None,
    memory: Memory = 64,
    seed: Annotated[int, typer.Option(help="Seed of the simulations (repeatable).", min=0)] = 0,
    seat: Annotated[
        int | None,
        typer.Option(
            help="Judge only this seat's moves, from what it could see: each of its "
            "positions is analysed by sampling the hidden cards (docs/seatview.md); "
            "--seconds/--nodes are then the budget of each move on each deal.",
            min=1,
            max=5,
        ),
    ] = None,
    samples: Annotated[
        int, typer.Option(help="With --seat: deals sampled at each move.", min=1, max=100_000)
    ] = 30,
    workers: Workers = 1,
    json: Json = False,
) -> None:
    """Judge every move of a played game against the best move of its position: best,
    good, inaccuracy, mistake or blunder (docs/review.md); with --seat, one seat's
    moves against what it could know. Exit code 0, or 130 when stopped by Ctrl-C (the
    moves judged so far are printed)."""
    from playable.solver.core.record import parse_record
    from playable.solver.core.review import review_by_search

    text, source = read_source(file)
    record = parse_record(text, source)
    if seat is not None:
        _review_seat(record, seat - 1, samples, seed, workers, nodes, seconds, json)
        return
    if seconds is None and nodes is None:
        seconds = DEFAULT_SECONDS

    def budget() -> Budget:
        return catch_interrupts(Budget(seconds=seconds, nodes=nodes, memory_mb=memory))

    done = Review(record, complete=not record.moves)
    with progress_bar("reviewing", len(record.moves), quiet=json) as advance:
        for judged in review_by_search(record, budget, seed, memory):
            done = judged
            advance()
            if interrupted():
                break
    if json:
        print_json(done.to_json())
    else:
        _render(done)
    if interrupted():
        raise typer.Exit(INTERRUPTED)


def _review_seat(
    record: Record,
    seat: int,
    samples: int,
    seed: int,
    workers: int,
    nodes: int | None,
    seconds: float | None,
    json: bool,
) -> None:
    """``playable review RECORD --seat N``: the seat's moves judged from its views."""
    from playable.cli.io import fail
    from playable.solver.core.errors import PlayableError
    from playable.solver.core.seat_analysis import SeatBudget
    from playable.solver.core.seat_review import review_from_seat, seat_moves

    done = SeatReview(record, seat, complete=not seat_moves(record, seat))
    try:
        with progress_bar("reviewing", len(seat_moves(record, seat)), quiet=json) as advance:
            budget = SeatBudget(nodes, seconds)
            for judged_so_far in review_from_seat(record, seat, samples, budget, seed, workers):
                done = judged_so_far
                advance()
    except KeyboardInterrupt:
        pass
    except PlayableError as error:
        fail(str(error))
    if json:
        print_json(done.to_json())
    else:
        _render_seat(done)
    if not done.complete:
        raise typer.Exit(INTERRUPTED)


def _render_seat(done: SeatReview) -> None:
    table = Table(title=f"{done.record.game.title}: review from seat {done.seat + 1}")
    for column in ("#", "move", "verdict", "best move", "played wins", "best wins"):
        table.add_column(column)
    for move in done.moves:
        style = _STYLE[move.verdict]
        best = move.row(move.analysis["recommended"]) if move.analysis else None
        played = move.row(str(move.played.move))
        table.add_row(
            str(move.number),
            move.played.text,
            f"[{style}]{move.verdict}[/]",
            "" if best is None or move.verdict == "best" else best["move"],
            "" if played is None else _share(played),
            "" if best is None or move.verdict == "best" else _share(best),
        )
    stdout.print(table)
    counts = done.counts()
    stdout.print(", ".join(f"{counts[v]} {v}" for v in ("inaccuracy", "mistake", "blunder")))
    stdout.print(
        "each position was judged from the seat's view by sampling the hidden cards; "
        "each deal is solved knowing every card (strategy fusion: docs/seatview.md)",
        style="dim",
    )
    if not done.complete:
        stdout.print(f"[yellow]stopped after {len(done.moves)} of the seat's moves[/]")


def _share(row: dict[str, Any]) -> str:
    """A move's share of sampled deals won, with the cards left in The Game."""
    wins = row["wins"]
    text = f"{100 * wins['rate']:.0f}% of {wins['trials']}"
    if "cards_left" in row:
        text += f", {row['cards_left']['mean']:.1f} cards left"
    return text
