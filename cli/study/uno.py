"""`playable study uno`: how often the player to move can force a win in a two-player
UNO round with every card known, each round solved from the deal and stored in
SQLite as it finishes (resumable, as The Game's study: :mod:`playable.cli.study.thegame`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from playable.cli.option_groups import with_options
from playable.cli.options import WorkerMemory
from playable.cli.study.report import StudiesReport, StudyFigure, retries_table
from playable.cli.study.run import StudyKind, StudyOptions, proportion_text, run_study_command
from playable.cli.uno import Seeded
from playable.solver.uno.study import Study, summarise_study


@with_options("study", StudyOptions)
def study_command(
    study: StudyOptions,
    seeded_reshuffles: Seeded = False,
    memory: WorkerMemory = 1024,
) -> None:
    """Solve DEALS two-player rounds from the deal (UN-2, the official rules), each
    within the budget (default 60 s a round): can the player to move force a win?
    Each result is stored in the --db file as it finishes; interrupted and started
    again with the same arguments, the study carries on where it stopped, and a
    finished file prints its summary.

    Without --seeded-reshuffles a reshuffle ends the known information, and a round
    whose value depends on its order is counted as open (UN-9). With --retry-seconds
    or --retry-nodes (a larger budget) the rounds left undecided are then solved
    again with that budget, kept apart in the same file."""
    run_study_command(
        study,
        lambda seconds, nodes: Study(seeded_reshuffles, study.seed, seconds, nodes, memory),
        KIND,
    )


def study_table(summaries: list[dict[str, Any]]) -> Table:
    """Per study: deals, how many the player to move wins or loses by force, how
    many are open by a reshuffle or cut by the budget (95% Wilson intervals)."""
    rates = ("forced_win", "forced_loss", "open", "budget", "win_when_decided")
    return retries_table(
        "UNO, two players: does the player to move force a win from the deal?",
        (
            "reshuffles",
            "deals",
            "forced win",
            "forced loss",
            "open (reshuffle)",
            "unknown (budget)",
            "win when decided",
        ),
        lambda s: (
            "seeded" if s["seeded_reshuffles"] else "unknown order",
            str(s["deals"]),
            *(proportion_text(s[key]) for key in rates),
        ),
        summaries,
    )


#: 60 s a round by default; the solver is plain Python (a few 10,000 nodes a second),
#: so a claim on a round takes a node budget at 10,000 nodes a second.
KIND = StudyKind(60.0, summarise_study, study_table, nodes_per_second=10_000)

#: the bars of an UNO study's figure: label and summary key
OUTCOME_BARS = (
    ("win", "forced_win"),
    ("loss", "forced_loss"),
    ("open", "open"),
    ("undecided", "budget"),
)


def _outcome_bars(summaries: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    bars = []
    for s in summaries:
        reshuffles = "seeded" if s["seeded_reshuffles"] else "unseeded"
        name = f"{reshuffles} ({Path(s['db']).name})"
        bars += [
            (f"{name}: {label}", s[key])
            for label, key in OUTCOME_BARS
            if key != "open" or not s["seeded_reshuffles"]
        ]
    return bars


FIGURE = StudyFigure(
    "UNO, two players, from the deal, every card known:\n"
    "the player to move forces a win / a loss (95% Wilson intervals)",
    "deals (%)",
    "uno-forced-win.png",
    _outcome_bars,
)


def _simulation(config: dict[str, Any], rows: list[Any]) -> dict[str, Any]:
    from playable.solver.uno.simulate import summarise

    return summarise(config["bots"], rows)


def _table(summary: dict[str, Any]) -> Any:
    from playable.cli.uno import simulation_table

    return simulation_table(summary, f"UNO simulation {Path(summary['db']).name}")


#: UNO's part of `playable report` (cli/study/report.py): the table of its studies
#: (with a folder, their forced wins and losses from the deal) and a table per
#: simulation (`playable simulate uno --db`).
report = StudiesReport("UNO", "uno", KIND, FIGURE, _simulation, _table)


def register(verbs: dict[str, typer.Typer]) -> None:
    verbs["study"].command("uno")(study_command)
