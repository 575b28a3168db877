"""UNO two-player perfect-information solver: share of positions decided.

Positions come from greedy self-play on 2-player deals, stopped at the first normal
turn where both hands hold at most k cards (k = 2, 3, 4), and full rounds (7 cards
each) straight from fresh deals. By default (benchmarks/reach.py) the deal seeds
are drawn from a run seed (``--seed``/``--seeds``, new random ones if none is
given), 100 positions per row, each solved under a node budget (``--nodes``,
100,000 by default), with ``seeded=True`` (the deal's seed fixes every reshuffle,
UN-9; ``--mode unseeded``: a reshuffle is the end of known information, written to
results/uno_endgame_unseeded.md). Outcomes: win / loss / no-forced-win / budget /
reshuffle (the last two undecided). Finished positions are kept in a JSONL file
next to the results, so a stopped run carries on where it stopped.

``--regression`` runs the former fixed rows instead (deal seeds 0, 1, 2, ...; 20
per k, 10 full rounds of seeds 1000.., 10 s a position and 60 s a full round, by
seconds; ``--mode`` both by default) into results/uno_endgame_regression.md.
``--compare`` runs the new search and the former one (solver/uno/endgame_ab.py) on
20 random 4-and-4-card positions with 9 cards to draw (the rest on the discard
pile, no seeded reshuffles) and appends that table to the regression file.
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import sys
import time
from collections.abc import Iterator, Mapping
from pathlib import Path

import reach

from playable.solver.core.budget import Budget
from playable.solver.core.result import SolveResult
from playable.solver.uno.endgame import solve_position
from playable.solver.uno.players import GreedyPlayer, view_of
from playable.solver.uno.rules import Options, Phase, State, apply, random_deal

SECONDS = 10.0
ROUND_SECONDS = 60.0
PER_K = 20
ROUNDS = 10
RESULTS = reach.RESULTS / "uno_endgame_regression.md"
#: both hands at most k cards, one row each
KS = (2, 3, 4)
FULL = "full rounds (7 + 7)"
HEADER = (
    "| mode | positions | n | win | loss | no forced win | unknown (budget) "
    "| unknown (reshuffle) | decided | median s | median nodes | nodes/s |"
)


def endgames(k: int, count: int, deals: Iterator[int] | None = None) -> list[tuple[int, State]]:
    """Positions from greedy self-play: the first play-phase turn with both hands
    at most ``k`` cards, with their deal seeds (``deals``; 0, 1, 2, ... by default)."""
    found: list[tuple[int, State]] = []
    bot = GreedyPlayer()
    for seed in deals if deals is not None else itertools.count():
        if len(found) >= count:
            break
        s = random_deal(Options(), 2, seed).start()
        while not s.is_over and not (s.phase == Phase.PLAY and max(len(h) for h in s.hands) <= k):
            s = apply(s, bot.choose(view_of(s)))
        if not s.is_over:
            found.append((seed, s))
    return found


def full_rounds(count: int, deals: Iterator[int] | None = None) -> list[tuple[int, State]]:
    """Fresh deals (seeds ``deals``; 1000, 1001, ... by default): 7 cards each, the
    first card turned."""
    seeds = deals if deals is not None else itertools.count(1000)
    return [
        (seed, random_deal(Options(), 2, seed).start()) for seed in itertools.islice(seeds, count)
    ]


def label(k: int) -> str:
    return f"both hands <= {k}"


def draw(seed: int, count: int) -> Mapping[str, list[reach.Drawn[State]]]:
    """``count`` positions per row from the deals run seed ``seed`` stands for (one
    stream of deal seeds per row, so that rows do not share deals)."""
    rows = {label(k): endgames(k, count, reach.deal_seeds(f"uno_endgame/{k}", seed)) for k in KS}
    rows[FULL] = full_rounds(count, reach.deal_seeds("uno_endgame/full", seed))
    return {
        name: [reach.Drawn(name, i, deal, s) for i, (deal, s) in enumerate(found)]
        for name, found in rows.items()
    }


#: ``--rows``: the short names of the rows
ROW_NAMES = {**{str(k): label(k) for k in KS}, "full": FULL}


def solver(
    seeded: bool, engine: str = "python", rows: tuple[str, ...] | None = None
) -> reach.Spec[State]:
    """The reach benchmark in one mode: seeded reshuffles or not, the first two
    searches on ``engine`` (``python`` or ``kernel``, solver/uno/endgame.py), the
    rows ``rows`` (all by default)."""

    def solve(state: State, nodes: int) -> reach.Outcome:
        r = solve_position(state, Budget(nodes=nodes), seeded, engine)
        value = r.extra["value"]
        word = value if value != "unknown" else str(r.extra["unknown"])
        return reach.Outcome(value != "unknown", word, r.nodes, r.seconds)

    mode = "seeded" if seeded else "unseeded"
    name = "uno_endgame" + ("_kernel" if engine == "kernel" else "")
    compiled = (
        "the compiled df-pn (solver/uno/endgame_kernel.py; the seeded third search in Python)"
        if engine == "kernel"
        else "the df-pn endgame search"
    )
    return reach.Spec(
        name=name if seeded else name + "_unseeded",
        title=f"UNO endgames: share decided by the perfect-information solver ({mode})",
        about=(
            "`benchmarks/uno_endgame.py`: two-player positions from greedy self-play of "
            "deals drawn from each run seed, the first normal turn with both hands at most "
            "k cards, and full rounds (7 + 7) straight from fresh deals; each solved once "
            f"by {compiled} (docs/solver-uno.md) under the node budget, one "
            + (
                "process, the deal's seed fixing every reshuffle (UN-9). "
                if seeded
                else "process, a reshuffle being the end of known information (UN-9). "
            )
            + "Outcomes: win, loss, no-forced-win (decided), budget, cycle or reshuffle "
            "(undecided). The former fixed "
            "rows (deal seeds 0.., 10 s a position): results/uno_endgame_regression.md "
            "(`--regression`)."
        ),
        rows=rows or (*(label(k) for k in KS), FULL),
        draw=draw,
        solve=solve,
        options=f"greedy self-play; {mode}" + ("; kernel" if engine == "kernel" else ""),
    )


def row(mode: str, label: str, results: list[SolveResult]) -> str:
    values = [r.extra["value"] for r in results]
    reasons = [r.extra["unknown"] for r in results]
    decided = sum(v != "unknown" for v in values)
    seconds = sum(r.seconds for r in results)
    return (
        f"| {mode} | {label} | {len(results)} | {values.count('win')} | {values.count('loss')} "
        f"| {values.count('no-forced-win')} | {reasons.count('budget') + reasons.count('cycle')} "
        f"| {reasons.count('reshuffle')} | {100 * decided / len(results):.0f}% "
        f"| {statistics.median(r.seconds for r in results):.2f} "
        f"| {statistics.median(r.nodes for r in results):.0f} "
        f"| {sum(r.nodes for r in results) / max(seconds, 1e-9):,.0f} |"
    )


def run(mode: str) -> list[str]:
    seeded = mode == "seeded"
    rows = []
    sets = [(label(k), endgames(k, PER_K), SECONDS) for k in KS]
    sets.append((FULL, full_rounds(ROUNDS), ROUND_SECONDS))
    for name, positions, seconds in sets:
        results = [solve_position(s, Budget(seconds=seconds), seeded) for _, s in positions]
        rows.append(row(mode, name, results))
        print(rows[-1], flush=True)
    return rows


def small_positions(count: int) -> list[State]:
    """4 + 4 cards, 9 to draw, the other cards on the discard pile (seed 44)."""
    import random

    from playable.solver.uno.cards import full_deck

    rng = random.Random(44)
    out = []
    for _ in range(count):
        deck = full_deck()
        rng.shuffle(deck)
        rest = deck[17:]
        top = next(c for c in rest if c < 52)
        rest.remove(top)
        hands = (tuple(deck[:4]), tuple(deck[4:8]))
        out.append(State(Options(), hands, tuple(deck[8:17]), (*rest, top), top // 13, 0, 1))
    return out


def compare(out_file: Path) -> None:
    """The new search against the former one on the same small positions."""
    from playable.solver.uno.endgame_ab import VALUE_TEXT, Endgame

    load = os.getloadavg()
    lines = [
        "",
        "## 4 + 4 cards, 9 to draw: this search against the former one",
        "",
        "20 random positions (seed 44), the other cards on the discard pile, no seeded "
        f"reshuffles (a reshuffle is an open leaf), {SECONDS:.0f} s each. `open` = "
        "proven to depend on the reshuffle order (an exact answer); `budget` = the "
        "search ran out.",
        "",
        "| engine | win | loss | open (reshuffle) | budget | median s | median nodes |",
        "|---|---|---|---|---|---|---|",
    ]
    new: list[tuple[str, float, int]] = []
    old: list[tuple[str, float, int]] = []
    for s in small_positions(20):
        r = solve_position(s, Budget(seconds=SECONDS))
        new.append((r.extra["unknown"] or r.extra["value"], r.seconds, r.nodes))
        budget = Budget(seconds=SECONDS).start()
        former = Endgame(budget)
        v = former.deepening(s)
        text = "budget" if former.out_of_budget else VALUE_TEXT[v]
        old.append(("reshuffle" if text == "unknown" else text, budget.elapsed, former.nodes))
    for name, rows in (("df-pn (this)", new), ("alpha-beta + deepening (former)", old)):
        kinds = [k for k, _, _ in rows]
        lines.append(
            f"| {name} | {kinds.count('win')} | {kinds.count('loss')} "
            f"| {kinds.count('reshuffle')} | {kinds.count('budget')} "
            f"| {statistics.median(t for _, t, _ in rows):.2f} "
            f"| {statistics.median(n for _, _, n in rows):.0f} |"
        )
    lines.append("")
    lines.append(f"- compare: load average at start {load[0]:.2f}/{load[1]:.2f}/{load[2]:.2f}.")
    print("\n".join(lines), flush=True)
    with out_file.open("a", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")


def main() -> None:
    parser = reach.parser(__doc__, positions=100, nodes=100_000)
    parser.add_argument(
        "--mode",
        choices=("seeded", "unseeded", "both"),
        default=None,
        help="reshuffles follow the seed or not (default: seeded; both with --regression)",
    )
    parser.add_argument("--compare", action="store_true", help="df-pn against the former search")
    parser.add_argument(
        "--speed",
        action="store_true",
        help="nodes a second of both engines on the same positions (--positions per row)",
    )
    parser.add_argument(
        "--engine",
        choices=("python", "kernel"),
        default="python",
        help="the first two searches in Python (the reference) or compiled (numba)",
    )
    parser.add_argument(
        "--rows",
        type=rows_of,
        default=None,
        help="some rows only: a comma list of 2, 3, 4, full (default: all)",
    )
    args = parser.parse_args()
    if args.speed:
        speed(args)
    elif args.compare:
        compare(args.out or RESULTS)
    elif args.regression:
        regression(args.mode or "both", args.out or RESULTS)
    elif args.mode == "both":
        parser.error("--mode both needs --regression (run seeded and unseeded one at a time)")
    else:
        if args.engine == "kernel":  # compiled before any position's budget starts
            from playable.solver.uno.endgame_kernel_search import warm_up

            warm_up()
        reach.main(solver(args.mode != "unseeded", args.engine, args.rows), args)


def speed(args: argparse.Namespace) -> None:
    """Both engines on the same fresh positions (run seed ``--seed``, ``--positions``
    a row, ``--rows``), each under ``--nodes``: the same answer and node count (the
    kernel restates the Python search move for move, docs/solver-uno.md), and the
    nodes a second of CPU of each. Written to results/uno_endgame_kernel_speed.md."""
    from playable.solver.uno.endgame_kernel_search import warm_up

    warm_up()
    seed = reach.chosen_seeds(args)[0]
    rows = args.rows or tuple(ROW_NAMES.values())
    drawn = draw(seed, args.positions)
    load = os.getloadavg()
    lines = [
        "| row | positions | answers equal | nodes | Python nodes/s (CPU) | kernel nodes/s (CPU) "
        "| kernel / Python |",
        "|---|---|---|---|---|---|---|",
    ]
    for name in rows:
        totals = {"python": [0, 0.0], "kernel": [0, 0.0]}
        equal = 0
        for item in drawn[name]:
            answers = []
            for engine in ("python", "kernel"):
                cpu = time.process_time()
                r = solve_position(item.state, Budget(nodes=args.nodes), True, engine)
                totals[engine][0] += r.nodes
                totals[engine][1] += time.process_time() - cpu
                answers.append((r.extra["value"], r.extra["unknown"], r.nodes))
            equal += answers[0] == answers[1]
        rate = {e: n / max(t, 1e-9) for e, (n, t) in totals.items()}
        lines.append(
            f"| {name} | {len(drawn[name])} | {equal} | {totals['kernel'][0]:,} "
            f"| {rate['python']:,.0f} | {rate['kernel']:,.0f} "
            f"| {rate['kernel'] / rate['python']:.1f} |"
        )
        print(lines[-1], flush=True)
    end = os.getloadavg()
    text = [
        "# UNO endgames: the compiled search against the Python one, nodes a second",
        "",
        "`python benchmarks/uno_endgame.py --speed`: the positions of the reach "
        f"benchmark (run seed {seed}, the first {args.positions} of each row), seeded, "
        f"each solved by both engines under {args.nodes:,} nodes; nodes a second of "
        "CPU (process time, summed over the row, compilation excluded: warmed up first). "
        "`answers equal`: the same value, reason and node count.",
        "",
        f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on {reach.machine()}; "
        f"load (1/5/15 min) at the start {load[0]:.2f}/{load[1]:.2f}/{load[2]:.2f}, at the "
        f"end {end[0]:.2f}/{end[1]:.2f}/{end[2]:.2f}; command `{reach.command()}`.",
        "",
        *lines,
    ]
    out = args.out or reach.RESULTS / "uno_endgame_kernel_speed.md"
    reach.write_page(out, text)


def rows_of(text: str) -> tuple[str, ...]:
    """``--rows 2,full`` -> the rows' labels; an unknown name is a usage error."""
    names = [t.strip() for t in text.split(",") if t.strip()]
    bad = [n for n in names if n not in ROW_NAMES]
    if bad or not names:
        raise argparse.ArgumentTypeError(
            f"unknown row {', '.join(bad) or text!r}: choose from {', '.join(ROW_NAMES)}"
        )
    return tuple(ROW_NAMES[n] for n in names)


