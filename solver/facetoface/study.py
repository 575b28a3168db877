"""Face to Face at scale: solve many deals exactly for both choices of first player
(FF-7) and summarise the first player's advantage with perfect information (the
table of docs/results.md).

Deal ``i`` of a study with seed ``S`` is the pair of decks shuffled with seed
``S + i`` (:func:`game.shuffled_deal`); its row in the study file is keyed by that
seed, so studies of one deck size meet the same deals. Each first player's solve has
its own budget (``seconds``/``nodes``): a deal costs at most twice the budget, and a
hard first solve cannot starve the second. The storage, resuming, claims and workers
are The Game's (:mod:`playable.solver.core.study`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from playable.solver.core.effort import effort, every_pass
from playable.solver.core.retries import Retries, with_retries
from playable.solver.core.stats import Proportion
from playable.solver.core.study_budget import BudgetedStudy, stored_budget
from playable.solver.facetoface.game import shuffled_deal
from playable.solver.facetoface.rules import Variant


@dataclass(frozen=True)
class Study(BudgetedStudy):
    """What a study solves: the deck size, the first seed and the budget of each solve."""

    variant: Variant
    seed: int
    seconds: float | None
    nodes: int | None = None
    memory_mb: int = 64

    def config(self) -> dict[str, Any]:
        """The arguments stored with the study (a resumed study must match them)."""
        return self.stored("facetoface", max_card=self.variant.max_card, seed=self.seed)

    def solve(self, seed: int) -> dict[str, Any]:
        """Solve the deal of ``seed`` with player 1 starting, then player 2 (FF-7).

        The row: ``starts`` (per first player: ``winner`` 0/1 or ``None`` when the
        budget ran out, ``status``, ``nodes``, ``seconds``), and ``status``
        ``solved`` when both winners are known, else ``unknown``.
        """
        from playable.solver.facetoface.search import solve

        dealt = shuffled_deal(self.variant, seed)
        starts = []
        for first in (0, 1):
            result = solve(dealt.start(first), self.budget())
            starts.append(
                {
                    "first_player": first,
                    "status": result.status.value,
                    "winner": result.objective,
                    "nodes": result.nodes,
                    "seconds": result.seconds,
                }
            )
        decided = all(s["winner"] is not None for s in starts)
        return {
            "status": "solved" if decided else "unknown",
            "value": None,
            "nodes": sum(s["nodes"] for s in starts),
            "seconds": sum(s["seconds"] for s in starts),
            "starts": starts,
        }


def study_from_config(config: dict[str, Any]) -> Study:
    return Study(Variant(config["max_card"]), config["seed"], *stored_budget(config))


def summarise_study(rows: list[dict[str, Any]], retries: Retries | None = None) -> dict[str, Any]:
    """The first player's advantage with 95% Wilson intervals.

    Over solves (two per deal): ``first_player_wins`` among the decided solves,
    ``unknown`` among all solves. Over deals decided for both first players (FF-7):
    ``starter_wins`` (whoever starts wins: the first move decides the deal),
    ``second_wins`` (whoever starts loses), ``same_winner`` (one player wins whoever
    starts: the deal decides). These three add up to the decided deals. With
    ``retries`` (:mod:`playable.solver.core.retries`) a deal left undecided takes the
    first retry that decided it; ``first_pass`` counts the deals the study's own
    budget decided, ``retries`` what each larger budget decided, and the time and
    node figures cover every pass.
    """
    first_rows = rows
    rows, tried = with_retries(rows, retries or [])
    every = [s for row in every_pass(first_rows, retries) for s in row["starts"]]
    solves = [s for row in rows for s in row["starts"]]
    known = [s for s in solves if s["winner"] is not None]
    first_wins = sum(1 for s in known if s["winner"] == s["first_player"])
    decided = [row for row in rows if _decided(row)]
    starter = second = same = 0
    for row in decided:
        by_first = {s["first_player"]: s["winner"] for s in row["starts"]}
        if by_first[0] == 0 and by_first[1] == 1:
            starter += 1
        elif by_first[0] == 1 and by_first[1] == 0:
            second += 1
        else:
            same += 1
    n, d = len(rows), len(decided)
    return {
        "deals": n,
        "decided_deals": d,
        "solves": len(solves),
        "decided_solves": len(known),
        "decided": Proportion(d, n).to_json(),
        "first_player_wins": Proportion(first_wins, len(known)).to_json(),
        "starter_wins": Proportion(starter, d).to_json(),
        "second_wins": Proportion(second, d).to_json(),
        "same_winner": Proportion(same, d).to_json(),
        "unknown": Proportion(len(solves) - len(known), len(solves)).to_json(),
        **effort(
            (s["seconds"] for row in first_rows for s in row["starts"]),
            (s["seconds"] for s in every),
            (s["nodes"] for s in every),
        ),
        "first_pass": {"decided_deals": sum(1 for row in first_rows if _decided(row))},
        "retries": tried,
    }


def _decided(row: dict[str, Any]) -> bool:
    """Is the deal decided for both first players?"""
    return all(s["winner"] is not None for s in row["starts"])
