"""Reach benchmarks that cannot be tuned to: fresh positions from a seed, every run.

A benchmark that solves the same 20 positions every time invites improvements
that fit those positions and no others. The benchmarks built on this module
(facetoface_solve.py, uno_endgame.py, sequence_search.py, thegame_solve.py) draw
their deals from a *run seed* given on the command line (``--seed S`` or
``--seeds a,b,c``; by default three new random seeds, printed and written into the
results), take at least 100 positions per row, and solve each under a *node*
budget, which gives the same answers on a loaded machine as on a quiet one
(seconds are reported too, but they are not repeatable).

What this module does, once for all of them:

* :func:`deal_seeds`: the stream of deal seeds a run seed stands for (a benchmark
  turns each into a deal and plays it out with its bots as before);
* :class:`Store` (a :class:`JsonLines`): every finished position kept in a JSONL file next to the
  results, keyed by the benchmark's options, the run seed, the row and the index,
  so that a run stopped by Ctrl-C (or killed) and started again with the same
  seed and options skips the finished work;
* :func:`run`: the loop over seeds, rows and positions, with progress on stderr;
* :func:`summarise` and :func:`table`: per row and seed the decided count and
  share with its 95% Wilson interval (:class:`playable.solver.core.stats.Proportion`),
  the outcomes, the median and mean nodes and seconds; over the seeds the median
  share with every seed's share listed and the pooled interval;
* :func:`header`: the line with the date, the machine, its load and the exact
  command, so that a table says how it was made.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import random
import shlex
import signal
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Generic, NoReturn, TypeVar

from playable.solver.core.result import SolveResult, Status
from playable.solver.core.stats import Proportion

T = TypeVar("T")
RESULTS = Path(__file__).parent / "results"
SOLVER = Path(__file__).parents[1] / "solver"
#: run seeds drawn when none is given
DEFAULT_RUNS = 3
#: how every table reads, after the benchmark's own paragraph
READING = (
    "Each row gives one run seed's share decided with its 95% Wilson interval; the bold "
    "line is the median of the seeds' shares (each listed) and the count pooled over them."
)


@dataclass(frozen=True)
class Outcome:
    """One solved position: decided or not, the answer in a word, the effort."""

    decided: bool
    label: str
    nodes: int
    seconds: float


def outcome(result: SolveResult, won: str = "solved", lost: str = "unsolvable") -> Outcome:
    """A solver's result as an outcome: ``won``/``lost`` (decided) or ``unknown``."""
    word = {Status.SOLVED: won, Status.UNSOLVABLE: lost}.get(result.status, "unknown")
    return Outcome(word != "unknown", word, result.nodes, result.seconds)


@dataclass(frozen=True)
class Drawn(Generic[T]):
    """A position of a row: its index in the row and the deal seed it came from."""

    row: str
    index: int
    deal: int
    state: T


@dataclass(frozen=True)
class Spec(Generic[T]):
    """A reach benchmark: its name (results/<name>.md and .jsonl), its title and the
    paragraph saying what it measures, its rows, how a run seed becomes positions
    (``draw(seed, count)`` gives ``count`` positions per row) and how one is solved
    under a node budget (``solve(state, nodes)``). ``options`` names every option
    besides the seed that changes an answer; finished positions are reused only
    under the same options."""

    name: str
    title: str
    about: str
    rows: tuple[str, ...]
    draw: Callable[[int, int], Mapping[str, Sequence[Drawn[T]]]]
    solve: Callable[[T, int], Outcome]
    options: str


def deal_seeds(benchmark: str, seed: int) -> Iterator[int]:
    """The deal seeds run seed ``seed`` stands for in ``benchmark``: 32-bit numbers
    from a generator seeded with both (the same on every machine and Python >= 3.2),
    so two benchmarks with one run seed do not share deals."""
    rng = random.Random(f"{benchmark}/{seed}")
    while True:
        yield rng.getrandbits(32)


def solver_digest(root: Path = SOLVER) -> str:
    """A digest of the solver's source (every ``.py`` under solver/, path and text):
    finished positions are reused only by the same code, and a table says which code
    made it even when the working tree holds changes not yet committed."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


def parse_seeds(text: str) -> list[int]:
    """``"3,17,99"`` -> [3, 17, 99]; anything else is an argparse error (exit 2)."""
    try:
        seeds = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"wants integers a,b,c, got {text!r}") from None
    if not seeds or any(s < 0 for s in seeds):
        raise argparse.ArgumentTypeError(f"wants integers >= 0, got {text!r}")
    if len(set(seeds)) < len(seeds):
        raise argparse.ArgumentTypeError(f"names a seed twice: {text!r}")
    return seeds


def seed_value(text: str) -> int:
    """A run seed for argparse: an integer >= 0."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"wants an integer, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"wants an integer >= 0, got {value}")
    return value


