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
        "Default: analyse's own --seconds or --nodes, solve's own --seconds, else 2 s.",
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
class EstimateBudget:
    """The options of the tree search a solve runs when it proves nothing, added by
    :func:`~playable.cli.option_groups.with_options`: ``--estimate-seconds`` (None:
    the solve's own budget) and ``--estimate-seed``; the best 10 moves are shown."""

    estimate_seconds: EstimateSeconds = None
    estimate_seed: EstimateSeed = 0

    @property
    def shown(self) -> int | None:
        """How many estimated moves a table shows (None: all)."""
        return 10


@dataclass(frozen=True)
class Estimating(EstimateBudget):
    """The options of an analysis' tree search, added to every analyse command: those
    of :class:`EstimateBudget`, ``--top`` and ``--all``."""

    top: Top = 10
    show_all: AllMoves = False

    @property
    def shown(self) -> int | None:
        return None if self.show_all else self.top


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

    if options.estimate_seconds == 0:
        return
    budget = _budget(options, budget_of_analysis)
    result = add_to(name, state, document, budget, options.estimate_seed)
    if result is not None and not json:
        show(name, result, document["summary"], options)


def estimate_unsolved(
    name: str,
    state: Any,
    document: dict[str, Any],
    options: EstimateBudget,
    budget_of_solve: tuple[float | None, int | None],
    json: bool,
) -> None:
    """A solve that proved nothing (``unknown``) still answers with a best move: the
    tree search's estimates of every move of ``state``, put into the solve's
    ``document`` (``estimates``, ``summary``, ``recommended``) and, unless ``json``,
    printed, labelled as estimates (docs/analysis.md). Its budget is
    ``--estimate-seconds``, else the solve's seconds again, else
    :data:`DEFAULT_SECONDS`: a solve's node budget counts the exact search's nodes,
    which say nothing of how long the tree search (whose leaves are solves) takes."""
    from playable.solver.core.anytime import estimate_into

    if options.estimate_seconds == 0:
        return
    seconds = budget_of_solve[0]
    budget = _budget(options, (seconds if seconds is not None else DEFAULT_SECONDS, None))
    result = estimate_into(name, state, document, budget, options.estimate_seed)
    if not json:
        show(name, result, document["summary"], options)


def _budget(options: EstimateBudget, budget_of_search: tuple[float | None, int | None]) -> Budget:
    """``--estimate-seconds``, else the search's own (seconds, nodes) again, else
    :data:`DEFAULT_SECONDS`; the first Ctrl-C stops it with what it has."""
    seconds, nodes = budget_of_search
    if options.estimate_seconds is not None:
        budget = Budget(seconds=options.estimate_seconds)
    elif seconds is not None or nodes is not None:
        budget = Budget(seconds=seconds, nodes=nodes)
    else:
        budget = Budget(seconds=DEFAULT_SECONDS)
    return catch_interrupts(budget)


def show(name: str, result: MctsResult, sentence: str, options: EstimateBudget) -> None:
    """The tree search's best ``--top`` moves (or ``--all``) as a table, the sentence
    on the position and the recommended move."""
    from playable.solver.games import game

    cooperative = game(name).cooperative
    rows = ranked(result, cooperative)
    shown = rows if options.shown is None else rows[: options.shown]
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
        more = "--all" if isinstance(options, Estimating) else "playable analyse --all"
        stdout.print(f"[dim]{len(rows) - len(shown)} more moves: {more}[/]")
    stdout.print(f"[bold]{sentence}[/]")
    stdout.print(
        f"recommended: {result.recommended} ({result.recommended_by}); "
        f"{result.simulations} simulations, seed {result.seed}"
    )
