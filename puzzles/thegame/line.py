"""The Game puzzles: replaying an answer line (docs/notation.md, "Moves and lines").

The line is read by :func:`playable.solver.thegame.notation.parse_line` (malformed
text is a :class:`NotationError` with line and column); a well-formed line that
breaks a rule is not a notation error but a wrong answer, reported by
:func:`replay_line` in one sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from playable.puzzles.base import Puzzle, Verdict
from playable.solver.core.errors import IllegalMove
from playable.solver.thegame.notation import Turn, parse_line, parse_position
from playable.solver.thegame.rules import State, end_turn, lay


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