def positive(text: str) -> int:
    """An integer >= 1 for argparse (``--positions``, ``--nodes``)."""
    try:
        value = int(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"wants an integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"wants an integer >= 1, got {value}")
    return value


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr and exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message}\n")


def parser(doc: str | None, positions: int, nodes: int) -> Parser:
    """The parser of a reach benchmark: its docstring's first line and the options
    every reach benchmark takes (:func:`add_arguments`)."""
    made = Parser(description=(doc or "").splitlines()[0])
    add_arguments(made, positions, nodes)
    return made


def add_arguments(parser: argparse.ArgumentParser, positions: int, nodes: int) -> None:
    """The options every reach benchmark takes."""
    seeds = parser.add_mutually_exclusive_group()
    seeds.add_argument("--seed", type=seed_value, help="one run seed (default: new random seeds)")
    seeds.add_argument("--seeds", type=parse_seeds, help="run seeds a,b,c (median over them)")
    parser.add_argument("--positions", type=positive, default=positions, help="per row")
    parser.add_argument("--nodes", type=positive, default=nodes, help="node budget a position")
    parser.add_argument("--out", type=Path, default=None, help="the results file (.md)")
    parser.add_argument(
        "--regression", action="store_true", help="the former fixed 20-position rows instead"
    )


def chosen_seeds(args: argparse.Namespace) -> list[int]:
    """The run seeds of a command line: ``--seeds``, ``--seed`` or new random ones."""
    if args.seeds:
        return list(args.seeds)
    if args.seed is not None:
        return [args.seed]
    fresh = random.SystemRandom()
    return [fresh.randrange(1_000_000) for _ in range(DEFAULT_RUNS)]


class JsonLines:
    """Finished work kept in a JSONL file, one object a line, appended and flushed per
    line, each marked with the options it was made under. Reading skips a line that
    cannot be read (a run killed while writing it) and a line of other options; a
    subclass takes each other line in :meth:`_read` (its errors of a missing or
    mistyped field skip the line too)."""

    def __init__(self, path: Path, options: str) -> None:
        self.path = path
        self.options = options
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                try:
                    item = json.loads(line)
                    if item["options"] == options:
                        self._read(item)
                except (ValueError, KeyError, TypeError):
                    continue

    def _read(self, item: dict[str, Any]) -> None:
        """Take one finished item of these options."""

    def _append(self, record: Mapping[str, Any]) -> dict[str, Any]:
        """Write ``record`` with the options as one line; return what was written."""
        item = {"options": self.options, **record}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(item, sort_keys=True) + "\n")
        return item


class Store(JsonLines):
    """Finished positions (:class:`JsonLines`), by run seed, row and index; the same
    key written twice keeps the first."""

    def __init__(self, path: Path, options: str) -> None:
        self.done: dict[tuple[int, str, int], tuple[int, Outcome]] = {}
        super().__init__(path, options)

    def _read(self, item: dict[str, Any]) -> None:
        key = (int(item["seed"]), str(item["row"]), int(item["index"]))
        outcome = Outcome(
            bool(item["decided"]),
            str(item["label"]),
            int(item["nodes"]),
            float(item["seconds"]),
        )
        self.done.setdefault(key, (int(item["deal"]), outcome))

    def get(self, seed: int, row: str, index: int) -> Outcome | None:
        found = self.done.get((seed, row, index))
        return found[1] if found else None

    def put(self, seed: int, drawn: Drawn[T], outcome: Outcome) -> None:
        record = {"seed": seed, "row": drawn.row, "index": drawn.index, "deal": drawn.deal}
        self._append({**record, **asdict(outcome)})
        self.done[(seed, drawn.row, drawn.index)] = (drawn.deal, outcome)


@dataclass(frozen=True)
class Summary:
    """One row of one seed: what was decided and at what cost."""

    row: str
    seed: int
    decided: Proportion
    labels: Counter[str]
    median_nodes: float
    mean_nodes: float
    median_seconds: float
    mean_seconds: float
    undecided: tuple[int, ...]


