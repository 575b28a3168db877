"""Face to Face puzzles: ``win-from-here`` (docs/puzzles-facetoface.md).

A position of The Game: Face to Face with everything known (both hands and both
draw piles in order) that the player to move wins with perfect play against every
defence; the person finds a winning turn. The solution is the winning line against
the solver's defence; its first turn is what counts.

Generation (deterministic per level and seed, node budgets rather than clocks):
sample real endgames in the level's size window (:mod:`playable.puzzles.facetoface.sampling`),
keep those won for the player to move, prove the value of every distinct first turn
and rate (:mod:`playable.puzzles.facetoface.rating`); a position out of the level's band is
hill-climbed by exchanging cards within a player's draw pile or between hand and draw
pile, re-solving each step. At ``expert`` exactly one first turn wins (every distinct
turn proven) and the puzzle is marked unique; at any level a proven single winning
turn sets ``unique``.
"""

from __future__ import annotations

import random
import re
import time
from dataclasses import dataclass

from playable.puzzles.base import Kind, Level, Puzzle, Rating, Verdict
from playable.puzzles.facetoface.rating import Analysis, analyse, rate
from playable.puzzles.facetoface.sampling import endgames, mutate
from playable.solver.core.budget import Budget
from playable.solver.core.cardlist import tokens
from playable.solver.core.errors import IllegalMove, NotationError
from playable.solver.facetoface import notation
from playable.solver.facetoface.rules import Play, State, end_turn, has_won, lay
from playable.solver.facetoface.search import LOSS, UNKNOWN, WIN, Solver, certify

GAME = "facetoface"
#: Seconds the certificate check of a generated puzzle may take (a fresh solver
#: re-proves the position after the first turn; unverified puzzles are not returned).
VERIFY_SECONDS = 30.0


@dataclass(frozen=True)
class LevelPlan:
    """The sampling knobs of a level: the cards each player holds (hand and draw),
    the analysis node budget, the most winning first turns worth rating (more means
    the position cannot reach the band), and the hill-climbing steps."""

    low: int
    high: int
    nodes: int
    max_wins: int | None
    climb_steps: int


PLANS: dict[Level, LevelPlan] = {
    Level.EASY: LevelPlan(4, 8, 300_000, None, 4),
    Level.MEDIUM: LevelPlan(6, 9, 600_000, None, 4),
    Level.HARD: LevelPlan(7, 10, 1_000_000, 12, 6),
    Level.EXPERT: LevelPlan(8, 12, 1_500_000, 1, 6),
}


def goal_of(state: State) -> str:
    return (
        f"Player {state.to_move + 1} to move wins against every defence: find a winning "
        "turn; both hands and both draw piles (in order) are known."
    )


_PREFIX = re.compile(r"\s*(\d+)\s*:")


def parse_answer(answer: str) -> tuple[int | None, list[Play]]:
    """The first turn of an answer: a turn (``12@own-up 13@own-up``) or a whole line
    (``1: 12@own-up 13@own-up / 2: ...``); returns the 0-based player named by the
    line (``None`` if none) and the plays. Raises NotationError with the column."""
    first_line = answer.splitlines()[0] if answer.strip() else ""
    segment = first_line.split("/", 1)[0]
    player: int | None = None
    start = 0
    match = _PREFIX.match(segment)
    if match:
        player = int(match.group(1)) - 1
        if player not in (0, 1):
            raise NotationError("expected player 1 or 2 before ':'", 1, match.start(1) + 1)
        start = match.end()
    words = list(tokens(segment[start:], 1, start + 1))
    if not words:
        raise NotationError("expected a turn: plays 'card@pile', e.g. '12@own-up 13@own-up'", 1, 1)
    return player, [notation.parse_play(word) for word in words]


def position_of(puzzle: Puzzle) -> State:
    game = notation.parse(puzzle.position)
    if not isinstance(game, State):
        raise NotationError("expected a 'playable facetoface position'", 1, 1)
    return game


