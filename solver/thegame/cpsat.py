"""The Game solved by OR-Tools CP-SAT: a second engine, independent of the depth-first
search (docs/engines-thegame.md).

:func:`solve_cpsat` builds the exact model of :mod:`playable.solver.thegame.cpsat_model`, lets
CP-SAT minimise the cards left (TG-8), reads the line back from the solution and
replays it through the reference rules (:func:`rules.lay`, :func:`rules.end_turn`)
before reporting it; a line that does not replay is a bug and raises
:class:`CpsatLineError`. CP-SAT's proven lower bound on the cards left is reported as
``bound``: ``bound >= 1`` proves the deal unsolvable even when the time ran out before
the optimum was proven (the cards left can never fall below the bound).

A warm start (``hint``) is a line, e.g. the best line of the depth-first engine; it is
replayed, turned into a complete assignment of the model and given to CP-SAT as a
solution hint, so the search starts from it and can spend its time on the bound.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ortools.sat.python import cp_model

from playable.solver.core.errors import IllegalMove
from playable.solver.core.line import Line
from playable.solver.core.line import replay as replay_line
from playable.solver.core.result import SolveResult
from playable.solver.thegame.cpsat_model import GameModel, build_model
from playable.solver.thegame.game import GAME
from playable.solver.thegame.notation import Deal
from playable.solver.thegame.players import GreedyPlayer, play_out
from playable.solver.thegame.result import cards_left_result
from playable.solver.thegame.rules import PILES, Move, Play, State, is_terminal

Turns = list[tuple[int, list[Play]]]


class CpsatLineError(AssertionError):
    """The line read from a CP-SAT solution is not legal or not what the model said: a
    bug in the model, never a property of the deal."""


def solve_cpsat(
    game: Deal | State,
    *,
    seconds: float | None = None,
    workers: int = 2,
    hint: Sequence[tuple[int, Sequence[Play]]] | None = None,
    greedy_hint: bool = True,
) -> SolveResult:
    """Minimise the cards left of a deal (the model also picks the first player, TG-9)
    or of a position (continuing from it) with CP-SAT.

    ``seconds`` limits the whole call (building the model and the warm start count;
    CP-SAT gets the rest), ``workers`` is CP-SAT's threads; ``hint`` is a warm-start
    line of ``(player, plays)`` turns from the start (for a deal, its first turn names
    the first player); without one, ``greedy_hint`` warm-starts CP-SAT from the best
    of a few greedy play-outs (:func:`greedy_line`), which only speeds up finding good
    lines: the bound, and so every ``unsolvable``, is CP-SAT's own. Status: ``solved``
    when the line lays every card, ``unsolvable`` when CP-SAT's bound proves that at
    least one card must stay, else ``unknown``.
    """
    started = time.perf_counter()
    choose_first = isinstance(game, Deal)
    state = game.start(0) if isinstance(game, Deal) else game
    built = build_model(state, choose_first)
    if not hint and greedy_hint:
        hint = greedy_line(game)
    if hint:
        _add_hint(built, [(p, list(plays)) for p, plays in hint])

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = max(1, workers)
    # Measured on decks of 20-40 cards (benchmarks/results/thegame_cpsat.md): without
    # presolve, probing and LP relaxation both lines and bounds come several times
    # sooner; the bounds these models need come from propagation and conflicts.
    solver.parameters.cp_model_presolve = False
    solver.parameters.cp_model_probing_level = 0
    solver.parameters.linearization_level = 0
    if seconds is not None:  # the whole call's budget: building the model counts too
        spent = time.perf_counter() - started
        solver.parameters.max_time_in_seconds = max(seconds - spent, 0.05)
    code = solver.solve(built.model)
    if code == cp_model.INFEASIBLE:
        if state.laid > 0:
            raise IllegalMove(
                f"the turn in progress cannot reach its minimum of {state.minimum} (TG-7)"
            )
        raise CpsatLineError("the model is infeasible; stopping at once is always a solution")
    if code == cp_model.MODEL_INVALID:
        raise CpsatLineError(f"invalid model: {built.model.validate()}")

    has_solution = code in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    candidates: list[tuple[State, Turns]] = []
    if has_solution:
        first, turns = read_line(built, solver)
        start = replace(state, to_move=first)
        final = replay(start, turns).final
        if final.cards_left != round(solver.objective_value):
            raise CpsatLineError(
                f"the line leaves {final.cards_left} cards, the model said {solver.objective_value}"
            )
        if code == cp_model.OPTIMAL and not is_terminal(final):
            raise CpsatLineError("a proven-optimal line ends where the rules allow another turn")
        candidates.append((start, turns))
    else:
        first = hint[0][0] if (hint and choose_first) else state.to_move
        start = replace(state, to_move=first)
        if hint:
            candidates.append((start, [(p, list(plays)) for p, plays in hint]))
        candidates.append((start, []))

    best: Line[State, Move] | None = None
    for begin, turns in candidates:
        line = replay(begin, turns)
        if not is_terminal(line.final):  # a stopped line is finished greedily: never worse
            rest = play_out(line.final, GreedyPlayer())
            line = replay(begin, [*turns, *rest.turns])
        if best is None or line.final.cards_left < best.final.cards_left:
            best = line
    assert best is not None
    start, final = best.start, best.final

    objective = final.cards_left
    if code == cp_model.OPTIMAL:
        bound = round(solver.objective_value)
    else:
        bound = max(0, math.ceil(solver.best_objective_bound - 1e-6))
    if bound > objective:
        raise CpsatLineError(f"bound {bound} above a replayed line leaving {objective}")
    extra: dict[str, Any] = {
        "cpsat_status": solver.status_name(code),
        # CP-SAT's own best line, before a stopped line was finished greedily.
        "cpsat_cards_left": round(solver.objective_value) if has_solution else None,
        "workers": max(1, workers),
        "model": model_size(built),
    }
    if choose_first:
        extra = {"first_player": start.to_move, **extra}
    nodes = int(solver.num_branches)
    seconds = time.perf_counter() - started
    return cards_left_result(
        "cpsat", best, objective, bound, nodes=nodes, seconds=seconds, extra=extra
    )


def solve_cpsat_warm(
    game: Deal | State,
    *,
    seconds: float | None = None,
    workers: int = 2,
    dfs_share: float = 0.3,
) -> SolveResult:
    """The depth-first engine first (``dfs_share`` of ``seconds``),
    then CP-SAT warm-started from its best line, so CP-SAT's time goes into the bound.

    A depth-first answer that is already final (``proven_optimal``) is returned as it
    is; otherwise CP-SAT's result is returned, whose line is never worse than the hint
    and whose bound is CP-SAT's own. ``extra["warm_start"]`` records the hint's score.
    """
    from playable.solver.core.budget import Budget
    from playable.solver.thegame.search import solve

    started = time.perf_counter()
    dfs_seconds = None if seconds is None else seconds * dfs_share
    first = solve(game, Budget(seconds=dfs_seconds))
    if first.proven_optimal:
        return first  # nothing left for CP-SAT to prove
    remaining = None if seconds is None else max(seconds - (time.perf_counter() - started), 1.0)
    hint = [(s.player, list(s.moves)) for s in first.line] or None
    result = solve_cpsat(game, seconds=remaining, workers=workers, hint=hint)
    return replace(
        result,
        seconds=time.perf_counter() - started,
        extra={
            **result.extra,
            "warm_start": {"engine": first.engine, "cards_left": first.objective},
        },
    )


def greedy_line(game: Deal | State) -> Turns:
    """The best line of a few greedy play-outs (every first player of a deal): a cheap,
    legal warm start for CP-SAT."""
    starts = (
        [game.start(p) for p in range(game.variant.players)] if isinstance(game, Deal) else [game]
    )
    best: Turns = []
    best_left: int | None = None
    for start in starts:
        for extra_gap in _GREEDY_GAPS:
            outcome = play_out(start, GreedyPlayer(extra_gap=extra_gap))
            if outcome.turns and (best_left is None or outcome.cards_left < best_left):
                best, best_left = outcome.turns, outcome.cards_left
    return best


#: The greedy player's ``extra_gap`` settings tried for the warm start.
_GREEDY_GAPS = (0, 2, 4, 8, 100)


def model_size(built: GameModel) -> dict[str, int]:
    """Counts that describe the model: slots, cards in play, variables, constraints."""
    proto = built.model.proto
    return {
        "slots": built.slots,
        "cards": len(built.cards),
        "variables": len(proto.variables),
        "constraints": len(proto.constraints),
    }


def replay(state: State, turns: Turns) -> Line[State, Move]:
    """Play ``turns`` through the reference rules (:func:`playable.solver.core.line.replay`);
    raise :class:`CpsatLineError` if the rules refuse any of it."""
    try:
        return replay_line(GAME, state, turns)
    except IllegalMove as error:
        raise CpsatLineError(f"the line does not replay: {error}") from error


def read_line(built: GameModel, solver: cp_model.CpSolver) -> tuple[int, Turns]:
    """The first player and the turns of a solution: per slot that lays cards, the
    cards of each pile in circuit order (different piles do not interact in a turn)."""
    first = built.first
    if first is None:
        first = next(p for p, lit in enumerate(built.first_lits) if solver.boolean_value(lit))
    per_slot: dict[int, list[Play]] = {}
    for q in PILES:
        circuit = built.piles[q]
        successor = {i: j for (i, j), lit in circuit.arcs.items() if solver.boolean_value(lit)}
        node = next((i for i, lit in circuit.start.items() if solver.boolean_value(lit)), None)
        while node is not None:
            t = solver.value(built.slot_of[node])
            per_slot.setdefault(t, []).append(Play(built.cards[node], q))
            node = successor.get(node)
    turns: Turns = []
    for t in range(built.slots):
        if t in per_slot or (t == 0 and built.state.laid > 0):
            turns.append((built.player(t, first), per_slot.get(t, [])))
    return first, turns


def _add_hint(built: GameModel, turns: Turns) -> None:
    """Give CP-SAT the complete assignment that encodes the line ``turns``.

    The line is replayed first (an illegal hint raises :class:`CpsatLineError`). Two
    piles with the same start are swapped when the line breaks the model's symmetry
    rule, which keeps the hint feasible and the line equally legal.
    """
    state = built.state
    players = state.variant.players
    first = built.first if built.first is not None else turns[0][0]
    replay(replace(state, to_move=first), turns)

    slot_of_card: dict[int, int] = {}
    sequences: list[list[int]] = [[] for _ in PILES]
    turn_slots: list[int] = []
    t = 0
    for player, plays in turns:
        while (first + t) % players != player:
            t += 1  # a skipped player (empty hand, TG-7)
        turn_slots.append(t)
        for play in plays:
            slot_of_card[play.card] = t
            sequences[play.pile].append(play.card)
        t += 1
    end = t
    if end > built.slots:
        raise CpsatLineError(f"the hint needs {end} slots, the model has {built.slots}")
    for q, r in ((0, 1), (2, 3)):
        if state.piles[q] == state.piles[r] and _first_value(sequences[q]) > _first_value(
            sequences[r]
        ):
            sequences[q], sequences[r] = sequences[r], sequences[q]

    model = built.model
    for p, lit in enumerate(built.first_lits):
        model.add_hint(lit, p == first)
    index = {card: i for i, card in enumerate(built.cards)}
    for i, card in enumerate(built.cards):
        slot = slot_of_card.get(card)
        model.add_hint(built.laid[i], slot is not None)
        model.add_hint(built.slot_of[i], slot if slot is not None else 0)
        for t_, lit in built.x[i].items():
            model.add_hint(lit, t_ == slot)
    for q in PILES:
        circuit = built.piles[q]
        chain = [index[c] for c in sequences[q]]
        links = set(itertools.pairwise(chain))
        assert circuit.unused is not None
        model.add_hint(circuit.unused, not chain)
        for i, lit in circuit.start.items():
            model.add_hint(lit, bool(chain) and chain[0] == i)
        for i, lit in circuit.end.items():
            model.add_hint(lit, bool(chain) and chain[-1] == i)
        for i, lit in circuit.on.items():
            model.add_hint(lit, i in chain)
        for key, lit in circuit.arcs.items():
            model.add_hint(lit, key in links)
    counts = [0] * built.slots
    for slot in slot_of_card.values():
        counts[slot] += 1
    laying = set(turn_slots)
    total = state.laid
    for t_ in range(built.slots):
        total += counts[t_]
        model.add_hint(built.lay[t_], t_ in laying)
        model.add_hint(built.stop[t_], t_ >= end)
        handed = min(total, len(state.draw))
        for k, row in enumerate(built.drawn):
            model.add_hint(row[t_], k < handed)


def _first_value(sequence: list[int]) -> int:
    return sequence[0] if sequence else 1_000
