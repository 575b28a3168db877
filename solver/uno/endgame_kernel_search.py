"""The compiled endgame search behind the interface of the Python one
(:class:`playable.solver.uno.endgame.Prover`): one two-outcome df-pn of one position,
run by :func:`playable.solver.uno.endgame_kernel.search` in chunks of nodes with the
budget checked between them (numba cannot read the clock), and its table read from
Python for the principal line (built, replayed through the reference rules and
checked exactly as the Python search's, :meth:`Prover.line`) and for the facts the
seeded third search reuses (docs/solver-uno.md).
"""

from __future__ import annotations

import time
from typing import Final

import numpy as np

from playable.solver.core.budget import Budget
from playable.solver.core.slices import TimeSlices
from playable.solver.uno.endgame import LOSS, UNDECIDED, WIN, Prover
from playable.solver.uno.endgame_kernel import (
    CYCLES,
    DEEP,
    DN,
    ENTRIES,
    FIRST_SLOTS,
    INF,
    LEAVES,
    NODES,
    OUT,
    P_FACT_FAVOUR,
    P_FAVOUR,
    PARAMS,
    PN,
    SLOT_BYTES,
    STATS,
    Frames,
    Table,
    lookup,
    new_frames,
    new_table,
    probe,
    rehash,
    search,
)
from playable.solver.uno.endgame_rules_kernel import (
    KEY_WORDS,
    P_LEN,
    P_REVERSE_SKIPS,
    P_STACKING,
    P_TOTAL,
    pack,
)
from playable.solver.uno.endgame_state import Node, Rules

#: nodes a kernel call may visit before the budget is checked (about 0.1 s); fewer
#: with a seconds budget, to end by its deadline (:class:`TimeSlices`)
CHUNK: Final = 1 << 17
WORD: Final = (1 << 54) - 1
_NO_FACTS = new_table(8)
_FRAMES: list[Frames] = []


def _frames() -> Frames:
    """The kernel's stack, one for the process: every frame is written before it is
    read, and kernel calls never overlap (they hold the GIL), so searches share it
    instead of each zeroing megabytes of fresh pages."""
    if not _FRAMES:
        _FRAMES.append(new_frames())
    return _FRAMES[0]


def row_of(node: tuple[int, ...]) -> np.ndarray:
    """The kernel row of an endgame_state node (or of its first 10 fields)."""
    h0, h1 = node[0], node[1]
    return np.array(
        [
            h0 & WORD,
            (h0 >> 54) & WORD,
            h0 >> 108,
            h1 & WORD,
            (h1 >> 54) & WORD,
            h1 >> 108,
            *node[2:10],
        ],
        dtype=np.int64,
    )