class WinFromHere(Kind):
    """The ``win-from-here`` kind (module docstring)."""

    # ------------------------------------------------------------------ checking

    def check(self, puzzle: Puzzle, answer: str, seconds: float) -> Verdict:
        """Replay the answer's first turn (FF-2 ... FF-5 through the reference rules);
        it is correct iff the player has then laid every card (FF-6) or the exact
        solver proves the position after it lost for the opponent within ``seconds``."""
        player, plays = parse_answer(answer)
        state = position_of(puzzle)
        mover = state.to_move
        if player is not None and player != mover:
            return Verdict(False, f"it is player {mover + 1}'s turn, not player {player + 1}'s")
        try:
            for play in plays:
                state = lay(state, play.card, play.pile)
            if not has_won(state, mover):
                state = end_turn(state)
        except IllegalMove as error:
            return Verdict(False, f"illegal turn: {error}")
        turn = notation.format_turn(plays)
        if has_won(state, mover):
            return Verdict(True, f"{turn} lays every card and wins at once (FF-6)")
        budget = Budget(seconds=seconds, memory_mb=64).start()
        value = Solver(state, 64).value(state, budget)
        if value == LOSS:
            return Verdict(True, f"{turn} wins against every defence (proven by the solver)")
        if value == WIN:
            return Verdict(
                False, f"after {turn} player {2 - mover} wins with perfect play (proven)"
            )
        assert value == UNKNOWN
        return Verdict(False, f"{turn} could not be verified in time ({seconds:g} s)")

    # ---------------------------------------------------------------- generating

    def generate(self, level: Level, seed: int, seconds: float) -> Puzzle | None:
        """A verified puzzle of ``level`` from ``seed`` within about ``seconds``
        (module docstring), or None."""
        plan = PLANS[level]
        rng = random.Random(f"{GAME}:{self.name}:{level.value}:{seed}")
        deadline = time.perf_counter() + seconds
        for state in endgames(rng, plan.low, plan.high):
            if time.perf_counter() > deadline:
                return None
            found = self._climb(state, level, plan, rng, deadline)
            if found is not None:
                analysis, line, rating = found
                puzzle = self._puzzle(level, seed, analysis, line, rating)
                verdict = self.check(puzzle, puzzle.solution, VERIFY_SECONDS)
                if verdict.correct:
                    return puzzle
                if "could not be verified" not in verdict.message:  # pragma: no cover
                    raise AssertionError(f"generated solution fails its check: {verdict.message}")
        return None  # pragma: no cover - endgames() never ends

    def _evaluate(
        self, state: State, plan: LevelPlan, rng: random.Random
    ) -> tuple[Analysis, list[tuple[int, list[Play]]], Rating] | None:
        analysis = analyse(state, plan.nodes, plan.max_wins)
        if analysis is None or len(analysis.rows) < 3:
            return None
        solver = analysis.solver
        budget = Budget(nodes=solver.counters.nodes + plan.nodes)
        line = solver.principal_line(state, budget, state.to_move)
        if not line:
            return None
        certify(state, line, state.to_move)
        rating = rate(analysis, line, rng)
        return None if rating is None else (analysis, line, rating)

    def _climb(
        self, state: State, level: Level, plan: LevelPlan, rng: random.Random, deadline: float
    ) -> tuple[Analysis, list[tuple[int, list[Play]]], Rating] | None:
        """Rate ``state``; while out of the band, try card exchanges that bring the
        score closer, re-solving each."""
        best = self._evaluate(state, plan, rng)
        if best is None:
            return None
        low, high = level.band
        for _ in range(plan.climb_steps):
            if level.admits(best[2].score):
                break
            if time.perf_counter() > deadline:
                return None
            candidate = mutate(best[0].state, rng)
            if candidate is None:
                continue
            found = self._evaluate(candidate, plan, rng)
            if found is not None and _distance(found[2].score, low, high) < _distance(
                best[2].score, low, high
            ):
                best = found
        if not level.admits(best[2].score):
            return None
        if level is Level.EXPERT and len(best[0].winning) != 1:
            return None
        return best

    def _puzzle(
        self,
        level: Level,
        seed: int,
        analysis: Analysis,
        line: list[tuple[int, list[Play]]],
        rating: Rating,
    ) -> Puzzle:
        state = analysis.state
        goal = goal_of(state)
        position = (
            f"# {goal}\n# Everything is known: both hands and both draw piles, next card first.\n"
            + notation.format_position(state)
        )
        unique = len(analysis.winning) == 1  # every distinct turn was proven
        solution = notation.format_line(line)
        extra = {"first_turn": notation.format_turn(line[0][1])}
        return self.made(level, seed, goal, position, solution, unique, rating, extra)


def _distance(score: float, low: float, high: float) -> float:
    return max(0.0, low - score, score - high)


WIN_FROM_HERE = WinFromHere(
    GAME,
    "win-from-here",
    "A Face to Face position with both hands and both draw piles known, won for the "
    "player to move against every defence: find a winning turn.",
)
KINDS: tuple[WinFromHere, ...] = (WIN_FROM_HERE,)
