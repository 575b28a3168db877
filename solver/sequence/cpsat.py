"""Sequence: the fewest own turns to win, as a CP-SAT model (SQ-4 to SQ-8, SQ-11).

The question: how many turns does the side to move need to complete the
sequences it still needs, with the cards in its players' hands and the draws, if
the other sides' turns leave the board alone? This is the *solitaire* version of
the position: :func:`solitaire` empties the other players' hands, so in the
reference rules they pass and draw nothing.

Model over own turns ``t = 0 .. T-1`` (played by the side's players in seat order):

* ``x[t]``: the player first exchanges a dead card (SQ-6: a non-Jack card whose
  two spaces are occupied at the start of the turn; one per turn, none at turn 0
  when the position says ``replaced: yes``) and draws the next card, which it may
  play at once;
* ``play[i, t]``: card instance ``i`` (a hand card or the k-th draw of the side)
  is played at ``t``; ``pas[t]``: nothing is played (SQ-11: only when no held card
  can be played, checked card by card), and then nothing is drawn;
* ``D[t]``: how many cards the side has drawn before turn ``t`` (one after every
  play, one per exchange); the k-th draw goes to the player of the turn that
  draws it, so which player holds a drawn card follows from the plan;
* ``place[t, c]`` / ``remove[t, c]``: the chip put on space ``c`` (an empty space
  showing the card, or any empty space for a two-eyed Jack) or the opponent chip
  taken (one-eyed Jack; never a locked chip, SQ-5, SQ-7);
* ``mine[c, t]`` / ``theirs[c, t]``: the board after ``t`` turns;
* ``sel[L]``: the new sequences; each is complete at the finishing turn, two of
  them (or one and an old one) share at most one space (SQ-7), and they bring
  the side's count to what it needs (SQ-8). The objective is the finishing turn.

The decisions docs/rules.md leaves open (SQ-11) that the model relies on: a player
with no playable card passes (and draws nothing); nobody draws after the winning
move (the model lets the side draw after every play, which changes nothing after
the last one); a placement claims a maximal set of the sequences it completes (so
the sequences claimed by a plan include the ``need`` the model selects); a dead
card cannot be exchanged when nothing can be drawn (never the case for the side
alone: an exchange discards first, so an empty pile is refilled, SQ-9).

Cards below the known draws (unknown cards, or an SQ-9 reshuffle whose order
depends on the plan) are handled by two solves:

1. *Lower bound.* Such a draw is a wild card: it may place a chip on any empty
   space or take any opponent chip that is not locked, it may be exchanged at
   any time, and holding it never forbids a pass; exchanges never need a known
   card. Every plan of the rules, with whatever cards lie below the known draws,
   is then a plan of the model (the rules' claims of SQ-7 name at least the
   sequences the model selects), so INFEASIBLE proves that the side cannot win
   within T own turns and the optimum is a lower bound.
2. *Upper bound*, only when the optimal plan of (1) relies on such a card: they
   are blanks that are never played or exchanged, and a player holding one never
   passes (it might be playable). A plan then wins whatever those cards are.

The optimal plan is replayed through the reference rules (the unknown cards laid
out in some order, which the plan never relies on). The answer is ``solved`` with
``turns`` from the replayed plan and ``bound`` the lower bound (``proven_optimal``
when they meet), ``unsolvable`` only from (1), and ``unknown`` when a budget ran
out, when only a card that is not known could win within T, or when the plan does
not replay (SQ-7 claims). With real opponents the answer is only an estimate:
they block, and they take draws in between.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from playable.solver.core.budget import Budget
from playable.solver.core.errors import IllegalMove
from playable.solver.core.line import Line
from playable.solver.core.line import replay as replay_line
from playable.solver.core.result import SolveResult, Status
from playable.solver.sequence.board import CELLS, CELLS_OF, CORNERS, GRID, LINES, shared_cells
from playable.solver.sequence.game import GAME as SEQUENCE
from playable.solver.sequence.rules import (
    DECK,
    ONE_EYED,
    PASS,
    TWO_EYED,
    Move,
    Place,
    Remove,
    ReplaceDead,
    State,
    apply,
    legal_moves,
)

EXACT_NOTE = (
    "exact for the side playing alone (the other sides pass and draw nothing), with "
    "dead-card exchanges (SQ-6) and passes (SQ-11); with real opponents this is an estimate"
)
#: the card text of a draw below the known ones in a plan
BEYOND = "??"


def solitaire(state: State) -> State:
    """``state`` with the other sides' hands emptied: in the rules they then pass."""
    side = state.side
    hands = tuple(h if state.variant.side_of(p) == side else () for p, h in enumerate(state.hands))
    return replace(state, hands=hands)


