"""Sequence: players that see only what a real player sees (board, own hand, discards).

* :class:`RandomPlayer`: a uniformly random legal move.
* :class:`GreedyPlayer`: the move of highest :func:`analyse.gain` (one ply of the
  evaluation in :mod:`playable.solver.sequence.analysis`), a dead card replaced first.
* :class:`StrongerPlayer`: greedy, plus threat awareness: it wins at once when it
  can; it blocks (or removes a chip of) an opponent line that needs one more chip;
  it keeps its Jacks for sequences and blocks; it prefers chips that leave a line
  its own hand can finish; and among its best few moves it subtracts the next
  player's best greedy reply, averaged over hands sampled from the cards it has
  not seen (a small determinized lookahead). It never looks at hidden cards.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from playable.solver.core.random_bot import RandomBot
from playable.solver.core.seat_strategy import SeatSearchStrategy, SeatStrategy
from playable.solver.sequence.analysis import gain, threats
from playable.solver.sequence.board import GRID, LINES, LINES_THROUGH
from playable.solver.sequence.rules import (
    CORNER,
    DECK,
    EMPTY,
    TWO_EYED,
    Move,
    Place,
    Remove,
    ReplaceDead,
    State,
    apply,
    is_terminal,
    legal_moves,
)


class Player(Protocol):
    """Chooses one move for the player to move."""

    name: str

    def choose(self, state: State) -> Move: ...


class RandomPlayer(RandomBot):
    """A uniformly random legal move (its generator seeded by ``seed``)."""

    def choose(self, state: State) -> Move:
        return self.pick(legal_moves(state))


def _dead_first(moves: Sequence[Move]) -> Move | None:
    return next((m for m in moves if isinstance(m, ReplaceDead)), None)


@dataclass
class GreedyPlayer:
    name: str = "greedy"

    def choose(self, state: State) -> Move:
        """A dead card replaced first (SQ-6), else the move of greatest gain."""
        moves = legal_moves(state)
        dead = _dead_first(moves)
        return dead if dead is not None else max(moves, key=lambda m: gain(state, m))


@dataclass
class StrongerPlayer:
    """Greedy with threat awareness, Jack economy and hand-aware lines (module notes)."""

    block_value: int = 400
    wild_price: int = 80
    remover_price: int = 60
    ready_value: int = 40
    candidates: int = 3
    samples: int = 2
    seed: int = 0
    name: str = "stronger"

    def choose(self, state: State) -> Move:
        moves = legal_moves(state)
        dead = _dead_first(moves)
        if dead is not None:
            return dead
        for m in moves:
            if isinstance(m, Place) and m.claims and apply(state, m).winner == state.side:
                return m
        danger = {
            t.cell: t.line
            for side in range(state.variant.sides)
            if side != state.side
            for t in threats(state, side)
        }
        danger_lines = set(danger.values())

        def score(m: Move) -> int:
            value = gain(state, m)
            if isinstance(m, Place):
                blocks = m.cell in danger
                if blocks:
                    value += self.block_value
                if m.card in TWO_EYED and not (blocks or m.claims):
                    value -= self.wild_price  # a wild Jack is kept for a sequence or a block
                value += self.ready_value * _ready_lines(state, m)
            if isinstance(m, Remove):
                if any(m.cell in LINES[x] for x in danger_lines):
                    value += self.block_value
                else:
                    value -= self.remover_price
            return value

        ranked = sorted(moves, key=score, reverse=True)
        if len(ranked) == 1 or self.candidates <= 1:
            return ranked[0]
        return max(ranked[: self.candidates], key=lambda m: score(m) - self._reply(state, m))

    def _reply(self, state: State, move: Move) -> int:
        """The next player's best greedy gain after ``move``, averaged over hands
        sampled from the cards this player has not seen (a determinization)."""
        after = apply(state, move)
        if after.winner is not None or after.side == state.side:
            return 0
        pool = sorted(_unseen(state).elements())
        size = len(after.hands[after.to_move])
        rng = random.Random(self.seed * 1_000_003 + sum(len(d) for d in state.discards))
        total = 0
        for _ in range(self.samples):
            hand = tuple(rng.sample(pool, min(size, len(pool))))
            hands = (*after.hands[: after.to_move], hand, *after.hands[after.to_move + 1 :])
            guess = replace(after, hands=hands, replaced=True)  # no dead-card detour
            replies = [m for m in legal_moves(guess) if not isinstance(m, ReplaceDead)]
            total += max((gain(guess, m) for m in replies), default=0)
        return total // self.samples


def _unseen(state: State) -> Counter[str]:
    """The cards the player to move has not seen: not in its hand nor discarded."""
    unseen = Counter(DECK)
    unseen.subtract(state.hand)
    for pile in state.discards:
        unseen.subtract(pile)
    return +unseen


def _ready_lines(state: State, move: Place) -> int:
    """Own lines through the new chip that the rest of the hand can finish alone
    (each missing space shows a different card still in hand): one or two to go."""
    side = state.side
    hand = list(state.hand)
    hand.remove(move.card)
    chips = (*state.chips[: move.cell], side, *state.chips[move.cell + 1 :])
    ready = 0
    for line in LINES_THROUGH[move.cell]:
        missing = [c for c in LINES[line] if chips[c] == EMPTY]
        if not 1 <= len(missing) <= 2 or any(
            chips[c] not in (side, EMPTY, CORNER) for c in LINES[line]
        ):
            continue
        cards = [GRID[c] for c in missing]
        if len(set(cards)) == len(cards) and all(card in hand for card in cards):
            ready += 3 - len(missing)
    return ready


STRATEGIES: dict[str, Callable[..., Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "stronger": StrongerPlayer,
    "seat": SeatStrategy("sequence"),  # the player from one seat (solver/core/seat_strategy.py)
    "seat-search": SeatSearchStrategy("sequence"),  # its tree search (the same module)
}


@dataclass(frozen=True)
class GameRecord:
    """The outcome of one game: the winning side (None: turn limit) and its length."""

    winner: int | None
    turns: int
    final: State


def play_game(state: State, players: Sequence[Player], max_turns: int = 2000) -> GameRecord:
    """Play ``state`` out, ``players[p]`` moving for player ``p`` (reference rules)."""
    turns = 0
    while not is_terminal(state) and turns < max_turns:
        move = players[state.to_move].choose(state)
        state = apply(state, move)
        turns += 1
    return GameRecord(state.winner, turns, state)
