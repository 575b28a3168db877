"""A line of play as every solver reports it: typed turns, replayed once.

A solver's line (``SolveResult.line``) is a :class:`Line`: the position it starts
from and its turns, each with the player, the moves written for the turn and the
state after it. :func:`replay` builds one by playing every move through the game's
reference rules (:meth:`playable.solver.core.game.Game.apply`); a solver that plays
its line through those rules while it chooses the moves (UNO's endgame, Sequence's
proof) keeps the states it met instead. Either way a line that exists has been
checked move by move, once; whoever shows the line (the CLI's tables, the
web board, the JSON document of docs/json.md) reads the states from it instead of
replaying it again.

A turn of the pile games (The Game, Face to Face) is one player's plays followed by
the end of the turn (TG-4, FF-4): the moves written are the plays and the turn's end
is applied by :func:`replay` unless the game is over after them (a won deal, a
finished duel). In UNO and Sequence every move is a turn of its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from playable.solver.core.errors import IllegalMove
from playable.solver.core.game import Game

S = TypeVar("S")
M = TypeVar("M")


@dataclass(frozen=True)
class Step(Generic[S, M]):
    """One turn of a line: the player (0-based), the moves written for it (without
    the end of a pile game's turn) and the state after it (the turn ended)."""

    player: int
    moves: tuple[M, ...]
    after: S

    @property
    def text(self) -> str:
        """The turn's moves as text: ``37@0 75@2``, ``R7``, ``QS@e4``."""
        return " ".join(str(m) for m in self.moves)


@dataclass(frozen=True)
class Line(Generic[S, M]):
    """A line of ``game`` from ``start``, every state reached through the rules."""

    game: Game[S, M]
    start: S
    steps: tuple[Step[S, M], ...] = ()

    def __len__(self) -> int:
        return len(self.steps)

    def __iter__(self) -> Iterator[Step[S, M]]:
        return iter(self.steps)

    def __getitem__(self, index: int) -> Step[S, M]:
        return self.steps[index]

    @property
    def final(self) -> S:
        """The state after the last turn (the start for an empty line)."""
        return self.steps[-1].after if self.steps else self.start

    def text(self) -> str:
        """The line as text, players numbered from 1: ``1: 37@0 75@2 / 2: 12@1``."""
        return " / ".join(f"{s.player + 1}: {s.text}" for s in self.steps)

    def to_json(self) -> list[dict[str, Any]]:
        """The ``line`` items of docs/json.md: player (0-based) and move text, with
        the cards and piles of a pile game's turn."""
        return [self.game.step_to_json(s.player, s.moves) for s in self.steps]


def replay(game: Game[S, M], start: S, turns: Iterable[tuple[int, Sequence[M]]]) -> Line[S, M]:
    """The line of ``turns`` (each the player and the moves written for the turn)
    played from ``start`` through the reference rules.

    A pile game's turn may have no moves written when it only ends a turn begun
    before the line (a position in the middle of a turn).

    Raises :class:`IllegalMove` (with the rule id) for a move the rules forbid, a turn
    of a player who is not to move, an empty turn of a game without turn ends, or a
    pile game's turn that cannot end there (TG-5, FF-4).
    """
    state, steps = start, []
    for player, moves in turns:
        if not moves and game.turn_end is None:
            raise IllegalMove(f"an empty turn of player {player + 1} in a line")
        if game.to_move(state) != player:
            raise IllegalMove(
                f"a line out of turn: player {player + 1} is written, "
                f"player {game.to_move(state) + 1} is to move"
            )
        for move in moves:
            state = game.apply(state, move)
        if game.turn_end is not None and not game.is_terminal(state):
            state = game.apply(state, game.parse_move(state, game.turn_end))
        steps.append(Step(player, tuple(moves), state))
    return Line(game, start, tuple(steps))
