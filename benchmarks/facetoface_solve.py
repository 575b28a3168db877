"""Benchmark: how far the Face to Face perfect-information solver reaches in real play.

Positions come from REAL play, not a random generator: deals (official decks, FF-1;
deal s starts with player s % 2, FF-7) are played to the end by the careful bot
against itself (solver/facetoface/players.py, its random stream seeded with the
deal's seed). For each row (16, 24 and 32 cards left per player) a game contributes
its first start-of-turn position in which neither player has more than that many
cards left (hand plus draw pile), if the game gets there alive; deals are taken in
turn until the row has ``--positions`` positions. The random row (24 cards left per
player) draws its positions instead: random remaining cards, hands, draw orders and
pile tops consistent with the rules (:func:`random_position`).

By default the deal seeds are drawn from a run seed (``--seed``/``--seeds``, new
random ones if none is given; benchmarks/reach.py): 100 positions per row, each
solved once under a node budget (``--nodes``, 200,000 by default, about 1 s of one
core; a fresh 128 MiB table each), the figures written being the median over the
run seeds with every seed's figure listed. *Decided* means a proven win or loss
for the player to move with a principal line replayed through the reference
rules (the certificate, :func:`playable.solver.facetoface.search.certify`, inside
``solve``). Finished positions are kept in results/facetoface_solve.jsonl, so a
stopped run carries on where it stopped.

``--regression`` runs the former fixed rows instead: deals 0, 1, 2, ... (20
positions per row, ``--seconds`` per position, 10 s by default) and the walk back:
the first ``--deals`` of those games solved backwards from their end, one
start-of-turn position at a time, sharing one table, until a position stays
undecided within ``--seconds`` (results/facetoface_solve_regression.md). Those rows
were improved on again and again; the fresh rows say how far the solver reaches.

Run: ``python benchmarks/facetoface_solve.py [--seeds a,b,c] [--positions N] [--nodes N]
[--rows 24,32,r24] [--out FILE.md]`` (``--rows``: only those rows, in that order;
``r24`` is the row of random 24-card positions)
or ``python benchmarks/facetoface_solve.py --regression [--seconds S]``.
"""

from __future__ import annotations

import dataclasses
import itertools
import os
import random
import time
from collections.abc import Iterator, Mapping
from pathlib import Path

import reach

from playable.solver.core.budget import Budget
from playable.solver.facetoface.players import CarefulPlayer
from playable.solver.facetoface.rules import (
    State,
    Variant,
    deal,
    is_terminal,
    play_turn,
    shuffled_decks,
)
from playable.solver.facetoface.search import Solver, solve, warm_up

OFFICIAL = Variant()
ROWS = (16, 24, 32)
#: rows of random positions (pile tops and hands drawn at random, not played to)
RANDOM_ROWS = (24,)
#: every row's name on the command line (``--rows``): self-play ``16``, random ``r24``
ROW_NAMES = (*map(str, ROWS), *(f"r{left}" for left in RANDOM_ROWS))
#: the former fixed rows' size (``--regression``)
REGRESSION_POSITIONS = 20


def self_play(seed: int) -> list[State]:
    """The start-of-turn positions of deal ``seed`` played by the careful bot against
    itself, the final (finished) position last."""
    a, b = shuffled_decks(OFFICIAL, seed)
    state = deal(OFFICIAL, a, b, seed % 2)
    positions = [state]
    rng, bot = random.Random(seed), CarefulPlayer()
    while not is_terminal(state):
        state = play_turn(state, bot.choose_turn(state, rng))
        positions.append(state)
    return positions


def real_positions(
    count: int, deals: Iterator[int] | None = None
) -> tuple[dict[int, list[tuple[int, State]]], int]:
    """``count`` positions per row (deal seed, position) from the games of ``deals``
    (0, 1, 2, ... by default) and how many deals were played to get them. A row's
    i-th position does not depend on ``count``."""
    rows: dict[int, list[tuple[int, State]]] = {left: [] for left in ROWS}
    played = 0
    for seed in deals if deals is not None else itertools.count():
        if all(len(found) >= count for found in rows.values()):
            break
        game = self_play(seed)
        played += 1
        for left, found in rows.items():
            if len(found) >= count:
                continue
            for state in game:
                if max(state.cards_left(0), state.cards_left(1)) <= left:
                    if not is_terminal(state):
                        found.append((seed, state))
                    break
    return rows, played


