"""Benchmark: a player from one seat against the best existing bot of each game, on
fresh deals from a seed given on the command line. ``--player seat`` (the default)
is the seat analysis player (solver/core/seat_player.py), ``--player seat-search``
the tree search from one seat (solver/core/seat_search_player.py; two-sided games).

* The Game, solo (cooperative): the seat player and the sampling player
  (solver/thegame/sampling.py) each play the deal of seed ``base + i``; win rates and
  mean cards left (TG-8), and the paired count of deals only one of them wins.
* Face to Face: the seat player against the determinized player
  (benchmarks/results/facetoface_players.md), full decks.
* UNO, two players: one round (not a match to 500) against the heuristic bot
  (benchmarks/results/uno_simulate.md); the round's winner wins.
* Sequence, two players: against the greedy bot (benchmarks/results/sequence_bots.md),
  or with ``--opponent stronger`` the stronger bot (it beats greedy, same file).

In the three contests every deal is played twice, the seat player in seat 1 and
then in seat 2, the same player starting both times (seat ``i mod 2`` for deal
``i``), so neither the deal nor the first move favours a bot. Deal ``i`` of a run
seeded ``S`` is the game's shuffle of seed ``S * 100000 + i``. Win rates carry their
95% Wilson interval (solver/core/stats.py). The seat player's decisions are timed
(CPU seconds of its process, mean and largest per decision).

Resumable: every finished game is one line of a JSONL file
(benchmarks/results/seat_players.jsonl by default) keyed by game, seed, deal, seat,
player and opponent; a rerun skips the games already there and the table is written
from the whole file. ``--minutes`` stops handing out games after that much wall time (the games
under way finish).

Run: ``python benchmarks/seat_players.py --seed 1 --deals 20 [--uno-deals 80]
[--games thegame,facetoface,uno,sequence] [--player seat|seat-search]
[--opponent stronger] [--workers 2]
[--minutes 60] [--report]``.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from statistics import mean
from typing import Any

from matches import (
    BEST_BOT,
    OTHER_BOTS,
    add_run_options,
    best_bot,
    contest,
    deal_seed,
    other_bot,
    play_and_report,
    remaining,
    wins_by_seat,
)

from playable.solver.core.seat_player import SeatPlayer
from playable.solver.core.seat_search_player import SeatSearchPlayer
from playable.solver.core.seat_stats import sign_test
from playable.solver.core.stats import Proportion
from playable.solver.games import engine

RESULTS = Path(__file__).parent / "results"
GAMES = ("thegame", "facetoface", "uno", "sequence")
OPPONENT = {"thegame": "sampling", **BEST_BOT}
#: A game to play: (game, run seed, deal index, seat, player, opponent).
Task = tuple[str, int, int, int, str, str]
HEADER = """# The player from one seat against the best bots

`python benchmarks/seat_players.py --seed {seed} ...` (*seat*: solver/core/seat_player.py,
*seat-search*: solver/core/seat_search_player.py, default settings; every deal played
with the seat player in seat 1 and in seat 2;
games kept in seat_players.jsonl). Win rates with 95% Wilson intervals. CPU seconds
per seat decision are of its own process; the machine was shared and loaded.

"""


#: The players from one seat this benchmark can pit against the bots: the seat
#: analysis player (``seat``, every game) and the tree search (``seat-search``, the
#: two-sided games).
PLAYERS = ("seat", "seat-search")


def timed(kind: str, name: str, seed: int) -> Any:
    """A seat player of ``kind`` for game ``name`` whose decisions are timed (CPU
    seconds of its process, in ``times``); the game's compiled code is loaded first,
    so no decision's time includes it."""
    engine(name).warm_up()
    player: Any = SeatPlayer(name, seed) if kind == "seat" else SeatSearchPlayer(name, seed)
    inner = player.decide
    times: list[float] = []

    def decide(view: Any) -> Any:
        started = time.process_time()
        decision = inner(view)
        times.append(time.process_time() - started)
        return decision

    setattr(player, "decide", decide)  # noqa: B010 (the instance's own, over the method)
    player.times = times
    return player


