"""`playable study facetoface`: the first player's advantage in Face to Face with
perfect information, each deal solved for both first players (FF-7) and stored in
SQLite as it finishes (resumable, as The Game's study: :mod:`playable.cli.thegame.study`)."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from playable.cli.budget import _check_memory, _check_nodes, _check_seconds
from playable.cli.facetoface import Json, MaxCard, variant_from
from playable.cli.io import fail
from playable.cli.study import (
    Database,
    RetryNodes,
    RetrySeconds,
    Scheduler,
    proportion_text,
    run_study_command,
    study_lease,
)
from playable.cli.thegame.simulate import MAX_RUN, MAX_SEED, Workers
from playable.solver.core.retries import budget_text
from playable.solver.facetoface.study import Study, summarise_study

#: the time budget of each solve when neither --seconds nor --nodes is given
DEFAULT_SECONDS = 10.0


def study_command(
    db: Database,
    max_card: MaxCard,
    deals: Annotated[
        int, typer.Option(help="Solve the deals of seeds SEED..SEED+DEALS-1.", min=1, max=MAX_RUN)
    ],
    seed: Annotated[
        int, typer.Option(help="Deal i is the deal of seed SEED + i.", min=0, max=MAX_SEED)
    ] = 0,
    seconds: Annotated[
        float | None,
        typer.Option(
            help=f"Time budget of each solve (two per deal; default {DEFAULT_SECONDS:g}).",
            callback=_check_seconds,
        ),
    ] = None,
    nodes: Annotated[
        int | None,
        typer.Option(help="Node budget of each solve instead of time.", callback=_check_nodes),
    ] = None,
    retry_nodes: RetryNodes = None,
    retry_seconds: RetrySeconds = None,
    memory: Annotated[
        int, typer.Option(help="Transposition table MiB per worker.", callback=_check_memory)
    ] = 64,
    workers: Workers = 2,
    scheduler: Scheduler = None,
    json: Json = False,
) -> None:
    """Solve DEALS deals of cards 2..MAX_CARD exactly for both first players (FF-7),
    storing each result in the --db file as it finishes: how often does the first
    player win with perfect play? Interrupted and started again with the same
    arguments, it carries on where it stopped; a finished file prints its summary.

    With --retry-seconds or --retry-nodes (a larger budget) the deals left undecided
    are then solved again with that budget, kept apart in the same file (as The
    Game's study): the figures take each deal's first decided answer."""
    if seconds is not None and nodes is not None:
        fail("give --seconds or --nodes, not both")
    if retry_seconds is not None and retry_nodes is not None:
        fail("give --retry-seconds or --retry-nodes, not both")
    if seconds is None and nodes is None:
        seconds = DEFAULT_SECONDS
    study = Study(variant_from(max_card), seed, seconds, nodes, memory)
    retry = None
    if retry_seconds is not None or retry_nodes is not None:
        retry = Study(study.variant, seed, retry_seconds, retry_nodes, memory)
    seeds = range(seed, seed + deals)
    run_study_command(
        db, study, retry, seeds, workers, scheduler, json, summarise_study, study_table, lease
    )


def lease(seconds: float | None, nodes: int | None) -> float:
    """Seconds a claim on a deal lasts: it outlives the deal's two solves and the
    first compilation."""
    return 2 * study_lease(seconds, nodes)


def study_table(summaries: list[dict[str, Any]]) -> Table:
    """Per study: deals, decided deals, the first player's win rate over decided
    solves, who wins the decided deals, and the unknown solves (95% Wilson intervals)."""
    table = Table(title="Face to Face: first-player advantage with every card known")
    columns = (
        "max card",
        "deals",
        "decided",
        "first player wins",
        "starter wins deal",
        "second wins deal",
        "same winner",
        "unknown solves",
        "retried",
    )
    for column in columns:
        table.add_column(column, justify="right")
    for s in summaries:
        table.add_row(
            str(s["max_card"]),
            str(s["deals"]),
            str(s["decided_deals"]),
            *(proportion_text(s[key]) for key in ("first_player_wins", "starter_wins")),
            *(proportion_text(s[key]) for key in ("second_wins", "same_winner", "unknown")),
            "; ".join(
                f"{r['deals']} at {budget_text(r)}: {r['solved']} decided"
                for r in s.get("retries", [])
            )
            or "-",
        )
    return table


def register(verbs: dict[str, typer.Typer]) -> None:
    verbs["study"].command("facetoface")(study_command)