def regression(which: str, out_file: Path) -> None:
    """The former fixed rows, by seconds, merged into the regression file."""
    modes = ["seeded", "unseeded"] if which == "both" else [which]
    start_load = os.getloadavg()
    started = time.time()
    print(HEADER, flush=True)
    rows = [r for mode in modes for r in run(mode)]
    load = os.getloadavg()
    note = (
        f"- {', '.join(modes)}: load average (1/5/15 min) at start "
        f"{start_load[0]:.2f}/{start_load[1]:.2f}/{start_load[2]:.2f}, at end "
        f"{load[0]:.2f}/{load[1]:.2f}/{load[2]:.2f}; {time.time() - started:.0f} s wall."
    )
    old_rows: list[str] = []
    old_notes: list[str] = []
    if which != "both" and out_file.exists():
        for line in out_file.read_text(encoding="utf-8").splitlines():
            mode_row = line.startswith(("| seeded ", "| unseeded "))
            if mode_row and not line.startswith(f"| {which} "):
                old_rows.append(line)
            elif line.startswith(("- seeded", "- unseeded")) and not line.startswith(f"- {which}"):
                old_notes.append(line)
    lines = [
        "# UNO endgames: share decided by the perfect-information solver",
        "",
        "`python benchmarks/uno_endgame.py --regression`: positions from greedy "
        "self-play on seeded "
        f"deals ({PER_K} per row, budget {SECONDS:.0f} s each) and full rounds from fresh "
        f"deals ({ROUNDS}, {ROUND_SECONDS:.0f} s each); one process per mode, on a shared "
        "2-core machine. `seeded`: the deal's seed fixes every reshuffle (UN-9); "
        "`unseeded`: a reshuffle is the end of known information. Engine: df-pn "
        "(docs/solver-uno.md).",
        "",
        HEADER,
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
        *sorted(old_rows + rows, key=lambda r: (r.split("|")[1] != " seeded ", r)),
        "",
        *old_notes,
        note,
    ]
    out_file.parent.mkdir(parents=True, exist_ok=True)
    out_file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {out_file}", file=sys.stderr)


if __name__ == "__main__":
    main()
