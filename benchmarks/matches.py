"""Two-player matches for the benchmarks that pit one player against another
(benchmarks/seat_players.py, benchmarks/analysis_strength.py): one game of Face to
Face, UNO (one round) or Sequence from a seeded deal, with the player under test in
a given seat, and a resumable pool that keeps every finished game as one JSONL line.

Deal ``i`` of a run seeded ``S`` is the game's shuffle of seed ``S * 100000 + i``;
every deal is played twice, the player under test in seat 1 and then in seat 2, the
same player starting both times (seat ``i mod 2``), so neither the deal nor the first
move favours one side.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Hashable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

from playable.solver.core.stats import Proportion

DEAL_STRIDE = 100_000
CONTESTS = ("facetoface", "uno", "sequence")


def deal_seed(seed: int, index: int) -> int:
    """The shuffle seed of deal ``index`` of the run seeded ``seed``."""
    return seed * DEAL_STRIDE + index


#: The best existing bot of each game (benchmarks/results/facetoface_players.md,
#: uno_simulate.md, sequence_bots.md).
BEST_BOT = {"facetoface": "determinized", "uno": "heuristic", "sequence": "greedy"}


def best_bot(name: str, deal: int) -> Any:
    """The best existing bot of ``name`` (:data:`BEST_BOT`), seeded for the deal of
    seed ``deal`` where it samples."""
    if name == "facetoface":
        from playable.solver.facetoface.players import make_player

        return make_player(BEST_BOT[name], 2 * deal + 1)
    if name == "uno":
        from playable.solver.uno.players import make_player as make_uno_player

        return make_uno_player(BEST_BOT[name], deal)
    from playable.solver.sequence.players import GreedyPlayer

    return GreedyPlayer()


#: Bots beside the best that a run may pit a player against, by name: Sequence's
#: stronger bot beats greedy (results/sequence_bots.md, 55.2% [50.4%, 60.0%] of 400),
#: but the rows of these benchmarks were measured against greedy, which stays
#: :data:`BEST_BOT` so that they keep their meaning.
OTHER_BOTS = {"sequence": ("stronger",)}


def other_bot(name: str, kind: str, deal: int) -> Any:
    """The bot ``kind`` of :data:`OTHER_BOTS` for game ``name``, seeded for the deal of
    seed ``deal`` as :func:`best_bot` seeds its samplers."""
    from playable.solver.sequence.players import StrongerPlayer

    if kind not in OTHER_BOTS.get(name, ()):
        raise ValueError(f"no bot '{kind}' for {name}")
    return StrongerPlayer(seed=2 * deal + 1)


def contest(
    name: str, deal: int, seat: int, player: Any, other: Any, uno_moves: int | None = None
) -> dict[str, Any]:
    """One game of ``name`` (a :data:`CONTESTS` game) on the deal of seed ``deal``,
    ``player`` in seat ``seat`` and ``other`` in the other: who won and how long it
    took. Seat ``deal mod 2`` starts. A UNO round still going after ``uno_moves``
    moves (if given) is abandoned: nobody wins it."""
    if name == "facetoface":
        return _facetoface(deal, seat, player, other)
    if name == "uno":
        return _uno(deal, seat, player, other, uno_moves)
    return _sequence(deal, seat, player, other)


def _facetoface(deal: int, seat: int, player: Any, other: Any) -> dict[str, Any]:
    from playable.solver.facetoface.notation import Deal
    from playable.solver.facetoface.players import play_game
    from playable.solver.facetoface.rules import Variant, shuffled_decks

    variant = Variant()
    deck_a, deck_b = shuffled_decks(variant, deal)
    start = Deal(variant, tuple(deck_a), tuple(deck_b)).start(deal % 2)
    result = play_game(start, _seated(seat, player, other), random.Random(deal))
    return {"won": result.winner == seat, "turns": len(result.turns)}


def _uno(deal: int, seat: int, player: Any, other: Any, moves: int | None) -> dict[str, Any]:
    from playable.solver.uno.rules import Options, random_deal
    from playable.solver.uno.simulate import MAX_MOVES, play_round

    start = random_deal(Options(), 2, deal, deal % 2).start()
    seated = list(_seated(seat, player, other))
    record = play_round(start, seated, random.Random(deal), max_moves=moves or MAX_MOVES)
    return {"won": record.winner == seat, "abandoned": record.winner < 0, "moves": record.moves}


def _sequence(deal: int, seat: int, player: Any, other: Any) -> dict[str, Any]:
    from playable.solver.sequence.players import play_game
    from playable.solver.sequence.rules import Variant, shuffled_deck
    from playable.solver.sequence.rules import deal as deal_cards

    state = deal_cards(Variant(2, 2), shuffled_deck(deal), deal % 2)
    record = play_game(state, list(_seated(seat, player, other)))
    return {
        "won": record.winner == seat,
        "unfinished": record.winner is None,
        "turns": record.turns,
    }


def _seated(seat: int, player: Any, other: Any) -> tuple[Any, Any]:
    return (player, other) if seat == 0 else (other, player)


def load(path: Path) -> list[dict[str, Any]]:
    """The finished games kept in the JSONL file ``path`` (none if it is missing)."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def run(
    play: Callable[[Any], dict[str, Any]],
    todo: list[Any],
    path: Path,
    workers: int,
    minutes: float,
) -> None:
    """Play every task of ``todo`` with ``play`` (a module-level function, run in a
    pool of ``workers`` processes), appending each finished game to ``path`` as it
    ends; no task is handed out after ``minutes`` of wall time (those under way
    finish), so an interrupted run loses only the games under way."""
    deadline = time.monotonic() + 60 * minutes
    pending = list(todo)
    with ProcessPoolExecutor(workers) as pool, path.open("a") as out:
        running: set[Future[dict[str, Any]]] = set()
        while pending or running:
            while pending and len(running) < workers and time.monotonic() < deadline:
                running.add(pool.submit(play, pending.pop(0)))
            if not running:
                break
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                row = future.result()
                out.write(json.dumps(row) + "\n")
                out.flush()
                print(json.dumps(row), flush=True)