def laid_out(state: State) -> State:
    """``state`` with its unknown cards (the deck minus every listed card) put below
    the known draws in sorted order: one of the orders the real pile may have."""
    if not state.unknown:
        return state
    listed = Counter(c for h in state.hands for c in h)
    listed.update(c for d in state.discards for c in d)
    listed.update(state.draw)
    rest = Counter(DECK)
    rest.subtract(listed)
    return replace(state, draw=state.draw + tuple(sorted(rest.elements())), unknown=0)


@dataclass(frozen=True)
class _Instance:
    card: str  # a card, or BEYOND for a draw below the known ones
    owner: int  # the player holding a hand card; -1 for a draw (whoever draws it)
    index: int  # the k of the k-th draw of the side; -1 for a hand card


@dataclass(frozen=True)
class _Turn:
    """One own turn of a plan: the exchanged dead card (or None), then the card
    played and its space (``card`` None: a pass)."""

    exchange: str | None
    card: str | None
    cell: int
    is_place: bool


@dataclass
class _Solved:
    status: str  # "optimal", "infeasible" or "stopped"
    solver_status: str
    turns: int = 0
    plan: list[_Turn] = field(default_factory=list)
    chosen: set[int] = field(default_factory=set)
    relies_on_beyond: bool = False


def _own_seats(state: State, turns: int) -> list[int]:
    """The players of the side to move, in turn order, for ``turns`` own turns."""
    seats: list[int] = []
    p = state.to_move
    while len(seats) < turns:
        if state.variant.side_of(p) == state.side:
            seats.append(p)
        p = (p + 1) % state.variant.players
    return seats


