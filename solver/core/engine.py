"""The one search interface every game offers: an :class:`Engine` (docs/architecture.md).

Beside its rules (:class:`playable.solver.core.game.Game`) each game has an engine in
``solver/<game>/engine.py``, found by name with :func:`playable.solver.games.engine`.
The library API, the command line and the web board solve and analyse through it, so
a capability written once reaches every game.

``solve`` answers with a :class:`~playable.solver.core.result.SolveResult` whose line
was replayed through the reference rules; ``analyse`` with the JSON document of
``playable analyse --json`` (docs/json.md). Loading the numba kernels (``warm_up``)
happens before any budget starts, so it is never charged to one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from playable.solver.core.budget import Budget
from playable.solver.core.result import SolveResult

#: Makes a fresh budget (not started); an analysis that gives every move its own
#: budget (The Game) calls it once a move, the others once.
BudgetMaker = Callable[[], Budget]


@dataclass(frozen=True)
class SearchOptions:
    """The search options a game may read; each game reads the ones it has.

    ``depth``: Sequence's horizon in own turns (a forced win within ``depth`` turns;
    0 in an analysis means no proof search). ``seeded_reshuffles``: UNO follows
    every reshuffle of the discards in a seeded order (UN-9) instead of stopping.
    ``memory_mb``: the table memory of searches an analysis starts per move.
    ``line``: False when the caller reads only the value a solve proves (the tree
    search's leaves, the seat analysis' deals): a game whose line costs more than its
    proof (Face to Face builds and certifies the winner's whole line) then skips it,
    and its result has an empty line.
    """

    depth: int = 3
    seeded_reshuffles: bool = False
    memory_mb: int = 256
    line: bool = True


class Engine(Protocol):
    """A game's searches behind one interface.

    An engine may also offer four optional methods, read with ``getattr``:
    ``leaf_worth(state) -> bool`` (is a leaf solve of ``state`` worth its cost to the
    tree search, solver/core/mcts_leaf.py), ``turn_plan(state) -> list`` (a
    hidden-information bot's whole turn for the player to move, the seat player's
    default through that turn, solver/core/seat_player.py), ``prove_loss(state,
    budget, options)`` (a loss of the player to move as bounds, or None, where
    ``solve`` proves only wins: Sequence; the review's proofs, solver/core/review.py),
    and ``strong_rollout(state, rng)`` (as :meth:`rollout` by a stronger, slower bot:
    the seat player's flat Monte Carlo, Sequence), and one optional flag,
    ``tree_prior`` (True: the tree search takes :meth:`order` as its prior,
    solver/core/mcts_prior.py)."""

    #: True when an analysis shares one budget among the moves; False when it gives
    #: every move a budget of its own (The Game), so it may take that budget per move.
    analysis_shares_budget: bool
    #: The node budget of a solve that costs a few milliseconds: what the tree search
    #: gives the engine at each new node (docs/analysis.md, leaf solvers).
    leaf_nodes: int

    def warm_up(self) -> None:
        """Load (or compile) every kernel ``solve`` and ``analyse`` may call, so that
        no budget pays for it (tests/core/test_warm_up.py checks this)."""
        ...

    def solve(self, state: Any, budget: Budget, options: SearchOptions) -> SolveResult:
        """Solve ``state`` for the player to move with everything known."""
        ...

    def analyse(self, state: Any, budgets: BudgetMaker, options: SearchOptions) -> dict[str, Any]:
        """Every next move of the player to move with its value, as the document of
        ``playable analyse --json``."""
        ...

    def best_proven(self, analysis: dict[str, Any]) -> bool:
        """Whether ``analysis`` (a document of :meth:`analyse`) proves a best move, or
        that the game is over or every move loses; when it does not, ``analyse``
        adds the tree search's estimates (docs/analysis.md)."""
        ...

    def rollout(self, state: Any, rng: random.Random) -> tuple[float, ...] | None:
        """The game played out from ``state`` by the game's quick bot, as the tree
        search's simulation (docs/analysis.md): who won at the end
        (``Game.win_returns``), or None where the game has no such bot (the search
        then plays random moves)."""
        ...

    def order(self, state: Any, moves: list[Any]) -> list[Any] | None:
        """``moves`` (legal in ``state``) best first by the game's quick bot, from what
        the player to move sees (its hand and the public cards): the player from one
        seat values only the first few and keeps the first unless a better one is
        proven (docs/seatview.md). None where the game has no such ordering (UNO)."""
        ...

    def bounds(self, result: SolveResult, wins_only: bool) -> tuple[float, float] | None:
        """What ``result`` (a solve of some state) proves about that state's value for
        its player to move, in the tree search's terms (docs/analysis.md: the shared
        return, or the margin of the mover's side; with ``wins_only`` a win is +2
        and a loss -2): proven (low, high) bounds, or None when it proves nothing."""
        ...
