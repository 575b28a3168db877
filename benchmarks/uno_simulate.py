"""UNO bots: match win rates (to 500, UN-10) with 95% Wilson intervals.

Seats rotate between matches (solver/uno/simulate.run_matches); seeds are fixed.
Run ``python benchmarks/uno_simulate.py`` (writes benchmarks/results/uno_simulate.md).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from playable.solver.core.stats import Proportion
from playable.solver.uno.rules import Options, Scoring
from playable.solver.uno.simulate import run_matches

RESULTS = Path(__file__).parent / "results" / "uno_simulate.md"

CONFIGS: list[tuple[list[str], int, Options, str]] = [
    (["heuristic", "greedy"], 600, Options(), "standard"),
    (["heuristic", "random"], 100, Options(), "standard"),
    (["greedy", "random"], 100, Options(), "standard"),
    (["heuristic", "greedy"], 300, Options(scoring=Scoring.ALTERNATIVE), "alternative"),
    (["heuristic", "greedy", "random"], 300, Options(), "standard"),
    (["heuristic", "greedy", "greedy", "greedy"], 300, Options(), "standard"),
]


def main() -> None:
    lines = [
        "# UNO bots: match win rates to 500",
        "",
        "`python benchmarks/uno_simulate.py`; seats rotate every match; win rates with 95% "
        "Wilson intervals. Shared, loaded 2-core machine (times are indicative).",
        "",
        "| players | bots | scoring | matches | match wins (95% Wilson) | mean rounds | s |",
        "|---|---|---|---|---|---|---|",
    ]
    print("\n".join(lines), flush=True)
    for names, games, options, scoring in CONFIGS:
        started = time.perf_counter()
        tally = run_matches(names, games, 0, options)
        seconds = time.perf_counter() - started
        wins = "; ".join(
            f"{name} {Proportion(tally.wins[b], games)}" for b, name in enumerate(names)
        )
        row = (
            f"| {len(names)} | {', '.join(names)} | {scoring} | {games} | {wins} "
            f"| {tally.rounds / games:.1f} | {seconds:.0f} |"
        )
        print(row, flush=True)
        lines.append(row)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {RESULTS}", file=sys.stderr)


if __name__ == "__main__":
    main()
