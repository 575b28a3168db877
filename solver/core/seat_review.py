"""The review of a played game from one seat's view (docs/review.md, "From one seat").

:mod:`.review` judges every move with everything known. A player asks something
else after a game: "with what *I* could see, was my move right?". At each move the
seat made, its view of the position before (``SeatViews.views_along``: its own hand,
what is public and what the game so far revealed) is analysed by sampling the hidden
cards (:mod:`.seat_analysis`), and the move played is set against the move the
sampling recommends with the rule of :func:`.review.verdict`: the drop in win share,
as far as the two 95% intervals support it (the best move's lowest plausible share
minus the played move's highest), and for The Game the drop in cards left the same
way.

The views are taken along the record, so a seat remembers what the game showed it:
in UNO the hand it saw when it challenged a Wild Draw Four and the colour an
innocent player was shown to lack (UN-6, :mod:`playable.solver.uno.seatview_history`);
a draw is no sign of a missing colour (UN-4). Moves of the other seats are not
judged (they saw other cards).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from playable.solver.core.errors import PlayableError
from playable.solver.core.record import Played, Record
from playable.solver.core.review import CARD_STEPS, CHANCE_STEPS, VERDICTS, step
from playable.solver.core.seat_analysis import SeatBudget, analyse_view
from playable.solver.games import views

#: Analyses one view (a document of ``seat_analysis.analyse_view``).
AssessView = Callable[[Any], dict[str, Any]]


def seat_verdict(best: dict[str, Any], played: dict[str, Any], cooperative: bool) -> str:
    """best, good, inaccuracy, mistake or blunder for the ``played`` move's row of a
    seat analysis against the ``best`` (recommended) move's row."""
    if played["move"] == best["move"]:
        return "best"
    drop = best["wins"]["low"] - played["wins"]["high"]
    worst = step(max(0.0, drop), CHANCE_STEPS)
    if cooperative:
        cards = played["cards_left"]["low"] - best["cards_left"]["high"]
        worst = max(worst, step(max(0.0, cards), CARD_STEPS), key=VERDICTS.index)
    return worst


@dataclass(frozen=True)
class SeatMoveReview:
    """One move of the seat, judged from its view."""

    number: int
    played: Played
    verdict: str
    analysis: dict[str, Any] | None

    def row(self, move: str) -> dict[str, Any] | None:
        """The analysis row of ``move``."""
        if self.analysis is None:
            return None
        rows: list[dict[str, Any]] = self.analysis["moves"]
        return next(r for r in rows if r["move"] == move)

    def to_json(self) -> dict[str, Any]:
        document: dict[str, Any] = {
            "number": self.number,
            "move": self.played.text,
            "line": self.played.line,
            "column": self.played.column,
            "verdict": self.verdict,
        }
        if self.analysis is not None:
            document.update(
                best_move=self.analysis["recommended"],
                best=self.row(self.analysis["recommended"]),
                played=self.row(str(self.played.move)),
                samples=self.analysis["samples"],
                proven_share=self.analysis["proven_share"],
            )
        return document


@dataclass
class SeatReview:
    """The seat's moves judged so far (a stopped review keeps them)."""

    record: Record
    seat: int
    moves: list[SeatMoveReview] = field(default_factory=list)
    complete: bool = False

    def counts(self) -> dict[str, int]:
        """How many moves of each verdict."""
        found = dict.fromkeys(VERDICTS, 0)
        for move in self.moves:
            found[move.verdict] += 1
        return found

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.record.game.name,
            "kind": "seat-review",
            "seat": self.seat,
            "complete": self.complete,
            "moves": [m.to_json() for m in self.moves],
            "verdicts": self.counts(),
        }


def seat_moves(record: Record, seat: int) -> list[tuple[int, Played]]:
    """The moves of ``record`` the ``seat`` made, numbered as in the whole record."""
    return [(n, p) for n, p in enumerate(record.moves, start=1) if p.player == seat]


def seat_review(record: Record, seat: int, assess: AssessView) -> Iterator[SeatReview]:
    """Judge every move of ``seat`` (0-based) in ``record`` from its view, yielding the
    review after each (the last one is ``complete``); a move that was the only legal
    one is ``forced`` and not analysed."""
    game = record.game
    seats = views(game.name)
    mine = seat_moves(record, seat)
    history = seats.views_along([(p.before, p.move) for p in record.moves], seat)
    result = SeatReview(record, seat, complete=not mine)
    for count, (number, played) in enumerate(mine, start=1):
        result.complete = count == len(mine)
        if len(game.legal_moves(played.before)) <= 1:
            result.moves.append(SeatMoveReview(number, played, "forced", None))
        else:
            analysis = assess(history[number - 1])
            rows = {r["move"]: r for r in analysis["moves"]}
            chosen = rows[str(played.move)]
            judged = seat_verdict(rows[analysis["recommended"]], chosen, game.cooperative)
            result.moves.append(SeatMoveReview(number, played, judged, analysis))
        yield result


def review_from_seat(
    record: Record, seat: int, samples: int, budget: SeatBudget, seed: int = 0, workers: int = 1
) -> Iterator[SeatReview]:
    """:func:`seat_review` as ``playable review --seat`` and the web board run it: each
    view analysed over ``samples`` deals seeded ``seed`` (:func:`.seat_analysis.analyse_view`)
    on ``workers`` processes. A seat the game does not have is a ``PlayableError``."""
    name, players = record.game.name, record.game.players(record.start)
    if not 0 <= seat < players:
        raise PlayableError(f"seat {seat + 1}: the game has {players} players")

    def assess(view: Any) -> dict[str, Any]:
        return analyse_view(name, view, samples, seed=seed, budget=budget, workers=workers)

    return seat_review(record, seat, assess)
