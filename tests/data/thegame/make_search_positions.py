"""Regenerate ``search_positions.json``: random positions with few cards left and
their optimal cards left (TG-8) computed by the brute-force oracle
(:mod:`playable.solver.thegame.bruteforce`). Slow (minutes); the tests only read the file.

    python -m tests.data.thegame.make_search_positions   # from the repository root
"""

from __future__ import annotations

import json
import signal
import sys
import time
from pathlib import Path

from playable.solver.thegame.bruteforce import optimal
from playable.solver.thegame.notation import position_to_json
from playable.solver.thegame.rules import Variant
from tests.thegame.search_cases import tight_position

#: (players, expert, expert_hand, max_card, count): tight positions, many unsolvable
CONFIGS = [
    (1, True, False, 50, 60),
    (1, False, False, 60, 40),
    (1, True, True, 70, 40),
    (2, True, False, 50, 30),
    (2, False, True, 60, 30),
    (3, True, True, 60, 30),
    (4, True, True, 70, 20),
    (5, True, True, 80, 20),
]


#: positions the brute force cannot finish in this many seconds are skipped
SECONDS = 4


class _TooSlow(Exception):
    pass


def _too_slow(signum: int, frame: object) -> None:
    raise _TooSlow


def main() -> None:
    signal.signal(signal.SIGALRM, _too_slow)
    out = []
    for players, expert, expert_hand, max_card, count in CONFIGS:
        variant = Variant(players, expert, expert_hand, max_card)
        for seed in range(count):
            state = tight_position(variant, seed, seed % 6)
            start = time.perf_counter()
            signal.alarm(SECONDS)
            try:
                result = optimal(state)
            except _TooSlow:
                continue
            finally:
                signal.alarm(0)
            doc = position_to_json(state)
            doc["optimal_cards_left"] = result.cards_left
            out.append(doc)
            print(
                players,
                expert,
                expert_hand,
                max_card,
                seed,
                result.cards_left,
                round(time.perf_counter() - start, 2),
                file=sys.stderr,
                flush=True,
            )
    path = Path(__file__).with_name("search_positions.json")
    path.write_text(json.dumps(out, indent=None) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
