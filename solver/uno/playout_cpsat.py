"""The play-out puzzle as a CP-SAT model: a cross-check of the exact DFS.

Nodes are the top card (node 0) and every card of the hand (nodes 1..m). A Boolean
``arc[i, j]`` says card j is laid right after i; arcs exist only where UN-3 allows
(j fits on i: shared colour or symbol, any card after a wild, the colour in force
after the top). ``add_circuit`` with closing arcs ``j -> 0`` from every card makes
the chosen arcs one path from the top through every card. ``rank`` numbers the
cards along the path (``arc[i, j] => rank[j] = rank[i] + 1``).

UN-5 honesty (a Wild Draw Four only when no card of the colour in force is left;
the play-out's default by the UN-6 decision, dropped with ``honest=False``):
for a Wild Draw Four ``w`` after a coloured card (or the top) of colour k, every
card of colour k has a smaller rank; after a wild, some colour ``k`` (Boolean
``free[w, k]``) has all its cards ranked before ``w``.

A solution is converted to an order with named colours and replayed through
:func:`playable.solver.uno.playout.check_order`; INFEASIBLE is a proof, UNKNOWN a budget.
"""

from __future__ import annotations

import time

from ortools.sat.python import cp_model

from playable.solver.core.budget import Budget
from playable.solver.core.result import Status
from playable.solver.uno.playout import (
    DRAW_FOUR,
    PlayoutResult,
    Problem,
    assign_colours,
    check_order,
    fits,
)


def solve_cpsat(problem: Problem, budget: Budget | None = None, workers: int = 1) -> PlayoutResult:
    """Solve the play-out with CP-SAT (see the module docstring)."""
    budget = (budget or Budget()).start()
    cards = problem.cards
    m = len(cards)
    if m == 0:
        return PlayoutResult(Status.SOLVED, [], 0, 0.0, 0, engine="playout-cpsat")
    model = cp_model.CpModel()
    arcs: dict[tuple[int, int], cp_model.IntVar] = {}

    for j in range(1, m + 1):
        card = cards[j - 1]
        if fits(card, problem.top, problem.colour):
            arcs[0, j] = model.new_bool_var(f"a0_{j}")
        arcs[j, 0] = model.new_bool_var(f"a{j}_0")
        for i in range(1, m + 1):
            prev = cards[i - 1]
            if i != j and (prev.wild or fits(card, prev, prev.colour)):
                arcs[i, j] = model.new_bool_var(f"a{i}_{j}")
    model.add_circuit([(i, j, var) for (i, j), var in arcs.items()])
    rank = [model.new_int_var(0, m, f"r{i}") for i in range(m + 1)]
    model.add(rank[0] == 0)
    for (i, j), var in arcs.items():
        if j != 0:
            model.add(rank[j] == rank[i] + 1).only_enforce_if(var)
    if problem.honest:
        by_colour = {
            k: [n + 1 for n, c in enumerate(cards) if not c.wild and c.colour == k]
            for k in range(problem.colours)
        }
        for w in range(1, m + 1):
            if cards[w - 1].wild != DRAW_FOUR:
                continue
            free = [model.new_bool_var(f"f{w}_{k}") for k in range(problem.colours)]
            for k in range(problem.colours):
                for c in by_colour[k]:
                    model.add(rank[c] < rank[w]).only_enforce_if(free[k])
            for (i, j), var in arcs.items():
                if j != w:
                    continue
                if i == 0:
                    model.add_implication(var, free[problem.colour])
                elif cards[i - 1].wild:
                    model.add_bool_or(free).only_enforce_if(var)
                else:
                    model.add_implication(var, free[cards[i - 1].colour])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    if budget.seconds is not None:
        solver.parameters.max_time_in_seconds = max(budget.seconds, 0.01)
    started = time.perf_counter()
    status = solver.solve(model)
    seconds = time.perf_counter() - started
    branches = int(solver.num_branches)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        order_nodes = sorted(range(1, m + 1), key=lambda n: solver.value(rank[n]))
        order = assign_colours(problem, [cards[n - 1] for n in order_nodes])
        check_order(problem, order)
        return PlayoutResult(Status.SOLVED, order, branches, seconds, 0, engine="playout-cpsat")
    if status == cp_model.INFEASIBLE:
        return PlayoutResult(
            Status.UNSOLVABLE,
            [],
            branches,
            seconds,
            0,
            proof="CP-SAT proved the path model infeasible",
            engine="playout-cpsat",
        )
    return PlayoutResult(Status.UNKNOWN, [], branches, seconds, 0, engine="playout-cpsat")
