"""The driver the analysis benchmarks share (benchmarks/analysis_calibration.py,
benchmarks/review_planted.py): their options, deal seeds drawn from a run seed
(:func:`reach.deal_seeds`) until a row count is reached, finished rows kept in a JSONL
file (a stopped run carries on) and the results page (:func:`reach.write_page`)."""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import reach

from playable.solver.games import engine

#: Makes one row from a deal seed: (game, deal, nodes, exact nodes) -> row with "decided".
MakeRow = Callable[[str, int, int, int], dict[str, Any]]
#: The results section of one game: (game, rows, nodes, exact nodes) -> markdown lines.
Report = Callable[[str, Sequence[dict[str, Any]], int, int], list[str]]


class Rows(reach.JsonLines):
    """Finished rows (:class:`reach.JsonLines`), by game, deal seed and index."""

    def __init__(self, path: Path, options: str) -> None:
        self.done: dict[tuple[str, int, int], dict[str, Any]] = {}
        super().__init__(path, options)

    def _read(self, item: dict[str, Any]) -> None:
        key = (str(item["game"]), int(item["seed"]), int(item["index"]))
        self.done.setdefault(key, item)

    def get(self, name: str, seed: int, index: int) -> dict[str, Any] | None:
        return self.done.get((name, seed, index))

    def put(self, name: str, seed: int, index: int, row: dict[str, Any]) -> dict[str, Any]:
        item = self._append({"game": name, "seed": seed, "index": index, **row})
        self.done[(name, seed, index)] = item
        return item


@dataclass(frozen=True)
class Benchmark:
    """What one analysis benchmark is: its name (results file, deal-seed stream), the
    heading and introduction of its page, its games with what their positions are
    (``about``, part of the rows' key), default budgets, how many deals it may draw a
    row, how it makes a row and reports a game."""

    name: str
    title: str
    intro: str
    about: Mapping[str, str]
    positions: int
    positions_help: str
    nodes: Mapping[str, int]
    nodes_label: str
    exact: Mapping[str, int]
    draws: int
    every: int
    progress: str
    make_row: MakeRow
    report: Report

    def digests(self, text: str) -> dict[str, str]:
        """``--digest``: one digest for every game, or ``game:digest,...``."""
        if ":" not in text:
            return {name: text for name in self.about}
        pairs = [part.split(":", 1) for part in text.split(",") if part]
        if any(len(p) != 2 or p[0] not in self.about for p in pairs):
            raise argparse.ArgumentTypeError(f"wants DIGEST or game:digest,..., got {text!r}")
        return {name: digest for name, digest in pairs}


def draw_rows(
    bench: Benchmark, name: str, seed: int, count: int, nodes: int, exact: int, rows: Rows
) -> list[dict[str, Any]]:
    """Draw deals until ``count`` rows are decided (or ``bench.draws`` * ``count``
    deals are drawn); every row, decided or not."""
    out: list[dict[str, Any]] = []
    deals = reach.deal_seeds(f"{bench.name}/{name}", seed)
    decided = 0
    for index in range(bench.draws * count):
        if decided >= count:
            break
        deal = next(deals)
        row = rows.get(name, seed, index)
        if row is None:
            row = rows.put(name, seed, index, bench.make_row(name, deal, nodes, exact))
        out.append(row)
        decided += bool(row["decided"])
        if (index + 1) % bench.every == 0 or decided >= count:
            print(
                f"[{bench.name}] {name}: {decided}/{count} {bench.progress} ({index + 1} deals)",
                file=sys.stderr,
                flush=True,
            )
    return out


def main(bench: Benchmark, description: str) -> None:
    """Parse the options, run every game asked for and write the results page."""
    parser = argparse.ArgumentParser(description=description)
    games = ",".join(bench.about)
    parser.add_argument("--games", default=games, help=games)
    parser.add_argument("--seed", type=reach.seed_value, default=None, help="run seed")
    parser.add_argument(
        "--positions", type=reach.positive, default=bench.positions, help=bench.positions_help
    )
    parser.add_argument("--nodes", type=reach.positive, default=None, help=bench.nodes_label)
    parser.add_argument("--exact-nodes", type=reach.positive, default=None, help="exact nodes")
    parser.add_argument("--out", type=Path, default=reach.RESULTS / f"{bench.name}.md")
    parser.add_argument(
        "--digest",
        default=None,
        type=bench.digests,
        help="reuse rows made by the solver source of this digest, or game:digest,... "
        "(default: the current source's digest)",
    )
    args = parser.parse_args()
    names = [g for g in args.games.split(",") if g]
    if not names or any(g not in bench.about for g in names):
        parser.error(f"--games: wants names from {', '.join(bench.about)}, got {args.games!r}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    print(f"[{bench.name}] run seed {seed}", file=sys.stderr, flush=True)
    reach.interruptible()
    current = reach.solver_digest()
    code: dict[str, str] = {name: (args.digest or {}).get(name, current) for name in names}
    code_text = ", ".join(f"{name} {digest}" for name, digest in code.items())
    load = os.getloadavg()
    started, cpu = time.perf_counter(), time.process_time()
    sections: list[str] = []
    jsonl = args.out.with_suffix(".jsonl")
    try:
        for name in names:
            engine(name).warm_up()
            nodes = args.nodes or bench.nodes[name]
            exact = args.exact_nodes or bench.exact[name]
            key = (
                f"{name}; {bench.about[name]}; {bench.nodes_label}={nodes}; "
                f"exact nodes={exact}; solver {code[name]}"
            )
            found = draw_rows(bench, name, seed, args.positions, nodes, exact, Rows(jsonl, key))
            sections += bench.report(name, found, nodes, exact)
    except KeyboardInterrupt:
        print(
            f"\ninterrupted: finished rows kept in {jsonl}; the same command carries on",
            file=sys.stderr,
        )
        raise SystemExit(130) from None
    reach.write_page(
        args.out,
        [
            bench.title,
            "",
            bench.intro,
            "",
            reach.measured(seed, code_text, load, (started, cpu), jsonl),
            "",
            *sections,
        ],
    )
