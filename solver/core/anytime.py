"""Analysis that always answers (docs/analysis.md): the tree search with the game's
exact solver at its leaves, and the one sentence that says what a position is.

The exact analyses of each game (``Engine.analyse``) prove what their budget reaches
and say ``unknown`` beyond; :func:`estimate` adds, for every legal move, a proven value
or a labelled estimate and one recommended move, so ``playable analyse`` and the
library API always give advice. :func:`summary` words the answer: a proof as a proof
("player 2 wins with perfect play (proven)"), an estimate with its simulations and
95% interval, never one for the other.
"""

from __future__ import annotations

from typing import Any

from playable.solver.core import mcts
from playable.solver.core.budget import Budget
from playable.solver.core.mcts_leaf import engine_leaf_solver
from playable.solver.core.mcts_prior import Order
from playable.solver.core.mcts_result import MctsResult, MoveReport
from playable.solver.games import engine, game


def estimate(name: str, state: Any, budget: Budget, seed: int = 0) -> MctsResult:
    """Every legal move of ``state`` (game ``name``) proven or estimated within
    ``budget`` (started here, after the kernels are loaded), repeatable by ``seed``;
    the simulations are the engine's quick-bot rollouts where it has them, a
    finished game is valued by who won (``Game.win_returns``), and where the engine
    asks for it (``tree_prior``) its quick bot's ranking (``Engine.order``) is the
    search's prior (:mod:`~playable.solver.core.mcts_prior`)."""
    rules = game(name)
    leaf = engine_leaf_solver(name, wins_only=True)  # loads the kernels before the budget
    return mcts.search(
        rules,
        state,
        budget.start(),
        seed=seed,
        leaf_solver=leaf,
        rollout=engine(name).rollout,
        outcome=rules.win_returns,  # who wins, not UNO's points (UN-10)
        prior=prior_of(name),
    )


def prior_of(name: str) -> Order | None:
    """Game ``name``'s quick-bot ranking (``Engine.order``) where its engine asks the
    tree search to take it as a prior (``tree_prior``), else None."""
    found = engine(name)
    return found.order if getattr(found, "tree_prior", False) else None


def add_estimates(
    name: str, state: Any, analysis: dict[str, Any], budget: Budget, seed: int = 0
) -> MctsResult | None:
    """Unless ``analysis`` (the engine's analyse document of ``state``) proves a best
    move (``Engine.best_proven``), run :func:`estimate` and add its document
    (``estimates``), the :func:`summary` sentence and the ``recommended`` move to
    ``analysis``; the search's result, or None when it was not needed."""
    if engine(name).best_proven(analysis):
        return None
    return estimate_into(name, state, analysis, budget, seed)


def estimate_into(
    name: str, state: Any, document: dict[str, Any], budget: Budget, seed: int = 0
) -> MctsResult:
    """Run :func:`estimate` and add its document (``estimates``), the :func:`summary`
    sentence and the ``recommended`` move to ``document`` (an analysis, or a solve
    that proved nothing); the search's result."""
    result = estimate(name, state, budget, seed)
    document["estimates"] = result.to_json()
    document["summary"] = summary(name, state, result)
    document["recommended"] = result.recommended
    return result


def _percent(share: float) -> str:
    return f"{100 * share:.0f}%"


def chance_text(report: MoveReport) -> str:
    """The share of won simulations with its 95% interval: ``71% [64%, 77%] of 400``."""
    low, high = report.successes.interval
    return (
        f"{_percent(report.successes.rate)} [{_percent(low)}, {_percent(high)}] "
        f"of {report.successes.trials}"
    )


def summary(name: str, state: Any, result: MctsResult) -> str:
    """One sentence on the position: its proven value, or the best estimate with its
    simulations (docs/analysis.md)."""
    rules = game(name)
    mover = rules.to_move(state) + 1
    if result.proven and result.value is not None:
        value = result.value
        if rules.cooperative:
            if value >= 0:
                return "every card can be laid (proven)"
            return f"at best {-value:g} cards stay in hand (proven)"
        if value > 0:
            return f"player {mover} (to move) wins with perfect play (proven)"
        if value < 0:
            return f"player {mover} (to move) loses with perfect play (proven)"
    if result.recommended is None:
        return "no move to analyse"
    best = result.move(result.recommended)
    seconds = f"{result.seconds:.1f} s"
    if best.proven and best.value is not None:
        return f"no proof of the position within {seconds}; {best.move} is proven best"
    if best.successes.trials == 0:
        return f"no proof within {seconds} and no simulation finished; {best.move} is tried first"
    won = "lays every card" if rules.cooperative else "wins"
    cards = ""
    if rules.cooperative and best.estimate is not None:
        cards = f", {-best.estimate:.1f} cards left on average"
    return (
        f"no proof within {seconds}; best estimate {best.move}: {won} in "
        f"{chance_text(best)} simulations{cards}"
    )
