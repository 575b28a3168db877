"""The Game puzzles: randomized versions of the solver's bots, for difficulty ratings.

:class:`~playable.solver.thegame.players.GreedyPlayer` and
:class:`~playable.solver.thegame.players.PlannerPlayer` are deterministic, so one playout
each would say only "this bot wins" or "this bot loses". A puzzle's difficulty is
better measured by the *share* of playouts that fail when the bots are allowed small
deviations, as a person would make: ties broken at random, a random legal choice
with probability ``epsilon``, and a random patience (``extra_gap`` 0-3) for laying
cards beyond the minimum. With ``epsilon = 0`` and ``extra_gap = 2`` each bot plays
exactly as its deterministic model (except for the order among exact ties).

The bots see what a player sees (own hand, piles, draw pile size; TG-10), like the
originals; they never look at the draw order or other hands.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from playable.solver.thegame.players import cost_on, hand_cost, minimum_turns, play_out
from playable.solver.thegame.rules import Play, State, lay, legal_moves

#: per-decision probability of a uniformly random legal choice
EPSILON = 0.1


def _plays(state: State) -> list[Play]:
    return [m for m in legal_moves(state) if isinstance(m, Play)]


@dataclass
class RandomGreedy:
    """The greedy rule (smallest gap, tricks first) with random ties and slips."""

    rng: random.Random
    epsilon: float = EPSILON
    extra_gap: int = 2
    name: str = "greedy"

    def choose_turn(self, state: State) -> list[Play]:
        plays: list[Play] = []
        while True:
            options = _plays(state)
            if not options:
                return plays
            keyed = [
                (cost_on(m.pile, state.piles[m.pile], m.card), self.rng.random(), m)
                for m in options
            ]
            cost, _, best = min(keyed, key=lambda k: (k[0], k[1]))
            if state.laid >= state.minimum and cost > self.extra_gap:
                return plays
            if self.rng.random() < self.epsilon:
                best = self.rng.choice(options)
            plays.append(best)
            state = lay(state, best.card, best.pile)


@dataclass
class RandomPlanner:
    """The planner (whole minimum turns scored by gaps and stranded cards) with
    random ties and slips; it extends its turn with :class:`RandomGreedy`."""

    rng: random.Random
    epsilon: float = EPSILON
    extra_gap: int = 2
    name: str = "planner"

    def choose_turn(self, state: State) -> list[Play]:
        options = minimum_turns(state)
        if self.rng.random() < self.epsilon:
            plays, after = self.rng.choice(options)
        else:
            scored = [
                (_turn_cost(state, plays, after), self.rng.random(), i)
                for i, (plays, after) in enumerate(options)
            ]
            plays, after = options[min(scored)[2]]
        extension = RandomGreedy(self.rng, self.epsilon, self.extra_gap).choose_turn(after)
        return plays + extension


def _turn_cost(state: State, plays: list[Play], after: State) -> int:
    """The planner's score of a minimum turn: gaps opened plus stranded hand cards."""
    piles = list(state.piles)
    gaps = 0
    for play in plays:
        gaps += cost_on(play.pile, piles[play.pile], play.card)
        piles[play.pile] = play.card
    return gaps + hand_cost(after.piles, after.hand)


def success_share(state: State, bot: str, runs: int, rng: random.Random) -> float:
    """The share of ``runs`` randomized playouts of ``bot`` (greedy or planner) that lay
    every card (TG-8 score 0). Each playout draws its own patience 0-3."""
    wins = 0
    for _ in range(runs):
        gap = rng.randrange(4)
        player = (
            RandomGreedy(rng, extra_gap=gap)
            if bot == "greedy"
            else RandomPlanner(rng, extra_gap=gap)
        )
        wins += play_out(state, player).cards_left == 0
    return wins / runs
