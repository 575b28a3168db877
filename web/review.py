"""The review of a played game as a job of the web board (docs/web.md, "Review").

The same library functions as ``playable review RECORD --json`` (docs/review.md):
the record (docs/notation.md, "Game records") is read by
:func:`~playable.solver.core.record.parse_record` and every move is judged by
:func:`~playable.solver.core.review.review_by_search` (the tree search of
docs/analysis.md), or, for one seat, by
:func:`~playable.solver.core.seat_review.review_from_seat` (the seat analysis of
docs/seatview.md). Only the budget differs from the command line: the board's
``seconds`` are the whole review's, shared among the moves with a choice, so that a
long record cannot hold a worker for its moves times the board's cap.

The review so far is reported after every move (``info.review``, the ``--json``
document of the moves judged, ``complete: false``), so the board shows the verdicts
as they come. Stop (web/jobs.py) is asked at every budget check of the move being
judged and between moves: the review then answers the moves judged so far
(``complete: false``), the move under way judged on what its search reached,
labelled proven or estimated as always. Between moves the review stops itself once
:data:`OVERRUN` times its seconds and :data:`SLACK` are spent (a move may take two
analyses and two questions to the exact solver), and answers what it judged,
``complete: false``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

from playable.api import Position
from playable.solver.core.budget import Budget
from playable.solver.core.errors import PlayableError
from playable.solver.core.record import Record, parse_record
from playable.solver.core.review import Review, review_by_search
from playable.solver.core.seat_analysis import SeatBudget
from playable.solver.core.seat_review import SeatReview, review_from_seat, seat_moves
from playable.web.tasks import view

Report = Callable[[int, float, dict[str, Any]], None]
Stop = Callable[[], bool]

#: The most moves a record sent for review may hold (each is analysed).
MAX_MOVES = 300
#: Memory of each analysis' table, in MiB (the command line's default).
MEMORY_MB = 64
#: The moves a review may run over its seconds before it stops itself: a move the
#: first analysis never tried is analysed twice, and what the analysis leaves open is
#: asked of the exact solver, about at most two positions, on half a move's share
#: each (docs/review.md), so a move may take three shares.
OVERRUN = 3.0
#: Seconds more before it stops: loading kernels is never charged to a budget (each
#: analysis loads its leaf solver's), which on a loaded machine takes seconds.
SLACK = 10.0


def read_record(text: str, source: str = "<record>") -> Record:
    """The record ``text``, refused with one line naming ``source``, line and column
    (a ``NotationError``), or when it holds more than :data:`MAX_MOVES` moves."""
    record = parse_record(text, source)
    if len(record.moves) > MAX_MOVES:
        raise PlayableError(
            f"{source}: {len(record.moves)} moves; the board reviews at most {MAX_MOVES}"
        )
    return record


def source_name(name: object) -> str:
    """How errors name a record opened on the board: the file's own name as the
    browser gives it (its last path part, printable characters, at most 80), else
    ``<record>`` (a pasted record)."""
    if not isinstance(name, str):
        return "<record>"
    last = name.replace("\\", "/").rsplit("/", 1)[-1]
    shown = "".join(c for c in last if c.isprintable()).strip()
    return shown[:80] or "<record>"


def opened(record: Record) -> dict[str, Any]:
    """A record opened on the board (docs/web.md, "Review a played game"): the view of
    the position it starts from and each move with its player (0-based) and the view
    after it, so the board replays the game as if it had been played there and
    reviews it as such."""
    game = record.game
    return {
        "start": view(Position(game, record.start)),
        "moves": [
            {"player": m.player, "move": m.text, "view": view(Position(game, m.after))}
            for m in record.moves
        ],
    }


def choices(record: Record) -> int:
    """How many moves of ``record`` had another legal move (each is analysed)."""
    game = record.game
    return sum(len(game.legal_moves(played.before)) > 1 for played in record.moves)


def review_task(
    report: Report | None,
    stop: Stop | None,
    text: str,
    seconds: float,
    nodes: int | None,
    seat: int | None = None,
    samples: int = 20,
) -> dict[str, Any]:
    """The review document of the record ``text`` (``kind: review``, or
    ``seat-review`` for the 0-based ``seat``), reported after every move; once
    ``stop()`` says yes, of the moves judged so far."""
    record = read_record(text)
    if seat is None:
        moves: Iterator[Review | SeatReview] = _everyone(record, seconds, nodes, stop)
    else:
        moves = _one_seat(record, seat, samples, nodes)
    total = len(record.moves) if seat is None else len(seat_moves(record, seat))
    started = time.monotonic()
    limit = OVERRUN * seconds + SLACK
    if report is not None:
        report(0, 0.0, {"judged": 0, "total": total})
    done: Review | SeatReview | None = None
    for done in moves:
        if report is not None:
            info = {"judged": len(done.moves), "total": total, "review": done.to_json()}
            report(0, round(time.monotonic() - started, 2), info)
        if not done.complete and ((stop and stop()) or time.monotonic() - started > limit):
            break  # stopped or out of time: what is judged stands, complete stays false
    if done is None:  # nothing to judge: no moves (of the seat)
        done = Review(record, complete=True) if seat is None else SeatReview(record, seat, [], True)
    return {"document": done.to_json(), "total": total}


def _everyone(
    record: Record, seconds: float, nodes: int | None, stop: Stop | None
) -> Iterator[Review]:
    """:func:`review_by_search` with ``seconds`` shared among the moves, each budget
    asking ``stop``."""
    each = seconds / max(1, choices(record))

    def budget() -> Budget:
        return Budget(seconds=each, nodes=nodes, memory_mb=MEMORY_MB, stop=stop)

    return review_by_search(record, budget, 0, MEMORY_MB, lambda: budget().half())


def _one_seat(record: Record, seat: int, samples: int, nodes: int | None) -> Iterator[SeatReview]:
    """:func:`review_from_seat`: ``samples`` deals at each of the seat's moves, each
    move solved on each under ``nodes`` (the seat analysis' default when None)."""
    return review_from_seat(record, seat, samples, SeatBudget(nodes, None))