class _Model:
    """The CP-SAT model of the module notes; ``wild`` selects solve (1) or (2)."""

    def __init__(self, state: State, turns: int, wild: bool, at_least: int) -> None:
        from ortools.sat.python import cp_model

        self.cp = cp_model
        self.m = m = cp_model.CpModel()
        self.state, self.T, self.wild = state, turns, wild
        side = state.side
        T = turns
        self.seats = seats = _own_seats(state, T)
        known = len(state.draw)
        inst = [_Instance(c, p, -1) for p in sorted(set(seats)) for c in state.hands[p]]
        inst += [_Instance(state.draw[k] if k < known else BEYOND, -1, k) for k in range(2 * T)]
        self.inst = inst
        self.free = free = [c for c in range(CELLS) if c not in CORNERS]
        locked = state.locked
        unlocked = [c for c in free if c not in locked]
        self.mine: dict[tuple[int, int], Any] = {(c, 0): int(state.chips[c] == side) for c in free}
        self.theirs: dict[tuple[int, int], Any] = {
            (c, 0): int(state.chips[c] >= 0 and state.chips[c] != side) for c in free
        }
        self.fin = fin = [m.new_bool_var(f"fin{t}") for t in range(T + 1)]
        m.add(fin[0] == 0)
        m.add_exactly_one(fin)
        if at_least > 1:
            m.add(sum(fin[:at_least]) == 0)
        # draws: b[t][k] <=> D[t] == k; bx[t][k] <=> D[t] + x[t] == k
        self.x = x = [m.new_bool_var(f"x{t}") for t in range(T)]
        self.pas = pas = [m.new_bool_var(f"pass{t}") for t in range(T)]
        b = [[m.new_bool_var(f"b{t}_{k}") for k in range(2 * t + 1)] for t in range(T)]
        bx = [[m.new_bool_var(f"bx{t}_{k}") for k in range(2 * t + 2)] for t in range(T)]
        m.add(b[0][0] == 1)
        for t in range(T):
            m.add_exactly_one(b[t])
            m.add_exactly_one(bx[t])
            d = sum(k * v for k, v in enumerate(b[t]))
            m.add(sum(k * v for k, v in enumerate(bx[t])) == d + x[t])
            if t + 1 < T:
                m.add(sum(k * v for k, v in enumerate(b[t + 1])) == d + x[t] + 1 - pas[t])
        if state.replaced:
            m.add(x[0] == 0)
        # ex[k, t]: the k-th draw is the replacement of an exchange at t; pd[k, t]: it
        # is drawn after the play at t
        ex: dict[tuple[int, int], Any] = {}
        pd: dict[tuple[int, int], Any] = {}
        for t in range(T):
            for k in range(2 * t + 1):
                ex[k, t] = self._and(f"ex{k}_{t}", [x[t], b[t][k]])
            for k in range(2 * t + 2):
                v = m.new_bool_var(f"pd{k}_{t}")
                m.add(v <= bx[t][k])
                m.add(v <= 1 - pas[t])
                m.add(v >= bx[t][k] - pas[t])
                pd[k, t] = v
        self.play: dict[tuple[int, int], Any] = {}
        self.exch: dict[tuple[int, int], Any] = {}
        self.wild_place: dict[tuple[int, int], Any] = {}
        # uses of each instance by each seat (only the seat that holds it can use it)
        used: dict[tuple[int, int], list[Any]] = {}
        self.held_beyond: dict[tuple[int, int], Any] = {}
        for t in range(T):
            act = m.new_bool_var(f"act{t}")
            m.add(act == sum(fin[t + 1 :]))
            m.add(pas[t] <= act)
            m.add(x[t] <= act)
            plays_t: list[tuple[int, Any]] = []
            exch_t: list[Any] = []
            occ = {c: self._occupied(c, t) for c in free}
            for i, card in enumerate(inst):
                got = self._available(card, t, ex, pd)
                if got is None:
                    continue
                earlier, now = got
                before = used.setdefault((i, seats[t]), [])
                beyond = card.card == BEYOND
                p_var = m.new_bool_var(f"play{i}_{t}")
                e_var = m.new_bool_var(f"exch{i}_{t}")
                if beyond and not wild:
                    m.add(p_var == 0)
                    m.add(e_var == 0)
                if card.card[0] == "J" and not beyond:
                    m.add(e_var == 0)  # SQ-6: a Jack is never dead
                if not beyond:
                    for c in CELLS_OF.get(card.card, ()):
                        m.add(e_var <= occ[c])  # SQ-6: both spaces occupied
                m.add(e_var <= earlier - sum(before))
                m.add(p_var + e_var <= earlier + now - sum(before))
                held = earlier + now - sum(before) - e_var
                self._pass_rule(card, held, pas[t], occ, t, unlocked)
                if beyond:
                    h = m.new_bool_var(f"hb{i}_{t}")
                    m.add(h == held)
                    self.held_beyond[i, t] = h
                self.play[i, t] = p_var
                self.exch[i, t] = e_var
                used[i, seats[t]] = [*before, p_var, e_var]
                plays_t.append((i, p_var))
                exch_t.append(e_var)
            m.add(sum(v for _, v in plays_t) == act - pas[t])
            m.add(sum(exch_t) == x[t])
            self._board(t, plays_t, unlocked, occ)
        self._sequences(need=state.variant.sequences_to_win - state.sequence_count(side))
        m.minimize(sum(t * fin[t] for t in range(T + 1)))

    # ------------------------------------------------------------------ pieces

    def _and(self, name: str, terms: list[Any]) -> Any:
        v = self.m.new_bool_var(name)
        for term in terms:
            self.m.add(v <= term)
        self.m.add(v >= sum(terms) - (len(terms) - 1))
        return v

    def _occupied(self, c: int, t: int) -> Any:
        """1 when space ``c`` holds a chip after ``t`` turns (a 0/1 expression)."""
        return self.mine[c, t] + self.theirs[c, t]

    def _available(
        self,
        card: _Instance,
        t: int,
        ex: dict[tuple[int, int], Any],
        pd: dict[tuple[int, int], Any],
    ) -> tuple[Any, Any] | None:
        """Whether the player of turn ``t`` got the instance before the turn (1 or a
        0/1 expression) and whether it is the replacement drawn by this turn's
        exchange (which can be played but not exchanged itself); None when the
        player can never hold it."""
        seat = self.seats[t]
        if card.index < 0:
            return (1, 0) if card.owner == seat else None
        k = card.index
        earlier = []
        for s in range(t):
            if self.seats[s] == seat:
                earlier += [v for v in (ex.get((k, s)), pd.get((k, s))) if v is not None]
        now = ex.get((k, t))
        if not earlier and now is None:
            return None
        return sum(earlier), 0 if now is None else now

    def _pass_rule(
        self, card: _Instance, held: Any, pas: Any, occ: dict[int, Any], t: int, unlocked: list[int]
    ) -> None:
        """SQ-11: a pass only when no held card can be played."""
        m = self.m
        if card.card == BEYOND:
            if not self.wild:
                m.add(pas + held <= 1)  # it might be playable
            return
        if card.card in TWO_EYED:
            for c in self.free:
                m.add(pas + held - occ[c] <= 1)
        elif card.card in ONE_EYED:
            for c in unlocked:
                m.add(pas + held + self.theirs[c, t] <= 2)
        else:
            for c in CELLS_OF[card.card]:
                m.add(pas + held - occ[c] <= 1)

    def _board(
        self, t: int, plays: list[tuple[int, Any]], unlocked: list[int], occ: dict[int, Any]
    ) -> None:
        m = self.m
        placing = []
        removing = []
        for i, v in plays:
            card = self.inst[i].card
            if card == BEYOND:
                # a wild draw either places or removes
                w = m.new_bool_var(f"wp{i}_{t}")
                m.add(w <= v)
                self.wild_place[i, t] = w
                placing.append(w)
                removing.append(v - w)
            elif card in ONE_EYED:
                removing.append(v)
            else:
                placing.append(v)
        unlocked_set = set(unlocked)
        places = []
        removes = []
        for c in self.free:
            showing = [
                (self.wild_place[i, t] if self.inst[i].card == BEYOND else v)
                for i, v in plays
                if self.inst[i].card in TWO_EYED
                or self.inst[i].card == GRID[c]
                or self.inst[i].card == BEYOND
            ]
            p_var = m.new_bool_var(f"place{t}_{c}")
            m.add(p_var <= sum(showing))
            r_var = m.new_bool_var(f"remove{t}_{c}")
            if c not in unlocked_set:
                m.add(r_var == 0)
            before_mine, before_theirs = self.mine[c, t], self.theirs[c, t]
            # SQ-4: a chip goes on an empty space only; SQ-5: take only opponent chips
            m.add(p_var + occ[c] <= 1)
            m.add(r_var <= before_theirs)
            self.mine[c, t + 1] = self._var(f"m{c}_{t + 1}", before_mine + p_var)
            self.theirs[c, t + 1] = self._var(f"o{c}_{t + 1}", before_theirs - r_var)
            places.append(p_var)
            removes.append(r_var)
        m.add(sum(places) == sum(placing))
        m.add(sum(removes) == sum(removing))

    def _var(self, name: str, expr: Any) -> Any:
        v = self.m.new_bool_var(name)
        self.m.add(v == expr)
        return v

    def _sequences(self, need: int) -> None:
        m, state = self.m, self.state
        side = state.side
        own_lines = [s.line for s in state.sequences if s.side == side]
        locked = state.locked
        self.sel: dict[int, Any] = {}
        for line in range(len(LINES)):
            if any(shared_cells(line, o) > 1 for o in own_lines):
                continue
            if any(c in locked and state.chips[c] != side for c in LINES[line]):
                continue
            v = m.new_bool_var(f"sel{line}")
            self.sel[line] = v
            for c in LINES[line]:
                if c in CORNERS:
                    continue
                for t in range(1, self.T + 1):
                    # the line is complete when the game is won (SQ-7, SQ-8)
                    m.add(self.mine[c, t] == 1).only_enforce_if([v, self.fin[t]])
        m.add(sum(self.sel.values()) == need)
        lines = list(self.sel)
        for a in range(len(lines)):
            for b in range(a + 1, len(lines)):
                if shared_cells(lines[a], lines[b]) > 1:
                    m.add(self.sel[lines[a]] + self.sel[lines[b]] <= 1)

    # ------------------------------------------------------------------- solve

    def solve(self, seconds: float | None) -> _Solved:
        cp = self.cp
        solver = cp.CpSolver()
        if seconds is not None:
            solver.parameters.max_time_in_seconds = max(seconds, 0.01)
        solver.parameters.num_workers = 1
        code = solver.solve(self.m)
        name = solver.status_name(code)
        if code == cp.INFEASIBLE:
            return _Solved("infeasible", name)
        if code != cp.OPTIMAL:
            return _Solved("stopped", name)
        turns = next(t for t in range(self.T + 1) if solver.value(self.fin[t]))

        def val(x: Any) -> int:
            return x if isinstance(x, int) else int(solver.value(x))

        plan: list[_Turn] = []
        relies = False
        for t in range(turns):
            exchanged = [i for (i, tt), v in self.exch.items() if tt == t and solver.value(v)]
            played = [i for (i, tt), v in self.play.items() if tt == t and solver.value(v)]
            exchange = self.inst[exchanged[0]].card if exchanged else None
            relies = relies or exchange == BEYOND
            if not played:
                plan.append(_Turn(exchange, None, -1, False))
                relies = relies or any(
                    solver.value(v) for (i, tt), v in self.held_beyond.items() if tt == t
                )
                continue
            card = self.inst[played[0]].card
            relies = relies or card == BEYOND
            placed = [c for c in self.free if val(self.mine[c, t + 1]) and not val(self.mine[c, t])]
            if placed:
                plan.append(_Turn(exchange, card, placed[0], True))
            else:
                taken = [
                    c
                    for c in self.free
                    if val(self.theirs[c, t]) and not val(self.theirs[c, t + 1])
                ]
                plan.append(_Turn(exchange, card, taken[0], False))
        chosen = {line for line, v in self.sel.items() if solver.value(v)}
        return _Solved("optimal", name, turns, plan, chosen, relies)


