"""Sequence puzzles: where win-in-N positions come from, and how they are moved
toward a difficulty band.

1. **Sampling.** Two-player games (SQ-3: 2 players, 2 sides, 7 cards) are played
   forward through the reference rules by the greedy player with epsilon-random
   moves (epsilon drawn per game), from a seeded shuffled deck. Every position on
   the way whose side to move already has one sequence (SQ-8 asks for two) and
   a forced win within :data:`MAX_TURNS` own turns is proved exactly
   (:func:`playable.puzzles.sequence.proof.prove`) and becomes a candidate, unless *every*
   legal move wins (no choice, so no puzzle).
2. **Hill-climbing** (not at hard, see :data:`CLIMB_STEPS`). After each game,
   small local changes are tried from the candidate nearest the requested level:
   swap a card of either hand with a card deep in the draw pile (beyond every
   card a search within the horizon can reach), or move a chip that is not
   locked (SQ-7) to an empty space. A change is kept when the re-proved position
   is still a candidate and nearer the level (:func:`distance`: the score's
   distance to the band; an expert puzzle must also have a single winning first
   move).
3. **Trimming.** The position keeps only the top ``k`` cards of the draw pile, the
   fewest for which every search of the proof (the exact N, the shallower "not in
   N - 1" search, and the search after every legal first move) completes without
   an unknown card; the rest of the pile is unknown in the puzzle.

Everything is deterministic for a given random generator; only the time limit can
end a run early.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace

from playable.puzzles.base import Level
from playable.puzzles.sequence.proof import Proof, prove
from playable.puzzles.sequence.rating import MAX_TURNS, quick_score
from playable.solver.sequence.analysis import gain
from playable.solver.sequence.board import CORNERS
from playable.solver.sequence.notation import format_position, parse_position
from playable.solver.sequence.rules import (
    EMPTY,
    State,
    Variant,
    apply,
    completed_lines,
    deal,
    legal_moves,
    shuffled_deck,
)

#: Draws a search within the horizon can make: per turn one draw and at most one
#: dead-card replacement (SQ-4, SQ-6), over 2N - 1 turns of two players.
HORIZON = 4 * MAX_TURNS
#: Seconds allowed to one proof while sampling (positions take milliseconds).
PROOF_SECONDS = 2.0
#: Mutations tried from the best candidate after each sampled game, per level.
#: Measured on seeds 0-9 with 10 s each (shared 2-core machine): climbing halves
#: the time to an expert puzzle (17 s against 32 s for ten) and is neutral at
#: medium, but at hard it only slows sampling down (49 s against 34 s), since the
#: nearest candidates are mostly unique expert positions, so hard does not climb.
CLIMB_STEPS = {Level.EASY: 25, Level.MEDIUM: 25, Level.HARD: 0, Level.EXPERT: 25}
#: Games stop after this many turns (a greedy game ends in about 60).
GAME_TURNS = 200
VARIANT = Variant(players=2, sides=2)


@dataclass(frozen=True)
class Candidate:
    """A position (every draw known), its proof and its quick score."""

    state: State
    proof: Proof
    score: float


def distance(level: Level, found: Candidate) -> float:
    """How far ``found`` is from a puzzle of ``level`` (0: it is one).

    The distance of its score to the band; at expert, also 0.1 per winning first
    move beyond one (an expert puzzle has a single, proven, winning first move).
    """
    extra = 0.1 * (len(found.proof.winning) - 1) if level is Level.EXPERT else 0.0
    if level.admits(found.score):
        return extra
    low, high = level.band
    return (low - found.score if found.score < low else found.score - high) + extra


def candidate(state: State) -> Candidate | None:
    """``state`` as a candidate: a proven forced win with a real choice of first move."""
    proof = prove(state, MAX_TURNS, PROOF_SECONDS)
    if proof is None or len(proof.winning) == proof.legal:
        return None
    return Candidate(state, proof, quick_score(state, proof))


def game_positions(rng: random.Random) -> Iterator[State]:
    """The positions of one game: greedy play with epsilon-random moves."""
    state = deal(VARIANT, shuffled_deck(rng.randrange(2**31)), first=rng.randrange(2))
    epsilon = rng.uniform(0.1, 0.5)
    for _ in range(GAME_TURNS):
        if state.winner is not None:
            return
        yield state
        moves = legal_moves(state)
        if rng.random() < epsilon:
            move = rng.choice(moves)
        else:
            move = max(moves, key=lambda m: gain(state, m))
        state = apply(state, move)


def mutate(state: State, rng: random.Random) -> State | None:
    """One local change (module notes), or None when the drawn change is impossible."""
    if rng.random() < 0.5:
        deep = len(state.draw) - HORIZON
        if deep <= 0:
            return None
        player = state.to_move if rng.random() < 0.6 else 1 - state.to_move
        hand = list(state.hands[player])
        i, j = rng.randrange(len(hand)), HORIZON + rng.randrange(deep)
        draw = list(state.draw)
        hand[i], draw[j] = draw[j], hand[i]
        hands = tuple(tuple(hand) if p == player else h for p, h in enumerate(state.hands))
        return replace(state, hands=hands, draw=tuple(draw))
    locked = state.locked
    chips = [c for c, chip in enumerate(state.chips) if chip >= 0 and c not in locked]
    empty = [c for c, chip in enumerate(state.chips) if chip == EMPTY and c not in CORNERS]
    if not chips or not empty:
        return None
    source, target = rng.choice(chips), rng.choice(empty)
    board = list(state.chips)
    board[target], board[source] = board[source], EMPTY
    if completed_lines(tuple(board), board[target], target):
        return None  # an unannounced line of five is not a position of the game (SQ-7)
    return replace(state, chips=tuple(board))


def climb(
    start: Candidate, level: Level, rng: random.Random, steps: int, deadline: float
) -> Candidate:
    """Greedy hill-climbing from ``start`` toward the band of ``level``."""
    best = start
    for _ in range(steps):
        if distance(level, best) == 0 or time.perf_counter() > deadline:
            break
        changed = mutate(best.state, rng)
        found = candidate(changed) if changed is not None else None
        if found is not None and distance(level, found) < distance(level, best):
            best = found
    return best


def trimmed(found: Candidate, seconds: float) -> tuple[State, Proof] | None:
    """The puzzle position: the fewest known draws that keep the whole proof exact.

    The position is written and parsed back, so the proof is of exactly the text
    the player (and :func:`check`) will read.
    """
    state = found.state
    for k in range(min(HORIZON, len(state.draw)) + 1):
        cut = replace(state, draw=state.draw[:k], unknown=state.unknown + len(state.draw) - k)
        parsed = parse_position(format_position(cut))
        proof = prove(parsed, found.proof.turns, seconds)
        if proof is None:
            continue
        same = {str(m) for m in proof.winning} == {str(m) for m in found.proof.winning}
        if proof.turns == found.proof.turns and same:
            return parsed, proof
        return None  # a complete proof must agree with the full one; never guess
    return None


def search(level: Level, rng: random.Random, deadline: float) -> Iterator[Candidate]:
    """Candidates inside the band of ``level``, sampled and climbed, until the deadline."""
    best: Candidate | None = None
    while time.perf_counter() < deadline:
        for state in game_positions(rng):
            if time.perf_counter() > deadline:
                return
            if state.sequence_count(state.side) == 0:
                continue  # two sequences in three turns from none: too rare to look for
            found = candidate(state)
            if found is None:
                continue
            if distance(level, found) == 0:
                yield found
            elif best is None or distance(level, found) < distance(level, best):
                best = found
        if best is not None and CLIMB_STEPS[level]:
            best = climb(best, level, rng, CLIMB_STEPS[level], deadline)
            if distance(level, best) == 0:
                yield best
                best = None
