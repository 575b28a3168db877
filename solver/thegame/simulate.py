"""The Game: many games played by hidden-information players, summarised.

Game ``i`` of a simulation with base seed ``s`` is the deal shuffled with seed
``s + i``, so two strategies simulated with the same seed meet the same deals.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass
from statistics import mean, stdev
from typing import Any

from playable.solver.core.stats import Proportion
from playable.solver.thegame.players import (
    STRATEGIES,
    GreedyPlayer,
    PlannerPlayer,
    Player,
    play_out,
)
from playable.solver.thegame.rules import Variant, deal, shuffled_deck

#: the strategies that can hear pile-level signals (TG-10, solver/thegame/signals.py)
SIGNALLING: dict[str, type[GreedyPlayer] | type[PlannerPlayer]] = {
    "greedy": GreedyPlayer,
    "planner": PlannerPlayer,
}


@dataclass(frozen=True)
class Simulation:
    """What to simulate: the variant, the strategy every player uses, for the
    sampling player the number of sampled deals per decision (None: its default), and
    whether the greedy or planner players hear pile-level signals (TG-10)."""

    variant: Variant
    strategy: str
    samples: int | None = None
    signals: bool = False

    def __post_init__(self) -> None:
        if self.strategy not in STRATEGIES:
            raise ValueError(f"unknown strategy '{self.strategy}'")
        if self.samples is not None and self.strategy != "sampling":
            raise ValueError("samples is an option of the sampling strategy only")
        if self.signals and self.strategy not in SIGNALLING:
            raise ValueError(f"signals are an option of {' and '.join(SIGNALLING)} only")

    def player(self) -> Player:
        """A fresh player of the strategy (every seat uses it)."""
        if self.signals:
            return SIGNALLING[self.strategy](signals=True)
        if self.samples is not None:
            from playable.solver.thegame.sampling import SamplingPlayer

            return SamplingPlayer(samples=self.samples)
        return STRATEGIES[self.strategy]()

    def play(self, seed: int) -> dict[str, Any]:
        """Play the deal of ``seed`` to its end; the result as a study row."""
        state = deal(self.variant, shuffled_deck(self.variant, seed))
        result = play_out(state, self.player())
        left = result.cards_left
        return {"status": "won" if left == 0 else "lost", "value": left, "turns": len(result.turns)}


def summarise(cards_left: list[int]) -> dict[str, Any]:
    """Win rate and "excellent" rate (< 10 cards left, TG-8) with 95% Wilson intervals,
    mean cards left with its standard error, and the distribution of cards left."""
    n = len(cards_left)
    return {
        "games": n,
        "wins": Proportion(sum(1 for c in cards_left if c == 0), n).to_json(),
        "excellent": Proportion(sum(1 for c in cards_left if c < 10), n).to_json(),
        "mean_cards_left": mean(cards_left) if n else None,
        "stderr_cards_left": stdev(cards_left) / n**0.5 if n > 1 else None,
        "distribution": dict(sorted(Counter(cards_left).items())),
    }


def describe(simulation: Simulation) -> dict[str, Any]:
    described: dict[str, Any] = {
        "variant": asdict(simulation.variant),
        "strategy": simulation.strategy,
    }
    if simulation.samples is not None:
        described["samples"] = simulation.samples
    if simulation.signals:
        described["signals"] = True
    return described


def store_config(simulation: Simulation) -> dict[str, Any]:
    """The arguments kept in a simulation's SQLite file (``playable simulate --db``,
    the players benchmark), which ``playable report`` reads back."""
    return {"game": "thegame", "kind": "simulation", **describe(simulation)}
