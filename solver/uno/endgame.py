"""Two-player perfect-information UNO: can the player to move force a win?

Both hands and the draw order are known (a deal or position file fixes them, UN-2).
The search runs over the compact nodes of :mod:`playable.solver.uno.endgame_state` (the same
rules, checked move by move against :mod:`playable.solver.uno.rules` in tests); every line it
reports is replayed through :func:`playable.solver.uno.rules.apply` as it is built, each node
of the line is checked to describe the reference state, and the finished line must
end the round with the winner the value names. docs/solver-uno.md explains it all.

**Values.** A node is a *win* for its mover if some move leads to a win for that
mover (after Skip, Reverse, Draw Two and a guilty challenge the mover moves again,
UN-5/UN-6, so a value is always taken from the side of whoever moves next), a *loss*
if every move leads to a loss. Without ``seeded`` a move that needs a reshuffle
(UN-9) is a leaf of unknown value (the order of a real reshuffle is not known), and
values are three-valued (Kleene): win, loss, or open because of reshuffles. They
are computed as two two-outcome searches: (1) can the mover X win when every
reshuffle leaf counts as a win for the opponent Y? A proof is a real win (each leaf
was given its worst value for X); (2) otherwise, can Y win when every leaf counts
for X? A proof is a real loss. Otherwise the value depends on the reshuffle order
(``unknown``, reason ``reshuffle``). A value so decided holds for *every* reshuffle
order (a sound under-approximation of "does not depend on the order").

With ``seeded`` the deal's seed fixes every reshuffle (UN-9 decision, rules.py), so
everything is known: if (1) and (2) leave the position open, (3) a search through
the seeded reshuffles decides it, reusing every fact (1) and (2) proved against
their favoured player (those hold in the real game whatever the reshuffles).

**Finite trees.** Between reshuffles every move lays a card (the discard pile
grows), draws one (the draw pile shrinks), passes after a draw (ending phase DRAWN)
or settles a challenge by drawing; so without reshuffles the tree is finite and
acyclic. The one exception is a draw when nothing is left anywhere (draw pile empty,
only the top card on the discard pile): it draws nothing and passes, and two such
passes repeat the node. The search treats a node repeated on its path as a leaf for
the favoured player of the two-outcome game (so a proof never leans on it), counts
it, and reports a seeded position whose search met one as unknown (``cycle``), never
as a loss.

**No forced win** (an endless round) is part of the answer's vocabulary but this
search proves none. With seeded reshuffles the tree is infinite yet no node ever
repeats (the reshuffle count grows at every reshuffle, each one a fresh shuffle),
so there is no cycle to close and no finite reachable set to analyse backwards; the
only repetition is the pass cycle above, which needs all 107 other cards in the two
hands, wilds included (UN-1), so a playable card always exists there. A position
where neither side can force a win therefore stays ``unknown`` (budget).

**Search.** Depth-first proof-number search (df-pn, Nagai) in negamax form: a
node's proof number is for "the mover wins"; a child where the other player moves
contributes its numbers swapped. Unexpanded nodes start at (cards the mover holds,
cards the opponent holds). The 1 + epsilon trick (epsilon 1/4) limits thrashing.
No depth limit: df-pn follows the cheapest proof, so long forced drawing lines cost
only their width.

**Engines.** The first two searches run compiled by default
(:mod:`playable.solver.uno.endgame_kernel`, the same search move for move over
integer rows; ``engine="kernel"``) or in plain Python (:class:`Search`,
``engine="python"``, the reference the kernel is checked against); the seeded third
search is always :class:`Search`, reading the facts of either. Both sit behind
:class:`Prover`, which also builds and checks the line.

**Transposition table.** Keyed on what the future depends on and nothing else:
both hands as card multiplicities (so transposed plays and draws of equal cards
meet), the draw-pile position in the current pile, top card, colour, mover, phase
with its drawn card/penalty/guilt, and the pile (a reshuffle starts a new one); not
the direction (with two players it never changes who moves) and, without seeded
reshuffles, not the discard pile (its content is every other card and its order
matters only at a reshuffle, a leaf). The seeded search keys on the whole node
(discard order and reshuffle count too) but first reads the facts of (1) and (2),
keyed without them. The table stores proof *and* disproof numbers of undecided
nodes, so work is not redone; when full it keeps the decided entries.

**Pruning.** None beyond df-pn's own (a proven child decides an OR node; a
disproven child drops out of the sums) and the table. Voluntary drawing (UN-4) is
never pruned: a draw can be the only winning move (it can fetch a needed card or
hand the next card of the pile to the opponent; see
tests/uno/test_endgame.py::test_voluntary_draw_can_be_the_only_win), and no
dominance between drawing and playing holds in general. Move order only breaks ties
between equal proof numbers (:meth:`Rules.moves`: plays that keep the turn, Wild
Draw Four, other numbers, Wild, drawing last).
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Final

from playable.solver.core.budget import Budget
from playable.solver.core.errors import InvalidVariant
from playable.solver.core.line import Line, Step
from playable.solver.core.result import SolveResult, Status
from playable.solver.uno.endgame_ab import UNKNOWN, Endgame
from playable.solver.uno.endgame_state import RESHUFFLE, Node, Rules, to_move
from playable.solver.uno.game import GAME as UNO
from playable.solver.uno.rules import Move, State, apply, legal_moves

WIN: Final = 1
LOSS: Final = -1
UNDECIDED: Final = 0
VALUE_TEXT: Final = {WIN: "win", LOSS: "loss", UNDECIDED: "unknown"}
#: "infinity" for proof and disproof numbers
INF: Final = 1 << 48
#: rough bytes per table entry (a dict slot, a key tuple, a pair of ints)
ENTRY_BYTES: Final = 360
#: how far past the second-best child a child may be searched (the 1 + epsilon trick)
EPSILON: Final = 0.25

Child = tuple[Node | None, bool, int, int]


class Prover(ABC):
    """What the two engines share: a two-outcome df-pn over one position (the
    Python :class:`Search` here, :class:`playable.solver.uno.endgame_kernel_search.KernelSearch`
    compiled) and the principal line read from its table. A reshuffle leaf (and an
    endless pass cycle) counts as a win for player ``favour``."""

    rules: Rules
    favour: int
    nodes: int
    out_of_budget: bool
    reshuffle_leaves: int
    cycles: int

    @abstractmethod
    def prove(self, node: Node) -> int:
        """WIN, LOSS or UNDECIDED (the budget ran out) for the mover of ``node``."""

    @abstractmethod
    def lookup(self, node: Node) -> tuple[int, int]:
        """``(proof, disproof)`` numbers of ``node`` for its mover: stored, proven by
        an earlier search, or the first estimate."""

    @abstractmethod
    def fact(self, base: tuple[int, ...]) -> tuple[int, int] | None:
        """The numbers stored under the short key ``base`` (``node[:11]``), if any:
        what a later search reads of this one (unseeded searches only)."""

    @abstractmethod
    def entries(self) -> int:
        """Table entries in use."""

    @abstractmethod
    def carry_on(self, earlier: Prover) -> None:
        """Count nodes and reshuffle leaves on from ``earlier`` (one budget for all
        the searches of a position)."""

    @abstractmethod
    def _known(self, node: Node) -> bool:
        """Whether this search's table, or an earlier search's facts, hold numbers for
        ``node``."""

    @staticmethod
    def winner(node: Node, numbers: tuple[int, int]) -> int:
        """The player proven to win ``node`` by ``numbers``, or -1."""
        if numbers[0] == 0:
            return node[7]
        return 1 - node[7] if numbers[1] == 0 else -1

    def _proven_move(self, node: Node, target: int, search: bool) -> tuple[int, Node | None] | None:
        """The first move of ``node`` whose value for its mover is ``target``, judged
        from the table (``search=False``) or by searching the children."""
        for code in self.rules.moves(node):
            after = self.rules.child(node, code)
            if type(after) is int:
                if (WIN if after == node[7] else LOSS) == target:
                    return code, None
                continue
            if after is RESHUFFLE:
                continue
            assert not isinstance(after, (int, str))
            if search:
                inner = self.prove(after)
            else:
                pn, dn = self.lookup(after) if self._known(after) else (1, 1)
                inner = WIN if pn == 0 else LOSS if dn == 0 else UNDECIDED
            if (inner if after[7] == node[7] else -inner) == target:
                return code, after
        return None

    def line(self, node: Node, state: State, limit: int = 600) -> Line[State, Move]:
        """A principal line from a decided ``node`` (the reference ``state``): at a win
        the mover plays a proven winning move, at a loss the first move (all lose),
        until the round ends. Played through the reference rules as it is built (the
        certificate; every move a turn of its own), each node checked to describe the
        reference state."""
        out: list[Step[State, Move]] = []
        s = state
        while len(out) < limit:
            target = self.prove(node)
            if target == UNDECIDED:
                break
            chosen = self._proven_move(node, target, search=False)
            if chosen is None:
                chosen = self._proven_move(node, target, search=True)
            if chosen is None:
                break
            code, after_node = chosen
            move: Move = to_move(code)
            player, s = s.to_move, apply(s, move)
            out.append(Step(player, (move,), s))
            if after_node is None:
                break
            if not self.rules.agrees(after_node, s):
                raise AssertionError("the search and the reference rules disagree")
            node = after_node
        return Line(UNO, state, tuple(out))


class Search(Prover):
    """Depth-first proof-number search (df-pn) over one position; see the module
    docstring. The search decides a two-outcome game: a reshuffle leaf (and an
    endless pass cycle) counts as a win for player ``favour``. ``facts`` are earlier
    searches of the same position without reshuffles: what they proved *against*
    their favoured player holds in the real game and is reused."""

    def __init__(
        self, rules: Rules, budget: Budget, favour: int, facts: tuple[Prover, ...] = ()
    ) -> None:
        self.rules = rules
        self.seeded = rules.seeded
        self.favour = favour
        self.facts = facts
        self.cycles = 0
        self.table: dict[tuple[int, ...], tuple[int, int]] = {}
        self.capacity = max(1 << 12, budget.memory_mb * 2**20 // ENTRY_BYTES)
        self.nodes = 0
        self.out_of_budget = False
        self.budget = budget
        self.node_limit = budget.node_limit
        self.next_check = min(256, self.node_limit)
        self.reshuffle_leaves = 0
        self.path: set[tuple[int, ...]] = set()

    def key(self, node: Node) -> tuple[int, ...]:
        """Unseeded: no discard order nor reshuffle count (they never matter before
        a reshuffle, which is a leaf). Seeded: the whole node."""
        return node if self.seeded else node[:11]

    def lookup(self, node: Node) -> tuple[int, int]:
        """``(proof, disproof)`` numbers of ``node`` for its mover: stored, proven by
        the base search, or the first estimate (cards left to shed)."""
        got = self.table.get(node if self.seeded else node[:11])
        if got is not None:
            return got
        base = node[:11]
        for earlier in self.facts:
            known = earlier.fact(base)
            if known is not None and earlier.winner(node, known) not in (-1, earlier.favour):
                return known
        mover = node[7]
        return node[2 + mover], node[3 - mover]

    def fact(self, base: tuple[int, ...]) -> tuple[int, int] | None:
        return self.table.get(base)

    def entries(self) -> int:
        return len(self.table)

    def carry_on(self, earlier: Prover) -> None:
        self.nodes = self.next_check = earlier.nodes
        self.reshuffle_leaves = earlier.reshuffle_leaves

    def _store(self, node: Node, pn: int, dn: int) -> None:
        table = self.table
        if len(table) >= self.capacity:
            self.table = table = {k: e for k, e in table.items() if e[0] == 0 or e[1] == 0}
            if len(table) >= self.capacity:
                self.out_of_budget = True
                return
        table[node if self.seeded else node[:11]] = (pn, dn)

    def _budget_spent(self) -> bool:
        """Checked every 256 nodes, and exactly at the node limit."""
        if self.budget.expired(self.nodes):
            self.out_of_budget = True
        self.next_check = min(self.nodes + 256, self.node_limit)
        return self.out_of_budget

    def children(self, node: Node) -> list[Child]:
        """``(child, same mover, pn, dn)`` per move: ``pn``/``dn`` are fixed for a
        finished round (for the mover of ``node``) and a reshuffle leaf (INF, INF:
        neither provable), else unused."""
        out: list[Child] = []
        mover = node[7]
        rules = self.rules
        for code in rules.moves(node):
            after = rules.child(node, code)
            if type(after) is int:
                out.append((None, True, 0, INF) if after == mover else (None, True, INF, 0))
            elif after is RESHUFFLE:
                self.reshuffle_leaves += 1
                out.append((None, True, 0, INF) if self.favour == mover else (None, True, INF, 0))
            else:
                assert not isinstance(after, (int, str))
                if self.key(after) in self.path:  # an endless pass cycle (module docstring)
                    self.cycles += 1
                    won = self.favour == mover
                    out.append((None, True, 0, INF) if won else (None, True, INF, 0))
                else:
                    out.append((after, after[7] == mover, 0, 0))
        return out

    def mid(self, node: Node, th_pn: int, th_dn: int) -> tuple[int, int]:
        """Search ``node`` until its proof number reaches ``th_pn`` or its disproof
        number ``th_dn`` (Nagai's df-pn, negamax form: a child where the other player
        moves contributes its numbers swapped)."""
        self.nodes += 1
        if self.nodes >= self.next_check:
            self._budget_spent()
        key = self.key(node)
        self.path.add(key)
        children = self.children(node)
        try:
            while True:
                pn1 = pn2 = INF
                dn = 0
                best = -1
                best_dn = 0
                for i, (c, same, fpn, fdn) in enumerate(children):
                    if c is None:
                        cpn, cdn = fpn, fdn
                    else:
                        a, b = self.lookup(c)
                        cpn, cdn = (a, b) if same else (b, a)
                    if cpn < pn1:
                        pn2, pn1, best, best_dn = pn1, cpn, i, cdn
                    elif cpn < pn2:
                        pn2 = cpn
                    dn += cdn
                dn = min(dn, INF)
                if pn1 >= th_pn or dn >= th_dn or self.out_of_budget or pn1 == 0:
                    self._store(node, pn1, dn)
                    return pn1, dn
                child, same, _, _ = children[best]
                assert child is not None
                c_pn = min(th_pn, pn2 + 1 + int(pn2 * EPSILON)) if pn2 < INF else th_pn
                c_dn = min(INF, th_dn - dn + best_dn)
                if same:
                    self.mid(child, c_pn, c_dn)
                else:
                    self.mid(child, c_dn, c_pn)
        finally:
            self.path.discard(key)

    def prove(self, node: Node) -> int:
        """WIN, LOSS or UNDECIDED (both numbers infinite: a reshuffle leaf or the
        budget) for the mover of ``node``."""
        pn, dn = self.lookup(node)
        if pn != 0 and dn != 0:
            pn, dn = self.mid(node, INF, INF)
        if pn == 0:
            return WIN
        if dn == 0:
            return LOSS
        return UNDECIDED

    def _known(self, node: Node) -> bool:
        if self.key(node) in self.table:
            return True
        return any(earlier.fact(node[:11]) is not None for earlier in self.facts)


@dataclass(frozen=True)
class Outcome:
    """The search's answer: ``value`` win / loss / no-forced-win / unknown and, when
    unknown, ``reason`` budget or reshuffle."""

    value: str
    reason: str | None


def _check(state: State) -> None:
    if state.players != 2:
        raise InvalidVariant(
            f"the perfect-information solver is for 2 players, got {state.players}"
        )


def _rules_for(state: State, seeded: bool, share: Rules | None = None) -> Rules:
    rules = Rules(state.seed, seeded, state.options.reverse_skips, state.options.stacking)
    if share is not None:  # one pile registry, so that table keys agree
        rules.piles, rules.pile_ids = share.piles, share.pile_ids
    return rules


#: the engines of :func:`decide`: the compiled search (default) and the Python one,
#: kept as the reference the kernel is checked against
ENGINES: Final = ("kernel", "python")


@dataclass
class Decision:
    """A decided (or not) position: the outcome, the search that decided it (for
    the line) and its node."""

    outcome: Outcome
    search: Prover
    node: Node
    nodes: int


def _search(
    engine: str, rules: Rules, node: Node, budget: Budget, favour: int, facts: tuple[Prover, ...]
) -> Prover:
    """One two-outcome search of ``node`` by ``engine`` (unseeded ``rules``)."""
    if engine == "python":
        return Search(rules, budget, favour, facts)
    if engine != "kernel":
        raise ValueError(f"unknown engine {engine!r}: one of {', '.join(ENGINES)}")
    from playable.solver.uno.endgame_kernel_search import KernelSearch

    return KernelSearch(rules, node, budget, favour, facts)


def decide(state: State, budget: Budget, seeded: bool, engine: str = "kernel") -> Decision:
    """Three-valued with reshuffle leaves as two two-outcome searches: can the mover
    X win when every reshuffle counts for the opponent Y (a proof is a real win);
    else can Y win when every reshuffle counts for X (a proof is a real loss); else
    the value depends on the reshuffle order. With ``seeded`` a third search then
    follows the seeded reshuffles, reusing the real facts of the first two. The
    first two run on ``engine`` (``kernel``: compiled, solver/uno/endgame_kernel.py;
    ``python``: :class:`Search`); the third is always the Python search."""
    x = state.to_move
    rules = _rules_for(state, False)
    node = rules.encode(state)
    budget.note(search="mover-win?")  # which of the searches runs, for progress
    first = _search(engine, rules, node, budget, 1 - x, ())
    if first.prove(node) == WIN:
        return Decision(Outcome("win", None), first, node, first.nodes)
    if first.out_of_budget:
        return Decision(Outcome("unknown", "budget"), first, node, first.nodes)
    budget.note(search="opponent-win?")
    second = _search(engine, rules, node, budget, x, (first,))
    second.carry_on(first)
    if second.prove(node) == LOSS:
        return Decision(Outcome("loss", None), second, node, second.nodes)
    if second.out_of_budget or not seeded:
        reason = "budget" if second.out_of_budget else "reshuffle"
        return Decision(Outcome("unknown", reason), second, node, second.nodes)
    seeded_rules = _rules_for(state, True, rules)
    budget.note(search="seeded")
    third = Search(seeded_rules, budget, favour=1 - x, facts=(first, second))
    third.carry_on(second)
    node = seeded_rules.encode(state)
    v = third.prove(node)
    if v == WIN:
        outcome = Outcome("win", None)
    elif third.out_of_budget:
        outcome = Outcome("unknown", "budget")
    elif third.cycles:
        outcome = Outcome("unknown", "cycle")
    else:
        outcome = Outcome("loss", None)
    return Decision(outcome, third, node, third.nodes)


def solve_position(
    state: State, budget: Budget | None = None, seeded: bool = False, engine: str = "kernel"
) -> SolveResult:
    """Can the player to move force a win? ``solved`` = yes (with a winning line),
    ``unsolvable`` = no (``value`` loss: the opponent forces a win, with the line;
    or no-forced-win: an endless round), ``unknown`` otherwise (``unknown`` says
    whether the budget or an unfollowed reshuffle left it open). ``engine``: see
    :func:`decide`."""
    _check(state)
    budget = (budget or Budget()).start()
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 100000))
    line: Line[State, Move] = Line(UNO, state)
    nodes = entries = leaves = 0
    out_of_budget = False
    complete = False
    try:
        if state.is_over:
            outcome = Outcome("unknown", "budget")
        else:
            d = decide(state, budget, seeded, engine)
            outcome = d.outcome
            nodes, entries = d.nodes, d.search.entries()
            leaves, out_of_budget = d.search.reshuffle_leaves, d.search.out_of_budget
            if outcome.value in ("win", "loss"):
                line = d.search.line(d.node, state)
                complete = _check_line(line, WIN if outcome.value == "win" else LOSS)
    finally:
        sys.setrecursionlimit(limit)
    status = {
        "win": Status.SOLVED,
        "loss": Status.UNSOLVABLE,
        "no-forced-win": Status.UNSOLVABLE,
        "unknown": Status.UNKNOWN,
    }[outcome.value]
    decided = outcome.value != "unknown"
    winner = {"win": state.to_move, "loss": 1 - state.to_move}.get(outcome.value)
    return SolveResult(
        game="uno",
        engine="endgame-dfpn",
        status=status,
        # docs/json.md: "winner" is the 0-based player who wins with perfect play
        objective_name="winner",
        objective=winner,
        bound=None,
        proven_optimal=decided,
        line=line,
        nodes=nodes,
        seconds=budget.elapsed,
        tt_entries=entries,
        extra={
            "to_move": state.to_move,
            "reshuffles": "seeded" if seeded else "unknown",
            "value": outcome.value,
            "unknown": outcome.reason,
            "reshuffle_leaves": leaves,
            "out_of_budget": out_of_budget,
            "line_complete": complete,
        },
    )


def _check_line(line: Line[State, Move], v: int) -> bool:
    """The certificate: a decided line replays (it was, when it was built) and, if it
    reaches the end of the round, the side the value says wins. False when the line
    stops short (the table no longer held a value it needed and the budget was spent,
    or 600 moves): the value stands, the line is partial."""
    s, state = line.final, line.start
    winner = state.to_move if v == WIN else 1 - state.to_move
    if s.is_over and s.winner != winner:
        raise AssertionError("the line does not replay to the value's result")
    return s.is_over


def analyse(
    state: State, budget: Budget | None = None, seeded: bool = False, engine: str = "kernel"
) -> list[tuple[Move, str, list[dict[str, object]]]]:
    """Every legal move of ``state`` with its value for the player to move (win,
    loss, no-forced-win, unknown (budget) or unknown-reshuffle) and the principal
    line after it. The budget is shared by the moves. ``engine``: see :func:`decide`."""
    _check(state)
    budget = (budget or Budget()).start()
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 100000))
    rows: list[tuple[Move, str, list[dict[str, object]]]] = []
    try:
        for move in legal_moves(state):
            s = apply(state, move)
            line: list[dict[str, object]] = [{"player": state.to_move, "move": str(move)}]
            if s.is_over:
                text = "win" if s.winner == state.to_move else "loss"
            elif not seeded and s.reshuffles != state.reshuffles:
                text = "unknown-reshuffle"
            else:
                d = decide(s, budget, seeded, engine)
                text = d.outcome.value
                if d.outcome.value in ("win", "loss"):
                    line += d.search.line(d.node, s).to_json()
                    if s.to_move != state.to_move:
                        text = "loss" if text == "win" else "win"
                elif d.outcome.reason == "reshuffle":
                    text = "unknown-reshuffle"
            rows.append((move, text, line))
    finally:
        sys.setrecursionlimit(limit)
    return rows


def analyse_report(
    state: State, budget: Budget | None = None, seeded: bool = False, engine: str = "kernel"
) -> dict[str, Any]:
    """:func:`analyse` as the document of ``playable analyse uno --json`` (docs/json.md,
    kind ``analyse``), shared by the CLI and the library API. With more than two
    players the exact solver does not apply: every move is ``unknown`` with that
    ``reason``, and the tree search (docs/analysis.md) estimates them."""
    if state.players != 2:
        from playable.solver.uno.game import GAME

        reason = f"the exact solver is for 2 players, not {state.players}"
        moves = [
            {
                "move": str(m),
                "value": "unknown",
                "line": [{"player": state.to_move, "move": str(m)}],
            }
            for m in GAME.legal_moves(state)
        ]
        return {"game": "uno", "to_move": state.to_move, "moves": moves, "reason": reason}
    rows = analyse(state, budget, seeded, engine)
    moves = [{"move": str(m), "value": v, "line": line} for m, v, line in rows]
    return {"game": "uno", "to_move": state.to_move, "moves": moves}


#: the puzzle generator's search and value (puzzles/uno/ending.py)
__all__ = [
    "ENGINES",
    "LOSS",
    "UNKNOWN",
    "WIN",
    "Endgame",
    "Prover",
    "Search",
    "analyse",
    "analyse_report",
    "decide",
    "solve_position",
]