def summarise(row: str, seed: int, results: Sequence[tuple[int, Outcome]]) -> Summary:
    """The summary of one row's ``(deal seed, outcome)`` pairs."""
    outcomes = [o for _, o in results]
    nodes = [o.nodes for o in outcomes] or [0]
    seconds = [o.seconds for o in outcomes] or [0.0]
    return Summary(
        row=row,
        seed=seed,
        decided=Proportion(sum(o.decided for o in outcomes), len(outcomes)),
        labels=Counter(o.label for o in outcomes),
        median_nodes=statistics.median(nodes),
        mean_nodes=statistics.fmean(nodes),
        median_seconds=statistics.median(seconds),
        mean_seconds=statistics.fmean(seconds),
        undecided=tuple(deal for deal, o in results if not o.decided),
    )


class Progress:
    """Progress lines on stderr: one per finished position on a terminal (rewritten
    in place), else one every ``every`` positions and at the end of each row."""

    def __init__(self, name: str, every: int = 25) -> None:
        self.name = name
        self.every = every
        self.tty = sys.stderr.isatty()

    def show(self, seed: int, row: str, done: int, total: int, decided: int, final: bool) -> None:
        if not (self.tty or final or done % self.every == 0):
            return
        text = f"[{self.name}] seed {seed} {row}: {done}/{total} positions, {decided} decided"
        end = "\n" if final or not self.tty else ""
        print(("\r" if self.tty else "") + text, end=end, file=sys.stderr, flush=True)


def run(spec: Spec[T], seeds: Sequence[int], count: int, nodes: int, store: Store) -> list[Summary]:
    """Solve ``count`` positions per row for each run seed, skipping those ``store``
    already holds, and summarise each row of each seed. Ctrl-C leaves every finished
    position in the store (and says so) and exits 130."""
    progress = Progress(spec.name)
    summaries: list[Summary] = []
    try:
        for seed in seeds:
            rows = spec.draw(seed, count)
            for row in spec.rows:
                results: list[tuple[int, Outcome]] = []
                drawn_row = list(rows[row])[:count]
                for drawn in drawn_row:
                    outcome = store.get(seed, row, drawn.index)
                    if outcome is None:
                        outcome = spec.solve(drawn.state, nodes)
                        store.put(seed, drawn, outcome)
                    results.append((drawn.deal, outcome))
                    decided = sum(o.decided for _, o in results)
                    final = len(results) == len(drawn_row)
                    progress.show(seed, row, len(results), len(drawn_row), decided, final)
                summaries.append(summarise(row, seed, results))
    except KeyboardInterrupt:
        print(
            f"\ninterrupted: {len(store.done)} finished positions kept in {store.path}; "
            "the same command carries on from there",
            file=sys.stderr,
        )
        raise SystemExit(130) from None
    return summaries


def percent(p: Proportion) -> str:
    """``"73% [64-81%]"``: a share with its 95% Wilson interval."""
    low, high = p.interval
    return f"{100 * p.rate:.0f}% [{100 * low:.0f}-{100 * high:.0f}%]"


def median_row(row: str, summaries: Sequence[Summary]) -> str:
    """The row over all seeds: the median share (each seed's listed) and the pooled
    count with its interval."""
    shares = [s.decided.rate for s in summaries]
    pooled = Proportion(
        sum(s.decided.successes for s in summaries), sum(s.decided.trials for s in summaries)
    )
    each = ", ".join(f"{100 * s.decided.rate:.0f}%" for s in summaries)
    return (
        f"| **{row}** | **median of {len(summaries)}** | {pooled.trials} "
        f"| **{100 * statistics.median(shares):.0f}%** ({each}) | pooled "
        f"{pooled.successes}/{pooled.trials}: {percent(pooled)} | "
        f"| {statistics.median(s.median_nodes for s in summaries):,.0f} "
        f"| | {statistics.median(s.median_seconds for s in summaries):.2f} | | |"
    )


