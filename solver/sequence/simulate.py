"""Sequence: games between bots, win rates with 95% Wilson intervals, and fixed
sets of positions taken from simulated games (for tests and benchmarks).

Every game is played through the reference rules. Seats rotate: the game of seed
``g`` is started by player ``g mod players``, so no side keeps the first move; its
deal is ``shuffled_deck(g)``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from playable.solver.core.stats import Proportion
from playable.solver.sequence.players import STRATEGIES, GreedyPlayer, Player, play_game
from playable.solver.sequence.rules import (
    Move,
    State,
    Variant,
    apply,
    deal,
    legal_moves,
    shuffled_deck,
)


@dataclass(frozen=True)
class SimulationResult:
    """Wins of each side over ``games`` games; ``unfinished``: hit the turn limit."""

    variant: Variant
    strategies: tuple[str, ...]
    games: int
    wins: tuple[int, ...]
    unfinished: int
    mean_turns: float
    seed: int

    def rate(self, side: int) -> Proportion:
        return Proportion(self.wins[side], self.games)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "sequence",
            "players": self.variant.players,
            "sides": self.variant.sides,
            "games": self.games,
            "seed": self.seed,
            "unfinished": self.unfinished,
            "mean_turns": self.mean_turns,
            "bots": [  # docs/json.md: one entry per seat or side, wins as a proportion
                {"side": s, "strategy": self.strategies[s], "wins": self.rate(s).to_json()}
                for s in range(self.variant.sides)
            ],
        }


def make_players(variant: Variant, strategies: Sequence[str], seed: int) -> list[Player]:
    """One bot per player; player ``p`` plays its side's strategy (SQ-3 seating)."""
    players: list[Player] = []
    for p in range(variant.players):
        name = strategies[variant.side_of(p)]
        if name == "random":
            players.append(STRATEGIES["random"](seed=seed * 100 + p))
        else:
            players.append(STRATEGIES[name]())
    return players


@dataclass(frozen=True)
class Simulation:
    """Games between one bot per side (``strategies[s]`` plays side ``s``), at most
    ``max_turns`` turns each. The game of seed ``g`` deals ``shuffled_deck(g)`` and is
    started by player ``g mod players``, so no side keeps the first move; its row
    depends on its seed alone, so a run split over worker processes, or interrupted
    and resumed (``playable simulate sequence --db``), gives the same summary."""

    variant: Variant
    strategies: tuple[str, ...]
    max_turns: int = 2000

    def __post_init__(self) -> None:
        if len(self.strategies) != self.variant.sides:
            raise ValueError(
                f"give one strategy per side ({self.variant.sides}), got {len(self.strategies)}"
            )

    def play(self, seed: int) -> dict[str, Any]:
        """The game of ``seed`` as a row: ``status`` ``won`` or ``unfinished`` (the
        turn limit), ``value`` the winning side (-1: none), ``turns``."""
        state = deal(self.variant, shuffled_deck(seed), seed % self.variant.players)
        record = play_game(state, make_players(self.variant, self.strategies, seed), self.max_turns)
        won = record.winner is not None
        return {
            "status": "won" if won else "unfinished",
            "value": record.winner if won else -1,
            "turns": record.turns,
        }


def store_config(simulation: Simulation) -> dict[str, Any]:
    """The arguments a simulation's SQLite file keeps (``simulate sequence --db``)."""
    return {
        "game": "sequence",
        "kind": "simulation",
        "players": simulation.variant.players,
        "sides": simulation.variant.sides,
        "bots": list(simulation.strategies),
        "max_turns": simulation.max_turns,
    }


def summarise(
    simulation: Simulation, rows: Sequence[dict[str, Any]], seed: int
) -> SimulationResult:
    """The wins of each side over the game rows (``seed``: the first game's)."""
    wins = [0] * simulation.variant.sides
    for row in rows:
        if row["value"] >= 0:
            wins[row["value"]] += 1
    games = len(rows)
    return SimulationResult(
        simulation.variant,
        simulation.strategies,
        games,
        tuple(wins),
        sum(1 for row in rows if row["value"] < 0),
        sum(row["turns"] for row in rows) / max(games, 1),
        seed,
    )


def simulate(
    variant: Variant,
    strategies: Sequence[str],
    games: int,
    seed: int = 0,
    max_turns: int = 2000,
) -> SimulationResult:
    """Play ``games`` games (seeds ``seed``.. ``seed + games - 1``) in this process,
    side ``s`` played by ``strategies[s]``."""
    simulation = Simulation(variant, tuple(strategies), max_turns)
    rows = [simulation.play(g) for g in range(seed, seed + games)]
    return summarise(simulation, rows, seed)


class SeatBots:
    """The bots of every side playing a game out move by move (``playable play``):
    ``turn(state)`` is the move of the player to move, chosen by its side's bot from
    what that player sees (solver/sequence/players.py). Random bots are seeded as in
    :meth:`Simulation.play` (``100 seed + player``)."""

    def __init__(self, variant: Variant, names: Sequence[str], seed: int = 0) -> None:
        self.players = make_players(variant, names, seed)

    def turn(self, state: State) -> list[Move]:
        return [self.players[state.to_move].choose(state)]

    def saw(self, before: State, move: Move, after: State) -> None:
        """Sequence's bots keep no record of the moves (board and discards show them)."""


def sample_positions(
    count: int,
    seed: int,
    variants: Sequence[tuple[int, int]] = ((2, 2), (3, 3), (4, 2), (6, 3), (10, 2), (12, 3)),
    min_known_draw: int = 30,
    threat_share: float = 0.6,
) -> list[State]:
    """``count`` positions from games of greedy bots with 30% random moves.

    Each game stops at a random turn; the position is kept when nobody has won and
    at least ``min_known_draw`` cards remain in the draw pile (so a short search
    never reaches SQ-9). About ``threat_share`` of them are taken at the first turn
    where the side to move has a line needing one chip (to include wins).
    """
    from playable.solver.sequence.analysis import threats

    rng = random.Random(seed)
    greedy = GreedyPlayer()
    found: list[State] = []
    while len(found) < count:
        variant = Variant(*variants[rng.randrange(len(variants))])
        state = deal(variant, shuffled_deck(rng.randrange(2**31)), 0)
        stop = rng.randrange(8, 120)
        want_threat = rng.random() < threat_share
        for turn in range(stop):
            if state.winner is not None:
                break
            if want_threat and turn > 4 and threats(state, state.side):
                break
            moves = legal_moves(state)
            move = greedy.choose(state) if rng.random() < 0.7 else rng.choice(moves)
            state = apply(state, move)
        if state.winner is None and len(state.draw) >= min_known_draw:
            found.append(state)
    return found
