"""The review of a played game from one seat (solver/core/seat_review.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playable.solver.core.record import parse_record
from playable.solver.core.seat_analysis import SeatBudget, analyse_view
from playable.solver.core.seat_review import seat_moves, seat_review, seat_verdict
from tests.clirun import invoke

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "examples" / "review.facetoface.txt"


def _row(move: str, low: float, high: float, cards: tuple[float, float] | None = None) -> Any:
    row: dict[str, Any] = {"move": move, "wins": {"low": low, "high": high}}
    if cards is not None:
        row["cards_left"] = {"low": cards[0], "high": cards[1]}
    return row


def test_the_verdict_counts_only_the_drop_both_intervals_support() -> None:
    best = _row("a", 0.60, 0.90)
    assert seat_verdict(best, best, cooperative=False) == "best"
    assert seat_verdict(best, _row("b", 0.50, 0.80), cooperative=False) == "good"
    assert seat_verdict(best, _row("b", 0.10, 0.50), cooperative=False) == "inaccuracy"
    assert seat_verdict(best, _row("b", 0.00, 0.40), cooperative=False) == "mistake"
    assert seat_verdict(best, _row("b", 0.00, 0.20), cooperative=False) == "blunder"


def test_the_game_judges_cards_left_too() -> None:
    best = _row("a", 0.0, 0.1, cards=(1.0, 2.0))
    assert seat_verdict(best, _row("b", 0.0, 0.1, cards=(2.5, 4.0)), True) == "good"
    assert seat_verdict(best, _row("b", 0.0, 0.1, cards=(3.0, 4.0)), True) == "inaccuracy"
    assert seat_verdict(best, _row("b", 0.0, 0.1, cards=(8.5, 9.0)), True) == "blunder"


def test_a_seat_review_judges_the_seats_moves_from_its_views() -> None:
    record = parse_record(RECORD.read_text(encoding="utf-8"), str(RECORD))
    seat = record.moves[0].player
    budget = SeatBudget(nodes=200)
    reviews = list(
        seat_review(
            record, seat, lambda view: analyse_view("facetoface", view, 4, seed=3, budget=budget)
        )
    )
    done = reviews[-1]
    assert done.complete and len(done.moves) == len(seat_moves(record, seat))
    for judged in done.moves:
        assert judged.played.player == seat
        if judged.analysis is not None:
            assert judged.row(str(judged.played.move)) is not None
            assert judged.analysis["samples"] == 4
    document = done.to_json()
    assert document["kind"] == "seat-review" and document["seat"] == seat
    assert sum(document["verdicts"].values()) == len(done.moves)


def test_the_command_line_review_from_a_seat() -> None:
    out = invoke("review", str(RECORD), "--seat", "1", "--samples", "3", "--nodes", "100", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["kind"] == "seat-review"
    bad = invoke("review", str(RECORD), "--seat", "3", "--samples", "3")
    assert bad.returncode == 2 and "2 players" in bad.stderr
