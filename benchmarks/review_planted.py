"""Benchmark: does the review find a planted blunder, and leave good moves alone?
(docs/review.md)

Positions come from bot self-play of deals drawn from a run seed (``--seed``, a new
one by default, printed and written into the results; the same generators as
benchmarks/analysis_calibration.py, other deal seeds): Face to Face (careful bot,
<= 24 cards left each) and two-player UNO (greedy bot, both hands <= 2 or 3 cards).
A position is kept when the exact solver proves it won for the player to move
within ``--exact-nodes``; its proven line (:class:`~playable.solver.core.line.Line`,
the winner's moves and the loser's best defence) is the unaltered game.

One move is planted: at a position on the line where the winner is to move (so the
winner has a proven win, drawn at random by the deal seed), a legal move is chosen
whose position after it the exact solver proves lost for the winner (FF-6; UNO: the
other player goes out, UN-10); the record is the line up to there plus that move
(:func:`~playable.solver.core.record.format_record`, read back by
:func:`~playable.solver.core.record.parse_record`). The record is reviewed
(:func:`playable.solver.core.review.review`) with an assessment by
:func:`playable.solver.core.anytime.estimate` under ``--nodes`` nodes a position
(the exact engine as leaf solver, the quick-bot rollouts; seed the deal seed).

Measured: the share of planted moves judged ``blunder`` (target 100%), and on the
unaltered part of the lines (every move before the plant) how many of the winner's
moves, all proven to keep the win, are judged ``mistake`` or ``blunder`` (target 0);
the loser's moves (all lose) are counted apart.

Rows are kept in a JSONL file next to the results (benchmarks/results/
review_planted.jsonl), so a stopped run carries on where it stopped.

Run: ``python benchmarks/review_planted.py [--games facetoface,uno] [--seed S]
[--positions N] [--nodes N] [--exact-nodes N]``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import reach
from analysis_calibration import ABOUT, EXACT_NODES, POSITIONS, Rows, digests, winner

from playable.solver.core import anytime
from playable.solver.core.budget import Budget
from playable.solver.core.engine import SearchOptions
from playable.solver.core.record import format_record, parse_record
from playable.solver.core.review import review
from playable.solver.games import engine, game

NAME = "review_planted"
#: Node budget of the review's analysis of one position, per game.
REVIEW_NODES = {"facetoface": 300, "uno": 3_000}
#: A record's deals drawn per record wanted, at most.
DRAWS_PER_RECORD = 6
#: Legal moves tried as the planted move at one position, at most.
TRIES = 8
SERIOUS = ("mistake", "blunder")


def line_moves(name: str, state: Any, exact: int) -> list[Any] | None:
    """The exact solver's line from ``state`` as the game's moves (each turn's moves,
    then the end of the turn where the game has one and the turn did not end the
    game), checked against the line's states; None when it does not match."""
    rules = game(name)
    result = engine(name).solve(
        state, Budget(nodes=exact, memory_mb=64).start(), SearchOptions(memory_mb=64)
    )
    if result.line is None:
        return None
    moves: list[Any] = []
    current = state
    for step in result.line.steps:
        for move in step.moves:
            moves.append(move)
            current = rules.apply(current, move)
        if rules.turn_end is not None and not rules.is_terminal(current):
            legal = {str(m): m for m in rules.legal_moves(current)}
            if rules.to_move(current) == step.player and rules.turn_end in legal:
                moves.append(legal[rules.turn_end])
                current = rules.apply(current, legal[rules.turn_end])
        if rules.format(current) != rules.format(step.after):
            return None
    return moves


def plant(
    name: str, state: Any, line: Sequence[Any], deal: int, exact: int
) -> tuple[int, Any] | None:
    """A place on ``line`` where its winner (the player to move at ``state``) moves,
    and a legal move there proven to lose (checked by the exact solver); tried at
    places in an order drawn from ``deal``. None if none is found."""
    rules = game(name)
    rng = random.Random(deal)
    winner_seat = rules.to_move(state)
    states = [state]
    for move in line:
        states.append(rules.apply(states[-1], move))
    places = [
        i
        for i in range(len(line))
        if rules.to_move(states[i]) == winner_seat and len(rules.legal_moves(states[i])) > 1
    ]
    rng.shuffle(places)
    for i in places[:3]:
        others = [m for m in rules.legal_moves(states[i]) if str(m) != str(line[i])]
        rng.shuffle(others)
        for move in others[:TRIES]:
            after = rules.apply(states[i], move)
            if winner(name, after, exact) == 1 - winner_seat:
                return i, move
    return None


def planted_record(name: str, deal: int, nodes: int, exact: int) -> dict[str, Any]:
    """One record: drawn, planted, reviewed; the verdicts of every move."""
    state = POSITIONS[name](deal)
    rules = game(name)
    row: dict[str, Any] = {"deal": deal, "decided": False}
    if state is None or winner(name, state, exact) != rules.to_move(state):
        return row  # no position, or not proven won for the player to move
    line = line_moves(name, state, exact)
    found = plant(name, state, line, deal, exact) if line else None
    if line is None or found is None:
        row["no_plant"] = True
        return row
    place, bad = found
    record = parse_record(format_record(rules, state, [*line[:place], bad]))
    started = time.process_time()

    def assess(position: Any) -> Any:
        return anytime.estimate(name, position, Budget(nodes=nodes), seed=deal)

    *_, last = review(record, assess)  # the review after its last move
    if not last.complete:
        raise RuntimeError(f"deal {deal}: the review stopped before the record's end")
    winner_seat = rules.to_move(state)
    verdicts = [(m.played.player == winner_seat, m.verdict) for m in last.moves]
    row.update(
        decided=True,
        place=place,
        planted=str(bad),
        planted_verdict=verdicts[-1][1],
        winner_verdicts=[v for own, v in verdicts[:-1] if own],
        loser_verdicts=[v for own, v in verdicts[:-1] if not own],
        cpu=time.process_time() - started,
    )
    return row


