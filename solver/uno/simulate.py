"""UNO matches between bots, played through the reference rules, scored to 500.

* UN-2 (simulator feature): the first dealer is chosen by each player drawing a
  card from a shuffled deck; the highest number deals, action cards and wilds count
  0, and tied players draw again. **Decision:** the deal then passes to the left
  each round.
* UN-8: a bot that plays its next-to-last card calls UNO unless it forgets (with
  probability ``forget_uno``); a forgotten call is always caught (**decision**: the
  other players are attentive) and the player draws 2 before the next turn.
* UN-10: standard or alternative scoring to ``options.target`` (500).

A round that has not ended after ``max_moves`` decisions is abandoned and scores
nothing (it only happens when no card is left to draw and nobody can play); the
count of abandoned rounds is reported.

One match per seed (:class:`Simulation`); seats rotate with the seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from playable.solver.core.stats import Proportion
from playable.solver.uno.cards import full_deck, symbol_of
from playable.solver.uno.notation import options_to_json
from playable.solver.uno.players import Player, VoidTracker, decide, make_player
from playable.solver.uno.rules import (
    Move,
    Options,
    Play,
    State,
    apply,
    legal_moves,
    match_winner,
    random_deal,
    round_scores,
    uno_penalty,
)

MAX_MOVES = 20000


def dealer_value(card: int) -> int:
    """UN-2: the value of a card drawn to choose the dealer (action cards, wilds 0)."""
    symbol = symbol_of(card)
    return symbol if symbol < 10 else 0


def highest_drawers(draws: dict[int, int]) -> list[int]:
    """UN-2: the players whose drawn card has the highest value (more than one: tie)."""
    best = max(dealer_value(c) for c in draws.values())
    return [p for p, c in draws.items() if dealer_value(c) == best]


def choose_dealer(players: int, rng: random.Random) -> int:
    """UN-2: every contender draws a card; the highest number deals; ties draw again."""
    contenders = list(range(players))
    while len(contenders) > 1:
        deck = full_deck()
        rng.shuffle(deck)
        contenders = highest_drawers({p: deck[i] for i, p in enumerate(contenders)})
    return contenders[0]


@dataclass
class RoundRecord:
    winner: int  # -1 when abandoned
    scores: list[int]
    moves: int
    uno_penalties: int
    final: State


def play_round(
    state: State,
    players: Sequence[Player],
    rng: random.Random,
    forget_uno: float = 0.0,
    max_moves: int = MAX_MOVES,
) -> RoundRecord:
    """Play one round from ``state`` to its end; every move is checked by the rules."""
    penalties = 0
    moves = 0
    voids = VoidTracker(state.players)
    while not state.is_over and moves < max_moves:
        mover = state.to_move
        move = decide(players[mover], state, voids.snapshot())
        if move not in legal_moves(state):
            raise AssertionError(f"bot {players[mover].name} chose an illegal move {move}")
        before, state = state, apply(state, move)
        voids.update(before, move, state)
        moves += 1
        if (
            isinstance(move, Play)
            and not state.is_over
            and len(state.hands[mover]) == 1
            and rng.random() < forget_uno
        ):
            state = uno_penalty(state, mover)  # UN-8: caught, draws 2
            voids.voids[mover].clear()
            penalties += 1
    if not state.is_over:
        return RoundRecord(-1, [0] * state.players, moves, penalties, state)
    return RoundRecord(state.winner, round_scores(state), moves, penalties, state)


@dataclass
class MatchRecord:
    winner: int
    totals: list[int]
    rounds: int
    abandoned: int
    uno_penalties: int
    round_wins: list[int] = field(default_factory=list)


def play_match(
    strategies: Sequence[str],
    options: Options,
    seed: int,
    forget_uno: float = 0.0,
    max_rounds: int = 1000,
) -> MatchRecord:
    """A match to ``options.target`` (UN-10) between the given bots, one per seat."""
    n = len(strategies)
    rng = random.Random(f"uno-match:{seed}")
    players = [make_player(s, seed * 100 + p) for p, s in enumerate(strategies)]
    dealer = choose_dealer(n, rng)
    totals = [0] * n
    round_wins = [0] * n
    abandoned = penalties = rounds = 0
    while rounds < max_rounds:
        deal = random_deal(options, n, rng.randrange(2**62), dealer)
        record = play_round(deal.start(), players, rng, forget_uno)
        rounds += 1
        penalties += record.uno_penalties
        if record.winner < 0:
            abandoned += 1
        else:
            round_wins[record.winner] += 1
            totals = [t + s for t, s in zip(totals, record.scores, strict=True)]
            winner = match_winner(totals, options)
            if winner is not None:
                return MatchRecord(winner, totals, rounds, abandoned, penalties, round_wins)
        dealer = (dealer + 1) % n
    return MatchRecord(-1, totals, rounds, abandoned, penalties, round_wins)


@dataclass(frozen=True)
class Simulation:
    """Matches between named bots, one per seat, with seats rotated: the match of seed
    ``s`` shifts every bot ``s mod n`` seats to the left, so no strategy keeps one
    seat. A match's row depends on its seed alone, so a run split over worker
    processes, or interrupted and resumed (``playable simulate uno --db``), gives
    the same tally."""

    names: tuple[str, ...]
    options: Options
    forget_uno: float = 0.0

    def seats(self, seed: int) -> list[str]:
        """The bot of each seat in the match of ``seed``."""
        n = len(self.names)
        shift = seed % n
        return [self.names[(s - shift) % n] for s in range(n)]

    def play(self, seed: int) -> dict[str, Any]:
        """The match of ``seed`` as a row, credited to the bots (not the seats):
        ``status`` ``finished`` or ``unfinished``, ``value`` the winning bot (-1:
        none), ``points`` per bot, ``rounds``, ``abandoned``, ``uno_penalties``."""
        n = len(self.names)
        shift = seed % n
        record = play_match(self.seats(seed), self.options, seed, self.forget_uno)
        points = [0] * n
        for seat in range(n):
            points[(seat - shift) % n] = record.totals[seat]
        winner = -1 if record.winner < 0 else (record.winner - shift) % n
        return {
            "status": "finished" if winner >= 0 else "unfinished",
            "value": winner,
            "points": points,
            "rounds": record.rounds,
            "abandoned": record.abandoned,
            "uno_penalties": record.uno_penalties,
        }


@dataclass
class Tally:
    """The matches of a simulation summed per bot (:meth:`Simulation.play` rows)."""

    names: list[str]
    games: int
    wins: list[int]
    points: list[int]
    rounds: int
    abandoned: int
    uno_penalties: int
    unfinished: int


def tally(names: Sequence[str], rows: Sequence[dict[str, Any]]) -> Tally:
    """The tally of match rows between the bots ``names``."""
    n = len(names)
    total = Tally(list(names), len(rows), [0] * n, [0] * n, 0, 0, 0, 0)
    for row in rows:
        total.rounds += row["rounds"]
        total.abandoned += row["abandoned"]
        total.uno_penalties += row["uno_penalties"]
        total.unfinished += row["value"] < 0
        for bot in range(n):
            total.points[bot] += row["points"][bot]
        if row["value"] >= 0:
            total.wins[row["value"]] += 1
    return total


def summarise(names: Sequence[str], rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The figures of match rows between the bots ``names`` (``playable simulate uno
    --json`` and ``playable report``): the matches, each seat's bot with its wins (95% Wilson
    interval) and mean points, rounds, abandoned rounds, unfinished matches and UNO
    penalties."""
    summed = tally(names, rows)
    games = len(rows)
    return {
        "games": games,
        "bots": [
            {
                "player": b,
                "strategy": names[b],
                "wins": Proportion(summed.wins[b], games).to_json(),
                "mean_points": summed.points[b] / games if games else 0.0,
            }
            for b in range(len(names))
        ],
        "rounds": summed.rounds,
        "abandoned_rounds": summed.abandoned,
        "unfinished_matches": summed.unfinished,
        "uno_penalties": summed.uno_penalties,
    }