def table(spec: Spec[T], summaries: Sequence[Summary], show_undecided: int = 12) -> list[str]:
    """The markdown table: per row, one line per seed, then the median over seeds."""
    lines = [
        "| row | run seed | positions | decided | share [95% Wilson] | outcomes "
        "| median nodes | mean nodes | median s | mean s | undecided (deal seeds) |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in spec.rows:
        mine = [s for s in summaries if s.row == row]
        for s in mine:
            outcomes = ", ".join(f"{k} {v}" for k, v in sorted(s.labels.items()))
            undecided = ", ".join(map(str, s.undecided[:show_undecided])) or "-"
            if len(s.undecided) > show_undecided:
                undecided += f", ... ({len(s.undecided)} in all)"
            lines.append(
                f"| {row} | {s.seed} | {s.decided.trials} "
                f"| {s.decided.successes}/{s.decided.trials} | {percent(s.decided)} "
                f"| {outcomes} | {s.median_nodes:,.0f} | {s.mean_nodes:,.0f} "
                f"| {s.median_seconds:.2f} | {s.mean_seconds:.2f} | {undecided} |"
            )
        if len(mine) > 1:
            lines.append(median_row(row, mine))
    return lines


def command() -> str:
    """The command line that ran this, to be run again."""
    return shlex.join(["python", *[os.path.relpath(sys.argv[0]), *sys.argv[1:]]])


def machine() -> str:
    return f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"


def header(seeds: Sequence[int], nodes: int, load: tuple[float, float, float], code: str) -> str:
    """The line saying when, where, under what load, by what code and command."""
    now = os.getloadavg()
    return (
        f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on {machine()}; "
        f"load (1/5/15 min) at the start {load[0]:.2f}/{load[1]:.2f}/{load[2]:.2f}, at the "
        f"end {now[0]:.2f}/{now[1]:.2f}/{now[2]:.2f}; run seeds "
        f"{', '.join(map(str, seeds))}; budget {nodes:,} nodes a position; solver source "
        f"digest {code} (benchmarks/reach.py, solver_digest); "
        f"command `{command()}`."
    )


def measured(
    seed: int, code: str, load: tuple[float, float, float], clock: tuple[float, float], rows: Path
) -> str:
    """The "Measured ..." line of a results page written now: machine, load at the
    start (``load``) and now, run seed, solver digest(s) ``code``, command, and the
    wall and CPU seconds since ``clock`` (perf_counter, process_time), whose rows are
    kept in ``rows``."""
    now = os.getloadavg()
    return (
        f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on {machine()}; "
        f"load (1/5/15 min) at the start {load[0]:.2f}/{load[1]:.2f}/{load[2]:.2f}, at the "
        f"end {now[0]:.2f}/{now[1]:.2f}/{now[2]:.2f}; run seed {seed}; solver source digest "
        f"(reach.solver_digest) {code}; command `{command()}`; this command took "
        f"{time.perf_counter() - clock[0]:.0f} s wall, {time.process_time() - clock[1]:.0f} s "
        f"CPU (rows finished by an earlier, stopped run are reused from {rows.name})."
    )


def write_page(out: Path, lines: Sequence[str]) -> None:
    """Print a results page and write it to ``out``."""
    text = "\n".join(lines)
    print(text)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {out}", file=sys.stderr)


def interruptible() -> None:
    """Ctrl-C and ``kill`` (SIGINT, SIGTERM) raise KeyboardInterrupt, so that
    :func:`run` stops with the finished positions kept (the one being solved is
    solved again next time); also when the run was started in the background, where
    a shell leaves SIGINT ignored."""

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)


def main(spec: Spec[T], args: argparse.Namespace, notes: Sequence[str] = ()) -> Path:
    """Run ``spec`` as the command line asks and write its results file: the title,
    what is measured, the header line, the table and ``notes``. Returns the file."""
    interruptible()
    seeds = chosen_seeds(args)
    print(f"[{spec.name}] run seeds {', '.join(map(str, seeds))}", file=sys.stderr, flush=True)
    out: Path = args.out or RESULTS / f"{spec.name}.md"
    code = solver_digest()
    store = Store(out.with_suffix(".jsonl"), f"{spec.options}; nodes={args.nodes}; solver {code}")
    load = os.getloadavg()
    started, cpu = time.perf_counter(), time.process_time()
    summaries = run(spec, seeds, args.positions, args.nodes, store)
    lines = [
        f"# {spec.title}",
        "",
        f"{spec.about} {READING}",
        "",
        header(seeds, args.nodes, load, code)
        + f" This command took {time.perf_counter() - started:.0f} s wall, "
        f"{time.process_time() - cpu:.0f} s CPU (positions finished "
        f"by an earlier, stopped run are reused from {store.path.name}; their seconds "
        "are those of that run).",
        "",
        *table(spec, summaries),
    ]
    if notes:
        lines += ["", *notes]
    text = "\n".join(lines) + "\n"
    print(text)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out}", file=sys.stderr)
    return out
