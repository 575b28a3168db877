"""Sequence puzzles: how hard a proven win-in-N position is.

Signals (all measured on the exact :class:`~puzzles.sequence_proof.Proof`):

* ``depth``: N, the exact number of own turns of the fastest forced win;
* ``winning_first_moves``: how many legal first moves keep the win within N
  (1 = unique, proven by searching after every legal move);
* ``greedy_success``: the share of first moves of the greedy player
  (:class:`solver.sequence.players.GreedyPlayer`, the highest
  :func:`~solver.sequence.analyse.gain`) with *random tie-breaks* that keep the win:
  computed exactly as (winning moves among the best-gain moves) / (best-gain moves),
  so no sampling noise;
* held out of the score: ``stronger_success`` (the share of
  :class:`~solver.sequence.players.StrongerPlayer` runs with seeds 0..K-1, whose
  determinized lookahead differs by seed, that pick a winning first move),
  ``random_success`` (winning / legal first moves), ``known_draws`` (cards of the
  draw pile the puzzle lists), ``nodes`` (the proof's nodes) and ``solver_seconds``.

Score (in [0, 1], levels are the bands of :mod:`puzzles.base`)::

    score = 0.35 * (N - 1) / 2  +  0.45 * (1 - greedy_success)  +  0.20 / winning_first_moves

so a win in one with several winning moves is easy, a win the greedy player
misses with a single winning first move is expert.
"""

from __future__ import annotations

from puzzles.base import Rating
from puzzles.sequence_proof import Proof
from solver.sequence.analyse import gain
from solver.sequence.players import StrongerPlayer
from solver.sequence.rules import State, legal_moves

#: Weights of the score (module notes).
DEPTH_WEIGHT = 0.35
GREEDY_WEIGHT = 0.45
UNIQUE_WEIGHT = 0.20
#: The deepest N the generator proves (the depth term is 1 at this N).
MAX_TURNS = 3
#: How many seeded runs of the stronger player measure ``stronger_success``.
STRONGER_RUNS = 3
HELD_OUT = ("stronger_success", "random_success", "known_draws", "nodes", "solver_seconds")


def greedy_success(state: State, proof: Proof) -> float:
    """The share of greedy first moves (ties broken at random) that keep the win."""
    moves = legal_moves(state)
    gains = [gain(state, m) for m in moves]
    best = max(gains)
    chosen = [m for m, g in zip(moves, gains, strict=True) if g == best]
    return sum(m in proof.winning for m in chosen) / len(chosen)


def stronger_success(state: State, proof: Proof, runs: int = STRONGER_RUNS) -> float:
    """The share of seeded stronger-player runs whose first move keeps the win."""
    return sum(StrongerPlayer(seed=s).choose(state) in proof.winning for s in range(runs)) / runs


def score_of(depth: int, greedy: float, winning: int) -> float:
    """The difficulty score of the module notes, clamped to [0, 1]."""
    depth_term = (min(depth, MAX_TURNS) - 1) / (MAX_TURNS - 1)
    value = DEPTH_WEIGHT * depth_term + GREEDY_WEIGHT * (1 - greedy) + UNIQUE_WEIGHT / winning
    return min(1.0, max(0.0, value))


def quick_score(state: State, proof: Proof) -> float:
    """The score alone (no held-out signals): cheap enough for hill-climbing."""
    return score_of(proof.turns, greedy_success(state, proof), len(proof.winning))


def rate(state: State, proof: Proof) -> Rating:
    """The full rating: the score and every signal, held-out ones included."""
    greedy = greedy_success(state, proof)
    metrics = {
        "depth": float(proof.turns),
        "winning_first_moves": float(len(proof.winning)),
        "legal_first_moves": float(proof.legal),
        "greedy_success": round(greedy, 4),
        "stronger_success": round(stronger_success(state, proof), 4),
        "random_success": round(len(proof.winning) / proof.legal, 4),
        "known_draws": float(len(state.draw)),
        "nodes": float(proof.nodes),
        "solver_seconds": round(proof.seconds, 4),
    }
    score = score_of(proof.turns, greedy, len(proof.winning))
    return Rating(score=score, metrics=metrics, held_out=HELD_OUT)