def run_matches(
    names: Sequence[str], games: int, seed: int, options: Options, forget_uno: float = 0.0
) -> Tally:
    """``games`` matches (seeds ``seed``, ``seed + 1``, ...) between the bots, in this
    process."""
    simulation = Simulation(tuple(names), options, forget_uno)
    return tally(names, [simulation.play(s) for s in range(seed, seed + games)])


def store_config(simulation: Simulation) -> dict[str, Any]:
    """The arguments a simulation's SQLite file keeps (``simulate uno --db``)."""
    return {
        "game": "uno",
        "kind": "simulation",
        "bots": list(simulation.names),
        "options": options_to_json(simulation.options),
        "forget_uno": simulation.forget_uno,
    }


class SeatBots:
    """The bots of every seat playing a round out move by move (``playable play``):
    ``turn(state)`` is the move of the player to move, chosen by that seat's bot on
    its public view (:func:`view_of`, with the missing colours the table has seen,
    :class:`VoidTracker`); ``saw`` keeps that record after each move. Seat ``p``'s
    bot is seeded ``100 seed + p``, as in a match."""

    def __init__(self, names: Sequence[str], seed: int = 0) -> None:
        self.players = [make_player(s, seed * 100 + p) for p, s in enumerate(names)]
        self.voids = VoidTracker(len(names))

    def turn(self, state: State) -> list[Move]:
        return [decide(self.players[state.to_move], state, self.voids.snapshot())]

    def saw(self, before: State, move: Move, after: State) -> None:
        self.voids.update(before, move, after)
