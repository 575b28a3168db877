"""The Game: nested rollout policy adaptation (NRPA), a finder of winning lines.

NRPA (Rosin 2011) learns a playout policy: a weight per *move code* (here the card
and the pile it goes on, or ending the turn after so many cards), turned into move
probabilities by a softmax. Level 0 is one playout drawn from the policy; level
``l`` runs ``iterations`` level ``l - 1`` searches, each from a copy of its policy,
keeps the best line seen and after each one moves its policy towards that line
(:func:`_adapt`). The playout's softmax also holds a fixed bias, ``-bias`` times the
kernel's ordering cost in jumped cards (:func:`playable.solver.thegame.kernel._generate`;
the *generalized* NRPA of Cazenave 2020), so a fresh policy already plays like the
kernel's ordering, with some randomness.

Like the pilot (:mod:`playable.solver.thegame.pilot_kernel`), this is heuristic search: it
finds lines and proves nothing; its moves are the kernel's (pruning rules P2-P4
hold) and every line is replayed through the reference rules before it is offered.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt
from numba import njit

from playable.solver.core.arrays import I64
from playable.solver.thegame import pilot_kernel as pilot
from playable.solver.thegame.kernel import (
    END,
    INF,
    MAX_DEPTH,
    MAX_MOVES,
    S_LAID,
    _generate,
    apply_move,
    new_scratch,
)
from playable.solver.thegame.pilot_kernel import BUDGET, DONE, FOUND, _leaf_value, _xorshift
from playable.solver.thegame.workspace import Position

#: move codes: ``card * 4 + pile`` for a play (cards up to 99), then ending the turn
#: after 1, 2, ... (at most 7 counted apart) cards
END_CODE = 400
CODES = END_CODE + 8


class Workspace(NamedTuple):
    """What an NRPA search keeps between calls, a row per level (:func:`workspace`):
    the best line of the level's search so far, its policy and iterations done. Level
    0's row holds the playout in progress."""

    lines: I64  # (levels, MAX_DEPTH): index of the move among the step's
    played: I64  # (levels, MAX_DEPTH): the kernel move
    codes: I64  # (levels, MAX_DEPTH, MAX_MOVES): every move's code
    weights: npt.NDArray[np.float64]  # (levels, MAX_DEPTH, MAX_MOVES): its fixed bias
    counts: I64  # (levels, MAX_DEPTH): how many moves
    lengths: I64  # (levels,): the line's length
    scores: I64  # (levels,): its cards left
    policies: npt.NDArray[np.float64]  # (levels, CODES)
    done: I64  # (levels,): iterations done


# registers (int64 array ``reg``)
R_NODES = 0  # moves played so far
R_LIMIT = 1  # pause once R_NODES reaches this
R_BEST = 2  # cards left by the best line of the search that ended
R_BEST_LEN = 3
R_RNG = pilot.R_RNG  # the xorshift state, where the pilot's _xorshift keeps it
R_LEVEL = 5  # the level the search paused at; -1: no search in progress
R_CHILD = 6
N_REG = 7


@njit(cache=True)
def _random(reg: I64) -> float:
    """A uniform number in [0, 1) from the pilot's xorshift generator (53 bits)."""
    return _xorshift(reg) / 9007199254740992.0


@njit(cache=True)
def _playout(
    params: I64, draw: I64, root: Position, work: Workspace, bias: float, reg: I64
) -> tuple[int, int]:
    """One playout from ``root`` drawn from level 0's policy into level 0's row of
    ``work``: the cards left (INF for a turn that cannot reach its minimum) and the
    line's length. Step ``k`` keeps the kernel move played (``played[0, k]``) and its
    index among the step's moves (``lines[0, k]``), the codes of every move and their
    fixed bias (``codes[0, k]``, ``weights[0, k]``) and how many (``counts[0, k]``)."""
    pos = Position(root.st.copy(), root.hands.copy(), root.avail.copy())
    st = pos.st
    policy = work.policies[0]
    line, played, codes, weights, counts = (
        work.lines[0],
        work.played[0],
        work.codes[0],
        work.weights[0],
        work.counts[0],
    )
    moves = np.empty((1, MAX_MOVES), dtype=np.int64)
    scratch = new_scratch()
    costs = scratch.costs
    probs = np.empty(MAX_MOVES, dtype=np.float64)
    k = 0
    while True:
        n = _generate(params, pos, moves, 0, scratch, False)
        if n == 0 or k >= MAX_DEPTH:
            return _leaf_value(params, pos), k
        total = 0.0
        for i in range(n):
            m = moves[0, i]
            code = END_CODE + min(st[S_LAID], 7) if m == END else m
            codes[k, i] = code
            weights[k, i] = -bias * costs[i] / 64.0
            probs[i] = np.exp(policy[code] + weights[k, i])
            total += probs[i]
        counts[k] = n
        pick = _random(reg) * total
        chosen = n - 1
        for i in range(n):
            pick -= probs[i]
            if pick < 0.0:
                chosen = i
                break
        line[k] = chosen
        played[k] = moves[0, chosen]
        apply_move(params, draw, pos, played[k])
        reg[R_NODES] += 1
        k += 1


