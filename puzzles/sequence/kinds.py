"""Sequence puzzles: "win in N" (SQ-4 ... SQ-8).

A two-player position (SQ-3) where the side to move already has one sequence and
can force its second (SQ-8: two sequences win) within exactly N of its own turns
against every defence, and not in fewer. Both hands and the top cards of the draw
pile that the proof needs are known (the proof search draws the listed cards in
order; the rest of the pile is unknown and never reached). The answer is the first
move (a whole line is accepted; its first move counts); it is right when the exact
search proves the win within the N - 1 turns left after it (for N = 1: the move
wins at once).

Generation (:mod:`.generate`), proof (:mod:`.proof`) and difficulty (:mod:`.rating`)
live in their own modules of this folder; the
score formula and the measured calibration are in docs/puzzles-sequence.md.
"""

from __future__ import annotations

import random
import re
import time

from playable.puzzles.base import Kind, Level, Puzzle, Verdict
from playable.puzzles.sequence.generate import search, trimmed
from playable.puzzles.sequence.proof import wins_within
from playable.puzzles.sequence.rating import MAX_TURNS, rate
from playable.solver.core.budget import Budget
from playable.solver.core.cardlist import tokens
from playable.solver.core.errors import IllegalMove, NotationError
from playable.solver.core.result import Status
from playable.solver.sequence.notation import format_position, parse_move, parse_position
from playable.solver.sequence.rules import COLOURS, Move, State, apply
from playable.solver.sequence.search import forced_win

GAME = "sequence"
SIDE_NAMES = ("Blue", "Green", "Red")
#: One move of docs/notation-sequence.md, optionally after ``P:`` (the player, from 1).
_MOVE = re.compile(
    r"(?:(?P<player>\d+):)?(?P<move>[A2-9TJQK][SHDC]@[a-j]\d(?:\+[a-j]\d-[a-j]\d)*"
    r"|[A2-9TJQK][SHDC]x[a-j]\d|dead:[A2-9TJQK][SHDC]|pass)"
)


def goal_of(state: State, turns: int) -> str:
    """The goal sentence of a position whose side to move wins in ``turns``."""
    who = f"{SIDE_NAMES[state.side]} ({COLOURS[state.side]}, player {state.to_move + 1})"
    task = (
        "make your second sequence this turn"
        if turns == 1
        else f"force your second sequence within {turns} of your turns (this one included) "
        "against any defence"
    )
    count = len(state.draw)
    draws = {0: "", 1: " and the next draw"}.get(count, f" and the next {count} draws in order")
    return f"{who} to move: {task}. Both hands{draws} are known."


class WinInN(Kind):
    """The ``win-in-n`` kind (module notes)."""

    def generate(self, level: Level, seed: int, seconds: float) -> Puzzle | None:
        """A verified puzzle of ``level`` from ``seed`` (deterministic), or None in time."""
        started = time.perf_counter()
        deadline = started + seconds
        rng = random.Random(f"{GAME}:{self.name}:{level.value}:{seed}")
        for found in search(level, rng, deadline):
            made = trimmed(found, seconds=max(1.0, deadline - time.perf_counter()))
            if made is None:
                continue
            state, proof = made
            rating = rate(state, proof, full=found.state)
            if rating.level != level:
                continue
            goal = goal_of(state, proof.turns)
            comment = (
                f"# {goal}\n# Answer: your first move, e.g. QS@e4. The draw: line lists "
                "the next cards drawn, in order.\n"
            )
            position = comment + format_position(state)
            unique = len(proof.winning) == 1
            extra = {
                "turns": str(proof.turns),
                "winning_first_moves": " ".join(str(m) for m in proof.winning),
            }
            puzzle = self.made(
                level, seed, goal, position, " ".join(proof.line), unique, rating, extra
            )
            if self.check(puzzle, puzzle.solution, seconds=10.0).correct:
                return puzzle
        return None

    def check(self, puzzle: Puzzle, answer: str, seconds: float) -> Verdict:
        """Replay the answer's first move; right iff the win within N still holds."""
        started = time.perf_counter()
        state = parse_position(puzzle.position)
        player, text, line, column = first_move(answer)
        if player is not None and player != state.to_move + 1:
            return Verdict(False, f"it is player {state.to_move + 1}'s turn, not player {player}'s")
        try:
            move = parse_move(state, text, line, column)
        except NotationError as error:
            return Verdict(False, error.message)
        turns = turns_of(puzzle, state, seconds)
        if turns is None:
            return Verdict(False, "the puzzle's N could not be verified in time")
        return _judge(state, move, turns, max(0.01, seconds - (time.perf_counter() - started)))


def _judge(state: State, move: Move, turns: int, seconds: float) -> Verdict:
    """Right iff ``move`` wins at once or keeps a proven win within ``turns - 1``."""
    side = state.side
    try:
        after = apply(state, move)
    except IllegalMove:
        return Verdict(False, f"{move}: could not be verified (it draws a card not listed)")
    if after.winner == side:
        return Verdict(True, f"{move} completes the second sequence at once: won (SQ-8)")
    if turns <= 1:
        return Verdict(False, f"{move} does not win at once; a winning move exists")
    left = _turns_text(turns - 1)
    won = wins_within(after, turns - 1, side, seconds)
    if won is None:
        return Verdict(
            False,
            f"{move}: could not be verified in time (or the proof needs a card not listed)",
        )
    if won:
        return Verdict(True, f"{move} keeps a forced win within {left} against every defence")
    return Verdict(False, f"after {move} the defence holds: no forced win within {left}")


def _turns_text(turns: int) -> str:
    return "1 more turn" if turns == 1 else f"{turns} more turns"


def first_move(answer: str) -> tuple[int | None, str, int, int]:
    """The first move of ``answer``: (player or None, move text, line, column).

    Comments (``#``) are ignored; ``P:`` before the move names the player (from 1).
    Raises :class:`NotationError` when there is no move or it is malformed.
    """
    for number, raw in enumerate(answer.splitlines(), start=1):
        words = list(tokens(raw.split("#", 1)[0], number, 1))
        if not words:
            continue
        word = words[0]
        match = _MOVE.fullmatch(word.text)
        if match is None:
            raise word.error(
                f"expected a move like QS@e4, JHxe4, dead:9C or pass, got '{word.text}'"
            )
        player = int(match["player"]) if match["player"] else None
        offset = len(match["player"]) + 1 if match["player"] else 0
        return player, match["move"], word.line, word.column + offset
    raise NotationError("expected a move like QS@e4, got an empty answer", 1, 1)


def turns_of(puzzle: Puzzle, state: State, seconds: float) -> int | None:
    """N of the puzzle: its ``depth`` metric, or (if missing) proven again by search."""
    depth = puzzle.rating.metrics.get("depth") or puzzle.extra.get("turns")
    if depth is not None:
        return int(float(depth))
    result = forced_win(state, MAX_TURNS, Budget(seconds=seconds, memory_mb=8))
    if result.status != Status.SOLVED or result.objective is None:
        return None
    return int(result.objective)


KINDS: tuple[WinInN, ...] = (
    WinInN(
        GAME,
        "win-in-n",
        "Force your second sequence within N of your own turns against every defence "
        "(N exact: no faster win exists); both hands and the next draws are known.",
    ),
)