def run_game(
    name: str, seed: int, count: int, nodes: int, exact: int, rows: Rows
) -> list[dict[str, Any]]:
    """Draw deals until ``count`` planted records are reviewed (or
    DRAWS_PER_RECORD * count deals are drawn); every row, reviewed or not."""
    out: list[dict[str, Any]] = []
    deals = reach.deal_seeds(f"{NAME}/{name}", seed)
    done = 0
    for index in range(DRAWS_PER_RECORD * count):
        if done >= count:
            break
        deal = next(deals)
        row = rows.get(name, seed, index)
        if row is None:
            row = rows.put(name, seed, index, planted_record(name, deal, nodes, exact))
        out.append(row)
        done += bool(row["decided"])
        if (index + 1) % 5 == 0 or done >= count:
            print(
                f"[{NAME}] {name}: {done}/{count} records reviewed ({index + 1} deals)",
                file=sys.stderr,
                flush=True,
            )
    return out


def report(name: str, rows: Sequence[dict[str, Any]], nodes: int, exact: int) -> list[str]:
    """The markdown section of one game."""
    used = [r for r in rows if r["decided"]]
    planted = Counter(str(r["planted_verdict"]) for r in used)
    own = Counter(v for r in used for v in r["winner_verdicts"])
    other = Counter(v for r in used for v in r["loser_verdicts"])
    flagged = sum(own[v] for v in SERIOUS)
    n = len(used) or 1
    cpu = sum(float(r["cpu"]) for r in used) / n

    def counts(c: Counter[str]) -> str:
        return ", ".join(f"{k} {v}" for k, v in sorted(c.items())) or "-"

    return [
        f"## {name}",
        "",
        f"Positions: {ABOUT[name]}; {len(rows)} deals drawn, "
        f"{sum(bool(r.get('no_plant')) for r in rows)} won positions without a line or a "
        f"provably losing move to plant, {len(used)} records reviewed. Exact solver "
        f"{exact:,} nodes; review {nodes:,} nodes a position (anytime.estimate), "
        f"{cpu:.1f} s CPU a record on average.",
        "",
        "| records | planted moves judged blunder | planted verdicts | winner's unaltered "
        "moves | of them mistake or blunder | winner's verdicts | loser's moves: verdicts |",
        "|---|---|---|---|---|---|---|",
        f"| {len(used)} | {planted['blunder']}/{len(used)} "
        f"({100 * planted['blunder'] / n:.0f}%) | {counts(planted)} | {own.total()} "
        f"| {flagged} | {counts(own)} | {counts(other)} |",
        "",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="facetoface,uno", help="facetoface,uno")
    parser.add_argument("--seed", type=reach.seed_value, default=None, help="run seed")
    parser.add_argument("--positions", type=reach.positive, default=100, help="records a game")
    parser.add_argument("--nodes", type=reach.positive, default=None, help="review nodes")
    parser.add_argument("--exact-nodes", type=reach.positive, default=None, help="exact nodes")
    parser.add_argument("--out", type=Path, default=reach.RESULTS / f"{NAME}.md")
    parser.add_argument(
        "--digest",
        default=None,
        type=digests,
        help="reuse rows made by the solver source of this digest, or game:digest,... "
        "(default: the current source's digest)",
    )
    args = parser.parse_args()
    names = [g for g in args.games.split(",") if g]
    if not names or any(g not in POSITIONS for g in names):
        parser.error(f"--games: wants names from {', '.join(POSITIONS)}, got {args.games!r}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    print(f"[{NAME}] run seed {seed}", file=sys.stderr, flush=True)
    reach.interruptible()
    current = reach.solver_digest()
    code: dict[str, str] = {name: (args.digest or {}).get(name, current) for name in names}
    code_text = ", ".join(f"{name} {digest}" for name, digest in code.items())
    load = os.getloadavg()
    started, cpu = time.perf_counter(), time.process_time()
    sections: list[str] = []
    jsonl = args.out.with_suffix(".jsonl")
    try:
        for name in names:
            engine(name).warm_up()
            nodes = args.nodes or REVIEW_NODES[name]
            exact = args.exact_nodes or EXACT_NODES[name]
            key = (
                f"{name}; {ABOUT[name]}; review nodes={nodes}; exact nodes={exact}; "
                f"solver {code[name]}"
            )
            found = run_game(name, seed, args.positions, nodes, exact, Rows(jsonl, key))
            sections += report(name, found, nodes, exact)
    except KeyboardInterrupt:
        print(
            f"\ninterrupted: finished rows kept in {jsonl}; the same command carries on",
            file=sys.stderr,
        )
        raise SystemExit(130) from None
    reach.write_page(
        args.out,
        [
            "# Review: planted blunders and unaltered winning lines",
            "",
            "`benchmarks/review_planted.py` (its docstring says how): records made from the "
            "exact solver's winning lines with one planted move proven to throw the win "
            "away, reviewed as `playable review` does.",
            "",
            reach.measured(seed, code_text, load, (started, cpu), jsonl),
            "",
            *sections,
        ],
    )


if __name__ == "__main__":
    main()
