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
from playable.cli.study.report import (
    ReportPart,
    Stored,
    retried_text,
    simulation_summary,
    studies_part,
    studies_table,
)
from playable.cli.study.run import (
    StudyOptions,
    proportion_text,
    run_study_command,
    study_lease,
)
from playable.cli.uno import Seeded
from playable.solver.uno.study import Study, summarise_study

#: the time budget of each round when neither --seconds nor --nodes is given
DEFAULT_SECONDS = 60.0


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
        DEFAULT_SECONDS,
        summarise_study,
        study_table,
        lease,
    )


def lease(seconds: float | None, nodes: int | None) -> float:
    """Seconds a claim on a round lasts: the solver is plain Python (a few 10,000
    nodes a second), so a node budget is given ten times the usual time."""
    return study_lease(seconds, None if nodes is None else 10 * nodes)


def study_table(summaries: list[dict[str, Any]]) -> Table:
    """Per study: deals, how many the player to move wins or loses by force, how
    many are open by a reshuffle or cut by the budget (95% Wilson intervals)."""
    rates = ("forced_win", "forced_loss", "open", "budget", "win_when_decided")
    return studies_table(
        "UNO, two players: does the player to move force a win from the deal?",
        (
            "reshuffles",
            "deals",
            "forced win",
            "forced loss",
            "open (reshuffle)",
            "unknown (budget)",
            "win when decided",
            "retried",
        ),
        (
            (
                "seeded" if s["seeded_reshuffles"] else "unknown order",
                str(s["deals"]),
                *(proportion_text(s[key]) for key in rates),
                retried_text(s),
            )
            for s in summaries
        ),
    )


#: the bars of an UNO study's figure: label and summary key
OUTCOME_BARS = (
    ("win", "forced_win"),
    ("loss", "forced_loss"),
    ("open", "open"),
    ("undecided", "budget"),
)


def report(files: list[Stored], folder: Path | None) -> ReportPart:
    """UNO's part of `playable report` (cli/study/report.py): the table of its
    studies (with a ``folder``, their forced wins and losses from the deal) and a
    table per simulation (`playable simulate uno --db`)."""
    part, simulations = studies_part(
        files, "UNO", "uno_studies", summarise_study, study_table, _forced_win_plot, folder
    )
    if simulations:
        from playable.cli.uno import simulation_table
        from playable.solver.uno.simulate import summarise

        sims = [
            simulation_summary(s, lambda config, rows: summarise(config["bots"], rows))
            for s in simulations
        ]
        part.document["uno_simulations"] = sims
        part.printables += [
            simulation_table(s, f"UNO simulation {Path(s['db']).name}") for s in sims
        ]
    return part


def _forced_win_plot(folder: Path, summaries: list[dict[str, Any]]) -> Path:
    from playable.solver.core import plots

    bars = []
    for s in summaries:
        reshuffles = "seeded" if s["seeded_reshuffles"] else "unseeded"
        name = f"{reshuffles} ({Path(s['db']).name})"
        bars += [
            (f"{name}: {label}", s[key])
            for label, key in OUTCOME_BARS
            if key != "open" or not s["seeded_reshuffles"]
        ]
    return plots.rates_with_intervals(
        "UNO, two players, from the deal, every card known:\n"
        "the player to move forces a win / a loss (95% Wilson intervals)",
        "deals (%)",
        bars,
        folder / "uno-forced-win.png",
    )


def register(verbs: dict[str, typer.Typer]) -> None:
    verbs["study"].command("uno")(study_command)
