"""Benchmark: do the analysis' estimates carry information? Perfect-information
matches (both sides see every card) of the analysis player
(solver/core/analysis_player.py: each decision the move a
:func:`~playable.solver.core.anytime.estimate` of the full position recommends)
against the same analysis with a tenth of the budget, and against the best existing
bot of each game (benchmarks/matches.py ``BEST_BOT``), for Face to Face, UNO (one
round) and Sequence (docs/analysis.md, "Strength").

Deals come from the run seed given on the command line (benchmarks/matches.py: deal
``i`` is the shuffle of seed ``S * 100000 + i``, played twice with the seats
swapped). The budget of a decision is ``--seconds`` of wall clock (the fast side
``--seconds / 10``) or, repeatable on any machine, ``--nodes`` search nodes (the fast
side a tenth). Win rates carry their 95% Wilson interval.

Resumable: every finished game is one JSONL line (default
benchmarks/results/analysis_strength.jsonl) keyed by game, opponent, budget, seed,
deal and seat; a rerun plays only what is missing, ``--minutes`` stops handing out
games after that much wall time, and the table is written from the whole file.

Run: ``python benchmarks/analysis_strength.py --seed 1 --deals 100 [--seconds 1 |
--nodes N] [--games facetoface,uno,sequence] [--opponents fast,bot[,stronger]] [--workers 2]
[--minutes 60] [--report] [--markdown PATH]``.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import matches

from playable.solver.core.analysis_player import AnalysisPlayer

RESULTS = Path(__file__).parent / "results"
#: every game's opponents: the same analysis at a tenth of the budget and the best
#: bot; a game of ``matches.OTHER_BOTS`` also takes those bots by name (Sequence:
#: ``stronger``)
OPPONENTS = ("fast", "bot")
#: Moves after which a UNO round between two analysis players is abandoned (nobody
#: wins; the table counts it unfinished). Both see every card and keep each other
#: from going out, playing and drawing (UN-4) for hundreds of moves with nothing
#: proven (results/analysis_strength.md): at 1 s a decision the first such round ran
#: 884 moves and 13 of 13 later ones passed 400 (the cap then: their rows carry no
#: ``moves_cap``); at 1,000 nodes against 100 the 17 of 21 rounds that ended ran
#: 297-4,035 moves (run seed 7203). The longest of the 200 rounds against the
#: heuristic bot (no cap) ran 633.
UNO_MOVES_TWO_ANALYSES = 5000
#: the cap of the rows played before ``moves_cap`` was recorded
FORMER_UNO_CAP = 400
HEADER = """# Strength of the analysis where nothing is proven

`python benchmarks/analysis_strength.py --seed {seed} ...`: perfect-information games
of the analysis player (each decision the move `estimate` recommends, one budget a
decision) against the same analysis at a tenth of the budget (*fast*) and against the
best existing bot (*bot*); every deal played with the analysis player in seat 1 and
in seat 2. Win rates with 95% Wilson intervals; games kept in
analysis_strength.jsonl. The machine was shared: a seconds budget buys fewer nodes
under load, for both sides alike.

"""

#: A game to play: (game, opponent, budget label, run seed, deal index, seat).
Task = tuple[str, str, str, int, int, int]


def budget_label(seconds: float | None, nodes: int | None) -> str:
    """The budget as it is kept in the JSONL file: ``1s`` or ``200000n``."""
    return f"{nodes}n" if nodes is not None else f"{seconds:g}s"


def parse_budget(label: str) -> tuple[float | None, int | None]:
    """Seconds and nodes of a :func:`budget_label`."""
    if label.endswith("n"):
        return None, int(label[:-1])
    return float(label[:-1]), None


def play(task: Task) -> dict[str, Any]:
    """One game: the analysis player in ``seat`` against ``opponent``."""
    name, opponent, label, seed, index, seat = task
    started = time.perf_counter()
    deal = matches.deal_seed(seed, index)
    seconds, nodes = parse_budget(label)
    player = AnalysisPlayer(name, seconds=seconds, nodes=nodes, seed=deal)
    if opponent == "fast":
        other: Any = AnalysisPlayer(
            name,
            seconds=None if seconds is None else seconds / 10,
            nodes=None if nodes is None else max(1, nodes // 10),
            seed=deal + 1,
            name="analysis-fast",
        )
    elif opponent == "bot":
        other = matches.best_bot(name, deal)
    else:
        other = matches.other_bot(name, opponent, deal)
    row: dict[str, Any] = {
        "game": name,
        "opponent": opponent,
        "budget": label,
        "seed": seed,
        "deal": index,
        "seat": seat,
    }
    cap = UNO_MOVES_TWO_ANALYSES if _capped(name, opponent) else None
    if cap is not None:
        row["moves_cap"] = cap
    row.update(matches.contest(name, deal, seat, player, other, cap))
    row["decisions"] = player.decisions
    row["fallbacks"] = player.fallbacks
    row["seconds"] = round(time.perf_counter() - started, 2)
    return row


def key(row: dict[str, Any]) -> Task:
    return (row["game"], row["opponent"], row["budget"], row["seed"], row["deal"], row["seat"])


def tasks(games: list[str], opponents: list[str], label: str, seed: int, deals: int) -> list[Task]:
    """The games to play, interleaved so that every row's figures grow together."""
    return [
        (name, opponent, label, seed, index, seat)
        for index in range(deals)
        for name in games
        for opponent in opponents
        for seat in (0, 1)
    ]


