"""Sequence puzzles: how hard a proven win-in-N position is.

Signals (all measured on the exact :class:`~playable.puzzles.sequence.proof.Proof`):

* ``depth``: N, the exact number of own turns of the fastest forced win;
* ``winning_first_moves``: how many legal first moves keep the win within N
  (1 = unique, proven by searching after every legal move);
* ``greedy_success``: the share of first moves of the greedy player
  (:class:`playable.solver.sequence.players.GreedyPlayer`, the highest
  :func:`~playable.solver.sequence.analysis.gain`) with *random tie-breaks* that keep the win:
  computed exactly as (winning moves among the best-gain moves) / (best-gain moves),
  so no sampling noise;
* held out of the score: ``stronger_success`` (the share of
  :class:`~playable.solver.sequence.players.StrongerPlayer` runs with seeds 0..K-1, whose
  determinized lookahead differs by seed, that pick a winning first move),
  ``greedy_line_success`` (the chance that the greedy player, ties broken at
  random, plays a whole winning line against the greedy defence, not only the
  first move), ``legal_first_moves``, ``random_success`` (winning / legal first
  moves), ``known_draws`` (cards of the draw pile the puzzle lists), ``nodes``
  (the proof's nodes) and ``solver_seconds``.

Score (in [0, 1], levels are the bands of :mod:`playable.puzzles.base`)::

    score = 0.35 * (N - 1) / 2  +  0.45 * (1 - greedy_success)  +  0.20 / winning_first_moves

so a win in one is easy, a win in two or three that the greedy player finds is
medium, and one it misses is hard, or expert with a single winning first move.
"""

from __future__ import annotations

from playable.puzzles.base import Rating
from playable.puzzles.sequence.proof import Proof, wins_within
from playable.solver.core.errors import IllegalMove
from playable.solver.sequence.analysis import gain
from playable.solver.sequence.players import GreedyPlayer, StrongerPlayer
from playable.solver.sequence.rules import Move, ReplaceDead, State, apply, legal_moves

#: Weights of the score (module notes).
DEPTH_WEIGHT = 0.35
GREEDY_WEIGHT = 0.45
UNIQUE_WEIGHT = 0.20
#: The deepest N the generator proves (the depth term is 1 at this N).
MAX_TURNS = 3
#: How many seeded runs of the stronger player measure ``stronger_success``.
STRONGER_RUNS = 3
#: Seconds per proof inside :func:`greedy_line_success` (they take milliseconds;
#: a proof that does not finish counts as a miss of the greedy player).
LINE_SECONDS = 2.0
HELD_OUT = (
    "stronger_success",
    "greedy_line_success",
    "legal_first_moves",
    "random_success",
    "known_draws",
    "nodes",
    "solver_seconds",
)


def greedy_success(state: State, proof: Proof) -> float:
    """The share of greedy first moves (ties broken at random) that keep the win."""
    moves = legal_moves(state)
    gains = [gain(state, m) for m in moves]
    best = max(gains)
    chosen = [m for m, g in zip(moves, gains, strict=True) if g == best]
    return sum(m in proof.winning for m in chosen) / len(chosen)


def greedy_line_success(state: State, turns: int, side: int | None = None) -> float:
    """The chance that the greedy player (ties broken at random) plays a whole
    winning line: at each own turn its move must keep a proven win within the
    turns left, against the greedy defence (the defender's
    :class:`~playable.solver.sequence.players.GreedyPlayer` move, as the solver's shown
    line uses). Exact: an average over the tied best moves, no sampling. A branch
    that would draw a card the position does not list, or whose proof does not
    finish in :data:`LINE_SECONDS`, counts as a miss."""
    side = state.side if side is None else side
    if state.winner is not None:
        return float(state.winner == side)
    moves = legal_moves(state)
    dead = next((m for m in moves if isinstance(m, ReplaceDead)), None)
    forced: Move | None = dead  # greedy exchanges a dead card first (SQ-6)
    if forced is None and state.side != side:
        forced = GreedyPlayer().choose(state)
    if forced is not None:
        after = _apply(state, forced)
        return 0.0 if after is None else greedy_line_success(after, turns, side)
    gains = [gain(state, m) for m in moves]
    chosen = [m for m, g in zip(moves, gains, strict=True) if g == max(gains)]
    total = 0.0
    for move in chosen:
        after = _apply(state, move)
        if after is None:
            continue
        if after.winner == side:
            total += 1
        elif turns > 1 and wins_within(after, turns - 1, side, LINE_SECONDS):
            total += greedy_line_success(after, turns - 1, side)
    return total / len(chosen)


def _apply(state: State, move: Move) -> State | None:
    """``move`` applied, or None when it would draw a card that is not listed."""
    try:
        return apply(state, move)
    except IllegalMove:
        return None


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


def rate(state: State, proof: Proof, full: State | None = None) -> Rating:
    """The full rating: the score and every signal, held-out ones included.

    ``full`` is the same position with every draw known (the sampled game's); the
    greedy line is played on it, since its later turns may draw cards the puzzle
    need not list. Without it, ``state`` is used.
    """
    greedy = greedy_success(state, proof)
    metrics = {
        "depth": float(proof.turns),
        "winning_first_moves": float(len(proof.winning)),
        "legal_first_moves": float(proof.legal),
        "greedy_success": round(greedy, 4),
        "stronger_success": round(stronger_success(state, proof), 4),
        "greedy_line_success": round(greedy_line_success(full or state, proof.turns), 4),
        "random_success": round(len(proof.winning) / proof.legal, 4),
        "known_draws": float(len(state.draw)),
        "nodes": float(proof.nodes),
        "solver_seconds": round(proof.seconds, 4),
    }
    score = score_of(proof.turns, greedy, len(proof.winning))
    return Rating(score=score, metrics=metrics, held_out=HELD_OUT)
