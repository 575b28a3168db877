"""The Game puzzles: reading and replaying an answer line (docs/notation.md, "Moves and lines").

A line is a list of turns separated by ``/``; a turn is an optional player number
and a colon, then its plays ``card@pile``::

    1: 37@0 75@2 / 2: 12@1 13@1

The player prefix may be left out (``37@0 75@2 / 12@1 13@1``): the turn is then the
player to move's, which is what a person writes when playing alone. Malformed text
raises :class:`NotationError` with the line and column of the offending word; a
well-formed line that breaks a rule is not a notation error but a wrong answer,
reported by :func:`replay_line` in one sentence.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from playable.puzzles.base import Puzzle, Verdict
from playable.solver.core.cardlist import Token
from playable.solver.core.errors import IllegalMove, NotationError
from playable.solver.thegame.notation import parse_play, parse_position
from playable.solver.thegame.rules import Play, State, end_turn, lay

#: a player prefix ``N:``, a turn separator ``/``, or any other word (a play)
_WORD = re.compile(r"(?P<player>\d+\s*:)|(?P<slash>/)|(?P<play>[^\s,/]+)")


@dataclass(frozen=True)
class Turn:
    """One turn of an answer: the player written (1-based, or None) and its plays."""

    player: int | None
    plays: tuple[Play, ...]
    line: int
    column: int


def parse_line(text: str) -> list[Turn]:
    """The turns of a line such as ``1: 37@0 75@2 / 2: 12@1 13@1``.

    Raises :class:`NotationError` (line and column) for an empty line, an empty turn
    (``//`` or a trailing ``/``), a player prefix that is not at the start of a turn,
    or a word that is not a play ``card@pile`` with pile 0-3.
    """
    turns: list[Turn] = []
    player: int | None = None
    plays: list[Play] = []
    start: tuple[int, int] | None = None  # where the current turn began
    last = (1, 1)

    def close(line: int, column: int) -> None:
        if start is None or not plays:
            where = start or (line, column)
            raise NotationError("expected a turn: at least one play 'card@pile'", *where)
        turns.append(Turn(player, tuple(plays), *start))

    for number, raw in enumerate(text.splitlines() or [""], start=1):
        for match in _WORD.finditer(raw):
            column = match.start() + 1
            last = (number, match.end() + 1)
            if match.group("slash"):
                close(number, column)
                player, plays, start = None, [], None
            elif match.group("player"):
                if start is not None:
                    raise NotationError(
                        "a player number 'N:' may only open a turn; separate turns with '/'",
                        number,
                        column,
                    )
                player = int(match.group("player").rstrip(": \t"))
                start = (number, column)
            else:
                if start is None:
                    start = (number, column)
                plays.append(parse_play(Token(match.group("play"), number, column)))
    if not turns and start is None:
        raise NotationError("expected a line of turns, e.g. '1: 37@0 75@2 / 1: 12@1 13@1'", 1, 1)
    close(*last)
    return turns


@dataclass(frozen=True)
class Replay:
    """Where an answer led: the final state, and why it is wrong (None if it wins)."""

    final: State
    fault: str | None

    @property
    def wins(self) -> bool:
        return self.fault is None


def replay_line(state: State, turns: Sequence[Turn]) -> Replay:
    """Play ``turns`` from ``state`` through the reference rules (TG-3 ... TG-7).

    Each turn lays its plays, then ends (drawing, TG-4) unless its last play laid the
    last card of the game (TG-7). The answer wins iff every play is legal, every
    turn reaches its minimum (TG-5), each written player is the one to move, and no
    card is left at the end (TG-8 score 0).
    """
    for number, turn in enumerate(turns, start=1):
        where = f"turn {number} (line {turn.line}, column {turn.column})"
        if state.is_won:
            return Replay(state, f"{where} comes after every card has been laid")
        if turn.player is not None and turn.player != state.to_move + 1:
            return Replay(
                state,
                f"{where} is written for player {turn.player}, "
                f"but player {state.to_move + 1} is to move",
            )
        try:
            for play in turn.plays:
                state = lay(state, play.card, play.pile)
            if not state.is_won:
                state = end_turn(state)
        except IllegalMove as error:
            return Replay(state, f"{where}: {error}")
    if not state.is_won:
        return Replay(state, f"the line ends with {state.cards_left} cards not laid (TG-8)")
    return Replay(state, None)


def check_answer(puzzle: Puzzle, answer: str) -> Verdict:
    """Replay ``answer`` from the puzzle's position (a deal starts with player 1 to
    move) through the reference rules; correct iff it lays every card."""
    state = parse_position(puzzle.position, f"{puzzle.kind} puzzle")
    replay = replay_line(state, parse_line(answer))
    if replay.fault is not None:
        return Verdict(False, replay.fault)
    return Verdict(True, "every card is laid (TG-8 score 0)")


def team_phrase(players: int) -> str:
    """How a goal sentence says who plays: alone, both hands, or all N hands."""
    if players == 1:
        return "you play alone"
    return (
        "you play both hands in turn" if players == 2 else f"you play all {players} hands in turn"
    )


def example_line(players: int) -> str:
    """An example answer for a comment line of a puzzle with ``players`` players."""
    return f"1: 37@0 75@2 / {1 if players == 1 else 2}: 12@1 13@1"