def distance_to_win(state: State, max_turns: int, budget: Budget | None = None) -> SolveResult:
    """The fewest own turns to win the solitaire position (module notes)."""
    budget = (budget or Budget()).start()
    started = time.perf_counter()
    side = state.side
    need = state.variant.sequences_to_win - state.sequence_count(side)
    extra: dict[str, Any] = {"side": side, "max_turns": max_turns, "exactness": EXACT_NOTE}
    if state.winner is not None or need <= 0:
        status = Status.SOLVED if state.winner == side else Status.UNSOLVABLE
        return _result(status, 0, Line(SEQUENCE, state), time.perf_counter() - started, extra)

    def left() -> float | None:
        return None if budget.seconds is None else budget.seconds - budget.elapsed

    lower = _Model(state, max_turns, wild=True, at_least=0).solve(left())
    extra["solver_status"] = lower.solver_status
    if lower.status == "infeasible":
        extra["reason"] = (
            f"no plan wins within {max_turns} own turns, whatever the cards below the "
            "known draws are"
        )
        return _result(
            Status.UNSOLVABLE, None, Line(SEQUENCE, state), time.perf_counter() - started, extra
        )
    if lower.status == "stopped":
        extra["reason"] = "CP-SAT stopped before proving the optimum (budget)"
        return _result(
            Status.UNKNOWN, None, Line(SEQUENCE, state), time.perf_counter() - started, extra
        )
    extra["lower_bound"] = lower.turns
    found = lower
    if lower.relies_on_beyond:
        extra["exactness"] += (
            f"; {len(state.draw)} draws are known: the bound counts the cards below them "
            "as wild, the plan does not rely on them"
        )
        upper = _Model(state, max_turns, wild=False, at_least=lower.turns).solve(left())
        extra["solver_status"] = upper.solver_status
        if upper.status != "optimal":
            extra["reason"] = (
                f"a win within {max_turns} own turns needs a card below the known draws "
                "(unknown, or an SQ-9 reshuffle)"
                if upper.status == "infeasible"
                else "CP-SAT stopped before finding a plan (budget)"
            )
            return _result(
                Status.UNKNOWN, None, Line(SEQUENCE, state), time.perf_counter() - started, extra
            )
        found = upper
    replayed = _replay(solitaire(laid_out(state)), found.plan, found.chosen)
    if replayed is None:
        extra["reason"] = "the optimal plan does not replay through the rules (SQ-7 claims)"
        return _result(
            Status.UNKNOWN, None, Line(SEQUENCE, state), time.perf_counter() - started, extra
        )
    return _result(Status.SOLVED, found.turns, replayed, time.perf_counter() - started, extra)