def remaining(todo: list[Any], path: Path, key: Callable[[dict[str, Any]], Hashable]) -> list[Any]:
    """The tasks of ``todo`` whose game is not yet kept in ``path`` (a task is the
    tuple ``key`` makes of its row)."""
    done = {key(row) for row in load(path)}
    return [task for task in todo if task not in done]


def add_run_options(parser: argparse.ArgumentParser, jsonl: Path) -> None:
    """The options of a resumable match run: ``--workers``, ``--minutes``, ``--jsonl``
    (default ``jsonl``), ``--report`` (only the table) and ``--markdown``."""
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--jsonl", type=Path, default=jsonl)
    parser.add_argument("--report", action="store_true", help="only print the table")
    parser.add_argument("--markdown", type=Path, default=None, help="also write the table here")


def play_and_report(
    args: argparse.Namespace,
    play: Callable[[Any], dict[str, Any]],
    todo: list[Any],
    table: Callable[[list[dict[str, Any]]], str],
    header: str,
) -> None:
    """Play ``todo`` (unless ``--report``), then print the table of every game kept for
    the run seed and write it under ``header`` to ``--markdown`` if given."""
    if not args.report:
        print(f"{len(todo)} games to play", flush=True)
        run(play, todo, args.jsonl, args.workers, args.minutes)
    summary = table([row for row in load(args.jsonl) if row["seed"] == args.seed])
    print(summary)
    if args.markdown is not None:
        args.markdown.write_text(header.format(seed=args.seed) + summary + "\n")


def wins_by_seat(rows: list[dict[str, Any]]) -> tuple[Proportion, Proportion, Proportion]:
    """The tested player's wins over ``rows``, then in seat 1 and in seat 2 alone."""
    first, second = ([r for r in rows if r["seat"] == s] for s in (0, 1))
    return _won(rows), _won(first), _won(second)


def _won(rows: list[dict[str, Any]]) -> Proportion:
    return Proportion(sum(r["won"] for r in rows), len(rows))