def random_position(seed: int, left: int) -> State:
    """A random position with ``left`` cards left per player (official decks, FF-1),
    not reached by play: each player's remaining cards are ``left`` of 2..59 drawn
    at random (the other 58 - ``left`` are laid), the first 6 the hand (FF-5), the
    rest the draw pile in random order; each pile top is a card laid from one of the
    two decks (FF-2, FF-3 let either player's card end on it), never one card on two
    piles; a random player to move. Positions whose game is over (FF-6) are drawn
    again, from the same stream."""
    rng = random.Random(seed)
    cards = list(OFFICIAL.cards)
    while True:
        remaining = [rng.sample(cards, left) for _ in (0, 1)]
        laid = [[c for c in cards if c not in set(mine)] for mine in remaining]
        piles: list[tuple[int, int]] = []
        for _ in (0, 1):
            tops = []
            for _side in (0, 1):
                deck = laid[rng.randrange(2)]
                tops.append(deck.pop(rng.randrange(len(deck))))
            piles.append((tops[0], tops[1]))
        state = State(
            OFFICIAL,
            (piles[0], piles[1]),
            (tuple(remaining[0][:6]), tuple(remaining[1][:6])),
            (tuple(remaining[0][6:]), tuple(remaining[1][6:])),
            rng.randrange(2),
        )
        if not is_terminal(state):
            return state


def label(name: str) -> str:
    """A row's name in the table: ``"24"`` self-play, ``"r24"`` random."""
    if name.startswith("r"):
        return f"<= {name[1:]} cards left, random"
    return f"<= {name} cards left"


def draw(seed: int, count: int) -> Mapping[str, list[reach.Drawn[State]]]:
    """``count`` positions per row from the deals run seed ``seed`` stands for: the
    self-play rows from one stream of deal seeds, each random row from its own."""
    rows, _ = real_positions(count, reach.deal_seeds("facetoface_solve", seed))
    drawn = {
        label(str(left)): [
            reach.Drawn(label(str(left)), i, deal, s) for i, (deal, s) in enumerate(found)
        ]
        for left, found in rows.items()
    }
    for left in RANDOM_ROWS:
        name = label(f"r{left}")
        seeds = reach.deal_seeds(f"facetoface_solve/random{left}", seed)
        drawn[name] = [
            reach.Drawn(name, i, deal, random_position(deal, left))
            for i, deal in zip(range(count), seeds, strict=False)
        ]
    return drawn


def solve_nodes(state: State, nodes: int) -> reach.Outcome:
    """One position under a node budget: won or lost for the player to move, or not."""
    return reach.outcome(solve(state, Budget(nodes=nodes, memory_mb=128)), "win", "loss")


SPEC = reach.Spec(
    name="facetoface_solve",
    title="Face to Face: exact solving reach on fresh positions",
    about=(
        "`benchmarks/facetoface_solve.py`: positions from careful-bot self-play of "
        "deals drawn from each run seed, the first position of each game with at most "
        "N cards left per player (hand plus draw pile); each solved once under the node "
        "budget with a fresh 128 MiB table, one process. *Decided*: a proven win or "
        "loss for the player to move with its line replayed through the reference rules "
        "(outcomes: win, loss, unknown). The random rows draw each player's remaining "
        "cards, hand, draw order and pile tops at random instead (`random_position`). "
        "Solver: docs/solver-facetoface.md. The former "
        "fixed rows (deals 0..43, 10 s a position): results/facetoface_solve_regression.md "
        "(`--regression`)."
    ),
    rows=tuple(label(name) for name in ROW_NAMES),
    draw=draw,
    solve=solve_nodes,
    options="careful self-play; memory 128 MiB",
)


def measure(
    row: str, states: list[tuple[int, State]], seconds: float
) -> tuple[reach.Summary, float, float]:
    """Solve each position by seconds: the row's summary and the kernel's nodes and
    turns generated per second (search nodes over the time inside the kernel calls)."""
    results = []
    kernel_nodes, kernel_turns, kernel_seconds = 0, 0, 0.0
    for seed, state in states:
        result = solve(state, Budget(seconds=seconds, memory_mb=128))
        kernel_nodes += result.extra["search_nodes"]
        kernel_turns += result.extra["search_turns"]
        kernel_seconds += result.extra["search_seconds"]
        results.append((seed, reach.outcome(result, "win", "loss")))
    rate = 1 / kernel_seconds if kernel_seconds else 0.0
    return reach.summarise(row, 0, results), kernel_nodes * rate, kernel_turns * rate