def _replay(start: State, plan: list[_Turn], chosen: set[int]) -> Line[State, Move] | None:
    """Play the plan through the rules (other sides pass); the line, or None."""
    state, side = start, start.side
    line: list[tuple[int, list[Move]]] = []
    try:
        for turn in plan:
            while state.side != side and state.winner is None:  # the others pass
                line.append((state.to_move, [PASS]))
                state = apply(state, PASS)
            if turn.exchange is not None:
                move: Move = ReplaceDead(turn.exchange)
                line.append((state.to_move, [move]))
                state = apply(state, move)
            if turn.card is None:
                line.append((state.to_move, [PASS]))
                state = apply(state, PASS)
                continue
            options: list[Move] = [
                m
                for m in legal_moves(state)
                if (isinstance(m, Place) and turn.is_place and m.card == turn.card)
                or (isinstance(m, Remove) and not turn.is_place and m.card == turn.card)
            ]
            options = [m for m in options if m.cell == turn.cell]  # type: ignore[union-attr]
            if not options:
                return None
            best = max(
                options, key=lambda m: len(set(m.claims) & chosen) if isinstance(m, Place) else 0
            )
            line.append((state.to_move, [best]))
            state = apply(state, best)
    except IllegalMove:
        return None
    if state.winner != side:
        return None
    return replay_line(SEQUENCE, start, line)


def _result(
    status: Status, turns: int | None, line: Line[State, Move], seconds: float,
    extra: dict[str, Any],
) -> SolveResult:  # fmt: skip
    bound = extra.get("lower_bound") if status != Status.UNSOLVABLE else None
    return SolveResult(
        game="sequence",
        engine="cpsat",
        status=status,
        objective_name="turns",
        objective=turns,
        bound=turns if status == Status.SOLVED and turns == 0 else bound,
        proven_optimal=status == Status.SOLVED and (turns == 0 or turns == bound),
        line=line,
        seconds=seconds,
        extra=extra,
    )
