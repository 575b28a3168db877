"""Random play through a game's reference rules, behind the one game interface
(docs/architecture.md): the positions the property tests of every game walk through,
each move chosen uniformly among the legal ones with the test's own generator."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, TypeVar

from playable.solver.core.game import Game
from playable.solver.sequence.rules import UnknownCard

S = TypeVar("S")
M = TypeVar("M")


def random_steps(game: Game[S, M], state: S, rng: random.Random) -> Iterator[tuple[S, M, S]]:
    """Each move of a random play-out from ``state`` to the game's end, as (the state
    before, the move, the state after). A live position without a legal move fails
    the test: the rules promise one."""
    while not game.is_terminal(state):
        moves = game.legal_moves(state)
        assert moves, "a position that is not over always has a move"
        move = rng.choice(moves)
        after = game.apply(state, move)
        yield state, move, after
        state = after


def listed_steps(game: Game[S, M], state: S, rng: random.Random) -> Iterator[tuple[S, M, S]]:
    """:func:`random_steps` up to the first move that would draw a card the position
    does not list (a Sequence file may leave its draw pile unknown): the play-out of an
    example file as far as the file decides it."""
    try:
        yield from random_steps(game, state, rng)
    except UnknownCard:
        return


def random_states(
    game: Game[S, Any], state: S, rng: random.Random, moves: int | None = None
) -> Iterator[S]:
    """``state`` and each state after it of a random play-out, until the game ends or
    ``moves`` moves are made."""
    yield state
    if moves == 0:
        return
    for made, (_, _, after) in enumerate(random_steps(game, state, rng), start=1):
        yield after
        if made == moves:
            return


def random_position(game: Game[S, Any], state: S, rng: random.Random, moves: int) -> S:
    """The position after ``moves`` random moves from ``state`` (or the end of the
    game, if it comes first)."""
    *_, last = random_states(game, state, rng, moves)
    return last
