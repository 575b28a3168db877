"""Benchmark: are the tree search's estimates calibrated? (docs/analysis.md)

When the exact analysis proves nothing, ``playable analyse`` recommends a move with
the share of won simulations (its ``successes``). This benchmark asks how far that
share is a probability: positions from bot self-play of deals drawn from a run seed
(``--seed``, a new one by default, printed and written into the results; the deal
seeds come from :func:`reach.deal_seeds`), kept only when the exact solver decides
them within ``--exact-nodes``; on each, the tree search
(:func:`playable.solver.core.mcts.search`) runs under a node budget (``--nodes``)
with the game's quick-bot rollout and *no* leaf solver, so its estimate is computed
without the proof. Its recommended move's share of won simulations is compared with
the proven result (1 won, 0 lost for the player to move): Brier score (with the
score of always answering the base rate, for scale), a reliability table, and, on
won positions, the share whose recommended move is a proven winning move (the exact
solver on the position after it).

Games: Face to Face (careful-bot self-play, FF-1/FF-7 deals; a position drawn at
random among the start-of-turn positions with at most 24 cards left to each player),
two-player UNO (greedy self-play, the first play-phase turn with both hands at
most k cards, k = 2 or 3 by the deal seed; the exact solver with reshuffles as the
end of known information, UN-9) and two-player Sequence (greedy self-play with 30%
random moves, a position 2-20 plies before the game's end, no win in one move;
decided by :func:`sequence_decided.decide`: a forced win of the mover within
SEQUENCE_TURNS own turns, or a forced win of the other side after every move of the
mover, SQ-8). The Game is not run yet.

Rows are kept in a JSONL file next to the results (benchmarks/results/
analysis_calibration.jsonl), keyed by game, run seed, index and options: a run
stopped by Ctrl-C or ``kill`` keeps what it finished and the same command carries
on from there.

Run: ``python benchmarks/analysis_calibration.py [--games facetoface,uno,sequence] [--seed S]
[--positions N] [--nodes N] [--exact-nodes N]``; ``benchmarks/calibration_refit.py``
fits a map from share to probability on one run seed's rows and scores it on another.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import analysis_runs
import facetoface_solve
import sequence_decided
import uno_endgame

from playable.solver.core.anytime import prior_of
from playable.solver.core.budget import Budget
from playable.solver.core.engine import SearchOptions
from playable.solver.core.mcts import search
from playable.solver.core.stats import brier
from playable.solver.facetoface.rules import is_terminal as ff_terminal
from playable.solver.games import engine, game

NAME = "analysis_calibration"
#: Face to Face positions: start of a turn with at most this many cards left each
FF_LEFT = 24
#: UNO positions: both hands at most k cards, k from these by the deal seed
UNO_KS = (2, 3)
#: Tree-search node budgets (tree nodes and simulated moves; a Face to Face rollout
#: is one node) and exact-solver node budgets per game.
TREE_NODES = {"facetoface": 300, "uno": 5_000, "sequence": 1_000}
EXACT_NODES = {"facetoface": 50_000, "uno": 10_000, "sequence": 200_000}
#: Sequence: the horizon (own turns) of the forced wins that decide a position (SQ-8)
SEQUENCE_TURNS = 5
#: At most this many deals are drawn per decided position wanted.
DRAWS_PER_POSITION = 4
#: Reliability bins of the predicted share: [0, 0.1), ..., [0.9, 1].
BINS = 10


def facetoface_position(deal: int) -> Any | None:
    """A start-of-turn position of deal ``deal`` played by the careful bot against
    itself (facetoface_solve.self_play), drawn at random (seeded by the deal) among
    those with at most FF_LEFT cards left to each player; None if the game ends first."""
    found = [
        s
        for s in facetoface_solve.self_play(deal)
        if not ff_terminal(s) and max(s.cards_left(0), s.cards_left(1)) <= FF_LEFT
    ]
    return random.Random(deal).choice(found) if found else None


def uno_position(deal: int) -> Any | None:
    """The first play-phase turn of 2-player deal ``deal`` (greedy self-play) with
    both hands at most k cards, k = UNO_KS[deal % 2] (uno_endgame.endgames)."""
    found = uno_endgame.endgames(UNO_KS[deal % len(UNO_KS)], 1, iter([deal]))
    return found[0][1] if found else None


POSITIONS: dict[str, Callable[[int], Any | None]] = {
    "facetoface": facetoface_position,
    "uno": uno_position,
    "sequence": sequence_decided.position,
}
ABOUT = {
    "facetoface": "careful-bot self-play, a random start-of-turn position with <= 24 cards "
    "left each",
    "uno": "greedy self-play, 2 players, first play-phase turn with both hands <= k (2 or 3)",
    "sequence": "greedy self-play with 30% random moves, 2 players, a position 2-20 plies "
    "before the end, no win in one move",
}


def winner(name: str, state: Any, nodes: int) -> int | None:
    """The player (0-based) who wins ``state`` with perfect play, as the exact
    engine proves it within ``nodes`` nodes (FF-6; UNO: who goes out, UN-10), or
    None when it does not decide it. Two-player games only; Sequence's two
    players are its two sides (SQ-3), decided by :func:`sequence_decided.decide`."""
    rules = game(name)
    if name == "sequence":
        return sequence_decided.decide(state, SEQUENCE_TURNS, nodes)
    if rules.is_terminal(state):  # by who won, not UNO's points (a hand of zeros scores 0)
        returns = rules.win_returns(state)
        return max(range(len(returns)), key=returns.__getitem__)
    result = engine(name).solve(
        state, Budget(nodes=nodes, memory_mb=64).start(), SearchOptions(memory_mb=64)
    )
    value = result.extra.get("value")
    mover = rules.to_move(state)
    if value == "win":
        return mover
    if value == "loss":
        return 1 - mover
    return None


def after(name: str, state: Any, text: str) -> Any:
    """The state after the legal move written ``text``."""
    rules = game(name)
    moves = {str(m): m for m in rules.legal_moves(state)}
    return rules.apply(state, moves[text])


def calibrate(name: str, deal: int, state: Any, nodes: int, exact: int) -> dict[str, Any]:
    """One position: its proven result and the tree search's estimate without a leaf
    solver; on a won position, whether the recommended move is proven to win."""
    mover = game(name).to_move(state)
    won_by = winner(name, state, exact)
    row: dict[str, Any] = {"deal": deal, "decided": won_by is not None}
    if won_by is None:
        return row
    started = time.process_time()
    result = search(
        game(name),
        state,
        Budget(nodes=nodes).start(),
        seed=deal,
        rollout=engine(name).rollout,
        prior=prior_of(name),  # the analysis' own prior, where the game has one
    )
    best = result.move(result.recommended) if result.recommended else None
    row.update(
        won=won_by == mover,
        predicted=best.successes.rate if best else None,
        trials=best.successes.trials if best else 0,
        recommended=result.recommended,
        recommended_by=result.recommended_by,
        root_proven=result.proven,
        simulations=result.simulations,
        tree_nodes=result.nodes,
        cpu=time.process_time() - started,
        legal=len(result.moves),
    )
    if won_by == mover and result.recommended is not None:
        next_winner = winner(name, after(name, state, result.recommended), exact)
        row["move_wins"] = None if next_winner is None else next_winner == mover
    return row


def calibration_row(name: str, deal: int, nodes: int, exact: int) -> dict[str, Any]:
    """The row of deal ``deal``: its position calibrated, or no position."""
    state = POSITIONS[name](deal)
    if state is None:
        return {"deal": deal, "decided": False, "no_position": True}
    return calibrate(name, deal, state, nodes, exact)


@dataclass(frozen=True)
class Calibration:
    """The calibration figures of one game's decided positions."""

    positions: int
    wins: int
    brier: float
    base_brier: float
    mean_predicted: float
    bins: list[tuple[str, int, float, float]]
    won_checked: int
    won_proven_move: int
    won_unverified: int
    root_proven: int
    median_simulations: float
    mean_cpu: float