def play(task: Task) -> dict[str, Any]:
    """One game: ``(game, run seed, deal index, seat, player, opponent)``; for The Game
    ``seat`` 0 is the seat player and 1 the sampling player on the same deal."""
    name, seed, index, seat, kind, opponent = task
    started = time.perf_counter()
    deal = deal_seed(seed, index)
    player = timed(kind, name, deal)
    row: dict[str, Any] = {"game": name, "seed": seed, "deal": index, "seat": seat}
    if name == "thegame":
        row.update(_thegame(deal, player if seat == 0 else None))
    else:
        row["player"] = kind
        row["opponent"] = opponent
        best = opponent == OPPONENT[name]
        other = best_bot(name, deal) if best else other_bot(name, opponent, deal)
        row.update(contest(name, deal, seat, player, other))
    row["decisions"] = len(player.times)
    row["decision_cpu"] = round(sum(player.times), 3)
    row["decision_max"] = round(max(player.times, default=0.0), 3)
    row["seconds"] = round(time.perf_counter() - started, 2)
    return row


def _thegame(deal: int, player: SeatPlayer | None) -> dict[str, Any]:
    from playable.solver.thegame.players import play_out
    from playable.solver.thegame.rules import Variant, shuffled_deck
    from playable.solver.thegame.rules import deal as deal_cards
    from playable.solver.thegame.sampling import SamplingPlayer

    variant = Variant(players=1)
    state = deal_cards(variant, shuffled_deck(variant, deal))
    bot = player if player is not None else SamplingPlayer()
    left = play_out(state, bot).cards_left
    return {"player": "seat" if player is not None else "sampling", "cards_left": left}


def key(row: dict[str, Any]) -> Task:
    """A game's key; contests without a ``player`` (older rows) were the seat player's,
    without an ``opponent`` against the best bot."""
    name = row["game"]
    kind = "seat" if name == "thegame" else row.get("player", "seat")
    opponent = row.get("opponent", OPPONENT[name])
    return (name, row["seed"], row["deal"], row["seat"], kind, opponent)


def tasks(
    games: list[str], seed: int, deals: int, uno_deals: int, kind: str, opponent: str | None
) -> list[Task]:
    """The games to play, interleaved so that every game's figures grow together."""
    found: list[Task] = []
    for index in range(max(deals, uno_deals)):
        for name in games:
            if index < (uno_deals if name == "uno" else deals):
                other = opponent or OPPONENT[name]
                found.extend((name, seed, index, seat, kind, other) for seat in (0, 1))
    return found


