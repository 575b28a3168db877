"""UNO bots that see only what a real player sees.

A bot receives a :class:`View` (own hand, the top card and colour in force, the
phase, the other hands' sizes, the penalty it faces, the legal moves) and returns
one of the legal moves; it never sees another hand or the draw pile.

* :class:`RandomPlayer`: a uniformly random legal move (it may draw instead of
  playing, bluff a Wild Draw Four, challenge at random).
* :class:`GreedyPlayer`: always plays when it can, the card worth most points first
  (UN-10), wilds last, never bluffs, never challenges, names its majority colour.
* :class:`HeuristicPlayer`: keeps wilds for when they are needed, aims action
  cards at a next player close to going out, prefers cards that keep play in its
  majority colour, dumps points when someone is about to win, plays the drawn card,
  and challenges a Wild Draw Four played from a large hand.

Every bot calls UNO (UN-8) unless the simulator makes it forget.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Protocol

from solver.uno.cards import DRAW_TWO, REVERSE, SKIP, WILD_DRAW_FOUR, colour_of, points, symbol_of
from solver.uno.rules import (
    ACCEPT,
    CHALLENGE,
    DRAW,
    PASS,
    Move,
    NameColour,
    Phase,
    Play,
    State,
    legal_moves,
)


@dataclass(frozen=True)
class View:
    """What the player to move knows."""

    me: int
    hand: tuple[int, ...]
    top: int
    colour: int
    phase: Phase
    pending: int
    drawn: int
    hand_sizes: tuple[int, ...]
    direction: int
    accused_cards: int
    moves: tuple[Move, ...]

    @property
    def next_player(self) -> int:
        return (self.me + self.direction) % len(self.hand_sizes)

    @property
    def fewest_cards_of_others(self) -> int:
        return min(n for p, n in enumerate(self.hand_sizes) if p != self.me)


def view_of(state: State) -> View:
    """The public view of the player to move (their hand included)."""
    accused = len(state.hands[state.accused]) if state.accused >= 0 else 0
    return View(
        state.to_move,
        state.hand,
        state.top,
        state.colour,
        state.phase,
        state.pending,
        state.drawn,
        tuple(len(h) for h in state.hands),
        state.direction,
        accused,
        tuple(legal_moves(state)),
    )


class Player(Protocol):
    name: str

    def choose(self, view: View) -> Move: ...


def majority_colour(hand: tuple[int, ...]) -> int:
    """The colour the hand holds most of (ties: most points, then lowest colour)."""
    count: Counter[int] = Counter()
    for c in hand:
        if colour_of(c) >= 0:
            count[colour_of(c)] += 1000 + points(c)
    return max(range(4), key=lambda k: (count[k], -k)) if count else 0


def holds_colour(hand: tuple[int, ...], colour: int) -> bool:
    return any(colour_of(c) == colour for c in hand)


def _honest(view: View, move: Move) -> bool:
    """False for a Wild Draw Four played while holding the colour in force (UN-5)."""
    if isinstance(move, Play) and move.card == WILD_DRAW_FOUR:
        return not holds_colour(tuple(c for c in view.hand if c != WILD_DRAW_FOUR), view.colour)
    return True


def _with_colour(move: Play, colour: int) -> bool:
    return move.colour in (-1, colour)


@dataclass
class RandomPlayer:
    seed: int = 0
    name: str = "random"
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(f"random-player:{self.seed}")

    def choose(self, view: View) -> Move:
        return self.rng.choice(view.moves)


@dataclass
class GreedyPlayer:
    name: str = "greedy"

    def choose(self, view: View) -> Move:
        if view.phase == Phase.COLOUR:
            return NameColour(majority_colour(view.hand))
        if view.phase == Phase.CHALLENGE:
            return ACCEPT
        colour = majority_colour(tuple(c for c in view.hand if c != view.drawn)) if view.hand else 0
        plays = [
            m
            for m in view.moves
            if isinstance(m, Play) and _honest(view, m) and _with_colour(m, colour)
        ]
        if not plays:
            return PASS if view.phase == Phase.DRAWN else (ACCEPT if ACCEPT in view.moves else DRAW)
        return max(plays, key=lambda m: (m.card < 52, points(m.card), -m.card))


@dataclass
class HeuristicPlayer:
    """A stronger heuristic (see the module docstring); ``challenge_from`` is the
    hand size of an accused player from which it challenges a Wild Draw Four."""

    challenge_from: int = 99
    name: str = "heuristic"

    def choose(self, view: View) -> Move:
        if view.phase == Phase.COLOUR:
            return NameColour(majority_colour(view.hand))
        if view.phase == Phase.CHALLENGE:
            if view.accused_cards >= self.challenge_from:
                return CHALLENGE
            stack = [m for m in view.moves if isinstance(m, Play) and _honest(view, m)]
            return stack[0] if stack else ACCEPT
        rest_colour = majority_colour(tuple(c for c in view.hand if colour_of(c) >= 0))
        plays = [
            m
            for m in view.moves
            if isinstance(m, Play) and _honest(view, m) and _with_colour(m, rest_colour)
        ]
        if not plays:
            return PASS if view.phase == Phase.DRAWN else (ACCEPT if ACCEPT in view.moves else DRAW)
        danger = view.hand_sizes[view.next_player] <= 2
        two_players = len(view.hand_sizes) == 2

        def score(m: Play) -> float:
            card = m.card
            symbol = symbol_of(card)
            rest = list(view.hand)
            rest.remove(card)
            colour = m.colour if card >= 52 else colour_of(card)
            follow = sum(
                1
                for c in rest
                if c >= 52 or colour_of(c) == colour or (card < 52 and symbol_of(c) == symbol)
            )
            value = 2.0 * follow + points(card) / 10
            if card >= 52:
                value -= 30  # keep wilds as a last resort
                if danger and card == WILD_DRAW_FOUR:
                    value += 60
            elif symbol in (SKIP, REVERSE, DRAW_TWO) and (two_players or danger):
                value += 15 + (10 if symbol == DRAW_TWO else 0)  # another turn / hurt them
            return value

        return max(plays, key=lambda m: (score(m), -m.card, -m.colour))


STRATEGIES: dict[str, type[RandomPlayer] | type[GreedyPlayer] | type[HeuristicPlayer]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "heuristic": HeuristicPlayer,
}


def make_player(strategy: str, seed: int) -> Player:
    """A bot by strategy name (``random`` takes the seed)."""
    if strategy == "random":
        return RandomPlayer(seed)
    if strategy == "greedy":
        return GreedyPlayer()
    if strategy == "heuristic":
        return HeuristicPlayer()
    raise ValueError(f"unknown strategy '{strategy}'; choose one of {', '.join(STRATEGIES)}")