def calibration(rows: Sequence[dict[str, Any]]) -> Calibration:
    """Brier score, the base-rate Brier score, reliability bins and the proven-move
    share of the decided rows."""
    used = [r for r in rows if r["decided"] and int(r.get("trials", 0)) > 0]
    n = len(used) or 1
    outcome = [1.0 if r["won"] else 0.0 for r in used]
    predicted = [float(r["predicted"]) for r in used]
    base = sum(outcome) / n
    bins: list[tuple[str, int, float, float]] = []
    for b in range(BINS):
        low, high = b / BINS, (b + 1) / BINS
        inside = [
            i for i, p in enumerate(predicted) if low <= p < high or (b == BINS - 1 and p == 1.0)
        ]
        if inside:
            mean_p = sum(predicted[i] for i in inside) / len(inside)
            seen = sum(outcome[i] for i in inside) / len(inside)
            bins.append(
                (
                    f"[{low:.1f}, {high:.1f}{']' if b == BINS - 1 else ')'}",
                    len(inside),
                    mean_p,
                    seen,
                )
            )
    won = [r for r in used if r["won"]]
    sims = sorted(int(r["simulations"]) for r in used) or [0]
    return Calibration(
        positions=len(used),
        wins=len(won),
        brier=brier(predicted, outcome),
        base_brier=brier([base] * len(outcome), outcome),
        mean_predicted=sum(predicted) / n,
        bins=bins,
        won_checked=sum(r.get("move_wins") is not None for r in won),
        won_proven_move=sum(r.get("move_wins") is True for r in won),
        won_unverified=sum(r.get("move_wins") is None for r in won),
        root_proven=sum(bool(r["root_proven"]) for r in used),
        median_simulations=sims[len(sims) // 2],
        mean_cpu=sum(float(r["cpu"]) for r in used) / n,
    )


def summary_line(label: str, c: Calibration) -> str:
    """One line of the summary table: a set of positions' calibration figures."""
    share = f" ({100 * c.won_proven_move / c.won_checked:.0f}%)" if c.won_checked else ""
    return (
        f"| {label} | {c.positions} | {c.wins} | {c.mean_predicted:.3f} "
        f"| {c.wins / (c.positions or 1):.3f} | {c.brier:.3f} | {c.base_brier:.3f} "
        f"| {c.won_proven_move}/{c.won_checked} decided{share}; "
        f"{c.won_unverified} not decided after the move |"
    )


def report(name: str, rows: Sequence[dict[str, Any]], nodes: int, exact: int) -> list[str]:
    """The markdown section of one game."""
    c = calibration(rows)
    open_rows = [r for r in rows if r["decided"] and not r["root_proven"]]
    drawn = len(rows)
    no_position = sum(bool(r.get("no_position")) for r in rows)
    unsampled = sum(bool(r["decided"]) and not int(r.get("trials", 0)) for r in rows)
    lines = [
        f"## {name}",
        "",
        f"Positions: {ABOUT[name]}. {drawn} deals drawn, {no_position} gave no position, "
        f"{c.positions + unsampled} decided by the exact solver within {exact:,} nodes, of "
        f"which {unsampled} left out: their recommended move had no simulation (a move "
        f"that ends the game, proven by the search itself), so no share to calibrate; "
        f"{c.positions} calibrated "
        f"({c.wins} won, {c.positions - c.wins} lost for the player to move). Tree search: "
        f"{nodes:,} nodes, rollouts by the game's quick bot, no leaf solver; median "
        f"{c.median_simulations} simulations, {c.mean_cpu:.2f} s CPU a position on average; "
        f"the search itself proved the root (from finished games) in {c.root_proven}.",
        "",
        "| positions | count | won | mean predicted | observed win rate | Brier "
        "| Brier of the base rate | won: recommended move proven to win |",
        "|---|---|---|---|---|---|---|---|",
        summary_line("all calibrated", c),
        summary_line("root not proven by the search", calibration(open_rows)),
        "",
        "| predicted share | positions | mean predicted | observed win rate |",
        "|---|---|---|---|",
        *(f"| {label} | {k} | {p:.3f} | {o:.3f} |" for label, k, p, o in c.bins),
        "",
    ]
    return lines


BENCHMARK = analysis_runs.Benchmark(
    name=NAME,
    title="# Analysis that always answers: calibration of its estimates",
    intro="`benchmarks/analysis_calibration.py` (its docstring says how): on positions the "
    "exact solver decides, the tree search's estimate for its recommended move (the "
    "share of won simulations, computed without the proof: no leaf solver) against "
    "the proven result. Brier score: mean of (predicted - outcome)^2, 0 is perfect; "
    "the base rate's is that of answering every position with the share of won "
    "positions.",
    about=ABOUT,
    positions=300,
    positions_help="decided, a game",
    nodes=TREE_NODES,
    nodes_label="tree nodes",
    exact=EXACT_NODES,
    draws=DRAWS_PER_POSITION,
    every=10,
    progress="decided positions",
    make_row=calibration_row,
    report=report,
)


if __name__ == "__main__":
    analysis_runs.main(BENCHMARK, __doc__.split("\n\n")[0])
