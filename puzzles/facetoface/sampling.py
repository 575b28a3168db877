"""Face to Face puzzles: where candidate endgames come from, and how they are varied.

Candidates are real endgames: a random deal (FF-1) is played forward by two
:class:`NoisyGreedy` players (the project's greedy rule with random tie-breaks) and
every start of a turn whose players both hold few enough cards is kept (the size
window is the level's main knob: fewer cards = a shorter, easier ending). Most games
of Face to Face end early, with a player stuck (FF-6), so only some deals reach the
window; sampling just plays the next deal.

:func:`mutate` is the hill-climbing step: it exchanges two of one player's unlaid
cards (hand with draw pile, or two places in the draw pile). Each player keeps
exactly the same set of cards, so the result is as valid as the position it came
from (docs/notation-facetoface.md checks) and only the order of the draws changes.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace

from playable.solver.facetoface.players import lay_one_by_one, play_cost
from playable.solver.facetoface.rules import (
    Play,
    State,
    Variant,
    can_end_turn,
    deal,
    is_terminal,
    play_turn,
    shuffled_deck,
)


@dataclass
class NoisyGreedy:
    """:class:`playable.solver.facetoface.players.GreedyPlayer` with random noise on each play's
    cost, so repeated playouts from one position differ (randomized tie-breaks).

    ``extra_gap`` and ``opp_penalty`` mean what they mean for the greedy player
    (``extra_gap=2, opp_penalty=4`` is the greedy player, ``0, 0`` the careful one);
    each play's cost gets ``uniform(0, noise)`` added before the cheapest is taken.
    ``race_gap`` replaces ``extra_gap`` once the own draw pile is empty: in the race to
    lay the last cards (FF-6) a bot may keep laying costlier cards.
    """

    extra_gap: int = 2
    opp_penalty: int = 4
    noise: float = 2.5
    name: str = "noisy-greedy"
    race_gap: int | None = None

    def choose_turn(self, state: State, rng: random.Random) -> list[Play]:
        def noisy_cheapest(state: State, options: list[Play]) -> Play | None:
            costs = [
                play_cost(state, m, self.opp_penalty) + rng.uniform(0.0, self.noise)
                for m in options
            ]
            best = min(range(len(options)), key=lambda i: costs[i])
            gap = self.extra_gap
            if self.race_gap is not None and not state.draws[state.to_move]:
                gap = self.race_gap
            if can_end_turn(state) and costs[best] > gap + self.noise / 2:
                return None  # the turn may end (FF-4) and the play costs too much
            return options[best]

        return lay_one_by_one(state, noisy_cheapest)


def greedy_bot(rng: random.Random) -> NoisyGreedy:
    """A greedy player with random parameters around the greedy and careful ones
    (extra gap 0..3, opponent penalty 0, 2 or 4, with an empty draw pile a gap of
    the same, 10 or 60) and noise: the scored bot family."""
    extra_gap = rng.randint(0, 3)
    race_gap = rng.choice((extra_gap, 10, 60))
    return NoisyGreedy(extra_gap, rng.choice((0, 2, 4)), 3.0, "greedy", race_gap)


def careful_bot(rng: random.Random | None = None) -> NoisyGreedy:
    """The careful player's parameters with noise (the held-out bot)."""
    return NoisyGreedy(extra_gap=0, opp_penalty=0, noise=2.5, name="careful")


def endgames(
    rng: random.Random, low: int, high: int, variant: Variant | None = None
) -> Iterator[State]:
    """Starts of turns with both players holding ``low..high`` cards (hand and draw),
    from random deals played forward by noisy greedy players; endless."""
    variant = variant or Variant()
    bots = (careful_bot(), careful_bot())
    while True:
        state = deal(
            variant, shuffled_deck(variant, rng), shuffled_deck(variant, rng), rng.randint(0, 1)
        )
        while not is_terminal(state):
            left = max(state.cards_left(0), state.cards_left(1))
            if left < low:
                break
            if left <= high and min(state.cards_left(0), state.cards_left(1)) >= low:
                yield state
            state = play_turn(state, bots[state.to_move].choose_turn(state, rng))


def mutate(state: State, rng: random.Random) -> State | None:
    """Exchange two unlaid cards of one player (hand with draw pile, or two places of
    the draw pile); ``None`` if that player has fewer than two cards to exchange."""
    player = rng.randint(0, 1)
    hand, draw = list(state.hands[player]), list(state.draws[player])
    if not draw or len(hand) + len(draw) < 2:
        return None
    j = rng.randrange(len(draw))
    if hand and (len(draw) < 2 or rng.random() < 0.5):
        i = rng.randrange(len(hand))
        hand[i], draw[j] = draw[j], hand[i]
    else:
        i = rng.randrange(len(draw))
        if i == j:
            return None
        draw[i], draw[j] = draw[j], draw[i]
    hands = [state.hands[0], state.hands[1]]
    draws = [state.draws[0], state.draws[1]]
    hands[player], draws[player] = tuple(hand), tuple(draw)
    return replace(state, hands=(hands[0], hands[1]), draws=(draws[0], draws[1]))
