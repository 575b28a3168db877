"""Sequence: the fewest own turns to win, as a CP-SAT model (SQ-4, SQ-5, SQ-7, SQ-8).

The question: how many turns does the side to move need to complete the
sequences it still needs, with the cards in its players' hands and the known
draws, if the other sides' turns leave the board alone? This is the *solitaire*
version of the position: :func:`solitaire` empties the other players' hands, so
in the reference rules they pass and draw nothing.

Model over own turns ``t = 0 .. T-1`` (played by the side's players in seat order;
after its turn the player draws the next known card, which it can use from its
next turn on):

* ``play[i, t]``: card instance ``i`` (a hand card or a draw) is played at ``t``;
  one card per turn while the game goes on, each instance at most once;
* ``place[t, c]`` / ``remove[t, c]``: the chip put on space ``c`` (an empty space
  showing the card, or any empty space for a two-eyed Jack) or the opponent chip
  taken (one-eyed Jack; never a locked chip, SQ-5, SQ-7);
* ``mine[c, t]`` / ``theirs[c, t]``: the board after ``t`` turns;
* ``sel[L]``: the new sequences; each is complete at the finishing turn, two of
  them (or one and an old one) share at most one space (SQ-7), and they bring
  the side's count to what it needs (SQ-8). The objective is the finishing turn.

Every plan of the rules (without dead-card replacements or passes) is a plan of
the model, so the optimum is a lower bound; the optimal plan is then replayed
through the reference rules, and when it replays the bound is reached, so the
answer is exact for the solitaire position. What the model leaves out, stated in
the result's ``exactness`` field: dead-card replacements (SQ-6) and passes, and
cards below the known draws (an upper bound then); with real opponents the
answer is only an estimate (they block and they take draws in between).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any

from solver.core.budget import Budget
from solver.core.result import SolveResult, Status
from solver.sequence.board import CELLS, CORNERS, GRID, LINES, shared_cells
from solver.sequence.rules import (
    ONE_EYED,
    PASS,
    TWO_EYED,
    Move,
    Place,
    Remove,
    State,
    apply,
    legal_moves,
)

EXACT_NOTE = (
    "exact for the side playing alone (the other sides pass and draw nothing), "
    "among plans that play a card every turn and replace no dead card (SQ-6); "
    "with real opponents this is an estimate"
)


def solitaire(state: State) -> State:
    """``state`` with the other sides' hands emptied: in the rules they then pass."""
    side = state.side
    hands = tuple(h if state.variant.side_of(p) == side else () for p, h in enumerate(state.hands))
    return replace(state, hands=hands)


@dataclass(frozen=True)
class _Instance:
    card: str
    owner: int
    arrival: int  # the own turn after which it is in hand (-1: in hand now)


def _own_seats(state: State, turns: int) -> list[int]:
    """The players of the side to move, in turn order, for ``turns`` own turns."""
    seats: list[int] = []
    p = state.to_move
    while len(seats) < turns:
        if state.variant.side_of(p) == state.side:
            seats.append(p)
        p = (p + 1) % state.variant.players
    return seats


