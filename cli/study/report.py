"""`playable report FILE...`: the tables and figures of study and simulation files of
every game (the SQLite files of `playable study GAME` and `playable simulate`).

A file names its game in its stored arguments (the first study files of The Game name
none: they are The Game's). That game's study module, ``cli/study/<game>.py``, turns
its files into a :class:`ReportPart`: its keys of the ``--json`` document, its tables
and its figures. One ``--json`` document holds every game's keys."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, NamedTuple

import typer
from rich.table import Table

from playable.cli.io import fail, make_folder, print_json, stdout
from playable.cli.options import Json
from playable.cli.study.run import StudyKind, read_retries
from playable.solver.core.retries import Retries, budget_text
from playable.solver.core.study import ResultStore
from playable.solver.games import NAMES


class Stored(NamedTuple):
    """One study or simulation file: its path, stored arguments and rows."""

    file: Path
    config: dict[str, Any]
    rows: list[Any]


@dataclass
class ReportPart:
    """What one game's files give the report."""

    document: dict[str, Any] = field(default_factory=dict)
    printables: list[Any] = field(default_factory=list)
    plots: list[Path] = field(default_factory=list)


#: A game's report: its files and the folder for figures (None: no figures).
GameReport = Callable[[list[Stored], Path | None], ReportPart]


def study_summary(
    stored: Stored, title: str, summarise: Callable[[list[Any], Retries], dict[str, Any]]
) -> dict[str, Any]:
    """A study file's summary by the game's ``summarise`` (with its retries), or one
    error line if the file is no study or its rows cannot be read."""
    file, config, rows = stored
    if config.get("kind") != "study":
        fail(f"{file}: not a study of {title}")
    try:
        return {"db": str(file), **config, **summarise(rows, read_retries(file))}
    except (KeyError, TypeError, ValueError) as error:
        fail(f"{file}: a study whose rows cannot be read ({type(error).__name__}: {error})")


def by_kind(files: list[Stored], title: str) -> tuple[list[Stored], list[Stored]]:
    """A game's study files and simulation files; any other file is one error line."""
    kinds: dict[str, list[Stored]] = {"study": [], "simulation": []}
    for stored in files:
        kind = stored.config.get("kind")
        if kind not in kinds:
            fail(f"{stored.file}: not a study or simulation of {title}")
        kinds[str(kind)].append(stored)
    return kinds["study"], kinds["simulation"]


def simulation_summary(
    stored: Stored, summarise: Callable[[dict[str, Any], list[Any]], dict[str, Any]]
) -> dict[str, Any]:
    """A simulation file's summary (``summarise(config, rows)``, the figures of
    ``playable simulate GAME --json``), or one error line if its rows cannot be read."""
    file, config, rows = stored
    try:
        return {"db": str(file), **config, **summarise(config, rows)}
    except (KeyError, TypeError, ValueError, IndexError, ZeroDivisionError) as error:
        fail(f"{file}: a simulation whose rows cannot be read ({type(error).__name__}: {error})")


def studies_table(title: str, columns: Sequence[str], rows: Iterable[Sequence[str]]) -> Table:
    """A table of studies (or simulations), one row each, every column right-aligned
    (they hold counts and rates)."""
    table = Table(title=title)
    for column in columns:
        table.add_column(column, justify="right")
    for row in rows:
        table.add_row(*row)
    return table


@dataclass(frozen=True)
class StudyFigure:
    """The figure of a game's studies: a rate with its 95% interval per bar (``bars``
    of the summaries: label and stored proportion), drawn into ``file`` of the
    ``--plots`` folder."""

    title: str
    axis: str
    file: str
    bars: Callable[[list[dict[str, Any]]], list[tuple[str, dict[str, Any]]]]

    def draw(self, folder: Path, summaries: list[dict[str, Any]]) -> Path:
        from playable.solver.core import plots

        return plots.rates_with_intervals(
            self.title, self.axis, self.bars(summaries), folder / self.file
        )


def studies_part(
    files: list[Stored],
    title: str,
    key: str,
    kind: StudyKind,
    figure: StudyFigure,
    folder: Path | None,
) -> tuple[ReportPart, list[Stored]]:
    """A game's study files in the report: their summaries (by the ``kind``) under
    ``key`` in the ``--json`` document, the ``kind``'s table, and with a ``folder``
    the ``figure``; any file that is neither a study nor a simulation of ``title`` is
    one error line. The part, and the game's simulation files for
    :func:`simulations_part`."""
    studies, simulations = by_kind(files, title)
    part = ReportPart()
    if studies:
        summaries = [study_summary(s, title, kind.summarise) for s in studies]
        part.document[key] = summaries
        part.printables.append(kind.table(summaries))
        if folder is not None:
            part.plots.append(figure.draw(folder, summaries))
    return part, simulations


