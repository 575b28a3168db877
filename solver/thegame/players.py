"""The Game: players that see only what a real player sees (own hand, piles, counts).

:class:`GreedyPlayer` is the first, honest baseline. Each play it lays the legal
card with the smallest cost, where the cost of laying ``card`` on a pile is the
backwards trick (TG-3) first (cost -10), else the gap it leaves (``card - top`` on
an ascending pile, ``top - card`` on a descending one); ties go to the lower card,
then the lower pile. It lays the minimum (TG-5) and then keeps laying only while
the cheapest play is a trick or leaves a gap of at most ``extra_gap`` (default 2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from solver.thegame.rules import (
    ASCENDING_PILES,
    TRICK,
    Play,
    State,
    end_turn,
    is_terminal,
    lay,
    legal_moves,
)


class Player(Protocol):
    """Chooses the plays of one whole turn for the player to move."""

    name: str

    def choose_turn(self, state: State) -> list[Play]: ...


def play_cost(state: State, play: Play) -> int:
    """The greedy cost of a play: -10 for the backwards trick, else the gap left."""
    top = state.piles[play.pile]
    if play.pile in ASCENDING_PILES:
        return -TRICK if play.card == top - TRICK else play.card - top
    return -TRICK if play.card == top + TRICK else top - play.card


@dataclass
class GreedyPlayer:
    """Smallest gap first, tricks before anything; lays the minimum, then only cheap cards."""

    extra_gap: int = 2
    name: str = "greedy"

    def choose_turn(self, state: State) -> list[Play]:
        plays: list[Play] = []
        while True:
            options = [m for m in legal_moves(state) if isinstance(m, Play)]
            if not options:
                return plays
            best = min(options, key=lambda m: (play_cost(state, m), m.card, m.pile))
            if state.laid >= state.minimum and play_cost(state, best) > self.extra_gap:
                return plays
            plays.append(best)
            state = lay(state, best.card, best.pile)


STRATEGIES: dict[str, type[GreedyPlayer]] = {"greedy": GreedyPlayer}


@dataclass(frozen=True)
class PlayOut:
    """A game played to its end: the turns ``(player, plays)`` and the final state."""

    turns: list[tuple[int, list[Play]]]
    final: State

    @property
    def cards_left(self) -> int:
        """TG-8: the score."""
        return self.final.cards_left


def play_out(state: State, player: Player) -> PlayOut:
    """Play from ``state`` to the end of the game (TG-7), every player using ``player``."""
    turns: list[tuple[int, list[Play]]] = []
    while not is_terminal(state):
        mover = state.to_move
        plays = player.choose_turn(state)
        for play in plays:
            state = lay(state, play.card, play.pile)
        if not state.is_won:  # the last card of the game ends it at once (TG-7)
            state = end_turn(state)
        turns.append((mover, plays))
    return PlayOut(turns, state)
