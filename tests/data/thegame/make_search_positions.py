"""Regenerate ``search_positions.json``: random positions with few cards left and
their optimal cards left (TG-8) computed by the brute-force oracle
(:mod:`playable.solver.thegame.bruteforce`). Slow (minutes); the tests only read the file.

    python tests/data/thegame/make_search_positions.py
"""

from __future__ import annotations

import json
import random
import signal
import sys
import time
from pathlib import Path

from playable.solver.thegame.bruteforce import optimal
from playable.solver.thegame.notation import position_to_json
from playable.solver.thegame.rules import State, Variant

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


def tight_position(variant: Variant, seed: int, extra: int) -> State:
    """A random position with every hand full and ``extra`` cards in the draw pile;
    every other card is laid, the pile tops among the laid cards (ascending tops from
    the upper half of them and descending tops from the lower half, or mixed)."""
    rng = random.Random(seed)
    cards = list(variant.cards)
    rng.shuffle(cards)
    held = variant.hand_size * variant.players
    left = min(held + extra, len(cards) - 4)
    rest, laid = cards[:left], sorted(cards[left:])
    half = len(laid) // 2
    lo, hi = rng.sample(laid[:half], 2), rng.sample(laid[half:], 2)
    tops = (hi[0], hi[1], lo[0], lo[1]) if rng.random() < 0.5 else (lo[0], hi[1], hi[0], lo[1])
    h = variant.hand_size
    hands = tuple(tuple(rest[p * h : (p + 1) * h]) for p in range(variant.players))
    return State(variant, tops, hands, tuple(rest[held:]), rng.randrange(variant.players), 0)


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
