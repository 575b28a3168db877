"""What the kernel-speed benchmarks share: running a benchmark's worker on this tree
or on the ``solver/`` of another git revision, so that the two can be compared run by
run (A, B, A, B: the machine is shared and noisy), and a digest of the records that
must be identical on both sides when a change keeps the behaviour.

A worker is the benchmark script itself run with ``--worker OUT`` and its own
arguments; it writes a JSON document to OUT. For another revision, ``solver/`` of
that revision is extracted once (``git archive``, kept in a cache folder so that
numba's cache is reused) and imported in place of this tree's ``playable.solver``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

#: runs ``script`` with ``playable.solver`` imported from another folder
_REDIRECT = """
import importlib.abc, importlib.util, runpy, sys
class _Redirect(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name != "playable.solver":
            return None
        return importlib.util.spec_from_file_location(
            name, {init!r}, submodule_search_locations=[{pkg!r}]
        )
sys.meta_path.insert(0, _Redirect())
sys.path.insert(0, {folder!r})
sys.argv = {argv!r}
runpy.run_path({script!r}, run_name="__main__")
"""


def extract(rev: str, cache: str) -> tuple[str, Path]:
    """The short hash of ``rev`` and its ``solver/``, extracted into the folder
    ``cache`` under the temporary directory (kept between runs)."""
    sha = subprocess.run(
        ["git", "rev-parse", "--short", rev], check=True, capture_output=True, text=True, cwd=ROOT
    ).stdout.strip()
    folder = Path(tempfile.gettempdir()) / cache / sha
    if not (folder / "solver").is_dir():
        folder.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(
            ["git", "archive", sha, "solver"], check=True, capture_output=True, cwd=ROOT
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return sha, folder / "solver"


def run_worker(script: str, arguments: list[str], solver_dir: Path | None) -> dict[str, Any]:
    """The JSON document of ``script --worker OUT ARGUMENTS`` run in a new process, on
    this tree (``solver_dir`` None) or with ``playable.solver`` from ``solver_dir``."""
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        out = Path(f.name)
    script = str(Path(script).resolve())
    argv = [script, "--worker", str(out), *arguments]
    if solver_dir is None:
        command = [sys.executable, *argv]
    else:
        code = _REDIRECT.format(
            init=str(solver_dir / "__init__.py"),
            pkg=str(solver_dir),
            folder=str(Path(script).parent),
            argv=argv,
            script=script,
        )
        command = [sys.executable, "-c", code]
    try:
        subprocess.run(command, check=True, cwd=ROOT)
        data: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    finally:
        out.unlink(missing_ok=True)
    return data


def compare(
    base: str | None, cache: str, rounds: int, run: Callable[[str, Path | None], dict[str, Any]]
) -> tuple[dict[str, list[dict[str, Any]]], tuple[float, ...], tuple[float, ...]]:
    """``rounds`` runs of each side in turn (``base``'s ``solver/``, extracted into
    ``cache``, then this tree), each ``run(side name, solver folder or None)``: the
    documents by side, and the load averages at the start and the end. Two runs of
    one side whose ``records`` differ stop the benchmark (a search that is not
    deterministic cannot be compared by its nodes)."""
    sides: dict[str, Path | None] = {}
    if base:
        sha, base_solver = extract(base, cache)
        sides[f"base {sha}"] = base_solver
    sides["this tree"] = None
    start = os.getloadavg()
    runs: dict[str, list[dict[str, Any]]] = {side: [] for side in sides}
    for _ in range(rounds):
        for side, folder in sides.items():
            runs[side].append(run(side, folder))
    end = os.getloadavg()
    for side, done in runs.items():
        if any(other["records"] != done[0]["records"] for other in done[1:]):
            raise SystemExit(f"{side}: two runs disagree on nodes or results")
    return runs, start, end


@dataclass(frozen=True)
class Comparison:
    """The documents of every run of each side (:func:`compare`), the load averages at
    the start and the end, and what ran: the benchmark script (its ``__file__``) and
    the options its workers were given."""

    runs: dict[str, list[dict[str, Any]]]
    load: tuple[float, ...]
    end: tuple[float, ...]
    script: str
    options: tuple[str, ...]

    @property
    def names(self) -> list[str]:
        """The sides, the base first."""
        return list(self.runs)

    @property
    def first(self) -> Any:
        """The records of the first run (every run of a side has the same)."""
        return self.runs[self.names[0]][0]["records"]

    @property
    def same(self) -> bool:
        """Do the two sides agree on every record?"""
        return all(self.runs[s][0]["records"] == self.first for s in self.names)

    def medians(self, rate: Callable[[dict[str, Any]], float]) -> list[float]:
        """Each side's median of ``rate`` over its runs."""
        return [statistics.median(rate(d) for d in self.runs[s]) for s in self.names]

    def ratios(self, rate: Callable[[dict[str, Any]], float]) -> str:
        """This tree's ``rate`` as a share of the base's, round by round (each round's
        runs were back to back: the fairest comparison on a loaded machine)."""
        pairs = zip(*self.runs.values(), strict=True)
        return ", ".join(f"{rate(b) / rate(a):.2f}" for a, b in pairs)

    def row(
        self, cells: list[str], rate: Callable[[dict[str, Any]], float], ratios: bool = True
    ) -> str:
        """A table row: the leading ``cells``, each side's median of ``rate`` and, with
        two sides, the change and (``ratios``) the round-by-round ratios."""
        medians = self.medians(rate)
        cells = [*cells, *(f"{m:,.0f}" for m in medians)]
        if len(self.names) == 2:
            cells.append(change_cell(medians))
            if ratios:
                cells.append(self.ratios(rate))
        return "| " + " | ".join(cells) + " |"

    def records(self, what: str, digests: str) -> str:
        """The line on the records (``what`` they hold, their ``digests``): whether the
        two sides agree."""
        return f"Records ({what}): {digests}; {agreement(self.same, len(self.names))}"

    def write(
        self, title: str, args: argparse.Namespace, about: str, rows: list[str], after: list[str]
    ) -> None:
        """Write the summary page to ``args.out`` and print it: the title, when and how
        it was measured (:func:`command_line`), what the figures mean (``about``), the
        table and the lines after."""
        options = tuple(name for name in self.options if name != "seed")
        command = command_line(Path(self.script).name, args, options)
        head = [f"# {title}", "", f"{measured(self.load, self.end)} {command}", ""]
        write_page("\n".join([*head, about, "", *rows, "", *after]), args.out)


def parse_engines(parser: argparse.ArgumentParser, engines: tuple[str, ...]) -> argparse.Namespace:
    """Add ``--engines`` (comma-separated, default all of ``engines``) to the parser,
    parse the command line and check the engines named (a list in ``args.engines``)."""
    parser.add_argument(
        "--engines", default=",".join(engines), help="comma-separated, of " + ", ".join(engines)
    )
    args = parser.parse_args()
    args.engines = args.engines.split(",")
    if set(args.engines) - set(engines) or not args.engines:
        parser.error(f"--engines: choose among {', '.join(engines)}")
    return args


def work_or_compare(
    script: str,
    args: argparse.Namespace,
    options: tuple[str, ...],
    work: Callable[[], dict[str, Any]],
    summary: Callable[[dict[str, Any]], str],
) -> Comparison | None:
    """The body of a kernel-speed benchmark ``script`` (its ``__file__``). Run as a
    worker (``--worker OUT``): write the document of ``work()`` to OUT and return None.
    Otherwise: :func:`compare` this tree with ``--base``, each run a worker process
    given the options ``options`` and printed as ``side: summary(document)``; the
    extracted revisions are kept in a folder named after the script."""
    if args.worker:
        Path(args.worker).write_text(json.dumps(work()), encoding="utf-8")
        return None

    def run(side: str, solver_dir: Path | None) -> dict[str, Any]:
        data = run_worker(script, worker_arguments(args, options), solver_dir)
        print(f"{side}: {summary(data)}", flush=True)
        return data

    runs, load, end = compare(args.base, Path(script).stem, args.rounds, run)
    return Comparison(runs, load, end, script, options)


def digest(records: Any) -> str:
    """A short fingerprint of the records (nodes and results of every position)."""
    return hashlib.sha256(json.dumps(records).encode()).hexdigest()[:16]


def comparison_parser(description: str, results: Path) -> argparse.ArgumentParser:
    """The options every kernel-speed benchmark has: ``--seed``, ``--rounds``,
    ``--base``, ``--out`` (default ``results``) and the hidden ``--worker``; the
    script adds its own."""
    parser = argparse.ArgumentParser(description=description.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=2, help="runs of each side")
    parser.add_argument("--base", help="git revision to compare with (A, B, A, B)")
    parser.add_argument("--out", type=Path, default=results, help="the summary page")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    return parser


def worker_arguments(args: argparse.Namespace, names: tuple[str, ...]) -> list[str]:
    """The command-line arguments that pass options ``names`` on to a worker (a list
    value comma-separated)."""
    out: list[str] = []
    for name in names:
        value = getattr(args, name)
        text = ",".join(value) if isinstance(value, list) else str(value)
        out += [f"--{name.replace('_', '-')}", text]
    return out


def command_line(script: str, args: argparse.Namespace, names: tuple[str, ...]) -> str:
    """The command that measured a page: ``python benchmarks/SCRIPT --seed ...``."""
    base = [] if args.base is None else ["--base", args.base]
    words = worker_arguments(args, ("seed", *names, "rounds")) + base
    return f"`python benchmarks/{script} {' '.join(words)}`"


def table_head(
    columns: tuple[str, ...], sides: list[str], comparison: tuple[str, ...]
) -> list[str]:
    """A results table's header and rule: ``columns``, a nodes/s column per side and,
    with two sides, the ``comparison`` columns."""
    cells = [*columns, *(f"{s} nodes/s" for s in sides)]
    if len(sides) == 2:
        cells += comparison
    return ["| " + " | ".join(cells) + " |", "|---" * len(cells) + "|"]


def change_cell(medians: list[float]) -> str:
    """This tree's median against the base's, in percent."""
    return f"{100 * (medians[1] / medians[0] - 1):+.1f}%"


def agreement(same: bool, sides: int) -> str:
    """Whether the records of the two sides agree (a refactoring keeps them)."""
    if sides != 2:
        return "one side only."
    return "identical on both sides." if same else "the sides DIFFER."


def measured(load: tuple[float, ...], end: tuple[float, ...]) -> str:
    """When, on what and under which load a page was measured."""
    return (
        f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on "
        f"{platform.machine()}, Python {platform.python_version()}; load average "
        f"{load[0]:.2f} at the start, {end[0]:.2f} at the end."
    )


def write_page(text: str, out: Path) -> None:
    """Write the summary page ``out`` and print it."""
    out.write_text(text + "\n", encoding="utf-8")
    print(text)
