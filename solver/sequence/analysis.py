"""Sequence: what a strong player sees in a position, computed exactly.

* every completed sequence (SQ-7);
* for each side, its *open lines* grouped by how many chips they still need: a
  line of five is open for a side when it holds no chip of another side and could
  still become a new sequence of that side (it shares at most one space with each
  of the side's sequences, SQ-7); corners count as the side's chips (SQ-1);
* *threats*: the empty spaces where one more chip completes a new sequence, per
  side, and the winning moves of the side to move with its hand;
* the best move by a clear evaluation (below), and the top alternatives.

Evaluation (:func:`evaluate`), from one side's point of view::

    10000 per completed sequence, +-10**6 for a won / lost game (SQ-8),
    + sum over the side's open lines of WEIGHT[chips in the line]
    - the same sum for every other side,

with ``WEIGHT = 0, 1, 4, 16, 64`` for 0-4 chips. :func:`gain` is the change of
the evaluation a move makes (computed on the lines through the changed space),
minus a small price for spending a Jack (SQ-5), which is worth keeping.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from playable.solver.core.result import SolveResult, Status
from playable.solver.sequence.board import LINES, LINES_THROUGH, cell_name, line_name, shared_cells
from playable.solver.sequence.rules import (
    CORNER,
    EMPTY,
    Completed,
    Move,
    Place,
    Remove,
    ReplaceDead,
    State,
    apply,
    legal_moves,
)

WEIGHT: Final = (0, 1, 4, 16, 64, 0)
SEQUENCE_VALUE: Final = 10_000
WIN_VALUE: Final = 1_000_000
#: The price of spending a Jack (two-eyed are the most flexible card in the game).
JACK_PRICE: Final = {"JD": 12, "JC": 12, "JH": 8, "JS": 8}


def line_chips(chips: tuple[int, ...], line: int, side: int) -> int | None:
    """Chips of ``side`` (corners included) on ``line``; None if another side is on it."""
    count = 0
    for c in LINES[line]:
        chip = chips[c]
        if chip in (side, CORNER):
            count += 1
        elif chip != EMPTY:
            return None
    return count


def can_become_sequence(sequences: tuple[Completed, ...], side: int, line: int) -> bool:
    """SQ-7: a new sequence shares at most one space with each of the side's sequences."""
    return all(s.side != side or shared_cells(s.line, line) <= 1 for s in sequences)


def line_value(
    chips: tuple[int, ...], sequences: tuple[Completed, ...], line: int, side: int
) -> int:
    count = line_chips(chips, line, side)
    if count is None or count >= 5 or not can_become_sequence(sequences, side, line):
        return 0
    return WEIGHT[count]


def evaluate(state: State, side: int) -> int:
    """The evaluation of ``state`` for ``side`` (module notes)."""
    if state.winner is not None:
        return WIN_VALUE if state.winner == side else -WIN_VALUE
    total = 0
    for s in range(state.variant.sides):
        sign = 1 if s == side else -1
        total += sign * SEQUENCE_VALUE * state.sequence_count(s)
        total += sign * sum(
            line_value(state.chips, state.sequences, line, s) for line in range(len(LINES))
        )
    return total


def _local(
    state: State, chips: tuple[int, ...], seqs: tuple[Completed, ...], cell: int, side: int
) -> int:
    total = 0
    for line in LINES_THROUGH[cell]:
        for s in range(state.variant.sides):
            value = line_value(chips, seqs, line, s)
            total += value if s == side else -value
    return total


def gain(state: State, move: Move) -> int:
    """How much ``move`` raises the evaluation of the side to move (module notes)."""
    side = state.side
    if isinstance(move, ReplaceDead):
        return 1  # SQ-6: a dead card is worth nothing; a fresh card is worth something
    if not isinstance(move, Place | Remove):
        return 0
    after = apply(state, move)
    if after.winner is not None or (isinstance(move, Place) and move.claims):
        return evaluate(after, side) - evaluate(state, side) - JACK_PRICE.get(move.card, 0)
    before_local = _local(state, state.chips, state.sequences, move.cell, side)
    after_local = _local(state, after.chips, after.sequences, move.cell, side)
    return after_local - before_local - JACK_PRICE.get(move.card, 0)