class KernelSearch(Prover):
    """The kernel's two-outcome search of the position ``root`` (a node of the
    unseeded ``rules``): reshuffle leaves and cycles count for ``favour``; ``facts``
    (at most one earlier kernel search of the same position) are read for what they
    proved against their favoured player. Each search has its own table, half the
    memory budget (the second search of a position needs one too)."""

    table: Table

    def __init__(
        self,
        rules: Rules,
        root: Node,
        budget: Budget,
        favour: int,
        facts: tuple[Prover, ...] = (),
    ) -> None:
        if rules.seeded:
            raise ValueError("the kernel does not follow seeded reshuffles")
        earlier = [f for f in facts if isinstance(f, KernelSearch)]
        if len(earlier) != len(facts) or len(facts) > 1:
            raise ValueError("a kernel search reads the facts of one earlier kernel search")
        self.rules = rules
        self.favour = favour
        self.budget = budget
        self.node_limit = budget.node_limit
        self.out_of_budget = False
        self.pile_id = root[10]
        pile = rules.piles[self.pile_id]
        self.pile = np.array(pile, dtype=np.int64)
        self.params = np.zeros(PARAMS, dtype=np.int64)
        self.params[P_LEN] = len(pile)
        self.params[P_TOTAL] = rules.total
        self.params[P_REVERSE_SKIPS] = int(rules.reverse_skips)
        self.params[P_STACKING] = int(rules.stacking)
        self.params[P_FAVOUR] = favour
        self.params[P_FACT_FAVOUR] = earlier[0].favour if earlier else -1
        self._earlier = earlier[0] if earlier else None
        self.most_slots = max(FIRST_SLOTS, budget.table_slots(2 * SLOT_BYTES))
        self.table = new_table(min(FIRST_SLOTS, self.most_slots))
        self.frames = _frames()
        self.stats = np.zeros(STATS, dtype=np.int64)
        self._key = np.zeros(KEY_WORDS, dtype=np.int64)
        self.slices = TimeSlices()  # with a seconds budget, chunks that end in time

    @property
    def facts_table(self) -> Table:
        """The earlier search's table as it is now (it may have grown), or an empty one."""
        return self._earlier.table if self._earlier is not None else _NO_FACTS

    # -- counters (the Python search's attributes) ---------------------------------
    @property
    def nodes(self) -> int:  # type: ignore[override]
        return int(self.stats[NODES])

    @property
    def reshuffle_leaves(self) -> int:  # type: ignore[override]
        return int(self.stats[LEAVES])

    @property
    def cycles(self) -> int:  # type: ignore[override]
        return int(self.stats[CYCLES])

    @property
    def too_deep(self) -> int:
        """Searches cut short by the depth of the kernel's stack (counted as budget)."""
        return int(self.stats[DEEP])

    def entries(self) -> int:
        return int(self.stats[ENTRIES])

    def carry_on(self, earlier: Prover) -> None:
        self.stats[NODES] = earlier.nodes
        self.stats[LEAVES] = earlier.reshuffle_leaves

    # -- the table from Python -----------------------------------------------------
    def _row(self, node: tuple[int, ...]) -> np.ndarray:
        if node[10] != self.pile_id:
            raise ValueError("a node of another draw pile")
        return row_of(node)

    def lookup(self, node: Node) -> tuple[int, int]:
        row = self._row(node)
        h = np.uint64(pack(row, self._key))
        mover = node[7]
        pn, dn = lookup(
            self.table,
            self.facts_table,
            self.params,
            self._key,
            h,
            mover,
            node[2 + mover],
            node[3 - mover],
        )
        return int(pn), int(dn)

    def _slot(self, table: Table, node: tuple[int, ...]) -> int:
        h = np.uint64(pack(row_of(node), self._key))
        return int(probe(table, self._key, h))

    def fact(self, base: tuple[int, ...]) -> tuple[int, int] | None:
        if base[10] != self.pile_id:
            return None
        slot = self._slot(self.table, base)
        if slot < 0:
            return None
        return int(self.table.data[slot, PN]), int(self.table.data[slot, DN])

    def _known(self, node: Node) -> bool:
        if self._slot(self.table, node) >= 0:
            return True
        return self.params[P_FACT_FAVOUR] >= 0 and self._slot(self.facts_table, node) >= 0

    # -- the search ----------------------------------------------------------------
    def _grow(self) -> None:
        """Four times the slots while the table is more than half full, up to half
        the memory budget (module docstring of endgame_kernel)."""
        slots = self.table.hashes.shape[0]
        if 2 * self.stats[ENTRIES] > slots and slots < self.most_slots:
            bigger = new_table(min(4 * slots, self.most_slots))
            self.stats[ENTRIES] = rehash(self.table, bigger)
            self.table = bigger

    def prove(self, node: Node) -> int:
        """WIN, LOSS or UNDECIDED (the budget ran out) for the mover of ``node``:
        :meth:`Search.prove` on the kernel, in chunks of :data:`CHUNK` nodes."""
        pn, dn = self.lookup(node)
        if pn != 0 and dn != 0:
            row = self._row(node)
            stats = self.stats
            deadline = self.budget.deadline
            if deadline is not None and self.budget.expired(int(stats[NODES])):
                self.out_of_budget = True  # a search begun after the time ran out
            while True:
                stats[OUT] = 0
                if self.out_of_budget:  # as the Python search: the root alone
                    stop_at = int(stats[NODES]) + 1
                else:
                    chunk = self.slices.size(CHUNK, deadline)
                    stop_at = min(int(stats[NODES]) + chunk, self.node_limit)
                before, clock = int(stats[NODES]), time.perf_counter()
                pn, dn = search(
                    row,
                    INF,
                    INF,
                    self.params,
                    self.pile,
                    self.frames,
                    self.table,
                    self.facts_table,
                    stats,
                    stop_at,
                )
                self.slices.timed(int(stats[NODES]) - before, time.perf_counter() - clock)
                if stats[OUT] == 0 or self.out_of_budget:
                    break
                if stats[DEEP] or self.budget.expired(int(stats[NODES])):
                    self.out_of_budget = True
                    break
                self._grow()
        if pn == 0:
            return WIN
        if dn == 0:
            return LOSS
        return UNDECIDED


def warm_up() -> None:
    """Load (or compile) every kernel function a search calls from Python, on two
    small positions (one decided with its line, one open by a reshuffle, then
    seeded), so that no budget pays for it (README)."""
    from playable.solver.uno.cards import full_deck
    from playable.solver.uno.endgame import solve_position
    from playable.solver.uno.rules import Options, State

    # kinds: R1 1, R5 5, RS 10, G1 27, G2 28, G7 33, G8 34, Y7 20, Y8 21, W4 53
    for hands, draw in ((((10, 1, 53), (33, 34)), (27, 28)), (((27, 28), (20, 21)), ())):
        rest = full_deck()
        for c in (*hands[0], *hands[1], *draw, 5):
            rest.remove(c)
        state = State(Options(), hands, draw, (*rest, 5), 0, 0, 1, seed=3)
        for seeded in (False, True):
            solve_position(state, Budget(nodes=5_000), seeded=seeded)
