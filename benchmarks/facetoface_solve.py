"""Benchmark: how far the Face to Face perfect-information solver reaches.

Three parts, fixed seeds, one summary table written to
benchmarks/results/facetoface_solve.md:

1. Endgames with 6, 10, 16 and 24 cards left per player: each player's remaining
   cards are a random subset of 2..59 (the first 6 in hand, the rest the draw pile in
   random order); own piles show an ascending top drawn from 1..20 and a descending
   top from 40..60; positions already lost at once are redrawn. Player 1 to move.
2. Full deals (58 cards each, seeds 0..), player 1 starting.
3. Along real games: greedy self-play of full deals, then the solver walks back from
   the end of each game, one start-of-turn position at a time, sharing its table,
   until a position stays undecided; the earliest decided position says how far into
   a full deal exact solving reaches.

Each position gets the same time limit (default 10 s; ``--seconds``); a position is
*decided* when the solver proves a win or a loss for the player to move within it.
The median time includes building and certifying the principal line; nodes/s is the
root proof's nodes over its kernel time.

Run: ``python benchmarks/facetoface_solve.py [--positions N] [--seconds S]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from solver.core.budget import Budget
from solver.core.result import Status
from solver.facetoface.players import GreedyPlayer
from solver.facetoface.rules import (
    HAND_SIZE,
    State,
    Variant,
    deal,
    is_terminal,
    play_turn,
    shuffled_decks,
)
from solver.facetoface.search import Solver, solve

OFFICIAL = Variant()


def endgame(rng: random.Random, left: int) -> State:
    """A random live endgame with ``left`` cards per player (see the module doc)."""
    while True:
        hands, draws, piles = [], [], []
        for _ in (0, 1):
            cards = rng.sample(list(OFFICIAL.cards), left)
            hands.append(tuple(cards[:HAND_SIZE]))
            draws.append(tuple(cards[HAND_SIZE:]))
            piles.append((rng.randint(1, 20), rng.randint(40, 60)))
        state = State(OFFICIAL, (piles[0], piles[1]), (hands[0], hands[1]), (draws[0], draws[1]))
        if not is_terminal(state):
            return state


def measure(states: list[State], seconds: float) -> dict[str, float | int | str]:
    decided, times, nodes, wins, searching = 0, [], 0, 0, 0.0
    for state in states:
        result = solve(state, Budget(seconds=seconds, memory_mb=128))
        times.append(result.seconds)
        nodes += result.extra["search_nodes"]
        searching += result.extra["search_seconds"]
        if result.status != Status.UNKNOWN:
            decided += 1
            wins += result.status == Status.SOLVED
    return {
        "positions": len(states),
        "decided": decided,
        "wins": wins,
        "median": statistics.median(times),
        "nodes_per_s": nodes / searching if searching else 0.0,
    }


def walk_back(seed: int, seconds: float) -> tuple[int, int, int]:
    """Greedy self-play of deal ``seed``, then solve backwards from its end. Returns the
    game's start-of-turn position count, how many trailing positions were decided, and
    the most cards left (one player) in the earliest decided position."""
    a, b = shuffled_decks(OFFICIAL, seed)
    start = deal(OFFICIAL, a, b, seed % 2)
    positions = [start]
    state, rng, greedy = start, random.Random(seed), GreedyPlayer()
    while not is_terminal(state):
        state = play_turn(state, greedy.choose_turn(state, rng))
        positions.append(state)
    solver = Solver(start, 128)
    decided, reach = 0, 0
    for state in reversed(positions[:-1]):
        value = solver.value(state, Budget(seconds=seconds).start(), nodes=None)
        solver.counters.aborted = False
        if value == 0:
            break
        decided += 1
        reach = max(state.cards_left(0), state.cards_left(1))
    return len(positions) - 1, decided, reach


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--walk-seconds", type=float, default=3.0)
    args = parser.parse_args()
    rng = random.Random(2026)
    rows = []
    started = time.perf_counter()
    for left in (6, 10, 16, 24):
        states = [endgame(rng, left) for _ in range(args.positions)]
        rows.append((f"endgame, {left} cards each", measure(states, args.seconds)))
    deals = []
    for seed in range(args.deals):
        a, b = shuffled_decks(OFFICIAL, seed)
        deals.append(deal(OFFICIAL, a, b, 0))
    rows.append(("full deal, 58 cards each", measure(deals, args.seconds)))
    lines = [
        "Face to Face perfect-information solver (numba negamax over whole turns with a "
        "transposition table).",
        f"Time limit {args.seconds:g} s per position; fixed seeds (endgames: random.Random(2026); "
        f"deals: seeds 0..{args.deals - 1}).",
        "Timings were taken on a shared, loaded 2-core machine.",
        "",
        "| positions | count | decided within limit | of which wins for the player to move | "
        "median time (s) | nodes/s (kernel) |",
        "|---|---|---|---|---|---|",
    ]
    for name, m in rows:
        lines.append(
            f"| {name} | {m['positions']} | {m['decided']}/{m['positions']} | {m['wins']} | "
            f"{m['median']:.3f} | {m['nodes_per_s']:,.0f} |"
        )
    walks = [walk_back(seed, args.walk_seconds) for seed in range(args.deals)]
    lines += [
        "",
        f"Along greedy self-play games (deals 0..{args.deals - 1}), solving backwards from "
        f"the end, {args.walk_seconds:g} s per position, one shared table per game:",
        "",
        "| deal | turns in the game | last turns decided | most cards left (one player) "
        "at the earliest decided position |",
        "|---|---|---|---|",
    ]
    for seed, (length, decided, reach) in enumerate(walks):
        lines.append(f"| {seed} | {length} | {decided} | {reach} |")
    lines += ["", f"Total benchmark time: {time.perf_counter() - started:.0f} s."]
    table = "\n".join(lines) + "\n"
    print(table)
    out = Path(__file__).parent / "results" / "facetoface_solve.md"
    out.write_text("# Face to Face: exact solving reach\n\n" + table, encoding="utf-8")


if __name__ == "__main__":
    main()
