"""Positions, deals and variants shared by the tests of The Game's solvers: random
small ones, and the stored regression positions with their optimum."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from playable.solver.thegame.game import GAME
from playable.solver.thegame.rules import State, Variant, deal, shuffled_deck
from tests.random_play import random_position

#: Variants of The Game: 1-5 players (TG-2), the expert minimum (TG-5) and hand
#: (TG-6), and decks cut short to 40..99 (max-card).
variants = st.builds(
    Variant,
    players=st.integers(1, 5),
    expert=st.booleans(),
    expert_hand=st.booleans(),
    max_card=st.integers(40, 99),
)

#: The small variants the beam and the pilot replay their lines on: solo and a team,
#: with and without the expert rules (TG-5, TG-6), on decks cut to 40..48 cards; each
#: of those tests adds a full deck of its own.
SMALL_VARIANTS = (
    Variant(1, False, False, 40),
    Variant(1, True, False, 45),
    Variant(2, False, False, 40),
    Variant(3, True, True, 48),
)


def tight_position(variant: Variant, seed: int, extra: int) -> State:
    """A random position with every hand full and ``extra`` cards in the draw pile;
    every other card is laid, the pile tops among the laid cards (ascending tops from
    the upper half of them and descending tops from the lower half, or mixed). Many
    such positions are unsolvable, unlike small fresh deals, which nearly always win."""
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


def random_playout_position(variant: Variant, seed: int, moves: int) -> State:
    """A fresh deal played on ``moves`` random legal moves (maybe mid-turn)."""
    rng = random.Random(seed)
    state = deal(variant, shuffled_deck(variant, seed), rng.randrange(variant.players))
    return random_position(GAME, state, rng, moves)


def position_from_json(doc: dict[str, Any]) -> State:
    """A stored position of tests/data/thegame/search_positions.json."""
    v = doc["variant"]
    variant = Variant(v["players"], v["expert"], v["expert_hand"], v["max_card"])
    return State(
        variant,
        tuple(doc["piles"]),
        tuple(tuple(h) for h in doc["hands"]),
        tuple(doc["draw"]),
        doc["to_move"],
        doc["laid"],
    )


#: tests/data/thegame/search_positions.json: small positions, won and lost, each with
#: the optimum the brute force found (make_search_positions.py there writes them); the
#: regression cases of the solver, the beam, the split and the proof checker
STORED: tuple[dict[str, Any], ...] = tuple(
    json.loads((Path(__file__).parents[1] / "data/thegame/search_positions.json").read_text())
)
