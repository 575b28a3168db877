"""Benchmark: does the review find a planted blunder, and leave good moves alone?
(docs/review.md)

Positions come from bot self-play of deals drawn from a run seed (``--seed``, a new
one by default, printed and written into the results; the same generators as
benchmarks/analysis_calibration.py, other deal seeds): Face to Face (careful bot,
<= 24 cards left each), two-player UNO (greedy bot, both hands <= 2 or 3 cards),
Sequence (2-20 plies before the end of greedy games with random moves; won means a
forced win within 5 own turns, lost that every move allows the other side one) and
The Game (solo deals, a position with <= 24 cards left on the exact solver's winning
line; won means every card can be laid, lost that the exhaustive search proves no
line does, TG-8).
A position is kept when the exact solver proves it won for the player to move
within ``--exact-nodes``; its proven line (:class:`~playable.solver.core.line.Line`,
the winner's moves and the loser's best defence) is the unaltered game.

One move is planted: at a position on the line where the winner is to move (so the
winner has a proven win, drawn at random by the deal seed), a legal move is chosen
whose position after it the exact solver proves lost for the winner (FF-6; UNO: the
other player goes out, UN-10; The Game: a card is left, TG-8); the record is the line
up to there plus that move (:func:`~playable.solver.core.record.format_record`, read
back by :func:`~playable.solver.core.record.parse_record`). The record is reviewed as
`playable review` does (:func:`playable.solver.core.review.review_by_search`): the
tree search under ``--nodes`` nodes a position (the exact engine as leaf solver,
the quick-bot rollouts; seed the deal seed), and what it leaves open asked of the
exact solver under :data:`PROOF_NODES` nodes a position asked (about what 1 s
gives it). The plant was proven with ``--exact-nodes``; where that is less than
:data:`PROOF_NODES`, the review's solver reaches every planted loss, so the row
measures whether the review uses what its solver proves, not how far it reaches.

Measured: the share of planted moves judged ``blunder`` (target 100%), and on the
unaltered part of the lines (every move before the plant) how many of the winner's
moves, all proven to keep the win, are judged ``mistake`` or ``blunder`` (target 0);
the loser's moves (all lose) are counted apart.

Rows are kept in a JSONL file next to the results (benchmarks/results/
review_planted.jsonl), so a stopped run carries on where it stopped.

Run: ``python benchmarks/review_planted.py [--games facetoface,uno,sequence,thegame]
[--seed S] [--positions N] [--nodes N] [--exact-nodes N]``.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

import analysis_calibration
import analysis_runs
from analysis_calibration import SEQUENCE_TURNS, winner

from playable.solver.core.budget import Budget
from playable.solver.core.engine import SearchOptions
from playable.solver.core.record import format_record, parse_record
from playable.solver.core.review import review_by_search
from playable.solver.games import engine, game

NAME = "review_planted"
#: Node budget of the review's analysis of one position, per game.
REVIEW_NODES = {"facetoface": 300, "uno": 3_000, "sequence": 1_000, "thegame": 1_000}
#: Node budget of the review's exact solver, per position it is asked about: about a
#: second of one quiet core (docs/solver-facetoface.md: 157,000 nodes a second;
#: docs/solver-uno.md, the compiled df-pn: 0.8 M; docs/solver-sequence.md: about
#: 150,000 on a loaded machine; The Game's kernel about 2 M), what `playable review
#: --seconds 1` gives it.
PROOF_NODES = {"facetoface": 150_000, "uno": 800_000, "sequence": 200_000, "thegame": 2_000_000}
#: The Game: positions on the exact solver's winning line of a fresh solo deal with at
#: most this many cards left to lay (hands and draw pile), where a lost deal can be
#: proven lost by exhausting its moves.
THEGAME_LEFT = 24
#: The Game: exact nodes for the winning line of a whole deal (solo deals take a
#: median of about 90,000, benchmarks/results/thegame_solve.md).
THEGAME_DEAL_NODES = 5_000_000
#: A record's deals drawn per record wanted, at most (UNO: about 1 in 11 deals gives
#: a record; most positions are lost for the player to move or not decided).
DRAWS_PER_RECORD = 15
#: Legal moves tried as the planted move at one position, at most.
TRIES = 8
SERIOUS = ("mistake", "blunder")


def thegame_position(deal: int) -> Any | None:
    """A start-of-turn position of the solo deal shuffled by ``deal`` (official cards,
    TG-1) on the exact solver's winning line, drawn at random (seeded by the deal)
    among those with at most :data:`THEGAME_LEFT` cards left; None if the solver
    finds no winning line within :data:`THEGAME_DEAL_NODES` nodes."""
    from playable.solver.thegame.rules import Variant, shuffled_deck
    from playable.solver.thegame.rules import deal as deal_cards

    variant = Variant()
    start = deal_cards(variant, shuffled_deck(variant, deal))
    budget = Budget(nodes=THEGAME_DEAL_NODES, memory_mb=64).start()
    result = engine("thegame").solve(start, budget, SearchOptions(memory_mb=64))
    if result.line is None or result.objective != 0:
        return None
    late = [s.after for s in result.line.steps if 0 < s.after.cards_left <= THEGAME_LEFT]
    return random.Random(deal).choice(late) if late else None


POSITIONS = {**analysis_calibration.POSITIONS, "thegame": thegame_position}
ABOUT = {
    **analysis_calibration.ABOUT,
    "thegame": f"solo deals, a start of a turn with at most {THEGAME_LEFT} cards left on "
    "the exact solver's winning line",
}
EXACT_NODES = {**analysis_calibration.EXACT_NODES, "thegame": 1_000_000}


def won_for_mover(name: str, state: Any, exact: int) -> bool | None:
    """True or False when the exact solver proves within ``exact`` nodes that the
    player to move wins ``state`` (The Game: that every card can be laid, TG-8; the
    others by :func:`analysis_calibration.winner`), None when it does not decide."""
    if name != "thegame":
        found = winner(name, state, exact)
        return None if found is None else found == game(name).to_move(state)
    if state.is_won:
        return True
    budget = Budget(nodes=exact, memory_mb=64).start()
    result = engine(name).solve(state, budget, SearchOptions(memory_mb=64))
    if result.objective == 0:
        return True
    return False if result.bound is not None and result.bound > 0 else None


def line_moves(name: str, state: Any, exact: int) -> list[Any] | None:
    """The exact solver's line from ``state`` as the game's moves (each turn's moves,
    then the end of the turn where the game has one and the turn did not end the
    game), checked against the line's states; None when it does not match."""
    rules = game(name)
    options = SearchOptions(memory_mb=64, depth=SEQUENCE_TURNS)  # depth: Sequence only
    result = engine(name).solve(state, Budget(nodes=exact, memory_mb=64).start(), options)
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
            won = won_for_mover(name, after, exact)
            same = rules.sides(after)[rules.to_move(after)] == rules.sides(after)[winner_seat]
            if won is not None and won != same:  # lost for the winner's side
                return i, move
    return None


