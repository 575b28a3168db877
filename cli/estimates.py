"""The part of every `playable analyse` that always answers (docs/analysis.md).

When a game's exact analysis leaves the best move unproven, the tree search of
:mod:`playable.solver.core.anytime` gives every move a proven value or a labelled
estimate and recommends one; its document goes into the analysis' JSON under
``estimates`` (with ``summary`` and ``recommended``), and a terminal gets the best
``--top`` moves grouped: proven wins, estimates by value, proven losses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

import typer
from rich.table import Table

from playable.cli.budget import catch_interrupts, check_seconds
from playable.cli.io import stdout
from playable.solver.core.budget import Budget
from playable.solver.core.mcts_result import MctsResult, MoveReport

#: Seconds of the tree search when the exact analysis leaves the best move open and
#: was given neither --seconds nor --nodes.
DEFAULT_SECONDS = 2.0

EstimateSeconds = Annotated[
    float | None,
    typer.Option(
        "--estimate-seconds",
        help="When no best move is proven: seconds of the tree search that proves or "
        "estimates every move and recommends one (docs/analysis.md); 0 turns it off. "
        "Default: the analysis' own --seconds or --nodes, else 2 s.",
        callback=lambda v: v if v is None or v == 0 else check_seconds(v),
        show_default=False,
    ),
]
EstimateSeed = Annotated[
    int,
    typer.Option("--estimate-seed", help="Seed of the tree search's simulations.", min=0),
]
Top = Annotated[int, typer.Option("--top", help="Show the best N estimated moves.", min=1)]
AllMoves = Annotated[bool, typer.Option("--all", help="Show every estimated move.")]


def _group(report: MoveReport, cooperative: bool) -> int:
    """0 proven win (every card laid), 1 open, 2 proven loss."""
    from playable.solver.core.review import decided

    return {True: 0, None: 1, False: 2}[decided(report, cooperative)]


def _value(report: MoveReport, cooperative: bool) -> str:
    from playable.solver.core.anytime import chance_text

    group = _group(report, cooperative)
    if report.proven and cooperative and report.value is not None:
        if group == 0:
            return "[green]every card laid (proven)[/]"
        return f"[red]{-report.value:g} cards left (proven)[/]"
    if group != 1:
        return "[green]win (proven)[/]" if group == 0 else "[red]loss (proven)[/]"
    if report.successes.trials == 0:
        return "[dim]not simulated[/]"
    cards = ""
    if cooperative and report.estimate is not None:
        cards = f", {-report.estimate:.1f} cards left"
    return f"[yellow]{chance_text(report)}{cards}[/]"


def ranked(result: MctsResult, cooperative: bool) -> list[MoveReport]:
    """Proven wins, then the open moves by their share of won simulations (then their
    estimate), then proven losses."""

    def key(report: MoveReport) -> tuple[int, float, float]:
        estimate = report.estimate if report.estimate is not None else float("-inf")
        return (_group(report, cooperative), -report.successes.rate, -estimate)

    return sorted(result.moves, key=key)


@dataclass(frozen=True)
class Estimating:
    """The options of an analysis' tree search, added to every analyse command by
    :func:`~playable.cli.option_groups.with_options`: ``--estimate-seconds`` (None:
    the analysis' own budget), ``--estimate-seed``, ``--top``, ``--all``."""

    estimate_seconds: EstimateSeconds = None
    estimate_seed: EstimateSeed = 0
    top: Top = 10
    show_all: AllMoves = False


def add_estimates(
    name: str,
    state: Any,
    document: dict[str, Any],
    options: Estimating,
    budget_of_analysis: tuple[float | None, int | None],
    json: bool,
) -> None:
    """Unless the analysis ``document`` proves a best move (``Engine.best_proven``) or
    ``options.estimate_seconds`` is 0, run the tree search on ``state``, put its answer into
    ``document`` and, unless ``json``, print it. Its budget is ``options.estimate_seconds``,
    else the analysis' own (seconds, nodes) again (so a node budget keeps the answer
    repeatable), else :data:`DEFAULT_SECONDS`."""
    from playable.solver.core.anytime import add_estimates as add_to
    from playable.solver.games import game

    seconds, nodes = budget_of_analysis
    if options.estimate_seconds == 0:
        return
    if options.estimate_seconds is not None:
        budget = Budget(seconds=options.estimate_seconds)
    elif seconds is not None or nodes is not None:
        budget = Budget(seconds=seconds, nodes=nodes)
    else:
        budget = Budget(seconds=DEFAULT_SECONDS)
    result = add_to(name, state, document, catch_interrupts(budget), options.estimate_seed)
    if result is None or json:
        return
    cooperative = game(name).cooperative
    rows = ranked(result, cooperative)
    shown = rows if options.show_all else rows[: options.top]
    table = Table(title=f"tree search: {len(shown)} of {len(rows)} moves")
    for column in ("move", "value", "line"):
        table.add_column(column)
    for report in shown:
        mark = "[bold]" if report.move == result.recommended else ""
        table.add_row(
            f"{mark}{report.move}", _value(report, cooperative), " ".join(report.line[:8])
        )
    stdout.print(table)
    if len(shown) < len(rows):
        stdout.print(f"[dim]{len(rows) - len(shown)} more moves: --all[/]")
    stdout.print(f"[bold]{document['summary']}[/]")
    stdout.print(
        f"recommended: {result.recommended} ({result.recommended_by}); "
        f"{result.simulations} simulations, seed {result.seed}"
    )
