"""Sequence: a position valued a few turns ahead, in one numba call.

:func:`value_ahead` plays ``turns`` whole turns from a :class:`rules.State` with the
greedy player at every seat (the compiled play-out of
:mod:`~playable.solver.sequence.playout_kernel`, move for move
:class:`~playable.solver.sequence.players.GreedyPlayer`'s) and then values the board
for one side by :func:`~playable.solver.sequence.analysis.evaluate` (open lines
weighted 0, 1, 4, 16, 64 for 0-4 chips, 10,000 a sequence). A turn is one player's
play or pass, with the dead-card exchange before it (SQ-6) counted in the same turn.
A game won within the turns is worth ``win`` to the winning side and ``-win`` to the
other (SQ-8); a game where nobody can play again, or whose play-out would need an
unknown card, is worth 0.

It is the value of the seat player of :mod:`~playable.solver.sequence.lookahead`,
which asks it for every candidate move on every deal it samples; tests/sequence/
test_lookahead.py checks it against the reference rules and GreedyPlayer.
"""

from __future__ import annotations

from numba import njit

from playable.solver.sequence.playout_kernel import (
    LIMIT,
    R_TO_MOVE,
    WON,
    Position,
    _evaluate,
    encode,
    greedy_playout,
)
from playable.solver.sequence.rules import State


@njit(cache=True)
def _ahead(pos: Position, players: int, sides: int, turns: int, side: int, win: int) -> int:
    """The value for ``side`` after ``turns`` greedy turns from ``pos`` (module notes)."""
    done = 0
    while done < turns:
        mover = pos.regs[R_TO_MOVE]
        outcome, winner, _ = greedy_playout(pos, players, sides, 1, 0.0, 0)
        if outcome == WON:
            return win if winner == side else -win
        if outcome != LIMIT:
            return 0
        if pos.regs[R_TO_MOVE] != mover:  # a play or a pass; a dead card keeps the turn
            done += 1
    return _evaluate(pos.cnt, pos.blocked, pos.seq_n, side, sides)


def value_ahead(state: State, side: int, turns: int, win: int) -> int:
    """``state`` valued for ``side`` after ``turns`` turns of greedy play (module
    notes); a finished game by who won."""
    if state.winner is not None:
        return win if state.winner == side else -win
    if not 0 <= state.seed < 1 << 62:
        raise ValueError(f"the reshuffle seed {state.seed} is outside the kernel's range")
    variant = state.variant
    return int(_ahead(encode(state), variant.players, variant.sides, turns, side, win))


def warm_up() -> None:
    """Load (or compile) the kernel on a fresh deal."""
    from playable.solver.sequence.rules import DECK, Variant, deal

    value_ahead(deal(Variant(players=2), DECK), 0, 1, 1)
