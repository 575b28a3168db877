"""The Game: the one result record of its solvers, whose objective is the cards left.

The systematic search (:mod:`playable.solver.thegame.search`), CP-SAT
(:mod:`playable.solver.thegame.cpsat`) and the split solve
(:mod:`playable.solver.thegame.split`) all answer with a line that leaves some cards
(TG-8: the fewer the better, 0 wins) and a proven lower bound on the cards left
(docs/solver-thegame.md, docs/json.md); this module turns those into the
:class:`~playable.solver.core.result.SolveResult` every solver returns.
"""

from __future__ import annotations

from typing import Any

from playable.solver.core.line import Line
from playable.solver.core.result import SolveResult, Status


def cards_left_result(
    engine: str,
    line: Line[Any, Any],
    objective: int | None,
    bound: int,
    *,
    nodes: int,
    seconds: float,
    extra: dict[str, Any],
    tt_entries: int = 0,
    status: Status | None = None,
    proven: bool | None = None,
) -> SolveResult:
    """The result of a The Game solve: ``line`` leaves ``objective`` cards (None: no
    line found) and no line can leave fewer than ``bound``.

    Unless the solver says so itself (``proven``, ``status``), the line is proven
    optimal when it leaves no more cards than the bound (the bound is then the line's
    count) and the status follows from the count and the bound
    (:meth:`~playable.solver.core.result.Status.of_count`: solved at 0 cards left,
    unsolvable when the bound is above 0).
    """
    if proven is None:
        proven = objective is not None and objective <= bound
        if proven and objective is not None:
            bound = objective
    return SolveResult(
        game="thegame",
        engine=engine,
        status=Status.of_count(objective, bound) if status is None else status,
        objective_name="cards_left",
        objective=objective,
        bound=bound,
        proven_optimal=proven,
        line=line,
        nodes=nodes,
        seconds=seconds,
        tt_entries=tt_entries,
        extra=extra,
    )
