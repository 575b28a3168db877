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

import random
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

import analysis_runs
from analysis_calibration import ABOUT, EXACT_NODES, POSITIONS, winner

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


BENCHMARK = analysis_runs.Benchmark(
    name=NAME,
    title="# Review: planted blunders and unaltered winning lines",
    intro="`benchmarks/review_planted.py` (its docstring says how): records made from the "
    "exact solver's winning lines with one planted move proven to throw the win "
    "away, reviewed as `playable review` does.",
    about=ABOUT,
    positions=100,
    positions_help="records a game",
    nodes=REVIEW_NODES,
    nodes_label="review nodes",
    exact=EXACT_NODES,
    draws=DRAWS_PER_RECORD,
    every=5,
    progress="records reviewed",
    make_row=planted_record,
    report=report,
)


if __name__ == "__main__":
    analysis_runs.main(BENCHMARK, __doc__.split("\n\n")[0])
