"""`playable solve thegame --split N --db FILE`: one search cut into parts after the
first N turns, each part solved on its own and stored as it finishes
(solver/thegame/split.py; docs/solver-thegame.md, "Split proofs")."""

from __future__ import annotations

import json as jsonlib
from contextlib import nullcontext
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from playable.cli.io import fail, stderr
from playable.cli.study import solve_missing, study_lease
from playable.solver.core.study import ResultStore

if TYPE_CHECKING:
    from playable.solver.core.result import SolveResult
    from playable.solver.thegame.notation import Deal
    from playable.solver.thegame.rules import State
    from playable.solver.thegame.split import Split

#: Deepest split offered: the parts multiply by about a thousand per solo turn.
MAX_SPLIT = 3
#: Most parts a split may have (a solo deal has about 140,000 after two turns).
MAX_PARTS = 200_000


def solve_split(
    game: Deal | State,
    turns: int,
    db: Path,
    seconds: float | None,
    nodes: int | None,
    memory: int,
    workers: int,
    scheduler: str | None,
    proof_positions: int | None,
    quiet: bool,
) -> tuple[SolveResult, Split, dict[int, dict[str, Any]]]:
    """Solve the parts of ``game`` that ``db`` lacks (each with the given budget),
    stopping at the first won part; the root's answer, the parts and every stored
    part's row by part index."""
    from playable.solver.thegame.split import PartJob, combine, game_json, split

    root = game_json(game)
    config = {
        "game": "thegame",
        "kind": "split",
        "variant": asdict(game.variant),
        "root": root,
        "turns": turns,
        "seconds": seconds,
        "nodes": nodes,
        "memory_mb": memory,
        "proofs": proof_positions is not None,
    }
    store = ResultStore(db, config)  # refuses a bad file or other arguments first
    try:
        with stderr.status(f"splitting after {turns} turn(s) ...") if not quiet else nullcontext():
            parts = split(game, turns, MAX_PARTS)
        rows = store.results()
        won = any(row.get("value") == 0 for row in rows)
    except BaseException:
        store.close()
        raise
    if won:  # a part is won: nothing left to search
        store.close()
    else:
        job = PartJob(
            game.variant,
            jsonlib.dumps(root, sort_keys=True),
            turns,
            seconds,
            nodes,
            memory,
            proof_positions,
        )
        rows = solve_missing(
            db,
            store,
            job,
            range(len(parts.parts)),
            workers,
            scheduler,
            study_lease(seconds, nodes),
            quiet,
            "parts",
            enough=lambda row: row["value"] == 0,
        )
    stored = {row["seed"]: row for row in rows}
    try:
        return combine(game, parts, stored), parts, stored
    except (KeyError, TypeError, ValueError) as error:
        fail(f"{db}: a part whose stored answer cannot be read ({type(error).__name__}: {error})")
