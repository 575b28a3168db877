"""UNO at scale: solve many two-player rounds exactly from the deal and count how
often the player to move can force a win (the table of docs/results.md).

Deal ``i`` of a study with seed ``S`` is UNO's default deal of seed ``S + i``
(``GAME.deal``: two players, player 1 the dealer, the official rules with
docs/rules.md's decisions), started as UN-2/UN-7 say; its row in the study file is
keyed by that seed. Each round is solved by
:func:`playable.solver.uno.endgame.solve_position` with every card known (UN-2): with
``seeded`` the deal's seed fixes every reshuffle (UN-9), so the round is fully known;
without it a reshuffle ends the known information and a round whose value depends on its
order is *open* (an exact answer, not a budget cut). The storage, resuming, claims,
workers and retries are The Game's (:mod:`playable.solver.core.study`,
:mod:`playable.solver.core.retries`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from playable.solver.core.effort import effort, every_pass
from playable.solver.core.retries import Retries, with_retries
from playable.solver.core.stats import Proportion
from playable.solver.core.study_budget import BudgetedStudy, stored_budget
from playable.solver.uno.game import GAME

#: the outcomes of a round, as the study file stores them
OUTCOMES = ("win", "loss", "open", "budget")


@dataclass(frozen=True)
class Study(BudgetedStudy):
    """What a study solves: reshuffles followed or not, the first seed, the budget of
    each round."""

    seeded: bool
    seed: int
    seconds: float | None
    nodes: int | None = None
    memory_mb: int = 1024

    def config(self) -> dict[str, Any]:
        """The arguments stored with the study (a resumed study must match them)."""
        return self.stored("uno", seeded_reshuffles=self.seeded, seed=self.seed)

    def solve(self, seed: int) -> dict[str, Any]:
        """Solve the round of ``seed`` for the player to move.

        The row: ``outcome`` (``win``: the player to move forces a win, ``loss``: the
        opponent does, ``open``: the value depends on the order of a reshuffle,
        ``budget``: the budget ran out), ``to_move`` (0-based), ``status``
        ``solved`` for a win or a loss, else ``unknown``, ``nodes`` and ``seconds``.
        """
        from playable.solver.uno.endgame import solve_position

        state = GAME.deal(2, seed)
        result = solve_position(state, self.budget(), seeded=self.seeded)
        value = result.extra["value"]
        if value in ("win", "loss"):
            outcome = value
        else:  # "unknown" (a reshuffle or the budget); no-forced-win is never proven
            outcome = "open" if result.extra["unknown"] == "reshuffle" else "budget"
        return {
            "status": "solved" if outcome in ("win", "loss") else "unknown",
            "value": None,
            "outcome": outcome,
            "to_move": state.to_move,
            "nodes": result.nodes,
            "seconds": result.seconds,
        }


def study_from_config(config: dict[str, Any]) -> Study:
    return Study(config["seeded_reshuffles"], config["seed"], *stored_budget(config))


def summarise_study(rows: list[dict[str, Any]], retries: Retries | None = None) -> dict[str, Any]:
    """How often the player to move forces a win, with 95% Wilson intervals.

    Over all deals: ``forced_win`` (a lower bound on the true share: the other
    deals may hide more wins), ``forced_loss`` (so the true share of forced wins is
    at most 1 minus it), ``open`` and ``budget`` (undecided). Over decided deals:
    ``win_when_decided`` (biased towards short fights: the decided deals are the
    ones the budget could finish). With ``retries`` a deal left undecided takes the
    first retry that decided it, as in The Game's study.
    """
    first_rows = rows
    rows, tried = with_retries(rows, retries or [])
    every = every_pass(first_rows, retries)
    count = {outcome: sum(1 for row in rows if row["outcome"] == outcome) for outcome in OUTCOMES}
    n = len(rows)
    decided = count["win"] + count["loss"]
    return {
        "deals": n,
        "decided_deals": decided,
        "outcomes": count,
        "forced_win": Proportion(count["win"], n).to_json(),
        "forced_loss": Proportion(count["loss"], n).to_json(),
        "open": Proportion(count["open"], n).to_json(),
        "budget": Proportion(count["budget"], n).to_json(),
        "win_when_decided": Proportion(count["win"], decided).to_json(),
        **effort(
            (row["seconds"] for row in first_rows),
            (row["seconds"] for row in every),
            (row["nodes"] for row in every),
        ),
        "first_pass": {"decided_deals": sum(1 for row in first_rows if row["status"] == "solved")},
        "retries": tried,
    }
