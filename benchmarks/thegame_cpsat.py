"""How the CP-SAT model of The Game scales with the deck (docs/engines-thegame.md).

For decks of 20, 40, 60 and 98 cards (highest card 21, 41, 61, 99), a fixed set of
shuffled deals (seeds 0..SEEDS-1) in two variants (1 player standard, 3 players
expert) is solved from the deal, the model choosing the first player, with a time limit
per deal. Reported per deck size and variant: the model size, the share of deals
proven optimal, the time to the proof (median over proven deals), the outcome counts and
the median gap between the best line and CP-SAT's bound, each with and without the
greedy warm start (without it, CP-SAT looks for lines alone).

A second table puts CP-SAT next to the depth-first engine on tight 2-player expert
positions of 40, 60 and 98-card decks, where the bound matters.

Run: ``python benchmarks/thegame_cpsat.py [--seconds S] [--seeds N] [--workers W]
[--positions N]``.
Prints one table and writes it to benchmarks/results/thegame_cpsat.md.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from pathlib import Path

from playable.solver.core.budget import Budget
from playable.solver.core.result import Status
from playable.solver.thegame import search
from playable.solver.thegame.cpsat import solve_cpsat
from playable.solver.thegame.notation import Deal
from playable.solver.thegame.rules import State, Variant, shuffled_deck

DECKS = (20, 40, 60, 98)
VARIANTS = (("1 player", 1, False), ("3 players expert", 3, True))
RESULTS = Path(__file__).parent / "results" / "thegame_cpsat.md"


def run(seconds: float, seeds: int, workers: int) -> str:
    header = (
        "| cards | variant | warm start | slots | variables | constraints | proven | time to proof "
        "(median s) | solved / unsolvable / unknown | median gap | CP-SAT's own line "
        "(median left) |\n"
        "|---:|---|---|---:|---:|---:|---:|---:|---|---:|---:|\n"
    )
    rows = []
    for cards in DECKS:
        for (label, players, expert), warm in itertools.product(VARIANTS, (True, False)):
            variant = Variant(players=players, expert=expert, max_card=cards + 1)
            proof_times, gaps, own, size = [], [], [], {}
            counts = dict.fromkeys(Status, 0)
            for seed in range(seeds):
                game = Deal(variant, tuple(shuffled_deck(variant, seed)))
                started = time.perf_counter()
                result = solve_cpsat(game, seconds=seconds, workers=workers, greedy_hint=warm)
                elapsed = time.perf_counter() - started
                size = result.extra["model"]
                counts[result.status] += 1
                assert result.objective is not None and result.bound is not None
                gaps.append(result.objective - result.bound)
                if result.extra["cpsat_cards_left"] is not None:
                    own.append(result.extra["cpsat_cards_left"])
                if result.proven_optimal:
                    proof_times.append(elapsed)
                print(
                    f"  {cards} cards, {label}, warm {warm}, seed {seed}: {result.status.value} "
                    f"left {result.objective} bound {result.bound} in {elapsed:.1f}s",
                    flush=True,
                )
            proof = f"{statistics.median(proof_times):.2f}" if proof_times else "-"
            rows.append(
                f"| {cards} | {label} | {'greedy' if warm else 'none'} | {size['slots']} | "
                f"{size['variables']} | "
                f"{size['constraints']} | {len(proof_times)}/{seeds} | {proof} | "
                f"{counts[Status.SOLVED]} / {counts[Status.UNSOLVABLE]} / "
                f"{counts[Status.UNKNOWN]} | {statistics.median(gaps):g} | "
                f"{statistics.median(own) if own else '-'} |"
            )
    return header + "\n".join(rows) + "\n"


def tight_position(cards: int, seed: int) -> State:
    """A 2-player expert position late in a game: ascending piles pushed up and
    descending piles pushed down (so that many cards fit only by the trick or not at
    all), full hands and a draw pile of up to a quarter of the deck."""
    rng = random.Random(seed)
    variant = Variant(players=2, expert=True, max_card=cards + 1)
    order = shuffled_deck(variant, seed)
    tight = rng.uniform(0.3, 0.7)
    tops = []
    for pile in range(4):
        low, high = (tight * cards, cards) if pile < 2 else (2, (1 - tight) * cards)
        card = next(c for c in order if low <= c <= high)
        order.remove(card)
        tops.append(card)
    h = variant.hand_size
    hands = (tuple(order[:h]), tuple(order[h : 2 * h]))
    draw = tuple(order[2 * h : 2 * h + rng.randint(1, cards // 4)])
    return State(variant, (tops[0], tops[1], tops[2], tops[3]), hands, draw, 0, 0)


def run_positions(seconds: float, seeds: int, workers: int) -> str:
    """CP-SAT next to the depth-first engine on tight positions, same time each."""
    header = (
        "| cards | positions | CP-SAT solved / unsolvable / unknown | CP-SAT proven "
        "| depth-first solved / unsolvable / unknown | settled by CP-SAT only "
        "| settled by depth-first only | disagreements |\n"
        "|---:|---:|---|---:|---|---:|---:|---:|\n"
    )
    rows = []
    for cards in DECKS[1:]:
        ours = dict.fromkeys(Status, 0)
        theirs = dict.fromkeys(Status, 0)
        proven = only_ours = only_theirs = disagree = 0
        for seed in range(seeds):
            state = tight_position(cards, seed)
            result = solve_cpsat(state, seconds=seconds, workers=workers)
            dfs = search.solve(state, Budget(seconds=seconds))
            ours[result.status] += 1
            theirs[dfs.status] += 1
            proven += result.proven_optimal
            known_ours = result.status is not Status.UNKNOWN
            known_theirs = dfs.status is not Status.UNKNOWN
            only_ours += known_ours and not known_theirs
            only_theirs += known_theirs and not known_ours
            disagree += known_ours and known_theirs and result.status is not dfs.status
            print(
                f"  position {cards} cards, seed {seed}: cpsat {result.status.value} "
                f"left {result.objective} bound {result.bound}; dfs {dfs.status.value} "
                f"left {dfs.objective}",
                flush=True,
            )
        rows.append(
            f"| {cards} | {seeds} | {ours[Status.SOLVED]} / {ours[Status.UNSOLVABLE]} / "
            f"{ours[Status.UNKNOWN]} | {proven}/{seeds} | {theirs[Status.SOLVED]} / "
            f"{theirs[Status.UNSOLVABLE]} / {theirs[Status.UNKNOWN]} | {only_ours} | "
            f"{only_theirs} | {disagree} |"
        )
    return header + "\n".join(rows) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=8.0, help="time budget per deal (model building included)"
    )
    parser.add_argument("--seeds", type=int, default=3, help="deals per deck size and variant")
    parser.add_argument("--workers", type=int, default=2, help="CP-SAT threads")
    parser.add_argument("--positions", type=int, default=4, help="tight positions per size")
    args = parser.parse_args()
    started = time.perf_counter()
    table = run(args.seconds, args.seeds, args.workers)
    positions = run_positions(args.seconds, args.positions, args.workers)
    total = time.perf_counter() - started
    report = (
        "# The Game: CP-SAT model size and time to optimal by deck size\n\n"
        f"`python benchmarks/thegame_cpsat.py --seconds {args.seconds:g} --seeds {args.seeds} "
        f"--workers {args.workers}`: deals shuffled with seeds 0..{args.seeds - 1}, solved "
        "from the deal (the model chooses the first player), with and without the greedy "
        "warm start, "
        f"a budget of {args.seconds:g} s per deal (model building included), {args.workers} "
        "workers. Timings were taken "
        "on a shared, loaded 2-core machine (other jobs running), so read them as orders "
        f"of magnitude. Whole run: {total:.0f} s.\n\n"
        "*proven*: deals whose best line meets CP-SAT's bound (optimal cards left known); "
        "*gap*: best line's cards left minus the bound. *CP-SAT's own line*: the cards "
        "left by the best solution CP-SAT itself reached (with the warm start, at least "
        "as good as the greedy line); the reported line is that one, finished greedily "
        "when the time ran out before the game was over.\n\n"
        + table
        + "\n## Tight positions: CP-SAT next to the depth-first engine\n\n"
        "Fresh deals up to 60 cards are all won, so the table above never needs a "
        "bound. Here 2-player expert positions late in a game (ascending piles pushed "
        "up, descending piles pushed down, full hands, a draw pile of up to a quarter "
        f"of the deck; seeds 0..{args.positions - 1}) go to both engines with "
        f"{args.seconds:g} s each. *Settled*: solved or proven unsolvable.\n\n" + positions
    )
    print(table)
    print(positions)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(report)


if __name__ == "__main__":
    main()