def distance_to_win(state: State, max_turns: int, budget: Budget | None = None) -> SolveResult:
    """The fewest own turns to win the solitaire position (module notes)."""
    from ortools.sat.python import cp_model

    budget = (budget or Budget()).start()
    started = time.perf_counter()
    side = state.side
    need = state.variant.sequences_to_win - state.sequence_count(side)
    extra: dict[str, Any] = {"side": side, "max_turns": max_turns, "exactness": EXACT_NOTE}
    if state.winner is not None or need <= 0:
        return _result(Status.SOLVED if state.winner == side else Status.UNSOLVABLE, 0, [],
                       time.perf_counter() - started, extra)  # fmt: skip
    seats = _own_seats(state, max_turns)
    instances = [_Instance(card, p, -1) for p in sorted(set(seats)) for card in state.hands[p]]
    instances += [
        _Instance(state.draw[t], seats[t], t) for t in range(min(max_turns, len(state.draw)))
    ]
    if len(state.draw) < max_turns - 1:
        extra["exactness"] += f"; only {len(state.draw)} draws are known (an upper bound)"
    model = cp_model.CpModel()
    T = max_turns
    locked = state.locked
    free = [c for c in range(CELLS) if c not in CORNERS]
    mine = {(c, 0): int(state.chips[c] == side) for c in free}
    theirs = {(c, 0): int(state.chips[c] >= 0 and state.chips[c] != side) for c in free}
    fin = [model.new_bool_var(f"fin{t}") for t in range(T + 1)]  # fin[t]: won after t turns
    model.add(fin[0] == 0)
    model.add_exactly_one(fin)
    active = []
    play: dict[tuple[int, int], Any] = {}
    for t in range(T):
        act = model.new_bool_var(f"act{t}")
        model.add(act == sum(fin[t + 1 :]))  # turn t is played iff the game ends later
        active.append(act)
        usable = [
            i for i, inst in enumerate(instances) if inst.owner == seats[t] and inst.arrival < t
        ]
        for i in usable:
            play[i, t] = model.new_bool_var(f"play{i}_{t}")
        model.add(sum(play[i, t] for i in usable) == act)
        placements = []
        removals = []
        for c in free:
            showing = [
                play[i, t]
                for i in usable
                if instances[i].card in TWO_EYED or instances[i].card == GRID[c]
            ]
            p_var = model.new_bool_var(f"place{t}_{c}")
            if showing:
                model.add(p_var <= sum(showing))
            else:
                model.add(p_var == 0)
            placements.append(p_var)
            r_var = model.new_bool_var(f"remove{t}_{c}")
            if c in locked or not any(instances[i].card in ONE_EYED for i in usable):
                model.add(r_var == 0)
            removals.append(r_var)
            before_mine, before_theirs = mine[c, t], theirs[c, t]
            # SQ-4: a chip goes on an empty space only; SQ-5: take only opponent chips
            model.add(p_var + before_mine + before_theirs <= 1)
            model.add(r_var <= before_theirs)
            mine[c, t + 1] = _sum(model, f"m{c}_{t + 1}", [before_mine, p_var])
            theirs[c, t + 1] = _diff(model, f"o{c}_{t + 1}", before_theirs, r_var)
        model.add(
            sum(placements) == sum(play[i, t] for i in usable if instances[i].card not in ONE_EYED)
        )
        model.add(sum(removals) == sum(play[i, t] for i in usable if instances[i].card in ONE_EYED))
    for i in range(len(instances)):
        uses = [v for (j, _), v in play.items() if j == i]
        if uses:
            model.add(sum(uses) <= 1)
    own_lines = [s.line for s in state.sequences if s.side == side]
    sel: dict[int, Any] = {}
    for line in range(len(LINES)):
        if any(shared_cells(line, o) > 1 for o in own_lines):
            continue
        if any(c in locked and state.chips[c] != side for c in LINES[line]):
            continue
        sel[line] = model.new_bool_var(f"sel{line}")
        for c in LINES[line]:
            if c in CORNERS:
                continue
            for t in range(1, T + 1):
                # the line is complete when the game is won (SQ-7, SQ-8)
                model.add(_as_var(model, mine[c, t]) == 1).only_enforce_if([sel[line], fin[t]])
    model.add(sum(sel.values()) == need)
    lines = list(sel)
    for a in range(len(lines)):
        for b in range(a + 1, len(lines)):
            if shared_cells(lines[a], lines[b]) > 1:
                model.add(sel[lines[a]] + sel[lines[b]] <= 1)
    model.minimize(sum(t * fin[t] for t in range(T + 1)))
    solver = cp_model.CpSolver()
    if budget.seconds is not None:
        solver.parameters.max_time_in_seconds = max(budget.seconds - budget.elapsed, 0.01)
    solver.parameters.num_workers = 1
    code = solver.solve(model)
    extra["solver_status"] = solver.status_name(code)
    seconds = time.perf_counter() - started
    if code == cp_model.INFEASIBLE:
        return _result(Status.UNSOLVABLE, None, [], seconds, extra)
    if code != cp_model.OPTIMAL:
        extra["reason"] = "CP-SAT stopped before proving the optimum (budget)"
        return _result(Status.UNKNOWN, None, [], seconds, extra)
    turns = next(t for t in range(T + 1) if solver.value(fin[t]))
    chosen = {line for line, v in sel.items() if solver.value(v)}

    def val(x: Any) -> int:
        return x if isinstance(x, int) else int(solver.value(x))

    plan: list[tuple[str, int, bool]] = []
    for t in range(turns):
        card = next(instances[i].card for (i, tt), v in play.items() if tt == t and solver.value(v))
        placed = [c for c in free if val(mine[c, t + 1]) and not val(mine[c, t])]
        if placed:
            plan.append((card, placed[0], True))
        else:
            taken = [c for c in free if val(theirs[c, t]) and not val(theirs[c, t + 1])]
            plan.append((card, taken[0], False))
    replayed = _replay(solitaire(state), plan, chosen)
    if replayed is None:
        extra["reason"] = "the optimal plan does not replay through the rules (SQ-7 claims)"
        extra["lower_bound"] = turns
        return _result(Status.UNKNOWN, None, [], seconds, extra)
    return _result(Status.SOLVED, turns, replayed, time.perf_counter() - started, extra)


def _as_var(model: Any, x: Any) -> Any:
    """Constants of the initial board as fixed variables (for enforcement literals)."""
    if isinstance(x, int):
        v = model.new_bool_var("")
        model.add(v == x)
        return v
    return x


def _sum(model: Any, name: str, terms: list[Any]) -> Any:
    v = model.new_bool_var(name)
    model.add(v == sum(terms))
    return v


def _diff(model: Any, name: str, a: Any, b: Any) -> Any:
    v = model.new_bool_var(name)
    model.add(v == a - b)
    return v


def _replay(
    state: State, plan: list[tuple[str, int, bool]], chosen: set[int]
) -> list[dict[str, Any]] | None:
    """Play the plan through the rules (other sides pass); the line, or None."""
    side = state.side
    line: list[dict[str, Any]] = []
    for card, cell, is_place in plan:
        while state.side != side and state.winner is None:
            state = apply(state, PASS)
        options: list[Move] = [
            m
            for m in legal_moves(state)
            if (isinstance(m, Place) and is_place and m.card == card and m.cell == cell)
            or (isinstance(m, Remove) and not is_place and m.card == card and m.cell == cell)
        ]
        if not options:
            return None
        best = max(
            options, key=lambda m: len(set(m.claims) & chosen) if isinstance(m, Place) else 0
        )
        line.append({"player": state.to_move, "move": str(best)})
        state = apply(state, best)
    if state.winner != side:
        return None
    return line


def _result(
    status: Status, turns: int | None, line: list[dict[str, Any]], seconds: float,
    extra: dict[str, Any],
) -> SolveResult:  # fmt: skip
    return SolveResult(
        game="sequence",
        engine="cpsat",
        status=status,
        objective_name="turns",
        objective=turns,
        bound=turns if status == Status.SOLVED else extra.get("lower_bound"),
        proven_optimal=status == Status.SOLVED,
        line=line,
        seconds=seconds,
        extra=extra,
    )
