"""The Game puzzles: the ``short-deck`` kind, a whole game on a smaller deck.

The puzzle is a deal (``playable thegame deal``, TG-11) with a highest card below
99, played from its start with player 1 to move and every card's place known; the
person finds a line that lays every card. Harder levels use larger decks.

Signals (:mod:`playable.puzzles.thegame.rating` has the shared ones): ``greedy_success`` (the
share of randomized greedy playouts that win) and ``depth`` (cards to lay). At the
start of a game every first play usually wins (measured: 16 of 16 on every sampled
solo deal), so the number of winning first moves says nothing here and is not
measured. The score::

    score = 0.7 * (1 - greedy_success) + 0.3 * min(1, depth / 98)

``planner_success``, ``nodes`` and ``solver_seconds`` are held out of it.

The generator samples deals with the level's knobs, keeps those the exact solver
wins, and hill-climbs the closest one toward the middle of the band by swapping two
cards of the deal order (re-solving after each swap), as in
:mod:`playable.puzzles.thegame.generate`.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from playable.puzzles.base import Kind, Level, Puzzle, Rating, Verdict, certified
from playable.puzzles.thegame.bots import success_share
from playable.puzzles.thegame.generate import OutOfTime, band_distance, swap_cards
from playable.puzzles.thegame.line import check_answer, example_line, team_phrase
from playable.puzzles.thegame.rating import MEMORY_MB
from playable.solver.core.budget import Budget
from playable.solver.core.result import SolveResult, Status
from playable.solver.thegame.notation import Deal, format_deal
from playable.solver.thegame.rules import State, Variant, deal
from playable.solver.thegame.search import solve

GAME = "thegame"
W_GREEDY, W_DEPTH = 0.7, 0.3
DEPTH_SCALE = 98
GREEDY_RUNS, PLANNER_RUNS = 24, 8
NODES = 300_000
DEALS = 4
CLIMB_STEPS = 10
HELD_OUT = ("planner_success", "nodes", "solver_seconds")


@dataclass(frozen=True)
class DeckKnobs:
    """A level's sampling parameters: player counts and highest cards to draw from."""

    players: tuple[int, ...]
    max_card: tuple[int, int]


KNOBS: dict[Level, DeckKnobs] = {
    Level.EASY: DeckKnobs((1, 2, 3), (20, 45)),
    Level.MEDIUM: DeckKnobs((1, 2, 3), (45, 65)),
    Level.HARD: DeckKnobs((1, 2, 3), (60, 80)),
    Level.EXPERT: DeckKnobs((1, 2, 3), (70, 90)),
}


def score_of(greedy_success: float, depth: int) -> float:
    """The difficulty score of the module docstring, in [0, 1]."""
    value = W_GREEDY * (1.0 - greedy_success) + W_DEPTH * min(1.0, depth / DEPTH_SCALE)
    return min(1.0, max(0.0, value))


@dataclass(frozen=True)
class _Rated:
    state: State
    rating: Rating
    solution: SolveResult


def _rate(state: State, rng: random.Random) -> _Rated | None:
    """The score of a deal's start, or None unless the solver proves it is won."""
    started = time.perf_counter()
    result = solve(state, Budget(nodes=NODES, memory_mb=MEMORY_MB))
    seconds = time.perf_counter() - started
    if result.status is not Status.SOLVED:
        return None  # lost, or undecided within the node budget: not a puzzle
    greedy = success_share(state, "greedy", GREEDY_RUNS, rng)
    metrics = {
        "greedy_success": greedy,
        "depth": float(state.cards_left),
        "players": float(state.variant.players),
        "max_card": float(state.variant.max_card),
        "nodes": float(result.nodes),
        "solver_seconds": seconds,
    }
    return _Rated(state, Rating(score_of(greedy, state.cards_left), metrics, HELD_OUT), result)


def _search(level: Level, rng: random.Random, deadline: float) -> _Rated | None:
    def tick() -> None:
        if time.perf_counter() > deadline:
            raise OutOfTime

    knobs = KNOBS[level]
    best: tuple[float, _Rated] | None = None
    for _ in range(DEALS):
        tick()
        variant = Variant(rng.choice(knobs.players), max_card=rng.randint(*knobs.max_card))
        order = list(variant.cards)
        rng.shuffle(order)
        rated = _rate(deal(variant, order), rng)
        if rated is None:
            continue
        distance = band_distance(level, rated.rating.score)
        if best is None or distance < best[0]:
            best = (distance, rated)
        if distance == 0.0:
            return rated
    if best is None:
        return None
    distance, current = best
    for _ in range(CLIMB_STEPS):
        if distance == 0.0:
            break
        tick()
        candidate = swap_cards(current.state, rng)
        if candidate is None:
            break
        rated = _rate(candidate, rng)
        if rated is None:
            continue
        new_distance = band_distance(level, rated.rating.score)
        if new_distance < distance:
            distance, current = new_distance, rated
    return current if level.admits(current.rating.score) else None


def deal_of(state: State) -> Deal:
    """The deal whose start (player 1 to move) is ``state`` (TG-11 order)."""
    return Deal(state.variant, tuple(c for hand in state.hands for c in hand) + state.draw)


class ShortDeck(Kind):
    """Win a whole game on a smaller deck from the deal, every card's place known."""

    def generate(self, level: Level, seed: int, seconds: float) -> Puzzle | None:
        rng = random.Random(f"{GAME}:{self.name}:{level.value}:{seed}")
        try:
            rated = _search(level, rng, time.perf_counter() + seconds)
        except OutOfTime:
            return None
        if rated is None:
            return None
        state = rated.state
        planner = success_share(state, "planner", PLANNER_RUNS, rng)
        rating = Rating(
            rated.rating.score,
            {**rated.rating.metrics, "planner_success": planner},
            rated.rating.held_out,
        )
        players = state.variant.players
        first = "" if players == 1 else ", player 1 first"
        goal = (
            f"Lay all {state.cards_left} cards (2..{state.variant.max_card}); "
            f"{team_phrase(players)}{first} and know the draw order."
        )
        position = (
            f"# {goal}\n# The Game puzzle ({self.name}, {level.value}, seed {seed}): "
            f"answer with a line such as '{example_line(players)}'.\n" + format_deal(deal_of(state))
        )
        extra = {"players": str(players), "max_card": str(state.variant.max_card)}
        solution = rated.solution.line.text()
        puzzle = self.made(level, seed, goal, position, solution, False, rating, extra)
        return certified(self, puzzle, seconds)  # the solver's line must replay

    def check(self, puzzle: Puzzle, answer: str, seconds: float) -> Verdict:
        """Replay ``answer`` from the deal's start (player 1 to move); correct iff every
        card is laid. No search is involved, so ``seconds`` is not needed."""
        return check_answer(puzzle, answer)