def table(rows: list[dict[str, Any]]) -> str:
    """The summary tables of ``rows`` (one run seed's games): the three contests, then
    The Game."""
    lines = [
        "| game | player | opponent | games | seat player wins [95% Wilson] | as seat 1 "
        "| as seat 2 | CPU s per seat decision (mean / max) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name in GAMES[1:]:
        for kind in PLAYERS:
            for opponent in (OPPONENT[name], *OTHER_BOTS.get(name, ())):
                mine = [r for r in rows if r["game"] == name and key(r)[4:] == (kind, opponent)]
                if not mine:
                    continue
                won, *by_seat = wins_by_seat(mine)
                lines.append(
                    f"| {name} | {kind} | {opponent} | {len(mine)} | {won} | {by_seat[0]} "
                    f"| {by_seat[1]} | {_timing(mine)} |"
                )
    mine = [r for r in rows if r["game"] == "thegame"]
    if mine:
        lines += ["", *_thegame_table(mine)]
    return "\n".join(lines)


def _timing(rows: list[dict[str, Any]]) -> str:
    """The seat player's CPU seconds per decision: mean over all, and the largest."""
    decisions = sum(r["decisions"] for r in rows)
    per = sum(r["decision_cpu"] for r in rows) / max(1, decisions)
    worst = max((r["decision_max"] for r in rows), default=0.0)
    return f"{per:.2f} / {worst:.2f}"


def _thegame_table(rows: list[dict[str, Any]]) -> list[str]:
    """The Game, solo: the deals both players finished; each player's win rate and
    mean cards left (TG-8), the deals only one of them won, and the two-sided exact
    sign test of those (paired: the same deals)."""
    seat = {r["deal"]: r["cards_left"] for r in rows if r["player"] == "seat"}
    sampling = {r["deal"]: r["cards_left"] for r in rows if r["player"] == "sampling"}
    both = sorted(set(seat) & set(sampling))
    n = len(both)
    only_seat = sum(seat[d] == 0 < sampling[d] for d in both)
    only_sampling = sum(sampling[d] == 0 < seat[d] for d in both)
    timed = [r for r in rows if r["player"] == "seat" and r["deal"] in both]
    lines = [
        "| The Game, solo | deals | wins [95% Wilson] | mean cards left | won only by it "
        "| CPU s per seat decision (mean / max) |",
        "|---|---|---|---|---|---|",
    ]
    for name, left, only in (("seat", seat, only_seat), ("sampling", sampling, only_sampling)):
        wins = Proportion(sum(left[d] == 0 for d in both), n)
        average = mean(left[d] for d in both) if both else 0.0
        timing = _timing(timed) if name == "seat" else "-"
        lines.append(f"| {name} | {n} | {wins} | {average:.1f} | {only} | {timing} |")
    seed = rows[0]["seed"]
    greedy = {d: _greedy_left(deal_seed(seed, d)) for d in both}
    wins = Proportion(sum(greedy[d] == 0 for d in both), n)
    average = mean(greedy.values()) if both else 0.0
    lines.append(
        f"| greedy (the seat player's quick bot, for reference) | {n} | {wins} "
        f"| {average:.1f} | - | - |"
    )
    p = sign_test(only_seat, only_sampling)
    return [*lines, "", f"Deals won by one player only: sign test p = {p:.2g} (two-sided, exact)."]


def _greedy_left(deal: int) -> int:
    """Cards left (TG-8) when the greedy player plays the solo deal of seed ``deal``."""
    from playable.solver.thegame.players import GreedyPlayer, play_out
    from playable.solver.thegame.rules import Variant, shuffled_deck
    from playable.solver.thegame.rules import deal as deal_cards

    variant = Variant(players=1)
    return play_out(deal_cards(variant, shuffled_deck(variant, deal)), GreedyPlayer()).cards_left


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, required=True, help="the run seed (fresh deals)")
    parser.add_argument("--deals", type=int, default=20, help="deals per game")
    parser.add_argument("--uno-deals", type=int, default=None, help="UNO deals (default 4x)")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--player", choices=PLAYERS, default="seat", help="the seat player")
    parser.add_argument(
        "--opponent", default=None, help="another bot than the best (Sequence: stronger)"
    )
    add_run_options(parser, RESULTS / "seat_players.jsonl")
    args = parser.parse_args()
    games = [g for g in args.games.split(",") if g]
    for name in games:
        if name not in GAMES:
            parser.error(f"unknown game '{name}'; choose from {', '.join(GAMES)}")
    if args.player == "seat-search" and "thegame" in games:
        parser.error("the tree search from one seat is for the two-sided games")
    if args.opponent is not None and any(args.opponent not in OTHER_BOTS.get(g, ()) for g in games):
        parser.error(f"--opponent {args.opponent}: only with --games sequence (stronger)")
    uno_deals = 4 * args.deals if args.uno_deals is None else args.uno_deals
    found = tasks(games, args.seed, args.deals, uno_deals, args.player, args.opponent)
    todo = remaining(found, args.jsonl, key)
    play_and_report(args, play, todo, table, HEADER)


if __name__ == "__main__":
    main()
