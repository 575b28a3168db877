"""Regenerate solitaire.txt: positions where the CP-SAT model and the search both apply.

Positions from simulated games (stored as they are; the tests and the answers
use them made solitaire (:func:`cpsat.solitaire`: the other
sides pass), kept when no card of the side to move can become dead within the
horizon (no two-eyed Jack; each card has at least as many empty spaces as copies
among the side's cards and first draws), so SQ-6 replacements, which the CP-SAT
model leaves out, cannot occur. Each case is preceded by
``# case K: distance=N|-`` with the reference search's fewest own turns to win
(``-``: not within 3). Run: ``python tests/data/sequence/make_solitaire.py``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from playable.solver.sequence.board import CELLS_OF
from playable.solver.sequence.cpsat import solitaire
from playable.solver.sequence.notation import format_position
from playable.solver.sequence.rules import EMPTY, TWO_EYED, State
from playable.solver.sequence.search import reference_win_within
from playable.solver.sequence.simulate import sample_positions

HORIZON = 3
WINS = 12
OTHERS = 8


def no_dead_card_possible(state: State) -> bool:
    side = state.side
    cards = [c for p, h in enumerate(state.hands) if state.variant.side_of(p) == side for c in h]
    cards += state.draw[: HORIZON + 2]
    if any(c in TWO_EYED for c in cards):
        return False
    normal = Counter(c for c in cards if c[0] != "J")
    return all(sum(state.chips[x] == EMPTY for x in CELLS_OF[c]) >= k for c, k in normal.items())


def main() -> None:
    wins: list[str] = []
    others: list[str] = []
    for position in sample_positions(400, seed=77, threat_share=0.9):
        state = solitaire(position)
        if not no_dead_card_possible(state):
            continue
        distance = next((n for n in range(1, HORIZON + 1) if reference_win_within(state, n)), None)
        bucket, limit = (wins, WINS) if distance else (others, OTHERS)
        if len(bucket) < limit:
            bucket.append(f"distance={distance or '-'}\n" + format_position(position))
        if len(wins) == WINS and len(others) == OTHERS:
            break
    text = "".join(f"# case {k}: {block}\n" for k, block in enumerate(wins + others))
    Path(__file__).with_name("solitaire.txt").write_text(text, encoding="utf-8")
    print(len(wins), len(others))


if __name__ == "__main__":
    main()
