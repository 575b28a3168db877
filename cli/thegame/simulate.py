"""`playable simulate thegame`: hidden-information players over many deals."""

from __future__ import annotations

from functools import partial
from typing import Annotated, Any

import typer
from rich.table import Table

from playable.cli.io import fail, print_json, stdout
from playable.cli.option_groups import with_options
from playable.cli.options import Bots, Json, Workers, renamed, team_bot
from playable.cli.simulate import Games, GameSeed, SimulationDb, simulate_rows
from playable.cli.thegame.options import VariantOptions
from playable.solver.core.stats import Proportion
from playable.solver.thegame.players import STRATEGIES
from playable.solver.thegame.simulate import (
    SIGNALLING,
    Simulation,
    describe,
    store_config,
    summarise,
)


@with_options("options", VariantOptions, in_place=True)
def simulate_command(
    bot: Bots = None,
    games: Games = 100,
    seed: GameSeed = 0,
    *,
    options: VariantOptions,
    workers: Workers = 2,
    samples: Annotated[
        int | None,
        typer.Option(
            help="Sampling player: deals of the unseen cards its two finalists are "
            "compared on, per decision. [default: 128]",
            min=1,
            max=1_000_000,
            show_default=False,
        ),
    ] = None,
    signals: Annotated[
        bool,
        typer.Option(
            "--signals",
            help="Greedy and planner players hear pile-level remarks ('leave pile p to "
            "me', TG-10).",
        ),
    ] = False,
    db: SimulationDb = None,
    json: Json = False,
    strategy: Annotated[str | None, typer.Option("--strategy", hidden=True)] = None,
) -> None:
    """Play GAMES deals with a hidden-information player (--bot greedy, planner or
    sampling; the whole team plays it): win rate with a 95% interval, cards left
    (mean and distribution), share of excellent games (< 10 left, TG-8)."""
    (strategy,) = team_bot(
        renamed("--strategy", "--bot", None if strategy is None else [strategy], bot), STRATEGIES
    )
    if samples is not None and strategy != "sampling":
        fail("--samples is an option of --bot sampling only")
    if signals and strategy not in SIGNALLING:
        fail(f"--signals is an option of --bot {' and '.join(SIGNALLING)} only")
    simulation = Simulation(options.variant(), strategy, samples, signals)
    seeds = range(seed, seed + games)
    job = partial(_play, simulation)
    rows = simulate_rows(
        job, seeds, store_config(simulation), db, workers, f"simulate {strategy}", json
    )
    summary = {
        "game": "thegame",
        **describe(simulation),
        "seeds": [seed, seed + games - 1],
        **summarise([row["value"] for row in rows]),
    }
    if json:
        print_json(summary)
        return
    stdout.print(render(summary))


def _play(simulation: Simulation, seed: int) -> dict[str, Any]:
    return simulation.play(seed)


def render(summary: dict[str, Any]) -> Table:
    def proportion(key: str) -> str:
        return str(Proportion(summary[key]["successes"], summary[key]["trials"]))

    table = Table(title=f"The Game, {summary['strategy']} player", show_header=False)
    variant = summary["variant"]
    table.add_row("variant", ", ".join(f"{k}={v}" for k, v in variant.items()))
    if "samples" in summary:
        table.add_row("sampled deals per decision", str(summary["samples"]))
    if summary.get("signals"):
        table.add_row("pile-level signals (TG-10)", "heard")
    table.add_row(
        "games", f"{summary['games']} (deal seeds {summary['seeds'][0]}..{summary['seeds'][1]})"
    )
    table.add_row("wins (95% Wilson)", proportion("wins"))
    table.add_row("excellent, < 10 left", proportion("excellent"))
    table.add_row(
        "mean cards left",
        f"{summary['mean_cards_left']:.2f} ± {1.96 * (summary['stderr_cards_left'] or 0):.2f}",
    )
    histogram = " ".join(f"{k}:{v}" for k, v in summary["distribution"].items())
    table.add_row("cards left: games", histogram)
    return table


def register(verbs: dict[str, typer.Typer]) -> None:
    verbs["simulate"].command("thegame")(simulate_command)
