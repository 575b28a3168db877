"""Benchmark: Sequence forced-win proofs on fresh positions, and the former fixed set.

By default (benchmarks/reach.py) positions come from simulated games of deals
drawn from a run seed (``--seed``/``--seeds``, new random ones if none is given):
each deal seed gives one position (:func:`sample_positions` of one position, greedy
bots with 30% random moves, 70% taken when the side to move has a line needing one
chip). Rows: the proof search for a forced win within 3, 4, 5 and 6 own turns
(SQ-8), 100 positions each (the same positions in every row), under a node budget
(``--nodes``, 300,000 by default). *Decided* means proven won or proven not won
within that many turns. Finished positions are kept in a JSONL file next to the
results, so a stopped run carries on where it stopped.

``--regression`` runs the former fixed set instead: 40 positions of
``sample_positions`` seed 2026; for each the analyser's time, the proof search for
a forced win within 2, 3 and 4 own turns, the plain reference search for 2 turns
(for comparison) and the CP-SAT distance to win with a horizon of 4 own turns, by
seconds, into results/sequence_search_regression.md.

``--search threats`` (the default) runs :func:`forced_win` as the engine does: the
threat-space search first (solver/sequence/threats.py), then the full search, a win
reported once proven within the row's turns (not necessarily the fastest);
``--search plain`` the full search alone. ``--turns 5,6,8,10,12,15`` picks the rows
(default 3,4,5,6). The table of the threat search is results/sequence_threats.md
(``--out``), so that sequence_search.md keeps the plain rows.

Run: ``python benchmarks/sequence_search.py [--seeds a,b,c] [--positions N] [--nodes N]
[--search threats|plain] [--turns 5,6,8] [--out FILE]``
or ``python benchmarks/sequence_search.py --regression``.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path

import reach

from playable.solver.core.budget import Budget
from playable.solver.sequence.analysis import analyse
from playable.solver.sequence.cpsat import distance_to_win
from playable.solver.sequence.rules import State
from playable.solver.sequence.search import forced_win, reference_win_within
from playable.solver.sequence.simulate import sample_positions

SEED = 2026
SECONDS = 20.0
#: own turns of the proof rows
TURNS = (3, 4, 5, 6)
THREAT_SHARE = 0.7
#: the former fixed set's size (``--regression``)
REGRESSION_POSITIONS = 40


def label(turns: int) -> str:
    return f"win-in-{turns} proof"


def drawer(
    turns: tuple[int, ...],
) -> Callable[[int, int], Mapping[str, list[reach.Drawn[tuple[int, State]]]]]:
    """The positions of rows ``turns``: ``count`` positions, one per deal seed run seed
    ``seed`` stands for; every row gets the same positions (the row's turns travel
    with the state)."""

    def draw(seed: int, count: int) -> Mapping[str, list[reach.Drawn[tuple[int, State]]]]:
        deals = reach.deal_seeds("sequence_search", seed)
        found = [
            (deal, sample_positions(1, deal, threat_share=THREAT_SHARE)[0])
            for deal, _ in zip(deals, range(count), strict=False)
        ]
        return {
            label(t): [reach.Drawn(label(t), i, deal, (t, s)) for i, (deal, s) in enumerate(found)]
            for t in turns
        }

    return draw


draw = drawer(TURNS)


def prover(threats: bool) -> Callable[[tuple[int, State], int], reach.Outcome]:
    """The proof search for a forced win within the row's own turns: with ``threats``
    as the engine runs it (threat search first, a win within the turns reported
    even when not proven the fastest), else the full search alone."""

    def prove(item: tuple[int, State], nodes: int) -> reach.Outcome:
        turns, state = item
        budget = Budget(nodes=nodes, memory_mb=64)
        result = forced_win(state, turns, budget, threats=threats, fastest=not threats)
        return reach.outcome(result, "won", "not won")

    return prove


prove = prover(False)

THREATS_ABOUT = (
    "`benchmarks/sequence_search.py --search threats`: the positions of "
    "results/sequence_search.md (simulated games, greedy bots with 30% random moves, "
    "2- to 3-sided variants, 70% taken when the side to move has a line needing one "
    "chip; one per deal drawn from each run seed, the same positions in every row); "
    "each row is `forced_win` as the engine runs it: the threat-space search "
    "(solver/sequence/threats.py) on half the node budget, then the full search with "
    "the distance cut, 64 MiB table, one process. *Decided*: proven won within the "
    "turns (by either search) or proven not won within them (full search)."
)

SPEC = reach.Spec(
    name="sequence_search",
    title="Sequence: forced-win proofs on fresh positions",
    about=(
        "`benchmarks/sequence_search.py`: positions from simulated games (greedy bots "
        "with 30% random moves, 2- to 3-sided variants, 70% taken when the side to move "
        "has a line needing one chip), one per deal drawn from each run seed, the same "
        "positions in every row; each row is the proof search for a forced win within "
        "that many own turns (SQ-8) under the node budget, 64 MiB table, one process. "
        "*Decided*: proven won or proven not won within the turns. The former fixed set "
        "(seed 2026, 40 positions, by seconds, with CP-SAT): "
        "results/sequence_search_regression.md (`--regression`)."
    ),
    rows=tuple(label(t) for t in TURNS),
    draw=draw,
    solve=prove,
    options=f"sample_positions(1, deal, threat_share={THREAT_SHARE}); memory 64 MiB",
)


def row(name: str, times: list[float], statuses: Counter[str], nodes: list[int]) -> str:
    status = ", ".join(f"{k} {v}" for k, v in sorted(statuses.items())) or "-"
    node_text = f"{statistics.median(nodes):,.0f} / {max(nodes):,}" if nodes else "-"
    return (
        f"| {name} | {len(times)} | {statistics.median(times) * 1000:.1f} | "
        f"{statistics.mean(times) * 1000:.1f} | {max(times) * 1000:.1f} | {node_text} | "
        f"{status} |"
    )


def main() -> None:
    parser = reach.parser(__doc__, positions=100, nodes=300_000)
    parser.add_argument("--search", choices=("plain", "threats"), default="plain")
    parser.add_argument("--turns", type=str, default=None, help="rows: own turns a,b,c")
    args = parser.parse_args()
    if args.regression:
        regression(REGRESSION_POSITIONS, args.out)
        return
    turns = tuple(int(t) for t in args.turns.split(",")) if args.turns else TURNS
    threats = args.search == "threats"
    if threats and args.out is None:
        args.out = reach.RESULTS / "sequence_threats.md"
    spec = replace(
        SPEC,
        name="sequence_threats" if threats else SPEC.name,
        title=SPEC.title + (" (threat-space search)" if threats else ""),
        about=THREATS_ABOUT if threats else SPEC.about,
        rows=tuple(label(t) for t in turns),
        draw=drawer(turns),
        solve=prover(threats),
        options=SPEC.options + ("; search threats, fastest not required" if threats else ""),
    )
    reach.main(spec, args)


def regression(count: int, out: Path | None) -> None:
    """The former fixed set (seed 2026), by seconds, with the reference and CP-SAT."""
    positions = sample_positions(count, SEED, threat_share=0.7)
    forced_win(positions[0], 1, Budget(memory_mb=8))  # numba loads the kernel once
    rows = []
    times: list[float] = []
    for state in positions:
        started = time.perf_counter()
        analyse(state)
        times.append(time.perf_counter() - started)
    rows.append(row("analyse", times, Counter(), []))
    for turns in (2, 3, 4):
        times, nodes, statuses = [], [], Counter[str]()
        for state in positions:
            result = forced_win(state, turns, Budget(seconds=SECONDS, memory_mb=64))
            times.append(result.seconds)
            nodes.append(result.nodes)
            statuses[result.status.value] += 1
        rows.append(row(f"win-in-{turns} proof", times, statuses, nodes))
    times, statuses = [], Counter[str]()
    for state in positions:  # the plain oracle over the rules, for comparison
        started = time.perf_counter()
        won = reference_win_within(state, 2)
        times.append(time.perf_counter() - started)
        statuses["solved" if won else "unsolvable"] += 1
    rows.append(row("win-in-2 reference (rules.py)", times, statuses, []))
    times, statuses = [], Counter[str]()
    for state in positions:
        result = distance_to_win(state, 4, Budget(seconds=SECONDS))
        times.append(result.seconds)
        statuses[result.status.value] += 1
    rows.append(row("CP-SAT distance (4 turns)", times, statuses, []))
    table = "\n".join(
        [
            f"Sequence search benchmark: {len(positions)} positions from simulated games "
            f"(sample_positions seed {SEED}), budget {SECONDS:.0f} s per search.",
            "Timings were taken on a shared, loaded 2-core machine.",
            "",
            "| task | positions | median ms | mean ms | max ms | nodes median / max | "
            "status counts |",
            "|---|---|---|---|---|---|---|",
            *rows,
        ]
    )
    print(table)
    out = out or reach.RESULTS / "sequence_search_regression.md"
    out.write_text(table + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
