"""Sequence: threat-space search, the quick prover of forced wins (SQ-8).

After Allis, van den Herik and Huntjens, "Go-Moku and threat-space search" (1993),
and in the spirit of Thomsen's lambda-search: the attacking side (the side to move)
plays only *threats*, moves after which a line through the changed cell lacks at
most ``level`` cells and holds no other side's chip (level 1: a "four", completed at
the attacker's next turn unless answered), or moves that claim a sequence; the
defending sides answer with every legal move they have, their own immediate wins
included, over the known hands and draw order exactly as the full search
(:mod:`playable.solver.sequence.kernel`, cut 5; the filter is
:func:`playable.solver.sequence.threats_kernel.is_threat`).

Why it is sound: restricting only the attacker's choices can only lose wins, never
invent one. Every node of the defence is searched in full, so "won" from the threat
search is a forced win of the position within that many own turns. "Not won" from it
proves nothing, so :func:`playable.solver.sequence.search.forced_win` runs it first,
on a share of the budget, and proves "no forced win within N" (and that a win found
here is the fastest) with the full search and its distance cut
(:func:`playable.solver.sequence.threats_kernel.out_of_reach`). The search of both
modes is checked against the plain oracle
:func:`playable.solver.sequence.search.reference_win_within` in
tests/sequence/test_threats.py; docs/solver-sequence.md has the measurements.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from playable.solver.sequence.rules import State

#: the threat levels tried, and the share of the budget left that each may use.
#: Level 2 (lines two cells short) found no win that level 1 missed on 30 fresh
#: positions (run seed 604116, 15 own turns), at about twice the nodes; it is left out.
LEVELS: tuple[tuple[int, float], ...] = ((1, 0.5),)


class Prover(Protocol):
    """What the threat search needs of :class:`playable.solver.sequence.search.KernelSearch`."""

    def cap(self, share: float | None) -> None: ...

    def wins(self, state: State, turns: int, side: int, threats: int = 0) -> bool | None: ...

    @property
    def incomplete(self) -> bool: ...

    def clear_incomplete(self) -> None: ...


@dataclass(frozen=True)
class ThreatWin:
    """A forced win proven by threat-space search: within ``turns`` own turns, with
    the attacker playing threats of ``level`` at most."""

    turns: int
    level: int


def threat_win(state: State, max_turns: int, search: Prover) -> ThreatWin | None:
    """The first forced win the threat search proves within ``max_turns`` own turns
    of the side to move (level 1 before 2; by iterative deepening within a level,
    so ``turns`` is the fewest at which that level finds one), or None.

    Each level runs on its share of what is left of the budget (:data:`LEVELS`).
    A search that needs a card the position does not list ends the threat search
    with None (the full search then reports what it can)."""
    side = state.side
    try:
        for level, share in LEVELS:
            search.cap(share)
            for turns in range(1, max_turns + 1):
                won = search.wins(state, turns, side, threats=level)
                if search.incomplete:
                    # it needed a card that is not known: its answer is no proof,
                    # and deeper searches would need it too (its table entries
                    # are keyed apart and never read again)
                    search.clear_incomplete()
                    return None
                if won is None:
                    break
                if won:
                    return ThreatWin(turns, level)
    finally:
        search.cap(None)
    return None
