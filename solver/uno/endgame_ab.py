"""Two-player UNO: the first exact search (boolean alpha-beta with iterative deepening
over the reference rules), kept for the puzzle generator (puzzles/uno/ending.py),
whose ratings and node budgets were calibrated with it. The solver's search is
:mod:`playable.solver.uno.endgame` (df-pn over compact nodes, docs/solver-uno.md); both are
cross-checked against the same minimax in tests.

Can the player to move force a win?

Both hands and the draw order are known (a deal or position file fixes them, UN-2).
The search runs on the reference rules themselves (:func:`playable.solver.uno.rules.apply`),
so every line it reports is a sequence of legal moves by construction; the winning
line is replayed once more before it is returned.

Search: an AND/OR (boolean alpha-beta) depth-first search with a transposition
table. A node is a *win* for its mover if some move leads to a win for that mover
(after Skip, Reverse, Draw Two and Wild Draw Four with two players the mover moves
again, UN-5, so values are taken from the perspective of whoever moves next), a
*loss* if every move leads to a loss, otherwise *unknown*. The first winning move
cuts the remaining moves (the beta cut-off of boolean alpha-beta); the table holds
only decided values (win or loss), keyed on everything the future depends on:
hands, the number of cards left in the draw pile (its order is fixed from the
root; with seeded reshuffles the piles themselves), top card, colour, mover,
direction, phase, penalty, drawn card, accused and guilt, and whether the discard
pile can still be reshuffled.

**Reshuffles (UN-9).** A reshuffle shuffles the discard pile: in a real game that
order is unknown, so by default the solver treats any move that would reshuffle as
the *end of known information* and scores it unknown (``seeded=False``). With
``seeded=True`` it follows the engine's documented deterministic reshuffle (the
deal's seed, see rules.py) and keys the table on the whole discard pile.

**Iterative deepening.** The search runs with depth limits 4, 8, 16, ... moves
(a cut is unknown and never stored), so short forced wins are found before the
long drawing lines are explored; decided values are exact at any depth and stay
in the table between iterations.

**Repetition.** Without reshuffles every move lays or draws a card, except drawing
when no card is left anywhere, which just passes; a position repeated on the
current path is scored unknown (an endless game is neither side's win) and never
stored. Budgets (nodes, seconds, table memory) give unknown, never a guess.
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Final

from playable.solver.core.budget import Budget
from playable.solver.uno.cards import DRAW_TWO, REVERSE, SKIP, symbol_of
from playable.solver.uno.rules import Draw, Move, Play, State, apply_legal, legal_moves

WIN: Final = 1
LOSS: Final = -1
UNKNOWN: Final = 0
VALUE_TEXT: Final = {WIN: "win", LOSS: "loss", UNKNOWN: "unknown"}
#: rough bytes per table entry (a Python dict entry with a tuple key)
ENTRY_BYTES: Final = 400


def _flip(value: int) -> int:
    return -value


def _order_key(move: Move) -> tuple[int, int]:
    """Try moves that keep the turn first (action cards), then other plays, then the
    rest; ordering changes speed only, never a value."""
    if isinstance(move, Play):
        symbol = symbol_of(move.card)
        if symbol in (SKIP, REVERSE, DRAW_TWO) or move.card == 53:
            return (0, move.card)
        return (1, move.card)
    if isinstance(move, Draw):
        return (3, 0)
    return (2, 0)


@dataclass
class Endgame:
    """One search over a two-player position (see the module docstring)."""

    budget: Budget
    seeded: bool = False

    def __post_init__(self) -> None:
        self.table: dict[Hashable, int] = {}
        self.capacity = max(1024, self.budget.memory_mb * 2**20 // ENTRY_BYTES)
        self.nodes = 0
        self.out_of_budget = False
        self.deadline = self.budget.deadline
        self.node_limit = self.budget.node_limit
        self.on_path: set[Hashable] = set()
        self.reshuffle_leaves = 0
        self.depth_cut = False
        self.depth = 1 << 30

    def deepening(self, s: State) -> int:
        """Iterative deepening: depth limits 4, 8, 16, ... until the value is decided,
        no depth cut happened (so unknown is final: a reshuffle or a repetition), or
        the budget runs out. Decided values are exact at any depth, so the table
        keeps them across iterations; short wins are found first."""
        self.depth = 4
        while True:
            self.depth_cut = False
            v = self.value(s, self.depth)
            if v != UNKNOWN or not self.depth_cut or self.out_of_budget:
                return v
            self.depth *= 2

    def key(self, s: State) -> Hashable:
        tail: Hashable = (s.draw, s.discard, s.reshuffles) if self.seeded else len(s.discard) > 1
        return (
            s.hands,
            len(s.draw),
            s.top,
            s.colour,
            s.to_move,
            s.direction,
            s.phase,
            s.pending,
            s.drawn,
            s.accused,
            s.guilty,
            tail,
        )

    def child(self, s: State, move: Move) -> tuple[State | None, int]:
        """The state after ``move``, or (None, value) when it ends known play: the
        round is over (value for the mover of ``s``) or it reshuffled (unknown)."""
        after = apply_legal(s, move)
        if after.is_over:
            return None, WIN if after.winner == s.to_move else LOSS
        if after.reshuffles != s.reshuffles and not self.seeded:
            self.reshuffle_leaves += 1
            return None, UNKNOWN
        return after, 0

    def value(self, s: State, depth: int = 1 << 30) -> int:
        """The value of ``s`` for its mover within ``depth`` more moves: WIN, LOSS
        or UNKNOWN (a depth cut is unknown and never stored)."""
        key = self.key(s)
        stored = self.table.get(key)
        if stored is not None:
            return stored
        if key in self.on_path:
            return UNKNOWN
        if depth <= 0:
            self.depth_cut = True
            return UNKNOWN
        self.nodes += 1
        if self.nodes >= self.node_limit or (
            self.deadline is not None
            and self.nodes % 256 == 0
            and time.perf_counter() >= self.deadline
        ):
            self.out_of_budget = True
        if self.out_of_budget:
            return UNKNOWN
        self.on_path.add(key)
        best = LOSS
        for move in sorted(legal_moves(s), key=_order_key):
            v = self.move_value(s, move, depth)
            if v == WIN:
                best = WIN
                break
            if v == UNKNOWN:
                best = UNKNOWN
            if self.out_of_budget:
                best = UNKNOWN
                break
        self.on_path.discard(key)
        if best != UNKNOWN and len(self.table) < self.capacity:
            self.table[key] = best
        return best

    def move_value(self, s: State, move: Move, depth: int = 1 << 30) -> int:
        """The value of ``move`` for the mover of ``s`` (within ``depth`` moves)."""
        after, leaf = self.child(s, move)
        if after is None:
            return leaf
        v = self.value(after, depth - 1)
        return v if after.to_move == s.to_move else _flip(v)

    def line(self, s: State, limit: int = 400) -> list[dict[str, object]]:
        """A principal line: the mover of each node plays a move of the node's best
        value (a winning move if any), until the round ends or nothing is known."""
        out: list[dict[str, object]] = []
        while len(out) < limit:
            moves = sorted(legal_moves(s), key=_order_key)
            if not moves:
                break
            target = self.value(s, self.depth)
            chosen = None
            for move in moves:
                if self.move_value(s, move, self.depth) == target:
                    chosen = move
                    break
            if chosen is None:
                break
            out.append({"player": s.to_move, "move": str(chosen)})
            after, _ = self.child(s, chosen)
            if after is None:
                break
            s = after
        return out
