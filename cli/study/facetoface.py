"""`playable study facetoface`: the first player's advantage in Face to Face with
perfect information, each deal solved for both first players (FF-7) and stored in
SQLite as it finishes (resumable, as The Game's study: :mod:`playable.cli.study.thegame`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from playable.cli.facetoface import variant_from
from playable.cli.option_groups import with_options
from playable.cli.options import MaxCard, WorkerMemory
from playable.cli.study.report import StudiesReport, StudyFigure, retries_table
from playable.cli.study.run import StudyKind, StudyOptions, proportion_text, run_study_command
from playable.solver.facetoface.study import Study, summarise_study


@with_options("study", StudyOptions)
def study_command(
    study: StudyOptions,
    max_card: MaxCard,
    memory: WorkerMemory = 64,
) -> None:
    """Solve DEALS deals of cards 2..MAX_CARD exactly for both first players (FF-7),
    each within the budget (default 10 s a solve, two solves a deal), storing each
    result in the --db file as it finishes: how often does the first player win with
    perfect play? Interrupted and started again with the same arguments, it carries on
    where it stopped; a finished file prints its summary.

    With --retry-seconds or --retry-nodes (a larger budget) the deals left undecided
    are then solved again with that budget, kept apart in the same file (as The
    Game's study): the figures take each deal's first decided answer."""
    variant = variant_from(max_card)
    run_study_command(
        study, lambda seconds, nodes: Study(variant, study.seed, seconds, nodes, memory), KIND
    )


#: The rates of a study's table, by summary key.
RATES = ("first_player_wins", "starter_wins", "second_wins", "same_winner", "unknown")


def study_table(summaries: list[dict[str, Any]]) -> Table:
    """Per study: deals, decided deals, the first player's win rate over decided
    solves, who wins the decided deals, and the unknown solves (95% Wilson intervals)."""
    return retries_table(
        "Face to Face: first-player advantage with every card known",
        (
            "max card",
            "deals",
            "decided",
            "first player wins",
            "starter wins deal",
            "second wins deal",
            "same winner",
            "unknown solves",
        ),
        lambda s: (
            str(s["max_card"]),
            str(s["deals"]),
            str(s["decided_deals"]),
            *(proportion_text(s[key]) for key in RATES),
        ),
        summaries,
    )


#: 10 s a solve by default; a claim on a deal outlives its two solves (FF-7) and the
#: first compilation.
KIND = StudyKind(10.0, summarise_study, study_table, solves=2)

FIGURE = StudyFigure(
    "Face to Face: the first player wins, every card known\n(decided solves; 95% Wilson intervals)",
    "solves won by the first player (%)",
    "facetoface-first-player.png",
    lambda summaries: [
        (f"cards 2..{s['max_card']} ({Path(s['db']).name})", s["first_player_wins"])
        for s in summaries
    ],
)


def _simulation_summary(config: dict[str, Any], rows: list[Any]) -> dict[str, Any]:
    from playable.solver.facetoface.simulate import summarise

    return summarise(rows)


def _simulation_line(s: dict[str, Any]) -> str:
    return (
        f"Face to Face, {s['a']} (A) against {s['b']} (B), cards 2..{s['max_card']}: "
        f"A wins {proportion_text(s['a_wins'])} of {s['games']} games ({Path(s['db']).name})"
    )


#: Face to Face's part of `playable report` (cli/study/report.py): the table of its
#: studies (with a folder, the first player's win rate per study) and a line per
#: simulation (`playable simulate facetoface --db`).
report = StudiesReport(
    "Face to Face", "facetoface", KIND, FIGURE, _simulation_summary, _simulation_line
)


def register(verbs: dict[str, typer.Typer]) -> None:
    verbs["study"].command("facetoface")(study_command)
