"""Benchmark: does every search stop within its time budget (5%)?

``playable solve FILE --seconds S`` promises an answer after about S seconds. Each
search checks the clock between pieces of work (kernel slices, tree simulations, the
moves of an analysis); a piece that runs longer than the time left overshoots. This
benchmark measures it on fresh positions: for each game, ``--positions`` positions
drawn from run seed ``--seed`` by that game's reach benchmark (the hardest row, so
that most searches run out of time), and for each position the engine's calls that
take one shared seconds budget, each timed on the wall clock around the call:

* ``solve``: ``Engine.solve`` (the exact search; Sequence within 15 own turns);
* ``analyse``: ``Engine.analyse`` (Face to Face, UNO and Sequence share one budget
  among the moves; The Game gives every move a budget of its own, so its analysis
  is not one budget and is left out);
* ``estimate``: the tree search of ``playable analyse``/``solve`` where nothing is
  proven (``anytime.estimate``).

The kernels are loaded before the first call (``Engine.warm_up``), as the commands do
before any budget starts. A call *kept* its budget when it returned within 5% of it;
the table gives, per game and call, how many calls
ran into the budget (stopped at 95% of it or later) and, of all calls, the median and
largest ratio of wall time to budget and the deal seeds of those over 5%. Seconds
depend on the machine and its load (given in the header): a search that keeps its
budget on a busy machine keeps it on a quiet one.

Every finished call is kept in ``--jsonl`` (default results/budget_keeping.jsonl),
keyed by the options, run seed, game, call and index, so a stopped run resumes.

    python benchmarks/budget_keeping.py --seed 1 --positions 100 --seconds 2
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import reach

from playable.solver.core.anytime import estimate
from playable.solver.core.budget import Budget
from playable.solver.core.engine import SearchOptions
from playable.solver.games import engine

RESULTS = Path(__file__).parent / "results"
#: what the results page says it measures
ABOUT = (
    "`benchmarks/budget_keeping.py`: for each game, fresh positions drawn from the run "
    "seed by the game's reach benchmark (its hardest row: Face to Face <= 32 cards left, "
    "UNO full rounds, Sequence a forced win within 15 own turns, The Game solo with the "
    "expert minimum), and for each position three calls under one seconds budget, timed "
    "on the wall clock around the call after the kernels were loaded: `solve` "
    "(`Engine.solve`), `analyse` (`Engine.analyse`; The Game gives every move a budget of "
    "its own, so it is left out) and `estimate` (the tree search that answers where "
    "nothing is proven, `anytime.estimate`). *Kept*: the call returned within 5% of its "
    "budget; *ran into the budget*: it took at least 95% of it (the others finished "
    "sooner). One process, on a machine shared with the other runs named in the notes."
)
GAMES = ("thegame", "facetoface", "uno", "sequence")
CALLS = ("solve", "analyse", "estimate")
#: a budget is kept when the call returns within this share over it
KEPT = 1.05
#: a call ran into its budget when it took at least this share of it
RAN_OUT = 0.95
#: Sequence's horizon (own turns): deep enough that the search runs out of time
SEQUENCE_TURNS = 15
MEMORY_MB = 64


@dataclass(frozen=True)
class Position:
    """A drawn position: the game, its index, its deal seed, the state."""

    game: str
    index: int
    deal: int
    state: Any


def positions(game: str, seed: int, count: int) -> list[Position]:
    """``count`` positions of ``game`` from run seed ``seed``, drawn by the game's
    reach benchmark (its hardest row)."""
    if game == "facetoface":
        import facetoface_solve

        drawn: Sequence[reach.Drawn[Any]] = facetoface_solve.draw(seed, count)[
            facetoface_solve.label("32")
        ]
        return [Position(game, d.index, d.deal, d.state) for d in drawn]
    if game == "uno":
        import uno_endgame

        drawn = uno_endgame.draw(seed, count)[uno_endgame.FULL]
        return [Position(game, d.index, d.deal, d.state) for d in drawn]
    if game == "sequence":
        import sequence_search

        drawn = sequence_search.drawer((SEQUENCE_TURNS,))(seed, count)[
            sequence_search.label(SEQUENCE_TURNS)
        ]
        return [Position(game, d.index, d.deal, d.state[1]) for d in drawn]
    import thegame_solve

    spec = thegame_solve.reach_spec([(1, True)], MEMORY_MB, True)
    drawn = spec.draw(seed, count)[thegame_solve.label(1, True)]
    return [Position(game, d.index, d.deal, d.state.start()) for d in drawn]


def calls_of(game: str, wanted: Sequence[str]) -> list[str]:
    """The calls measured for ``game`` (The Game's analysis is one budget a move)."""
    return [c for c in wanted if not (game == "thegame" and c == "analyse")]


def run_call(game: str, call: str, state: Any, seconds: float) -> tuple[float, float, str]:
    """Wall and CPU seconds of one call under a ``seconds`` budget, and what it
    answered (a call over its budget with far less CPU than wall time waited for a
    core: the machine was busy)."""
    found = engine(game)
    options = SearchOptions(depth=SEQUENCE_TURNS, memory_mb=MEMORY_MB)

    def budget() -> Budget:
        return Budget(seconds=seconds, memory_mb=MEMORY_MB)

    started, cpu = time.perf_counter(), time.process_time()
    if call == "solve":
        answer = found.solve(state, budget(), options).status.value
    elif call == "analyse":
        document = found.analyse(state, budget, options)
        answer = "proven" if found.best_proven(document) else "open"
    else:
        result = estimate(game, state, budget())
        answer = "proven" if result.proven else "estimate"
    return time.perf_counter() - started, time.process_time() - cpu, answer


class Store(reach.JsonLines):
    """Finished calls by (run seed, game, call, index)."""

    def __init__(self, path: Path, options: str) -> None:
        self.done: dict[tuple[int, str, str, int], dict[str, Any]] = {}
        super().__init__(path, options)

    def _read(self, item: dict[str, Any]) -> None:
        key = (int(item["seed"]), str(item["game"]), str(item["call"]), int(item["index"]))
        float(item["wall"])  # a line without a readable time is skipped (JsonLines)
        self.done.setdefault(key, item)

    def put(
        self, seed: int, position: Position, call: str, wall: float, cpu: float, answer: str
    ) -> None:
        record = {
            "seed": seed,
            "game": position.game,
            "call": call,
            "index": position.index,
            "deal": position.deal,
            "wall": round(wall, 4),
            "cpu": round(cpu, 4),
            "answer": answer,
        }
        item = self._append(record)
        self.done[(seed, position.game, call, position.index)] = item


def measure(
    seed: int, games: Sequence[str], calls: Sequence[str], count: int, seconds: float, store: Store
) -> Iterator[tuple[str, str, list[dict[str, Any]]]]:
    """Run every call not yet in ``store``; yield each (game, call) with its records."""
    for game in games:
        engine(game).warm_up()
        drawn = positions(game, seed, count)
        for call in calls_of(game, calls):
            records = []
            for position in drawn:
                key = (seed, game, call, position.index)
                if key not in store.done:
                    wall, cpu, answer = run_call(game, call, position.state, seconds)
                    store.put(seed, position, call, wall, cpu, answer)
                    print(
                        f"[{game} {call}] {position.index + 1}/{len(drawn)} {wall:.3f} s {answer}",
                        file=sys.stderr,
                        flush=True,
                    )
                records.append(store.done[key])
            yield game, call, records


def row(game: str, call: str, records: list[dict[str, Any]], seconds: float) -> str:
    """One table row: calls, how many ran out, kept, median and largest ratio, the
    deal seeds over."""
    ratios = [float(r["wall"]) / seconds for r in records]
    ran_out = sum(r >= RAN_OUT for r in ratios)
    over = [r for r in records if float(r["wall"]) / seconds > KEPT]
    kept = len(records) - len(over)
    worst = ", ".join(
        f"{r['deal']} ({float(r['wall']):.2f} s"
        + (f", CPU {float(r['cpu']):.2f} s)" if "cpu" in r else ")")
        for r in over[:6]
    )
    if len(over) > 6:
        worst += f", ... ({len(over)} in all)"
    return (
        f"| {game} | {call} | {len(records)} | {ran_out} | {kept}/{len(records)} | "
        f"{statistics.median(ratios):.3f} | {max(ratios):.3f} | {worst or '-'} |"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = reach.Parser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seed", type=reach.seed_value, required=True, help="the run seed")
    parser.add_argument("--positions", type=reach.positive, default=100, help="per game")
    parser.add_argument("--seconds", type=float, default=2.0, help="the budget of a call")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--calls", default=",".join(CALLS))
    parser.add_argument("--jsonl", type=Path, default=RESULTS / "budget_keeping.jsonl")
    parser.add_argument("--out", type=Path, default=RESULTS / "budget_keeping.md")
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    calls = [c for c in args.calls.split(",") if c]
    if not set(games) <= set(GAMES) or not set(calls) <= set(CALLS) or not games or not calls:
        parser.error(f"--games from {','.join(GAMES)}, --calls from {','.join(CALLS)}")
    if not 0 < args.seconds < 3600:
        parser.error("--seconds wants a number of seconds in (0, 3600)")
    reach.interruptible()
    code = reach.solver_digest()
    store = Store(args.jsonl, f"seconds={args.seconds}; solver {code}")
    load = os.getloadavg()
    clock = (time.perf_counter(), time.process_time())
    rows = [
        row(game, call, records, args.seconds)
        for game, call, records in measure(
            args.seed, games, calls, args.positions, args.seconds, store
        )
    ]
    lines = [
        "# Time budgets: does every search stop within 5% of its seconds?",
        "",
        ABOUT,
        "",
        reach.measured(args.seed, code, load, clock, args.jsonl)
        + f" Budget {args.seconds:g} s a call.",
        "",
        "| game | call | calls | ran into the budget | kept (<= 5% over) "
        "| median wall / budget | largest | over 5%: deal seeds (wall, CPU) |",
        "|---|---|---|---|---|---|---|---|",
        *rows,
    ]
    reach.write_page(args.out, lines)


if __name__ == "__main__":
    main()
