"""Sequence's part of `playable report`: its simulation files (`playable simulate
sequence --db`); Sequence has no study command."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playable.cli.io import fail
from playable.cli.study.report import ReportPart, Stored, by_kind, simulation_summary
from playable.cli.study.run import proportion_text


def _summarise(config: dict[str, Any], rows: list[Any]) -> dict[str, Any]:
    """The figures of ``playable simulate sequence --json`` from a file's rows."""
    from playable.solver.sequence.rules import Variant
    from playable.solver.sequence.simulate import Simulation, summarise

    variant = Variant(config["players"], config["sides"])
    simulation = Simulation(variant, tuple(config["bots"]), config["max_turns"])
    first = min((row["seed"] for row in rows), default=0)
    return summarise(simulation, rows, first).to_json()


def report(files: list[Stored], folder: Path | None) -> ReportPart:
    """A line per simulation: each side's bot and its wins (95% Wilson interval)."""
    studies, simulations = by_kind(files, "Sequence")
    for stored in studies:
        fail(f"{stored.file}: Sequence has no studies; not a file playable wrote")
    sims = [simulation_summary(s, _summarise) for s in simulations]
    lines = [
        f"Sequence, {s['players']} players in {s['sides']} sides, {s['games']} games: "
        + ", ".join(
            f"side {b['side'] + 1} ({b['strategy']}) wins {proportion_text(b['wins'])}"
            for b in s["bots"]
        )
        + f" ({Path(s['db']).name})"
        for s in sims
    ]
    return ReportPart({"sequence_simulations": sims}, lines)
