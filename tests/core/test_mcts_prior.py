"""The tree search's prior (solver/core/mcts_prior.py, docs/analysis.md "A prior from
the quick bot"): the ranking's moves get the simulations first and an even game keeps
them there; the ranks' weights; soundness with a prior is fuzzed with the rest of
the backups in tests/core/test_mcts.py."""

from __future__ import annotations

import itertools
import random

import pytest

from playable.solver.core.budget import Budget
from playable.solver.core.errors import IllegalMove
from playable.solver.core.mcts import search
from playable.solver.core.mcts_prior import rank_priors, ranked


class CoinGame:
    """Two players alternate over ten moves for 40 plies; who wins is a coin flip of
    the play-out (every move is worth the same), so only a prior can tell moves apart."""

    name = "coins"
    cooperative = False
    turn_end = None
    returns_range = (-1.0, 1.0)

    def players(self, state: tuple[int, ...]) -> int:
        return 2

    def sides(self, state: tuple[int, ...]) -> tuple[int, ...]:
        return (0, 1)

    def to_move(self, state: tuple[int, ...]) -> int:
        return len(state) % 2

    def is_terminal(self, state: tuple[int, ...]) -> bool:
        return len(state) >= 40

    def legal_moves(self, state: tuple[int, ...]) -> list[int]:
        return [] if self.is_terminal(state) else list(range(10))

    def apply(self, state: tuple[int, ...], move: int) -> tuple[int, ...]:
        if move not in self.legal_moves(state):
            raise IllegalMove(f"no move {move}")
        return (*state, move)

    def returns(self, state: tuple[int, ...]) -> tuple[float, float]:
        return (1.0, -1.0) if sum(state) % 2 else (-1.0, 1.0)

    def format(self, state: tuple[int, ...]) -> str:
        return f"coins {state}"


def coin_flip(state: tuple[int, ...], rng: random.Random) -> tuple[float, float]:
    return (1.0, -1.0) if rng.random() < 0.5 else (-1.0, 1.0)


def seven_first(state: tuple[int, ...], moves: list[int]) -> list[int]:
    return [7, *(m for m in moves if m != 7)]


def share_of_seven(prior: bool) -> float:
    """Move 7's share of the root's visits, averaged over 8 seeded searches."""
    game, shares = CoinGame(), []
    for seed in range(8):
        ranking = seven_first if prior else None
        result = search(game, (), Budget(nodes=3000), seed=seed, rollout=coin_flip, prior=ranking)  # type: ignore[arg-type]
        visits = {m.move: m.visits for m in result.moves}
        shares.append(visits["7"] / sum(visits.values()))
    return sum(shares) / len(shares)


def test_an_even_game_follows_the_prior() -> None:
    """Every move wins half the play-outs: with the prior the ranking's first move
    gets several times its even share (a tenth) of the simulations; without it,
    about a tenth."""
    assert share_of_seven(prior=True) > 0.3
    assert share_of_seven(prior=False) < 0.15


def test_a_better_move_overrules_the_prior() -> None:
    """The prior ranks move 7 first, but move 3 wins every play-out: the search
    recommends move 3."""
    game = CoinGame()

    def three_wins(state: tuple[int, ...], rng: random.Random) -> tuple[float, float]:
        return (1.0, -1.0) if state[0] == 3 else coin_flip(state, rng)

    result = search(game, (), Budget(nodes=3000), seed=1, rollout=three_wins, prior=seven_first)  # type: ignore[arg-type]
    assert result.recommended == "3"


def test_rank_priors_decay_and_sum_to_one() -> None:
    priors = rank_priors(30)
    assert sum(priors) == pytest.approx(1.0)
    assert all(a > b for a, b in itertools.pairwise(priors))
    assert priors[0] == pytest.approx(10 * priors[9])
    assert rank_priors(1) == [1.0]


def test_moves_the_ranking_leaves_out_come_last() -> None:
    moves, priors = ranked(lambda state, ms: [5, 2], None, [1, 2, 3, 4, 5])
    assert moves == [5, 2, 1, 3, 4] and len(priors) == 5
    moves, _ = ranked(lambda state, ms: None, None, [1, 2, 3])
    assert moves == [1, 2, 3]