@njit(cache=True)
def _adapt(work: Workspace, lvl: int, alpha: float) -> None:
    """Move level ``lvl``'s policy towards its best line: at each step raise the
    weight of the move played by ``alpha`` and lower every move's by ``alpha`` times
    its probability (the gradient of the line's log-probability)."""
    policy = work.policies[lvl]
    length = work.lengths[lvl]
    line, codes, weights, counts = (
        work.lines[lvl],
        work.codes[lvl],
        work.weights[lvl],
        work.counts[lvl],
    )
    old = policy.copy()
    probs = np.empty(MAX_MOVES, dtype=np.float64)
    for k in range(length):
        n = counts[k]
        total = 0.0
        for i in range(n):
            probs[i] = np.exp(old[codes[k, i]] + weights[k, i])
            total += probs[i]
        policy[codes[k, line[k]]] += alpha
        for i in range(n):
            policy[codes[k, i]] -= alpha * probs[i] / total


@njit(cache=True)
def nrpa(
    params: I64,
    draw: I64,
    root: Position,
    work: Workspace,
    iterations: int,
    bias: float,
    alpha: float,
    reg: I64,
    best_moves: I64,
) -> int:
    """Run (or resume) one NRPA search from ``root`` at level ``len(work.scores) - 1``,
    with a fresh policy; return DONE, FOUND (a win) or BUDGET (``reg[R_NODES]``
    reached ``reg[R_LIMIT]``: call again with the same arrays to go on). ``work``
    (:func:`workspace`) keeps, per level, the best line (move indices, kernel moves,
    codes, weights, counts, length, score), the policy and the iterations done. When the
    search ends, the best line's kernel moves are in ``best_moves[:reg[R_BEST_LEN]]``
    and its cards left in ``reg[R_BEST]``."""
    lines, played, codes, weights, counts, lengths, scores, policies, done = work
    top = len(scores) - 1
    if reg[R_LEVEL] < 0:  # a new search
        policies[top] = 0.0
        scores[top] = INF + 1
        done[top] = 0
        reg[R_LEVEL] = top
        reg[R_CHILD] = -1
    lvl = reg[R_LEVEL]
    child = reg[R_CHILD]
    while True:
        if child < 0:  # at the head of level lvl's loop
            if lvl == 0:
                if reg[R_NODES] >= reg[R_LIMIT]:
                    reg[R_LEVEL] = lvl
                    reg[R_CHILD] = -1
                    return BUDGET
                score, length = _playout(params, draw, root, work, bias, reg)
                lengths[0] = length
                scores[0] = score
                child = 0
                lvl = 1
            elif done[lvl] == iterations or scores[lvl] == 0:
                if lvl == top:
                    break
                child = lvl
                lvl += 1
            else:
                policies[lvl - 1] = policies[lvl]
                scores[lvl - 1] = INF + 1
                done[lvl - 1] = 0
                lvl -= 1
                continue
        # the level-``child`` search below lvl finished: fold its best line into lvl's
        if scores[child] <= scores[lvl]:
            scores[lvl] = scores[child]
            n = lengths[child]
            lengths[lvl] = n
            lines[lvl, :n] = lines[child, :n]
            played[lvl, :n] = played[child, :n]
            codes[lvl, :n] = codes[child, :n]
            weights[lvl, :n] = weights[child, :n]
            counts[lvl, :n] = counts[child, :n]
        done[lvl] += 1
        if scores[lvl] > 0 and done[lvl] < iterations:
            _adapt(work, lvl, alpha)
        child = -1
    reg[R_LEVEL] = -1
    best_moves[: lengths[top]] = played[top, : lengths[top]]
    reg[R_BEST] = scores[top]
    reg[R_BEST_LEN] = lengths[top]
    return FOUND if scores[top] == 0 else DONE


def workspace(level: int) -> Workspace:
    """The arrays an NRPA search of ``level`` keeps between calls (see :func:`nrpa`)."""
    levels = level + 1
    return Workspace(
        np.zeros((levels, MAX_DEPTH), dtype=np.int64),
        np.zeros((levels, MAX_DEPTH), dtype=np.int64),
        np.zeros((levels, MAX_DEPTH, MAX_MOVES), dtype=np.int64),
        np.zeros((levels, MAX_DEPTH, MAX_MOVES), dtype=np.float64),
        np.zeros((levels, MAX_DEPTH), dtype=np.int64),
        np.zeros(levels, dtype=np.int64),
        np.full(levels, INF + 1, dtype=np.int64),
        np.zeros((levels, CODES), dtype=np.float64),
        np.zeros(levels, dtype=np.int64),
    )