def ranked_moves(state: State) -> list[tuple[int, Move]]:
    """Every legal move with its :func:`gain`, best first (ties: the rules' order)."""
    scored = [(gain(state, m), i, m) for i, m in enumerate(legal_moves(state))]
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [(g, m) for g, _, m in scored]


@dataclass(frozen=True)
class Threat:
    """An empty space where one chip of ``side`` completes ``line`` (SQ-7)."""

    side: int
    cell: int
    line: int

    def to_json(self) -> dict[str, Any]:
        return {"side": self.side, "cell": cell_name(self.cell), "line": line_name(self.line)}


def open_lines(state: State, side: int) -> dict[int, int]:
    """Open lines of ``side`` by the number of chips they still need (1-5)."""
    needed: dict[int, int] = {k: 0 for k in range(1, 6)}
    for line in range(len(LINES)):
        count = line_chips(state.chips, line, side)
        if count is None or count >= 5 or not can_become_sequence(state.sequences, side, line):
            continue
        needed[5 - count] += 1
    return needed


def threats(state: State, side: int) -> list[Threat]:
    """The spaces where one more chip of ``side`` completes a new sequence."""
    found = []
    for line in range(len(LINES)):
        if line_chips(state.chips, line, side) == 4 and can_become_sequence(
            state.sequences, side, line
        ):
            cell = next(c for c in LINES[line] if state.chips[c] == EMPTY)
            found.append(Threat(side, cell, line))
    return found


@dataclass(frozen=True)
class Analysis:
    """The facts of a position (module notes); JSON via :meth:`to_json`."""

    state: State
    open_lines: dict[int, dict[int, int]]
    threats: dict[int, list[Threat]]
    winning_moves: list[Move]
    ranked: list[tuple[int, Move]]
    evaluation: int
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def best(self) -> Move | None:
        if self.winning_moves:
            return self.winning_moves[0]
        return self.ranked[0][1] if self.ranked else None

    def to_json(self, proof: SolveResult | None = None) -> dict[str, Any]:
        """The document of ``playable analyse sequence --json``; with the ``proof``
        search's result (``--depth``) under ``proof``, whose first move, when it
        proves a win, is the best move."""
        s = self.state
        document = {
            "game": "sequence",
            "to_move": s.to_move,
            "side": s.side,
            "winner": s.winner,
            "sequences": [{"side": q.side, "line": line_name(q.line)} for q in s.sequences],
            "open_lines": {
                str(side): {str(k): v for k, v in by.items()}
                for side, by in self.open_lines.items()
            },
            "threats": {str(side): [t.to_json() for t in ts] for side, ts in self.threats.items()},
            "winning_moves": [str(m) for m in self.winning_moves],
            "best_move": str(self.best) if self.best is not None else None,
            "evaluation": self.evaluation,
            # docs/json.md: analyse lists its moves under "moves" (here the five best
            # by evaluation gain; proven values come with --depth in "proof")
            "moves": [{"move": str(m), "gain": g} for g, m in self.ranked[:5]],
            **self.extra,
        }
        if proof is not None:
            document["proof"] = proof.to_json()
            if proof.status == Status.SOLVED:
                document["best_move"] = proof.line[0].text
        return document


def analyse(state: State) -> Analysis:
    """Sequences, open lines, threats, winning moves and the best move of ``state``."""
    sides = range(state.variant.sides)
    winning: list[Move] = []
    ranked: list[tuple[int, Move]] = []
    if state.winner is None:
        for move in legal_moves(state):
            if isinstance(move, Place) and move.claims and apply(state, move).winner is not None:
                winning.append(move)
        ranked = ranked_moves(state)
    return Analysis(
        state=state,
        open_lines={side: open_lines(state, side) for side in sides},
        threats={side: threats(state, side) for side in sides},
        winning_moves=winning,
        ranked=ranked,
        evaluation=evaluate(state, state.side),
    )
