"""Face to Face: the perfect-information solver (who wins with perfect play?).

Both hands and both draw orders are known (a position or a deal). The numba kernel
(:mod:`solver.facetoface.kernel`) proves each position won or lost for the player to
move; this module converts positions, keeps the transposition table between calls,
analyses every turn of the player to move, and builds the principal line through the
reference rules (:func:`rules.turns`), then replays it (the certificate) before it is
reported. A budget that runs out gives ``unknown``.
"""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from solver.core.budget import Budget
from solver.core.errors import IllegalMove
from solver.core.result import SolveResult, Status
from solver.core.tt import SLOT_BYTES, new_table
from solver.facetoface import kernel
from solver.facetoface.notation import line_to_json
from solver.facetoface.rules import Play, State, Variant, has_won, play_turn, turns, winner

GAME = "facetoface"
WIN, LOSS, UNKNOWN = 1, -1, 0
VALUE_NAMES = {WIN: "win", LOSS: "loss", UNKNOWN: "unknown"}


def _mask(cards: tuple[int, ...]) -> int:
    bits = 0
    for c in cards:
        bits |= 1 << c
    return bits


@dataclass
class Counters:
    nodes: int = 0
    seconds: float = 0.0
    tt_entries: int = 0
    aborted: bool = False


class Solver:
    """A solver for one deal's draw orders, with a transposition table kept between
    calls (positions of one game share their draw piles, so proven values carry over).

    The draw piles of every position given to :meth:`value` must be suffixes of the
    ones of the first position (true along any game from it).
    """

    def __init__(self, state: State, memory_mb: int = 64) -> None:
        self.full_draws = (state.draws[0], state.draws[1])
        self.draws = np.zeros((2, 64), dtype=np.int64)
        self.dlens = np.zeros(2, dtype=np.int64)
        for p in (0, 1):
            self.draws[p, : len(state.draws[p])] = state.draws[p]
            self.dlens[p] = len(state.draws[p])
        total = state.cards_left(0) + state.cards_left(1)
        self.max_depth = total // 2 + 4
        self.kids = np.zeros((self.max_depth, kernel.MAX_KIDS, kernel.ROW), dtype=np.int64)
        self.order = np.zeros((self.max_depth, kernel.MAX_KIDS), dtype=np.int64)
        self.vkeys = np.zeros(kernel.VISIT_SLOTS, dtype=np.int64)
        self.vstamp = np.zeros(kernel.VISIT_SLOTS, dtype=np.int64)
        self.stack = np.zeros((kernel.VISIT_SLOTS, 6), dtype=np.int64)
        self.ctx = np.zeros(kernel.CTX_SIZE, dtype=np.int64)
        #: the turn ordering (:data:`kernel.ORDER_ROOM`; the other only to measure it)
        self.ordering = kernel.ORDER_ROOM
        #: iterative deepening on (off only to measure it)
        self.deepening = False
        #: enhanced transposition cutoffs on (off only to measure them)
        self.etc = True
        slots = Budget(memory_mb=memory_mb).table_slots(SLOT_BYTES)
        self.tt_keys, self.tt_values = new_table(slots)
        self.counters = Counters()

    def _pointer(self, state: State, player: int) -> int:
        draw = state.draws[player]
        full = self.full_draws[player]
        if len(draw) > len(full) or full[len(full) - len(draw) :] != draw:
            raise IllegalMove("the position's draw pile is not a suffix of the solver's deal")
        return len(full) - len(draw)

    def value(self, state: State, budget: Budget, nodes: int | None = None) -> int:
        """1 if the player to move wins with perfect play, -1 if they lose, 0 unknown.

        Iterative deepening: the kernel is asked for a proof within 1, 2, 3, ... turns
        (a proven value found under a depth limit is exact; the limit only makes a
        line that reaches it unknown) until the value is proven. The search stops at
        the budget's deadline, after the budget's node limit counted over every call
        of this solver, or after ``nodes`` nodes of this call."""
        won = winner(state)
        if won is not None:
            return WIN if won == state.to_move else LOSS
        cap = budget.node_limit - self.counters.nodes
        if nodes is not None:
            cap = min(cap, nodes)
        if budget.expired(self.counters.nodes) or cap <= 0:
            if nodes is None:
                self.counters.aborted = True
            return UNKNOWN
        deepest = min(kernel.MAX_LIMIT, self.max_depth - 1)
        limit = 1 if self.deepening else deepest
        while True:
            result, cut, aborted, used = self._search(state, limit, cap, budget.deadline or 0.0)
            cap -= used
            if result != UNKNOWN:
                return result
            if aborted:
                if nodes is None:
                    self.counters.aborted = True
                return UNKNOWN
            if not cut or limit >= deepest:  # pragma: no cover - the game ends sooner
                raise RuntimeError("Face to Face search: unproven without a cut-off")
            limit += 1

    def _search(
        self, state: State, limit: int, cap: int, deadline: float
    ) -> tuple[int, bool, bool, int]:
        """One kernel search of ``state`` at most ``limit`` turns deep and ``cap``
        nodes: (value, a line was cut by the limit, the budget ran out, nodes)."""
        m, o = state.to_move, 1 - state.to_move
        stamp = self.ctx[kernel.STAMP]  # the visited set's generation: never reused
        self.ctx[:] = 0
        self.ctx[kernel.STAMP] = stamp
        self.ctx[kernel.ORDERING] = self.ordering
        self.ctx[kernel.NO_ETC] = not self.etc
        self.ctx[kernel.NODE_LIMIT] = cap
        started = time.perf_counter()
        result = kernel.search(
            m,
            _mask(state.hands[m]),
            self._pointer(state, m),
            state.piles[m][0],
            state.piles[m][1],
            _mask(state.hands[o]),
            self._pointer(state, o),
            state.piles[o][0],
            state.piles[o][1],
            state.laid_own,
            state.laid_opp,
            self.draws,
            self.dlens,
            self.tt_keys,
            self.tt_values,
            self.kids,
            self.order,
            self.vkeys,
            self.vstamp,
            self.stack,
            self.ctx,
            deadline,
            limit,
        )
        used = int(self.ctx[kernel.NODES])
        self.counters.nodes += used
        self.counters.tt_entries += int(self.ctx[kernel.TT_NEW])
        self.counters.seconds += time.perf_counter() - started
        return int(result), bool(self.ctx[kernel.CUT]), bool(self.ctx[kernel.ABORTED]), used

    def analyse(self, state: State, budget: Budget) -> list[tuple[tuple[Play, ...], State, int]]:
        """Every distinct turn of the player to move (reference rules) with its proven
        value for that player: win, loss or unknown (budget)."""
        rows = []
        for plays, after in turns(state):
            if has_won(after, state.to_move):
                value = WIN
            elif budget.expired(self.counters.nodes):
                value = UNKNOWN
            else:
                value = -self.value(after, budget)
            rows.append((plays, after, value))
        return rows

    def known(self, state: State) -> int:
        """The value of a start-of-turn ``state`` for its mover if the game is over
        (FF-6) or the table holds a proof of it (no search, no node counted), else
        :data:`UNKNOWN`."""
        won = winner(state)
        if won is not None:
            return WIN if won == state.to_move else LOSS
        if state.laid:
            return UNKNOWN
        m, o = state.to_move, 1 - state.to_move
        return int(
            kernel.probe(
                self.tt_keys,
                self.tt_values,
                m,
                _mask(state.hands[m]),
                self._pointer(state, m),
                state.piles[m][0],
                state.piles[m][1],
                _mask(state.hands[o]),
                self._pointer(state, o),
                state.piles[o][0],
                state.piles[o][1],
            )
        )

    def principal_line(
        self, state: State, budget: Budget, win_player: int
    ) -> list[tuple[int, list[Play]]] | None:
        """A line of whole turns to the end of the game in which ``win_player`` (who
        wins ``state`` with perfect play) wins: they play a proven winning turn, the
        loser a turn of theirs proven lost (every one is). Turns whose result the table
        already proves are taken first (free); otherwise the turns are searched in the
        reference order (:func:`rules.turns`) within ``budget``, the same budget as the
        proof. ``None`` if the budget runs out before the line is complete."""
        line: list[tuple[int, list[Play]]] = []
        while winner(state) is None:
            mover = state.to_move
            wanted = WIN if mover == win_player else LOSS
            options = turns(state)
            pick: tuple[tuple[Play, ...], State] | None = None
            for plays, after in options:
                if (WIN if has_won(after, mover) else -self.known(after)) == wanted:
                    pick = (plays, after)
                    break
            if pick is None:
                for plays, after in options:
                    value = -self.value(after, budget)
                    if value == wanted:
                        pick = (plays, after)
                        break
                    if value == UNKNOWN:
                        return None
            if pick is None:  # pragma: no cover - a proven position has a proven turn
                raise RuntimeError("Face to Face: a proven position without a proven turn")
            line.append((mover, list(pick[0])))
            state = pick[1]
        return line


