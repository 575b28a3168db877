"""Two-player Sequence positions that the exact search decides both ways, for the
calibration benchmark (benchmarks/analysis_calibration.py).

The exact search (:func:`playable.solver.sequence.search.forced_win`, SQ-8,
docs/solver-sequence.md) proves only a forced win of the side to move within a
horizon of own turns; "no forced win" is not a loss. A loss of the side to move is
proven from wins of the other side (:mod:`playable.solver.sequence.loss`): every
legal move of the mover leads to a position where the other side has a proven
forced win.

Positions come from self-play of the greedy bot with a share of uniformly random
moves (seeded by the deal), cut a few plies before the game's end, so that a few own
turns decide them; positions where the mover completes its last sequence at once
(a win in one move) are skipped as trivial.
"""

from __future__ import annotations

import random

from playable.solver.core.budget import Budget
from playable.solver.sequence import rules
from playable.solver.sequence.loss import LossSearch
from playable.solver.sequence.players import GreedyPlayer
from playable.solver.sequence.rules import State, UnknownCard

#: Share of the self-play's moves chosen at random instead of greedy (varied positions).
RANDOM_SHARE = 0.3
#: The position is cut this many plies (lowest, highest) before the game's last move.
PLIES_BEFORE_END = (2, 20)
#: Moves of a game at most (a deadlocked game is dropped).
MAX_PLIES = 400
#: Memory of each exact search's table (MiB).
MEMORY_MB = 16


def self_play(deal_seed: int) -> list[State]:
    """Every position of a two-player game from the deal of ``deal_seed``, player
    ``deal_seed % 2`` first, each move greedy (GreedyPlayer) or, with probability
    RANDOM_SHARE, uniformly random (both seeded by the deal); the last is the
    finished game, or the list is empty when nobody won within MAX_PLIES."""
    rng = random.Random(deal_seed)
    state = rules.deal(rules.Variant(2, 2), rules.shuffled_deck(deal_seed), deal_seed % 2)
    greedy = GreedyPlayer()
    states = [state]
    while not rules.is_terminal(state):
        if len(states) > MAX_PLIES:
            return []
        moves = rules.legal_moves(state)
        move = rng.choice(moves) if rng.random() < RANDOM_SHARE else greedy.choose(state)
        state = rules.apply(state, move)
        states.append(state)
    return states if state.winner is not None else []


def wins_at_once(state: State) -> bool:
    """Whether a legal move of the mover completes the sequences its side needs."""
    for move in rules.legal_moves(state):
        try:
            if rules.apply(state, move).winner == state.side:
                return True
        except UnknownCard:
            continue
    return False


def position(deal_seed: int) -> State | None:
    """A position of :func:`self_play`'s game, a random number of plies (in
    PLIES_BEFORE_END, seeded by the deal) before its last move; None when the game
    was not won or the position is trivial (:func:`wins_at_once`)."""
    states = self_play(deal_seed)
    if not states:
        return None
    low, high = PLIES_BEFORE_END
    back = random.Random(deal_seed + 1).randint(low, high)
    if back >= len(states):
        return None
    state = states[-1 - back]
    return None if wins_at_once(state) else state


def decide(state: State, turns: int, nodes: int) -> int | None:
    """The side that wins ``state`` with perfect play over the known cards, when
    proven within ``nodes`` nodes of exact search in all (SQ-8): the mover's side by
    a forced win within ``turns`` own turns, the other side when every move of the
    mover allows it one; None when neither is proven. Two sides only."""
    if state.winner is not None:
        return state.winner
    search = LossSearch(Budget(nodes=nodes, memory_mb=MEMORY_MB).start(), turns)
    if search.wins(state):
        return state.side
    if search.nodes >= nodes:
        return None
    return 1 - state.side if search.loses(state) else None
