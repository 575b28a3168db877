"""`playable study thegame`: winnability of many deals, stored in SQLite as each deal
finishes, and The Game's part of `playable report` (studies and simulations): its
tables and figures."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from playable.cli.io import fail
from playable.cli.option_groups import with_options
from playable.cli.options import WorkerMemory
from playable.cli.study.report import ReportPart, Stored
from playable.cli.study.run import StudyKind, StudyOptions, read_retries, run_study_command
from playable.cli.thegame.options import VariantOptions
from playable.solver.core.retries import budget_text
from playable.solver.core.stats import Proportion
from playable.solver.thegame.simulate import summarise
from playable.solver.thegame.study import Study, summarise_study


@with_options("options", VariantOptions, in_place=True)
@with_options("study", StudyOptions)
def study_command(
    study: StudyOptions,
    memory: WorkerMemory = 256,
    *,
    options: VariantOptions,
) -> None:
    """Solve DEALS deals with the perfect-information solver, each within the budget
    (default 10 s a deal), storing each result in the --db file as it finishes.
    Interrupted and started again with the same arguments, it carries on where it
    stopped. Several studies with the same arguments may share one --db file (on one
    machine or several): each deal is solved once.

    With --retry-nodes and/or --retry-seconds (a larger budget) the deals left
    unknown are then solved again with that budget, kept apart in the same file as a
    stage of the study: the figures count a deal as decided when any budget decided
    it, and say how many each budget decided."""
    variant = options.variant()
    run_study_command(study, lambda seconds, nodes: Study(variant, seconds, nodes, memory), KIND)


def label(config: dict[str, Any]) -> str:
    """A short name: '2p expert solver' (a study), '1p planner' (a simulation), ..."""
    v = config["variant"]
    parts = [f"{v['players']}p"]
    if v.get("expert"):
        parts.append("expert")
    if v.get("expert_hand"):
        parts.append("expert-hand")
    if v.get("max_card", 99) != 99:
        parts.append(f"max {v['max_card']}")
    parts.append(config.get("strategy", "solver"))
    if config.get("signals"):
        parts.append("+ signals")
    return " ".join(parts)


def study_table(summaries: list[dict[str, Any]]) -> Table:
    """Per study: deals won / proven lost / unknown (after its retries), winnability
    with its 95% interval (unknown deals counted as not won), what each retry budget
    decided, median seconds of the first pass and nodes per second."""
    table = Table(title="The Game: winnability with every card known")
    for column in (
        "study",
        "deals",
        "won",
        "lost",
        "unknown",
        "winnable (95% CI)",
        "retried",
        "median s",
        "nodes/s",
    ):
        table.add_column(column, justify="left" if column == "study" else "right")
    for s in summaries:
        rate = s["nodes_per_second"]
        table.add_row(
            label(s).removesuffix(" solver"),
            str(s["deals"]),
            str(s["solved"]),
            str(s["unsolvable"]),
            str(s["unknown"]),
            str(Proportion(s["solved"], s["deals"])),
            "; ".join(
                f"{r['deals']} at {budget_text(r)}: {r['solved']} won, {r['unsolvable']} lost"
                for r in s.get("retries", [])
            )
            or "-",
            f"{s['median_seconds']:.2f}" if s["median_seconds"] is not None else "-",
            f"{rate / 1e6:.2f}M" if rate else "-",
        )
    return table


#: 10 s a deal by default.
KIND = StudyKind(10.0, summarise_study, study_table)


def report(files: list[Stored], folder: Path | None) -> ReportPart:
    """The Game's part of `playable report` (cli/study/report.py): a table of the
    studies, a line per simulation, and with a ``folder`` the cards-left histograms,
    the winnability figure and the solver against the players."""
    studies: list[dict[str, Any]] = []
    simulations: list[dict[str, Any]] = []
    for file, config, rows in files:
        if "variant" not in config:
            fail(f"{file}: not a study or simulation of The Game")
        try:
            if config.get("kind") == "study":
                summary = summarise_study(rows, read_retries(file))
                studies.append({"db": str(file), **config, **summary})
            elif config.get("kind") == "simulation":
                values = [row["value"] for row in rows]
                simulations.append({"db": str(file), **config, **summarise(values)})
            else:
                fail(f"{file}: not a study or simulation of The Game")
            label(config)
        except (KeyError, TypeError, ValueError) as error:
            fail(f"{file}: a study whose rows cannot be read ({type(error).__name__}: {error})")
    part = ReportPart({"studies": studies, "simulations": simulations})
    if studies:
        part.printables.append(study_table(studies))
    for s in simulations:
        if not s["games"]:
            part.printables.append(f"{label(s)}: no game stored yet in {s['db']}")
            continue
        part.printables.append(
            f"{label(s)}: wins {Proportion(**_counts(s['wins']))}, "
            f"mean cards left {s['mean_cards_left']:.2f} over {s['games']} games"
        )
    if folder is not None:
        part.plots = _plots(folder, studies, simulations)
    return part


def _counts(proportion: dict[str, Any]) -> dict[str, int]:
    return {"successes": proportion["successes"], "trials": proportion["trials"]}


def plot_labels(summaries: list[dict[str, Any]]) -> list[str]:
    """One distinct label per file: the configuration's label, followed by the file
    name where several files share a configuration (so their bars stand apart and
    their histograms do not overwrite one another)."""
    labels = [label(s) for s in summaries]
    shared = {name for name in labels if labels.count(name) > 1}
    distinct = [
        f"{name} ({Path(s['db']).name})" if name in shared else name
        for name, s in zip(labels, summaries, strict=True)
    ]
    # two files of one name in different folders: number them
    return [
        f"{name} #{distinct[:i].count(name) + 1}" if distinct.count(name) > 1 else name
        for i, name in enumerate(distinct)
    ]


def _plots(folder: Path, studies: list[dict[str, Any]], sims: list[dict[str, Any]]) -> list[Path]:
    from playable.solver.core import plots

    everything = studies + sims
    names = plot_labels(everything)
    name_of = {id(s): name for s, name in zip(everything, names, strict=True)}
    written = []
    for s in everything:
        name = name_of[id(s)]
        distribution = s.get("cards_left_distribution") or s.get("distribution") or {}
        distribution = {int(k): v for k, v in distribution.items()}
        count = s.get("deals", s.get("games"))
        what = "deals, every card known" if any(s is t for t in studies) else "games played"
        if distribution:
            written.append(
                plots.cards_left_histogram(
                    f"The Game, {name}: {count} {what}",
                    distribution,
                    folder / f"cards-left-{plots.slug(name)}.png",
                )
            )
    if studies:
        written.append(
            plots.rates_with_intervals(
                "The Game: deals winnable with every card known\n"
                "(95% Wilson intervals; unknown deals counted as not won)",
                "deals won (%)",
                [(name_of[id(s)], s["winnable"]) for s in studies],
                folder / "winnability.png",
            )
        )
    if studies or sims:
        bars = [(name_of[id(s)], s["winnable"]) for s in studies]
        bars += [(name_of[id(s)], s["wins"]) for s in sims]
        written.append(
            plots.rates_with_intervals(
                "The Game: solver with every card known vs players with hidden hands\n"
                "(95% Wilson intervals)",
                "games won (%)",
                bars,
                folder / "perfect-vs-players.png",
            )
        )
    return written


def register(verbs: dict[str, typer.Typer]) -> None:
    verbs["study"].command("thegame")(study_command)