def certify(start: State, line: list[tuple[int, list[Play]]], expected_winner: int) -> None:
    """Replay ``line`` through the reference rules; it must end with ``expected_winner``
    winning (FF-6). Raises :class:`IllegalMove` otherwise (a solver bug)."""
    state = start
    for player, plays in line:
        if state.to_move != player:
            raise IllegalMove(f"line out of turn: player {player + 1} is not to move")
        state = play_turn(state, plays)
    if winner(state) != expected_winner:
        raise IllegalMove(f"the line does not end with player {expected_winner + 1} winning")


@functools.cache
def warm_up() -> None:
    """Load (or compile) the numba kernel once on a tiny position, so that the first
    search's budget is not spent on compilation."""
    tiny = State(Variant(7), ((1, 8), (1, 8)), ((2, 3), (4, 5)), ((), ()))
    Solver(tiny, 1).value(tiny, Budget(memory_mb=1))


def solve(state: State, budget: Budget | None = None, *, start: bool = True) -> SolveResult:
    """Who wins ``state`` with perfect play from both sides, with a certified line.

    Status ``solved``: the player to move wins; ``unsolvable``: they lose (proven);
    ``unknown``: the budget ran out, during the proof or while the principal line was
    built (the budget covers both; ``proven_value`` then says what the proof found).
    ``winner`` (0-based) is the winning player; a finished game (FF-6) reports its
    real winner with an empty line and ``finished``. ``start=False`` keeps a budget
    already running (one budget shared by several solves).
    """
    budget = budget or Budget()
    if start:
        warm_up()
        budget.start()
    solver = Solver(state, budget.memory_mb)
    finished = winner(state) is not None
    value = solver.value(state, budget)
    search_nodes, search_seconds = solver.counters.nodes, solver.counters.seconds
    line: list[tuple[int, list[Play]]] = []
    win_player: int | None = None
    extra: dict[str, Any] = {"to_move": state.to_move}
    if value != UNKNOWN:
        win_player = state.to_move if value == WIN else 1 - state.to_move
        built = solver.principal_line(state, budget, win_player)
        if built is None:
            extra["proven_value"] = VALUE_NAMES[value]
            value, win_player = UNKNOWN, None
        else:
            certify(state, built, win_player)
            line = built
    status = {WIN: Status.SOLVED, LOSS: Status.UNSOLVABLE, UNKNOWN: Status.UNKNOWN}[value]
    c = solver.counters
    extra.update(
        {
            "value": VALUE_NAMES[value],
            "finished": finished,
            "turns": len(line),
            "search_nodes": search_nodes,
            "search_seconds": round(search_seconds, 6),
        }
    )
    return SolveResult(
        game=GAME,
        engine="negamax",
        status=status,
        objective_name="winner",
        objective=win_player,
        bound=None,
        proven_optimal=value != UNKNOWN,
        line=line_to_json(line),
        nodes=c.nodes,
        seconds=budget.elapsed,
        tt_entries=c.tt_entries,
        extra=extra,
    )


