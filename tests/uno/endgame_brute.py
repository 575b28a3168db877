"""A plain memoised minimax over the reference rules: the oracle the endgame search
is cross-checked against (tests/uno/test_endgame*.py, benchmarks/uno_endgame.py)."""

from __future__ import annotations

import random
from collections.abc import Hashable

from playable.solver.uno.cards import full_deck
from playable.solver.uno.rules import Options, State, apply, legal_moves

WIN, LOSS, UNKNOWN = 1, -1, 0


def _key(s: State, seeded: bool) -> Hashable:
    tail: Hashable = (s.draw, s.discard, s.reshuffles) if seeded else (s.draw, len(s.discard))
    return (s.hands, s.top, s.colour, s.to_move, s.phase, s.pending, s.drawn, s.guilty, tail)


def minimax(s: State, memo: dict[Hashable, int] | None = None) -> int:
    """WIN / LOSS / UNKNOWN for the mover of ``s``, every reshuffle an unknown leaf
    (three-valued: a win if some move wins, a loss if all lose)."""
    memo = {} if memo is None else memo
    key = _key(s, False)
    if key in memo:
        return memo[key]
    values = []
    for move in legal_moves(s):
        after = apply(s, move)
        if after.is_over:
            v = WIN if after.winner == s.to_move else LOSS
        elif after.reshuffles != s.reshuffles:
            v = UNKNOWN
        else:
            inner = minimax(after, memo)
            v = inner if after.to_move == s.to_move else -inner
        values.append(v)
        if v == WIN:
            break
    value = WIN if WIN in values else UNKNOWN if UNKNOWN in values else LOSS
    memo[key] = value
    return value


def seeded_minimax(s: State, depth: int, memo: dict[Hashable, tuple[int, int]]) -> int:
    """WIN / LOSS for the mover of ``s`` if decided within ``depth`` moves following
    the seeded reshuffles, else UNKNOWN."""
    key = _key(s, True)
    got = memo.get(key)
    if got is not None and (got[0] != UNKNOWN or got[1] >= depth):
        return got[0]
    if depth <= 0:
        return UNKNOWN
    values = []
    for move in legal_moves(s):
        after = apply(s, move)
        if after.is_over:
            v = WIN if after.winner == s.to_move else LOSS
        else:
            inner = seeded_minimax(after, depth - 1, memo)
            v = inner if after.to_move == s.to_move else -inner
        values.append(v)
        if v == WIN:
            break
    value = WIN if WIN in values else UNKNOWN if UNKNOWN in values else LOSS
    memo[key] = (value, depth)
    return value


def tiny(
    rng: random.Random, options: Options | None = None, most: int = 3, draws: int = 4
) -> State:
    """A random two-player position with 1..``most`` cards a hand and 0..``draws``
    cards to draw; the other cards are on the discard pile (so reshuffles come soon)."""
    deck = full_deck()
    rng.shuffle(deck)
    a, b = rng.randint(1, most), rng.randint(1, most)
    d = rng.randint(0, draws)
    hands = (tuple(deck[:a]), tuple(deck[a : a + b]))
    draw = tuple(deck[a + b : a + b + d])
    rest = deck[a + b + d :]
    top = next(c for c in rest if c < 52)
    rest.remove(top)
    return State(
        options or Options(),
        hands,
        draw,
        (*rest, top),
        top // 13,
        rng.randint(0, 1),
        1,
        seed=rng.randint(0, 999),
    )