def table(rows: list[dict[str, Any]]) -> str:
    """One line per game, opponent and budget of ``rows`` (one run seed's games)."""
    lines = [
        "| game | budget | opponent | games | analysis wins [95% Wilson] | as seat 1 "
        "| as seat 2 | unfinished | decisions a game | s a game |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    groups = sorted({_group(r) for r in rows})
    for name, label, opponent, cap in groups:
        mine = [r for r in rows if _group(r) == (name, label, opponent, cap)]
        won, *by_seat = matches.wins_by_seat(mine)
        unfinished = sum(bool(r.get("abandoned") or r.get("unfinished")) for r in mine)
        decisions = sum(r["decisions"] for r in mine) / len(mine)
        seconds = sum(r["seconds"] for r in mine) / len(mine)
        against = {"fast": f"analysis at {_tenth(label)}", "bot": matches.BEST_BOT[name]}.get(
            opponent, opponent
        )
        if cap:
            against += f", rounds capped at {cap:,} moves"
        lines.append(
            f"| {name} | {label} | {against} | {len(mine)} | {won} | {by_seat[0]} "
            f"| {by_seat[1]} | {unfinished} | {decisions:.0f} | {seconds:.0f} |"
        )
    return "\n".join(lines)


def _capped(name: str, opponent: str) -> bool:
    """Whether a game's rounds have a move cap: UNO between two analysis players."""
    return name == "uno" and opponent == "fast"


def _group(row: dict[str, Any]) -> tuple[str, str, str, int]:
    """A row's line of the table: game, budget, opponent and the UNO round cap (0:
    none)."""
    cap = 0
    if _capped(row["game"], row["opponent"]):
        cap = int(row.get("moves_cap", FORMER_UNO_CAP))
    return row["game"], row["budget"], row["opponent"], cap


def _tenth(label: str) -> str:
    seconds, nodes = parse_budget(label)
    return budget_label(
        None if seconds is None else seconds / 10, None if nodes is None else nodes // 10
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, required=True, help="the run seed (fresh deals)")
    parser.add_argument("--deals", type=int, default=100, help="deals per game and opponent")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float, default=None, help="seconds a decision (1)")
    budget.add_argument("--nodes", type=int, default=None, help="search nodes a decision")
    parser.add_argument("--games", default=",".join(matches.CONTESTS))
    parser.add_argument("--opponents", default=",".join(OPPONENTS))
    matches.add_run_options(parser, RESULTS / "analysis_strength.jsonl")
    args = parser.parse_args()
    games = [g for g in args.games.split(",") if g]
    opponents = [o for o in args.opponents.split(",") if o]
    for name in games:
        if name not in matches.CONTESTS:
            parser.error(f"unknown game '{name}'; choose from {', '.join(matches.CONTESTS)}")
    for opponent in opponents:
        named = all(opponent in matches.OTHER_BOTS.get(g, ()) for g in games)
        if opponent not in OPPONENTS and not named:
            parser.error(
                f"unknown opponent '{opponent}' for {', '.join(games)}; choose from "
                f"{', '.join(OPPONENTS)} (Sequence also: stronger)"
            )
    bad_seconds = args.seconds is not None and args.seconds <= 0
    if bad_seconds or (args.nodes is not None and args.nodes < 10):
        parser.error("--seconds must be > 0 and --nodes >= 10")
    label = budget_label(1.0 if args.seconds is None else args.seconds, args.nodes)
    todo = matches.remaining(tasks(games, opponents, label, args.seed, args.deals), args.jsonl, key)
    matches.play_and_report(args, play, todo, table, HEADER)


if __name__ == "__main__":
    main()