def simulations_part(
    part: ReportPart,
    simulations: list[Stored],
    key: str,
    summarise: Callable[[dict[str, Any], list[Any]], dict[str, Any]],
    printable: Callable[[dict[str, Any]], Any],
) -> ReportPart:
    """``part`` with the game's simulation files: their summaries (as
    :func:`simulation_summary`) under ``key`` in the ``--json`` document, and a
    ``printable`` (a line or a table) for each."""
    if simulations:
        summaries = [simulation_summary(s, summarise) for s in simulations]
        part.document[key] = summaries
        part.printables += [printable(s) for s in summaries]
    return part


@dataclass(frozen=True)
class StudiesReport:
    """A game's part of `playable report` (its module's ``report``) where its study
    files are read by a :class:`StudyKind` and drawn as a :class:`StudyFigure`, and its
    simulation files have a summary (the figures of ``playable simulate GAME --json``)
    and a ``printable`` each; the ``--json`` keys are ``<key>_studies`` and
    ``<key>_simulations``."""

    title: str
    key: str
    kind: StudyKind
    figure: StudyFigure
    summarise_simulation: Callable[[dict[str, Any], list[Any]], dict[str, Any]]
    printable: Callable[[dict[str, Any]], Any]

    def __call__(self, files: list[Stored], folder: Path | None) -> ReportPart:
        key = f"{self.key}_studies"
        part, simulations = studies_part(files, self.title, key, self.kind, self.figure, folder)
        key = f"{self.key}_simulations"
        return simulations_part(part, simulations, key, self.summarise_simulation, self.printable)


def retries_table(
    title: str,
    columns: Sequence[str],
    cells: Callable[[dict[str, Any]], Sequence[str]],
    summaries: list[dict[str, Any]],
) -> Table:
    """A :func:`studies_table` of study summaries: each summary's ``cells`` under
    ``columns``, then what each retry budget decided (:func:`retried_text`)."""
    rows = ((*cells(s), retried_text(s)) for s in summaries)
    return studies_table(title, (*columns, "retried"), rows)


def retried_text(summary: dict[str, Any]) -> str:
    """The table cell of a study's retries: what each larger budget decided."""
    return (
        "; ".join(
            f"{r['deals']} at {budget_text(r)}: {r['solved']} decided"
            for r in summary.get("retries", [])
        )
        or "-"
    )


def _game_report(game: str) -> GameReport | None:
    """The report of ``game``'s study module, if the game has studies."""
    try:
        module = importlib.import_module(f"playable.cli.study.{game}")
    except ModuleNotFoundError:
        return None
    found: GameReport | None = getattr(module, "report", None)
    return found


def report_command(
    files: Annotated[list[Path], typer.Argument(help="Study or simulation SQLite files.")],
    plots: Annotated[Path | None, typer.Option(help="Write PNG plots to this folder.")] = None,
    json: Json = False,
) -> None:
    """Tables (and with --plots, PNG figures) from study and simulation files of any
    game: The Game's winnability with 95% Wilson intervals, cards left, decided and
    unknown shares; Face to Face's first-player advantage; UNO's forced wins from the
    deal."""
    if plots is not None:
        make_folder(plots, "--plots")
    by_game: dict[str, list[Stored]] = {}
    for file in files:
        store = ResultStore(file)
        try:
            stored = Stored(file, store.config, store.results())
        finally:
            store.close()
        game = stored.config.get("game", "thegame")
        if game not in NAMES or _game_report(game) is None:
            fail(f"{file}: not a study or simulation file (game {game!r} has no report)")
        by_game.setdefault(game, []).append(stored)
    document: dict[str, Any] = {"studies": [], "simulations": []}
    part = ReportPart()
    for game in NAMES:
        report = _game_report(game) if game in by_game else None
        if report is not None:
            found = report(by_game[game], plots)
            document.update(found.document)
            part.printables += found.printables
            part.plots += found.plots
    if json:
        print_json({**document, "plots": [str(p) for p in part.plots]})
        return
    for printable in part.printables:
        stdout.print(printable)
    for path in part.plots:
        stdout.print(f"wrote {path}")
