"""Face to Face: games between two bots, one game per seed, summarised from the rows.

The game of seed ``s`` deals both decks with ``shuffled_decks(variant, s)`` (FF-1);
bot A sits in seat 0 and bot B in seat 1, and seat ``s mod 2`` starts (FF-7), so A
starts the games of even seed and B those of odd seed. Each bot samples with its
own generator (seeded ``2s`` and ``2s + 1``), never the deal's. A game's row depends
on its seed alone, so a run split over worker processes, or interrupted and resumed
(``playable simulate facetoface --db``), gives the same summary.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from playable.solver.core.stats import Proportion
from playable.solver.facetoface.notation import Deal
from playable.solver.facetoface.players import STRATEGIES, make_player, play_game
from playable.solver.facetoface.rules import Play, State, Variant, shuffled_decks


@dataclass(frozen=True)
class Simulation:
    """What to simulate: the variant (cards 2..max_card) and A's and B's bots."""

    variant: Variant
    a: str
    b: str

    def __post_init__(self) -> None:
        for name in (self.a, self.b):
            if name not in STRATEGIES:
                raise ValueError(f"unknown strategy '{name}'")

    def play(self, seed: int) -> dict[str, Any]:
        """The game of ``seed`` played to its end (FF-6); its row: ``status`` ``won``
        or ``lost`` for A, ``value`` the winning seat, ``starter`` and ``turns``."""
        deck_a, deck_b = shuffled_decks(self.variant, seed)
        starter = seed % 2
        start = Deal(self.variant, tuple(deck_a), tuple(deck_b)).start(starter)
        players = (make_player(self.a, 2 * seed), make_player(self.b, 2 * seed + 1))
        result = play_game(start, players, random.Random(seed))
        return {
            "status": "won" if result.winner == 0 else "lost",
            "value": result.winner,
            "starter": starter,
            "turns": len(result.turns),
        }


def store_config(simulation: Simulation) -> dict[str, Any]:
    """The arguments a simulation's SQLite file keeps (``simulate --db``)."""
    return {
        "game": "facetoface",
        "kind": "simulation",
        "a": simulation.a,
        "b": simulation.b,
        "max_card": simulation.variant.max_card,
    }


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """A's wins, A's wins in the games A started, the first player's wins (all as
    proportions with 95% Wilson intervals) and the mean number of turns."""
    games = len(rows)
    a_started = [r for r in rows if r["starter"] == 0]
    return {
        "games": games,
        "a_wins": Proportion(sum(r["value"] == 0 for r in rows), games).to_json(),
        "a_wins_when_starting": Proportion(
            sum(r["value"] == 0 for r in a_started), len(a_started)
        ).to_json(),
        "first_player_wins": Proportion(
            sum(r["value"] == r["starter"] for r in rows), games
        ).to_json(),
        "mean_turns": sum(r["turns"] for r in rows) / games if games else 0.0,
    }


class SeatBots:
    """The bots of both seats playing a game out turn by turn (``playable play``):
    ``turn(state)`` is the plays of the player to move's whole turn, chosen by that
    seat's bot on what the seat sees (solver/facetoface/players.py). The bots are
    seeded as in :meth:`Simulation.play` (``2 seed`` and ``2 seed + 1``, the game's
    stream ``seed``), so the game of a seed plays out alike in both."""

    def __init__(self, names: tuple[str, str], seed: int = 0) -> None:
        self.players = (make_player(names[0], 2 * seed), make_player(names[1], 2 * seed + 1))
        self.rng = random.Random(seed)

    def turn(self, state: State) -> list[Play]:
        return self.players[state.to_move].choose_turn(state, self.rng)

    def saw(self, before: State, move: object, after: State) -> None:
        """Face to Face's bots keep no record of the moves (the piles show them)."""
