"""The Game puzzles: the ``lay-all`` generator (docs/puzzles-thegame.md).

1. **Sample.** Deal a random game with the level's knobs (players, highest card)
   and let the exact solver find a winning line (deals it cannot win, or not within
   the node budget, are skipped).
2. **Cut.** The positions at the start of the turns of that line are winnable by
   construction; up to three whose cards left lie in the level's depth range are
   rated (:mod:`playable.puzzles.thegame.rating`), up to four deals are tried, and the first
   position whose score lies in the middle half of the level's band is taken.
3. **Repair.** Otherwise the closest position is hill-climbed: swap two unlaid
   cards (between hands, or a hand and the draw pile, or two places of the draw
   pile), keep the change only if the exact solver still lays every card and the
   score moves closer to the middle of the band. The result counts only if its
   score ends inside the band.
4. **Certify.** The planner bot's playouts (a held-out signal) are measured on the
   final position, its winning line is formatted as the solution, and the kind's
   ``check`` replays it before the puzzle is returned.

Everything is deterministic per (level, seed): the randomness comes from one
:class:`random.Random` seeded with the kind, level and seed, and the solver is
bounded by nodes, not time. ``seconds`` is only a safety limit: past it the attempt
gives up (returns None) rather than answer late.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace

from playable.puzzles.base import Kind, Level, Puzzle, Rating
from playable.puzzles.thegame.bots import success_share
from playable.puzzles.thegame.line import example_line, team_phrase
from playable.puzzles.thegame.rating import (
    PLANNER_RUNS,
    Measured,
    Undecided,
    decide,
    rate,
)
from playable.solver.core.result import Status
from playable.solver.thegame.notation import format_position
from playable.solver.thegame.rules import State, Variant, deal

GAME = "thegame"
#: node budget of every exact solve (root deals, positions, children)
ROOT_NODES = 300_000
POSITION_NODES = 100_000
#: positions of one line that are rated, deals tried, hill-climbing steps
CUTS_PER_LINE = 3
DEALS = 4
CLIMB_STEPS = 14
#: the generator aims at the band minus this share of its width at each end
TARGET_MARGIN = 0.25
#: the badness of a position the search takes at once
HIT = (0.0, 0.0)


@dataclass(frozen=True)
class Knobs:
    """A level's sampling parameters (the level itself is decided by the score)."""

    players: tuple[int, ...]
    max_card: tuple[int, int]
    depth: tuple[int, int]


KNOBS: dict[Level, Knobs] = {
    Level.EASY: Knobs((1, 1, 2, 3), (50, 70), (6, 14)),
    Level.MEDIUM: Knobs((1, 2, 3, 4, 5), (60, 85), (10, 20)),
    Level.HARD: Knobs((1, 2, 3, 4, 5), (75, 95), (14, 26)),
    Level.EXPERT: Knobs((1, 1, 2, 3, 4, 5), (85, 99), (18, 30)),
}


class OutOfTime(Exception):
    """An attempt passed its safety time limit."""


def band_distance(level: Level, score: float) -> float:
    """How far ``score`` lies from the middle half of the level's band (0 inside).

    Aiming at the middle half rather than the whole band keeps the levels apart
    (a score just past a band's edge is barely different from its neighbour's).
    """
    low, high = level.band
    margin = (high - low) * TARGET_MARGIN
    return max(low + margin - score, score - (high - margin), 0.0)


@dataclass
class _Attempt:
    """One generation attempt: its random source, level and deadline."""

    level: Level
    rng: random.Random
    deadline: float

    def tick(self) -> None:
        if time.perf_counter() > self.deadline:
            raise OutOfTime

    def badness(self, measured: Measured) -> tuple[float, float]:
        """What the search minimises, (0, 0) being a hit: the score's distance from
        the middle half of the band, then, at expert only, the winning first moves
        beyond one (an expert puzzle should have a single right first play when the
        seed allows; the level itself is still decided by the score alone)."""
        metrics = measured.rating.metrics
        extra = metrics["winning_first_moves"] - 1.0 if self.level is Level.EXPERT else 0.0
        return band_distance(self.level, measured.rating.score), max(extra, 0.0)

    def admits(self, score: float) -> bool:
        return self.level.admits(score)

    def rate(self, state: State) -> Measured | None:
        """The rating without the held-out planner playouts (added at the end), or None
        when the position is lost or a solve runs out of nodes."""
        self.tick()
        try:
            return rate(state, self.rng, POSITION_NODES, planner_runs=0)
        except Undecided:
            return None


