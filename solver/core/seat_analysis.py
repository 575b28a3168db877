"""Analysis from one seat (docs/seatview.md): "with what I could see, what should I
have played?".

As bridge players do with a double-dummy solver and a dealer: deal the cards the
seat cannot see many times, uniformly among the deals consistent with its view
(``SeatViews.deal`` of the game, :mod:`playable.solver.core.seatview`), value every
candidate move on each deal with everything known (:mod:`.seat_value`), and compare
the moves by how often they succeed (:mod:`.seat_summary`).

Repeatable: deal ``i`` is drawn from a generator seeded by ``(seed, i)``
(:func:`sample_seed`), so a sample does not depend on the workers, the order in which
samples finish, or how many samples are asked for (a larger run extends a smaller
one). Honest: the analysis reads only the view (a worker gets the view's text), so
two full positions that look the same from the seat give the same document.
Resumable: with a store (an SQLite study file, :class:`~.study.ResultStore`) each
finished sample is kept and a run with the same view, seed and budget reuses it.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from playable.solver.core.budget import Budget
from playable.solver.core.engine import SearchOptions
from playable.solver.core.errors import PlayableError
from playable.solver.core.seat_summary import summarise
from playable.solver.core.seat_value import MoveValue, value_move
from playable.solver.core.study import ResultStore, run_jobs, run_study
from playable.solver.games import engine, game, views

#: the node budget of one move on one deal when none is given: the engine's leaf
#: budget (a solve of a few milliseconds) times this. For The Game (20 000 nodes) it
#: costs about 1.7 times the CPU of 5 000 nodes, whose solves are mostly fixed cost,
#: and finds far more winning lines (benchmarks/results/seat_analysis.md, two seeds)
DEFAULT_NODE_FACTOR = 20

#: Called after each finished sample: samples done, samples asked for.
OnSample = Callable[[int, int], None]


@dataclass(frozen=True)
class SeatBudget:
    """What each move gets on each deal: ``nodes`` (repeatable on any machine) and/or
    ``seconds`` of one solve, and its table memory in MiB. Without nodes or seconds,
    :data:`DEFAULT_NODE_FACTOR` times the engine's ``leaf_nodes``."""

    nodes: int | None = None
    seconds: float | None = None
    memory_mb: int = 16
    options: SearchOptions = field(default_factory=lambda: SearchOptions(line=False))

    def for_game(self, name: str) -> SeatBudget:
        if self.nodes is None and self.seconds is None:
            nodes = DEFAULT_NODE_FACTOR * engine(name).leaf_nodes
            return SeatBudget(nodes, None, self.memory_mb, self.options)
        return self

    def to_json(self) -> dict[str, Any]:
        return {
            "per": "move and deal",
            "nodes": self.nodes,
            "seconds": self.seconds,
            "memory_mb": self.memory_mb,
        }


def sample_seed(seed: int, index: int) -> int:
    """The seed of deal ``index`` of a run seeded ``seed``: a hash of both, so that
    neighbouring runs share no deals."""
    digest = hashlib.sha256(f"playable-seat:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def run_sample(
    name: str, view_text: str, seed: int, budget: SeatBudget, index: int
) -> dict[str, Any]:
    """Deal ``index``: drawn from the view's dealer and every candidate move valued on
    it (a worker's job: it gets the view's text only). The result is a study row
    (``status`` ``done``), the moves in the order of the view's legal moves."""
    started = time.perf_counter()
    seats = views(name)
    rules, found = game(name), engine(name)
    found.warm_up()
    view = seats.parse(view_text, "<view>")
    rng = random.Random(sample_seed(seed, index))
    state = seats.deal(view, rng)
    values = [
        value_move(
            rules,
            found,
            state,
            move,
            seats.seat(view),
            Budget(budget.seconds, budget.nodes, budget.memory_mb),
            budget.options,
            rng,
        )
        for move in seats.legal_moves(view)
    ]
    return {
        "status": "done",
        "moves": [v.to_json() for v in values],
        "nodes": sum(v.nodes for v in values),
        "seconds": time.perf_counter() - started,
    }


def analyse_view(
    name: str,
    view: Any,
    samples: int,
    *,
    seed: int = 0,
    budget: SeatBudget | None = None,
    workers: int = 1,
    store: Path | None = None,
    on_sample: OnSample | None = None,
) -> dict[str, Any]:
    """The analysis document of ``view`` (game ``name``; docs/json.md, kind
    ``seat-analysis``) over ``samples`` deals seeded by ``seed``, on ``workers``
    processes, kept in ``store`` when given (see the module docstring)."""
    seats = views(name)
    if samples < 1:
        raise PlayableError(f"samples must be at least 1, got {samples}")
    seat, mover = seats.seat(view), seats.to_move(view)
    if seat != mover:
        raise PlayableError(f"seat {seat + 1} is not to move (player {mover + 1} is)")
    moves = seats.legal_moves(view)
    if not moves:
        raise PlayableError(f"seat {seat + 1} has no legal move: the game is over")
    chosen = (budget or SeatBudget()).for_game(name)
    text = seats.format(view)
    job = partial(run_sample, name, text, seed, chosen)
    started = time.perf_counter()
    rows: dict[int, dict[str, Any]] = {}

    def finished(index: int, row: dict[str, Any]) -> None:
        rows[index] = row
        if result_store is not None:
            result_store.record(index, row)
        if on_sample is not None:
            on_sample(len(rows), samples)

    result_store: ResultStore | None = None
    if store is None:
        run_jobs(job, range(samples), finished, workers)
    else:
        config = {
            "kind": "study",
            "analysis": "seat",
            "game": name,
            "view": text,
            "seed": seed,
            **{f"budget_{k}": v for k, v in chosen.to_json().items()},
        }
        result_store = ResultStore(store, config)
        try:
            for row in result_store.results():
                if row["seed"] < samples:
                    rows[row.pop("seed")] = row
            run_study(result_store, job, range(samples), finished, workers)
            rows.update(
                (row.pop("seed"), row) for row in result_store.results() if row["seed"] < samples
            )
        finally:
            result_store.close()
    ordered = [rows[i] for i in range(samples)]
    values = [[MoveValue.from_json(m) for m in row["moves"]] for row in ordered]
    document = summarise(game(name), [str(m) for m in moves], values)
    return {
        "game": name,
        "kind": "seat-analysis",
        "seat": seat,
        "view": seats.to_json(view),
        "samples": samples,
        "seed": seed,
        "budget": chosen.to_json(),
        **document,
        "nodes": sum(int(row["nodes"]) for row in ordered),
        "seconds": round(time.perf_counter() - started, 3),
    }
