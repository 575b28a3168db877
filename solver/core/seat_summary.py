"""The figures of an analysis from one seat (docs/seatview.md): per move its share of
deals won with the 95% Wilson interval, the share proven, for The Game the cards
left; the paired comparison of the best moves on the same deals; the recommended
move; and the caveat of the method.

A move's win share counts a deal as won when the move wins there with everything
known: proven by the exact solver, or (where its budget proved nothing) by the quick
bot's play-out (``proven`` false; for The Game a play-out that lays every card is a
line, so it proves the win). Moves are ranked by win share, then (The Game) by
fewer cards left on average, then in the order of the legal moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from playable.solver.core.game import Game
from playable.solver.core.seat_stats import mean_interval, sign_test
from playable.solver.core.seat_value import MoveValue
from playable.solver.core.stats import Proportion

#: how many of the best moves are compared with the best, pair by pair
COMPARED = 3

#: Strategy fusion (Frank and Basin, "Search in games with incomplete information: a
#: case study using Bridge card play", 1998; "A theoretical and empirical
#: investigation of search in imperfect information games", 2001).
CAVEAT = (
    "strategy fusion: each deal is solved as if the rest of the game were played "
    "knowing every card (Frank and Basin 1998, 2001), so these figures can overrate "
    "moves whose success needs later guesses"
)


def summarise(
    rules: Game[Any, Any], moves: Sequence[str], values: Sequence[Sequence[MoveValue]]
) -> dict[str, Any]:
    """The document's figures for ``moves`` (texts, in legal-move order), valued on
    each sample: ``values[i][j]`` is move ``j`` on deal ``i``."""
    n = len(values)
    rows = []
    for j, move in enumerate(moves):
        column = [sample[j] for sample in values]
        wins = sum(v.win for v in column)
        row: dict[str, Any] = {
            "move": move,
            "wins": Proportion(wins, n).to_json(),
            "proven": Proportion(sum(v.proven for v in column), n).to_json(),
            "samples": n,
        }
        if rules.cooperative:
            left = [-v.value for v in column]
            mean, low, high = mean_interval(left)
            row["cards_left"] = {
                "mean": mean,
                "low": low,
                "high": high,
                "exact": Proportion(sum(v.exact for v in column), n).to_json(),
            }
        rows.append((j, row))
    rows.sort(key=lambda item: _rank(item[1], item[0]))
    best_index = rows[0][0]
    comparisons = [_compare(rules, moves, values, best_index, j) for j, _ in rows[1 : 1 + COMPARED]]
    proven = sum(v.proven for sample in values for v in sample)
    return {
        "moves": [row for _, row in rows],
        "recommended": moves[best_index],
        "comparisons": comparisons,
        "proven_share": proven / (n * len(moves)) if n and moves else 0.0,
        "caveat": CAVEAT,
    }


def _rank(row: dict[str, Any], index: int) -> tuple[float, float, int]:
    cards = row["cards_left"]["mean"] if "cards_left" in row else 0.0
    return (-row["wins"]["rate"], cards, index)


def _compare(
    rules: Game[Any, Any],
    moves: Sequence[str],
    values: Sequence[Sequence[MoveValue]],
    best: int,
    other: int,
) -> dict[str, Any]:
    """The best move against another on the same deals: deals only the best wins,
    deals only the other wins, the two-sided sign test of those, and (The Game) the
    mean of the paired differences in cards left (other minus best) with its 95%
    interval."""
    best_only = sum(s[best].win and not s[other].win for s in values)
    other_only = sum(s[other].win and not s[best].win for s in values)
    found: dict[str, Any] = {
        "best": moves[best],
        "other": moves[other],
        "best_only": best_only,
        "other_only": other_only,
        "p_value": sign_test(best_only, other_only),
    }
    if rules.cooperative:
        mean, low, high = mean_interval([s[best].value - s[other].value for s in values])
        found["cards_left_difference"] = {"mean": mean, "low": low, "high": high}
    return found
