"""Winning lines of deals that long solves left undecided (docs/results.md, "Restarts
along a line" and the one deal won by a beam of width 3.2 M): each replays through
the reference rules to a won game (TG-7), so the deal is won whatever found the
line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from playable.solver.thegame.notation import Deal
from playable.solver.thegame.rules import Play, Variant, play_turn, shuffled_deck

LINES = json.loads((Path(__file__).parents[1] / "data" / "thegame" / "won_lines.json").read_text())


@pytest.mark.parametrize(
    "entry",
    LINES,
    ids=lambda e: (
        f"{e['players']}p-expert{e['expert']}-hand{e.get('expert_hand', False)}-{e['seed']}"
    ),
)
def test_the_stored_line_wins_its_deal(entry: dict[str, Any]) -> None:
    variant = Variant(
        players=entry["players"],
        expert=entry["expert"],
        expert_hand=entry.get("expert_hand", False),
    )
    state = Deal(variant, tuple(shuffled_deck(variant, entry["seed"]))).start(entry["first_player"])
    for turn in entry["line"]:
        assert turn["player"] == state.to_move
        state = play_turn(state, [Play(p["card"], p["pile"]) for p in turn["plays"]])
    assert state.is_won
