"""Benchmark: Face to Face players against each other, 95% Wilson intervals.

Game i is the deal of seed 100 + i; seat A starts the even games and seat B the odd
ones (FF-7 by alternation). Prints one table and writes it to
benchmarks/results/facetoface_players.md.

Run: ``python benchmarks/facetoface_players.py [--games N] [--slow-games M]``.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from playable.solver.core.stats import Proportion
from playable.solver.facetoface.players import make_player, play_game
from playable.solver.facetoface.rules import Variant, deal, shuffled_decks

SEED = 100


def match(a: str, b: str, games: int) -> tuple[Proportion, float, float]:
    """A's wins, mean turns per game, seconds."""
    variant = Variant()
    wins, turns = 0, 0
    started = time.perf_counter()
    for i in range(games):
        deck_a, deck_b = shuffled_decks(variant, SEED + i)
        state = deal(variant, deck_a, deck_b, i % 2)
        # each seat samples with its own seed, as `playable simulate facetoface` does
        seats = (make_player(a, 2 * (SEED + i)), make_player(b, 2 * (SEED + i) + 1))
        result = play_game(state, seats, random.Random(SEED + i))
        wins += result.winner == 0
        turns += len(result.turns)
    return Proportion(wins, games), turns / games, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--slow-games", type=int, default=40)
    args = parser.parse_args()
    matches = [
        ("greedy", "greedy", args.games),
        ("careful", "greedy", args.games),
        ("determinized", "greedy", args.slow_games),
        ("determinized", "careful", args.slow_games),
    ]
    rows = []
    for a, b, games in matches:
        rate, turns, seconds = match(a, b, games)
        rows.append(f"| {a} | {b} | {games} | {rate} | {turns:.1f} | {seconds:.0f} |")
    table = "\n".join(
        [
            f"Face to Face players, full decks, deals of seeds {SEED}.., A starts even games.",
            "Timings were taken on a shared, loaded 2-core machine.",
            "",
            "| A | B | games | A wins [95% Wilson] | mean turns | seconds |",
            "|---|---|---|---|---|---|",
            *rows,
        ]
    )
    print(table)
    out = Path(__file__).parent / "results" / "facetoface_players.md"
    out.write_text("# Face to Face: players\n\n" + table + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
