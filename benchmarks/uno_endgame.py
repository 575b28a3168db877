"""UNO two-player perfect-information solver: share of positions decided.

Positions come from greedy self-play on seeded 2-player deals, stopped at the
first normal turn where both hands hold at most k cards (k = 2, 3, 4; 20 each),
and full rounds (7 cards each) straight from fresh deals (10). Each is solved in
one process with 10 s a position (60 s a full round), once with ``seeded=True``
(the deal's seed fixes every reshuffle, UN-9) and once without (a reshuffle is the
end of known information). Columns: win / loss / no-forced-win / unknown (budget)
/ unknown (reshuffle), median seconds, median nodes, nodes per second (all nodes
over all seconds). Run ``python benchmarks/uno_endgame.py [seeded|unseeded|both]``
(writes benchmarks/results/uno_endgame.md; with one mode, only that mode's rows
are printed and merged into the file). ``compare`` runs the new search and the
former one (solver/uno/endgame_ab.py) on 20 random 4-and-4-card positions with 9
cards to draw (the rest on the discard pile, no seeded reshuffles) and appends that
table to the file.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

from playable.solver.core.budget import Budget
from playable.solver.core.result import SolveResult
from playable.solver.uno.endgame import solve_position
from playable.solver.uno.players import GreedyPlayer, view_of
from playable.solver.uno.rules import Options, Phase, State, apply, random_deal

SECONDS = 10.0
ROUND_SECONDS = 60.0
PER_K = 20
ROUNDS = 10
RESULTS = Path(__file__).parent / "results" / "uno_endgame.md"
HEADER = (
    "| mode | positions | n | win | loss | no forced win | unknown (budget) "
    "| unknown (reshuffle) | decided | median s | median nodes | nodes/s |"
)


def endgames(k: int, count: int) -> list[State]:
    """Positions from greedy self-play: the first play-phase turn with both hands
    at most ``k`` cards (deal seeds 0, 1, 2, ...)."""
    found: list[State] = []
    seed = 0
    bot = GreedyPlayer()
    while len(found) < count:
        s = random_deal(Options(), 2, seed).start()
        seed += 1
        while not s.is_over and not (s.phase == Phase.PLAY and max(len(h) for h in s.hands) <= k):
            s = apply(s, bot.choose(view_of(s)))
        if not s.is_over:
            found.append(s)
    return found


def full_rounds(count: int) -> list[State]:
    """Fresh deals (seeds 1000, 1001, ...): 7 cards each, the first card turned."""
    return [random_deal(Options(), 2, 1000 + i).start() for i in range(count)]


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
    sets = [(f"both hands <= {k}", endgames(k, PER_K), SECONDS) for k in (2, 3, 4)]
    sets.append(("full rounds (7 + 7)", full_rounds(ROUNDS), ROUND_SECONDS))
    for label, positions, seconds in sets:
        results = [solve_position(s, Budget(seconds=seconds), seeded) for s in positions]
        rows.append(row(mode, label, results))
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


def compare() -> None:
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
    with RESULTS.open("a", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")


def main() -> None:
    which = sys.argv[1] if len(sys.argv) > 1 else "both"
    if which == "compare":
        compare()
        return
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
    if which != "both" and RESULTS.exists():
        for line in RESULTS.read_text(encoding="utf-8").splitlines():
            mode_row = line.startswith(("| seeded ", "| unseeded "))
            if mode_row and not line.startswith(f"| {which} "):
                old_rows.append(line)
            elif line.startswith(("- seeded", "- unseeded")) and not line.startswith(f"- {which}"):
                old_notes.append(line)
    lines = [
        "# UNO endgames: share decided by the perfect-information solver",
        "",
        "`python benchmarks/uno_endgame.py`: positions from greedy self-play on seeded "
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
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {RESULTS}", file=sys.stderr)


if __name__ == "__main__":
    main()