def solve_starts(starts: list[State], budget: Budget) -> list[SolveResult]:
    """Solve each of ``starts`` (a deal with each first player, FF-7) within ONE budget:
    the seconds run from the first solve on and the nodes of every solve count against
    the same node limit."""
    warm_up()
    budget.start()
    results: list[SolveResult] = []
    for state in starts:
        used = sum(r.nodes for r in results)
        nodes = None if budget.nodes is None else max(0, budget.nodes - used)
        share = Budget(budget.seconds, nodes, budget.memory_mb, started=budget.started)
        results.append(solve(state, share, start=False))
    return results


def kernel_turns(state: State) -> tuple[bool, set[State]]:
    """The kernel's turn generation from a position, as reference states: whether a
    turn wins at once (FF-6) and the set of positions after each other turn. For tests
    (cross-checked against :func:`rules.turns`)."""
    solver = Solver(state, 1)
    m, o = state.to_move, 1 - state.to_move
    out = solver.kids[0]
    count = kernel.gen_turns(
        _mask(state.hands[m]),
        solver._pointer(state, m),
        int(solver.dlens[m]),
        solver.draws[m],
        state.piles[m][0],
        state.piles[m][1],
        state.piles[o][0],
        state.piles[o][1],
        state.laid_own,
        state.laid_opp,
        out,
        solver.vkeys,
        solver.vstamp,
        solver.stack,
        solver.ctx,
    )
    if count == kernel.WIN_NOW:
        return True, set()
    results = set()
    for i in range(count):
        hand = tuple(c for c in range(64) if (int(out[i, 0]) >> c) & 1)
        draw = solver.full_draws[m][int(out[i, 1]) :]
        own = (int(out[i, 2]), int(out[i, 3]))
        opp = (int(out[i, 4]), int(out[i, 5]))
        piles = (own, opp) if m == 0 else (opp, own)
        hands = (hand, state.hands[o]) if m == 0 else (state.hands[o], hand)
        draws = (draw, state.draws[o]) if m == 0 else (state.draws[o], draw)
        results.add(State(state.variant, piles, hands, draws, o, 0, 0))
    return False, results