def planted_record(name: str, deal: int, nodes: int, exact: int) -> dict[str, Any]:
    """One record: drawn, planted, reviewed; the verdicts of every move."""
    state = POSITIONS[name](deal)
    rules = game(name)
    row: dict[str, Any] = {"deal": deal, "decided": False}
    if state is None or won_for_mover(name, state, exact) is not True:
        return row  # no position, or not proven won for the player to move
    line = line_moves(name, state, exact)
    found = plant(name, state, line, deal, exact) if line else None
    if line is None or found is None:
        row["no_plant"] = True
        return row
    place, bad = found
    record = parse_record(format_record(rules, state, [*line[:place], bad]))
    started = time.process_time()

    reviewing = review_by_search(
        record,
        lambda: Budget(nodes=nodes),
        seed=deal,
        proof_budget=lambda: Budget(nodes=PROOF_NODES[name]),
    )
    *_, last = reviewing  # the review after its last move
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
        lost_at=last.lost_at,
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
        f"{exact:,} nodes; review {nodes:,} nodes a position (anytime.estimate) and the "
        f"exact solver {PROOF_NODES[name]:,} nodes a position asked, "
        f"{cpu:.1f} s CPU a record on average.",
        "",
        "| records | planted moves judged blunder | planted verdicts | winner's unaltered "
        "moves | of them mistake or blunder | winner's verdicts | loser's moves: verdicts |",
        "|---|---|---|---|---|---|---|",
        f"| {len(used)} | {planted['blunder']}/{len(used)} "
        f"({100 * planted['blunder'] / n:.0f}%) | {counts(planted)} | {own.total()} "
        f"| {flagged} | {counts(own)} | {counts(other)} |",
        "",
        *_lost_at(name, used),
    ]


def _lost_at(name: str, used: Sequence[dict[str, Any]]) -> list[str]:
    """The Game: how often the review names the planted move as the one after which
    the deal could no longer be won (TG-8)."""
    if not game(name).cooperative:
        return []
    named = sum(r.get("lost_at") == r["place"] + 1 for r in used)
    return [
        f"The move after which the deal could no longer be won, as the review "
        f"names it: the planted move in {named} of {len(used)} records.",
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