def generate_lay_all(kind: Kind, level: Level, seed: int, seconds: float) -> Puzzle | None:
    """A ``lay-all`` puzzle of ``level`` from ``seed``, or None (see the module docstring)."""
    attempt = _Attempt(level, random.Random(f"{GAME}:{kind.name}:{level.value}:{seed}"), 0.0)
    attempt.deadline = time.perf_counter() + seconds
    try:
        found = _search(attempt)
    except OutOfTime:
        return None
    if found is None:
        return None
    state, measured = found
    planner = success_share(state, "planner", PLANNER_RUNS, attempt.rng)
    rating = Rating(
        measured.rating.score,
        {**measured.rating.metrics, "planner_success": planner},
        measured.rating.held_out,
    )
    return _puzzle(kind, level, seed, state, rating, measured)


def _search(attempt: _Attempt) -> tuple[State, Measured] | None:
    """Sample deals and cuts, then hill-climb the best position toward a hit (see
    :meth:`_Attempt.badness`); the result is the best position found if its score is
    in the band."""
    best: tuple[tuple[float, float], State, Measured] | None = None
    for _ in range(DEALS):
        for state in _cuts(attempt):
            measured = attempt.rate(state)
            if measured is None:
                continue
            badness = attempt.badness(measured)
            if best is None or badness < best[0]:
                best = (badness, state, measured)
            if badness == HIT:
                return state, measured
    if best is None:
        return None
    state, measured = _climb(attempt, best[1], best[2])
    return (state, measured) if attempt.admits(measured.rating.score) else None


def _cuts(attempt: _Attempt) -> list[State]:
    """Up to :data:`CUTS_PER_LINE` turn starts of a solver-won random deal, with cards
    left in the level's depth range."""
    knobs = KNOBS[attempt.level]
    rng = attempt.rng
    variant = Variant(rng.choice(knobs.players), max_card=rng.randint(*knobs.max_card))
    order = list(variant.cards)
    rng.shuffle(order)
    start = deal(variant, order, rng.randrange(variant.players))
    attempt.tick()
    try:
        result = decide(start, ROOT_NODES)
    except Undecided:
        return []
    if result.status is not Status.SOLVED:
        return []
    low, high = knobs.depth
    starts = [result.line.start, *(step.after for step in result.line if not step.after.is_won)]
    states = [s for s in starts if low <= s.cards_left <= high]
    rng.shuffle(states)
    return states[:CUTS_PER_LINE]


def _climb(attempt: _Attempt, state: State, measured: Measured) -> tuple[State, Measured]:
    """Swap two unlaid cards at a time, keeping changes that stay winnable and bring
    the position closer to a hit; the best position reached."""
    badness = attempt.badness(measured)
    for _ in range(CLIMB_STEPS):
        if badness == HIT:
            break
        candidate = swap_cards(state, attempt.rng)
        if candidate is None:
            break
        rated = attempt.rate(candidate)
        if rated is None:
            continue
        new_badness = attempt.badness(rated)
        if new_badness < badness:
            state, measured, badness = candidate, rated, new_badness
    return state, measured


def swap_cards(state: State, rng: random.Random) -> State | None:
    """``state`` with two unlaid cards in different places exchanged (hand sizes and
    the draw pile's length unchanged), or None when there is no such pair."""
    slots = [(p, i) for p, hand in enumerate(state.hands) for i in range(len(hand))]
    slots += [(-1, i) for i in range(len(state.draw))]
    pairs = [(a, b) for a in slots for b in slots if a < b and (a[0] != b[0] or a[0] == -1)]
    if not pairs:
        return None
    (pa, ia), (pb, ib) = rng.choice(pairs)
    hands = [list(h) for h in state.hands]
    draw = list(state.draw)

    def place(p: int) -> list[int]:
        return draw if p == -1 else hands[p]

    place(pa)[ia], place(pb)[ib] = place(pb)[ib], place(pa)[ia]
    return replace(state, hands=tuple(tuple(h) for h in hands), draw=tuple(draw))


def _puzzle(
    kind: Kind, level: Level, seed: int, state: State, rating: Rating, measured: Measured
) -> Puzzle:
    solution = measured.solution.line.text()
    players = state.variant.players
    goal = (
        f"Lay all {state.cards_left} remaining cards; {team_phrase(players)} "
        "and know the draw order."
    )
    position = (
        f"# {goal}\n# The Game puzzle ({kind.name}, {level.value}, seed {seed}): "
        f"answer with a line such as '{example_line(players)}'.\n" + format_position(state)
    )
    extra = {
        "players": str(players),
        "max_card": str(state.variant.max_card),
        "cards_left": str(state.cards_left),
    }
    return kind.made(
        level, seed, goal, position, solution, unique=False, rating=rating, extra=extra
    )