def walk_back(seed: int, seconds: float) -> tuple[int, int, int]:
    """Solve deal ``seed``'s self-play game backwards from its end. Returns the game's
    turn count, how many of its last turns' positions were decided, and the most cards
    left (one player) in the earliest decided position."""
    game = self_play(seed)
    solver = Solver(game[0], 128)
    decided, furthest = 0, 0
    for state in reversed(game[:-1]):
        if solver.value(state, Budget(seconds=seconds).start()) == 0:
            break
        decided += 1
        furthest = max(state.cards_left(0), state.cards_left(1))
    return len(game) - 1, decided, furthest


def main() -> None:
    parser = reach.parser(__doc__, positions=100, nodes=200_000)
    parser.add_argument("--deals", type=int, default=6, help="walk back (--regression)")
    parser.add_argument("--seconds", type=float, default=10.0, help="(--regression)")
    parser.add_argument(
        "--rows",
        default=None,
        help=f"only these rows, in this order (of {','.join(ROW_NAMES)}; r: random)",
    )
    args = parser.parse_args()
    spec = SPEC
    if args.rows:
        names = [name.strip() for name in args.rows.split(",") if name.strip()]
        if not names or not set(names) <= set(ROW_NAMES) or len(set(names)) < len(names):
            parser.error(f"--rows: distinct names of {','.join(ROW_NAMES)}")
        spec = dataclasses.replace(SPEC, rows=tuple(label(name) for name in names))
    warm_up()
    if args.regression:
        regression(REGRESSION_POSITIONS, args.deals, args.seconds, args.out)
    else:
        reach.main(spec, args)


def regression(positions: int, deals: int, seconds: float, out: Path | None) -> None:
    """The former fixed rows (deals 0, 1, 2, ...) and the walk back, by seconds."""
    load_before = os.getloadavg()
    started = time.perf_counter()
    rows, played = real_positions(positions)
    measured = {left: measure(label(str(left)), rows[left], seconds) for left in ROWS}
    walks = [walk_back(seed, seconds) for seed in range(deals)]
    load_after = os.getloadavg()
    lines = [
        "Face to Face perfect-information solver (numba negamax over whole turns, "
        "transposition table of proven values, immediate win when the opponent has no "
        "turn, canonical pile tops in the table key, turns ordered by least help to the "
        "opponent then most room between own piles, killer turn, races decided by an "
        "unstoppable plan against the fastest finish (also plans that give a card a turn to "
        "the opponent's piles), positions where one player is blocked first decided by "
        "one-player searches, dominated turns pruned; enhanced "
        "cut-offs off by default; "
        "docs/solver-facetoface.md).",
        f"Positions from real play: careful-bot self-play of deals 0..{played - 1}, the "
        "first position of each game with at most N cards left per player; "
        f"{seconds:g} s per position, one process, 128 MiB table.",
        f"Machine load (1/5/15 min) before {load_before[0]:.2f}/{load_before[1]:.2f}/"
        f"{load_before[2]:.2f}, after {load_after[0]:.2f}/{load_after[1]:.2f}/"
        f"{load_after[2]:.2f} (2 shared cores).",
        "",
        "| cards left per player | positions | decided | of which wins for the player "
        "to move | median time (s) | median nodes | kernel nodes/s | kernel turns generated/s "
        "| undecided (deal seeds) |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for left, (m, nodes_per_s, turns_per_s) in measured.items():
        n, decided = m.decided.trials, m.decided.successes
        lines.append(
            f"| <= {left} | {n} | {decided}/{n} ({100 * m.decided.rate:.0f}%) | "
            f"{m.labels['win']} | {m.median_seconds:.2f} | {m.median_nodes:,.0f} | "
            f"{nodes_per_s:,.0f} | {turns_per_s:,.0f} | "
            f"{', '.join(map(str, m.undecided)) or '-'} |"
        )
    lines += [
        "",
        f"Walking back along the self-play games of deals 0..{deals - 1}: solving "
        f"from the end, {seconds:g} s per position, one shared table per game:",
        "",
        "| deal | turns in the game | last turns decided | most cards left (one player) "
        "at the earliest decided position |",
        "|---|---|---|---|",
    ]
    for seed, (length, decided, furthest) in enumerate(walks):
        lines.append(f"| {seed} | {length} | {decided} | {furthest} |")
    lines += ["", f"Total benchmark time: {time.perf_counter() - started:.0f} s."]
    table = "\n".join(lines) + "\n"
    print(table)
    out = out or reach.RESULTS / "facetoface_solve_regression.md"
    out.write_text("# Face to Face: exact solving reach\n\n" + table, encoding="utf-8")


if __name__ == "__main__":
    main()
