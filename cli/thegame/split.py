"""`playable solve thegame --split N --db FILE`: one search cut into parts after the
first N turns, each part solved on its own and stored as it finishes
(solver/thegame/split.py; docs/solver-thegame.md, "Split proofs")."""

from __future__ import annotations

import json as jsonlib
from contextlib import nullcontext
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from playable.cli.io import fail, stderr
from playable.cli.study.run import (
    check_larger,
    read_retries,
    retry_unknown,
    solve_missing,
    study_lease,
)
from playable.solver.core.retries import with_retries
from playable.solver.core.study import ResultStore

if TYPE_CHECKING:
    from playable.solver.core.result import SolveResult
    from playable.solver.thegame.notation import Deal
    from playable.solver.thegame.rules import State
    from playable.solver.thegame.split import PartJob, Split

#: Deepest split offered: the parts multiply by about a thousand per solo turn.
MAX_SPLIT = 3
#: Most parts a split may have (a solo deal has about 140,000 after two turns).
MAX_PARTS = 200_000


@dataclass(frozen=True)
class SplitRun:
    """The options of one split run: the depth, the study file, the budget of each
    part (and of the retry of the parts it leaves unknown), where parts run, and the
    prover's position limit when proofs are wanted."""

    turns: int
    db: Path
    seconds: float | None
    nodes: int | None
    memory: int
    workers: int
    scheduler: str | None
    proof_positions: int | None
    retry_seconds: float | None
    retry_nodes: int | None
    quiet: bool

    def config(self, game: Deal | State) -> dict[str, Any]:
        """The arguments stored with the run (a resumed run must match them)."""
        from playable.solver.thegame.split import game_json

        return {
            "game": "thegame",
            "kind": "split",
            "variant": asdict(game.variant),
            "root": game_json(game),
            "turns": self.turns,
            "seconds": self.seconds,
            "nodes": self.nodes,
            "memory_mb": self.memory,
            "proofs": self.proof_positions is not None,
        }

    def job(self, game: Deal | State, seconds: float | None, nodes: int | None) -> PartJob:
        from playable.solver.thegame.split import PartJob, game_json

        root = jsonlib.dumps(game_json(game), sort_keys=True)
        return PartJob(
            game.variant, root, self.turns, seconds, nodes, self.memory, self.proof_positions
        )


def _won(row: dict[str, Any]) -> bool:
    return row.get("value") == 0


def solve_split(
    game: Deal | State, run: SplitRun
) -> tuple[SolveResult, Split, dict[int, dict[str, Any]]]:
    """Solve the parts of ``game`` that the run's file lacks, stopping at the first
    won part, then retry the parts left unknown with the retry budget if one is
    given; the root's answer, the parts and each part's answer by part index."""
    from playable.solver.thegame.split import combine, split

    config = run.config(game)
    retry = None
    if run.retry_seconds is not None or run.retry_nodes is not None:
        retry = {**config, "seconds": run.retry_seconds, "nodes": run.retry_nodes}
        check_larger(config, retry)
    store = ResultStore(run.db, config)  # refuses a bad file or other arguments first
    try:
        with (
            stderr.status(f"splitting after {run.turns} turn(s) ...")
            if not run.quiet
            else nullcontext()
        ):
            parts = split(game, run.turns, MAX_PARTS)
        rows = store.results()
    except BaseException:
        store.close()
        raise
    every = range(len(parts.parts))
    if any(_won(row) for row in rows):
        store.close()
    else:
        job = run.job(game, run.seconds, run.nodes)
        lease = study_lease(run.seconds, run.nodes)
        rows = solve_missing(
            run.db, store, job, every, run.workers, run.scheduler, lease, run.quiet, "parts", _won
        )
    if retry is not None and not any(_won(row) for row in rows):
        job = run.job(game, run.retry_seconds, run.retry_nodes)
        lease = study_lease(run.retry_seconds, run.retry_nodes)
        retry_unknown(run.db, rows, retry, job, run.workers, run.scheduler, lease, run.quiet, _won)
    final, tried = with_retries(rows, read_retries(run.db, set(every)))
    stored = {row["seed"]: row for row in final}
    try:
        result = combine(game, parts, stored)
    except (KeyError, TypeError, ValueError) as error:
        fail(
            f"{run.db}: a part whose stored answer cannot be read ({type(error).__name__}: {error})"
        )
    result.extra["split"]["retries"] = [
        {("parts" if key == "deals" else key): value for key, value in stage.items()}
        for stage in tried
    ]
    return result, parts, stored
