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
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from playable.solver.uno.cards import full_deck, symbol_of
from playable.solver.uno.players import Player, VoidTracker, make_player, view_of
from playable.solver.uno.rules import (
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
        move = players[mover].choose(view_of(state, voids.snapshot()))
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


@dataclass
class Tally:
    """Matches between named bots with seats rotated: match g shifts every bot g
    seats to the left, so no strategy keeps one seat."""

    names: list[str]
    games: int
    wins: list[int]
    points: list[int]
    rounds: int
    abandoned: int
    uno_penalties: int
    unfinished: int


def run_matches(
    names: Sequence[str], games: int, seed: int, options: Options, forget_uno: float = 0.0
) -> Tally:
    """``games`` matches (seeds ``seed``, ``seed + 1``, ...) between the bots."""
    n = len(names)
    tally = Tally(list(names), games, [0] * n, [0] * n, 0, 0, 0, 0)
    for g in range(games):
        shift = g % n
        seats = [names[(s - shift) % n] for s in range(n)]
        record = play_match(seats, options, seed + g, forget_uno)
        tally.rounds += record.rounds
        tally.abandoned += record.abandoned
        tally.uno_penalties += record.uno_penalties
        tally.unfinished += record.winner < 0
        for seat in range(n):
            bot = (seat - shift) % n  # the bot sitting in this seat
            tally.points[bot] += record.totals[seat]
            if record.winner == seat:
                tally.wins[bot] += 1
    return tally
