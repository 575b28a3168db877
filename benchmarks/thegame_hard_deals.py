"""Benchmark: settling the hardest solo deals (expert hand and expert minimum, seeds 549
and 584 of docs/results.md) by a beam, then exhaustive searches from its frontier.

Two steps, each resumable (every finished piece of work is one JSON line of
``--out``, default benchmarks/results/thegame_hard_deals.jsonl):

* ``beam``: one beam search (solver/thegame/beam_kernel.py) of ``--width`` from the
  deal's start, with ordering noise ``--noise`` from stream ``--rng``; its best line
  (cards left, replayed through the reference rules) is recorded, and on the levels
  with ``--frontier`` cards left the ``--keep`` cheapest positions are recorded as
  the kernel moves that reach them, cut back to the start of their turn (so each is a
  position at a turn start; duplicates merged).
* ``dfs``: every recorded frontier position of ``--seed`` not searched yet (or left
  undecided by a smaller budget) is solved afresh by the systematic search alone
  (solver/thegame/search.py with ``pilots`` off: limited-discrepancy runs, then an
  exhaustive one) with ``--nodes`` nodes; a win is joined to the path that reached
  the position and replayed through the reference rules from the deal's start before
  it is recorded.

The beam's cut keeps the cheapest lines of each length; the exhaustive search from a
frontier position sees every line from there that the beam dropped (docs/solver-thegame.md,
"Beam search", "Suffix repair"). ``summary`` writes the table
benchmarks/results/thegame_hard_deals.md.

    nice -n 19 python benchmarks/thegame_hard_deals.py beam --seed 549 --width 100000 \
        --frontier 40,45,50 --keep 200
    nice -n 19 python benchmarks/thegame_hard_deals.py dfs --seed 549 --nodes 20000000
    python benchmarks/thegame_hard_deals.py summary
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from playable.solver.core.budget import Budget
from playable.solver.core.result import Status
from playable.solver.thegame import beam_kernel as B
from playable.solver.thegame import kernel as K
from playable.solver.thegame.game import shuffled_deal
from playable.solver.thegame.rules import State, Variant
from playable.solver.thegame.search import _Solver, certify, replay, solve, warm_up

RESULTS = Path(__file__).parent / "results"
OUT = RESULTS / "thegame_hard_deals.jsonl"
#: solo, expert minimum (TG-5) and expert hand (TG-6): the hardest row of docs/results.md
STATUSES = ("solved", "unsolvable", "unknown")
VARIANT = Variant(players=1, expert=True, expert_hand=True)


def records(out: Path) -> Iterator[dict[str, Any]]:
    """Every record written so far (none when the file does not exist)."""
    if out.exists():
        with out.open(encoding="utf-8") as f:
            for text in f:
                if text.strip():
                    yield json.loads(text)


def write(out: Path, record: dict[str, Any]) -> None:
    """Append one record and flush it, so an interrupted run keeps its finished work."""
    with out.open("a", encoding="utf-8") as f:
        f.write(json.dumps(record) + "\n")
    print(json.dumps({k: v for k, v in record.items() if k not in ("path", "line")}), flush=True)


def start(seed: int) -> State:
    """The deal of ``seed`` with its one player to move (solo: TG-9 has no choice)."""
    return shuffled_deal(VARIANT, seed).start(0)


def _path_to(ws: B.Workspace, level: int, index: int) -> list[int]:
    """The kernel moves from the root to position ``index`` of beam level ``level``."""
    moves: list[int] = []
    e = index
    for lv in range(level, 0, -1):
        s = int(ws.step[lv, e])
        moves.append(s >> 1)
        if s & 1:
            moves.append(K.END)
        e = int(ws.parent[lv, e])
    return moves[::-1]


def _turn_start(path: list[int]) -> list[int]:
    """``path`` cut back to its last turn end (the position at that turn's start)."""
    while path and path[-1] != K.END:
        path = path[:-1]
    return path


def _key(state: State) -> tuple[object, ...]:
    """What the rest of the game depends on at a turn start, piles of a pair unordered (P1)."""
    a, b, c, d = state.piles
    return (min(a, b), max(a, b), min(c, d), max(c, d), state.hands, len(state.draw))


def beam(args: argparse.Namespace) -> None:
    """One beam; record its best line and its frontier positions."""
    done = {
        (r["width"], r["noise"], r["rng"])
        for r in records(args.out)
        if r["kind"] == "beam" and r["seed"] == args.seed
    }
    if (args.width, args.noise, args.rng) in done:
        print("already done")
        return
    warm_up()
    root = start(args.seed)
    solver = _Solver([root], Budget(memory_mb=1), True, False)
    run = solver.runs[0]
    pos = solver.root_registers()[0]
    ws = B.workspace(args.width, 1, root.cards_left)
    reg = np.zeros(B.N_REG, dtype=np.int64)
    reg[B.R_RNG] = 0x2545F4914F6CDD1D + 7919 * args.rng
    reg[B.R_NOISE] = args.noise
    B.start(pos, ws, reg)
    total = root.cards_left
    wanted = {total - c for c in args.frontier}
    began = time.perf_counter()
    load = os.getloadavg()[0]
    outcome = B.BUDGET
    while outcome == B.BUDGET:
        reg[B.R_LIMIT] = reg[B.R_NODES] + 1  # one level a call
        outcome = B.run(run.params, run.draw, ws, reg)
        level = int(reg[B.R_LEVEL])
        if level % 10 == 0:
            print(
                f"level {level} size {int(reg[B.R_SIZE]):,} nodes {int(reg[B.R_NODES]):,} "
                f"{time.perf_counter() - began:.0f} s",
                flush=True,
            )
        if level in wanted and reg[B.R_SIZE] > 0:
            seen: set[tuple[object, ...]] = set()
            for i in range(int(reg[B.R_SIZE])):
                path = _turn_start(_path_to(ws, level, i))
                state = replay(root, path, finish=False).final
                if _key(state) in seen:
                    continue
                seen.add(_key(state))
                write(
                    args.out,
                    {
                        "kind": "frontier",
                        "seed": args.seed,
                        "width": args.width,
                        "noise": args.noise,
                        "rng": args.rng,
                        "rank": i,
                        "cards_left": state.cards_left,
                        "path": path,
                    },
                )
                if len(seen) == args.keep:
                    break
    line = np.zeros(2 * total + 2, dtype=np.int64)
    n = B.line(ws, reg, line)
    path = [int(m) for m in line[:n]]
    left = replay(root, path, finish=True).cards_left
    if outcome == B.FOUND and left != 0:
        raise AssertionError("a beam win that does not replay")
    write(
        args.out,
        {
            "kind": "beam",
            "seed": args.seed,
            "width": args.width,
            "noise": args.noise,
            "rng": args.rng,
            "cards_left": left,
            "nodes": int(reg[B.R_NODES]),
            "seconds": round(time.perf_counter() - began, 1),
            "load": [load, os.getloadavg()[0]],
            "path": path,
        },
    )


def along(args: argparse.Namespace) -> None:
    """Record the turn starts of the best line of every beam of the seed as frontier
    positions (rank -1), those with at most ``--max-left`` cards left: the local
    repair of a line, its prefix kept up to a turn and every continuation searched."""
    root = start(args.seed)
    known = {
        tuple(r["path"]) for r in records(args.out) if r["kind"] == "frontier" and r["rank"] < 0
    }
    for r in list(records(args.out)):
        if r["kind"] != "beam" or r["seed"] != args.seed:
            continue
        ends = [i + 1 for i, m in enumerate(r["path"]) if m == K.END]
        for end in ends:
            path = r["path"][:end]
            left = replay(root, path, finish=False).final.cards_left
            if left <= args.max_left and tuple(path) not in known:
                known.add(tuple(path))
                write(
                    args.out,
                    {
                        "kind": "frontier",
                        "seed": args.seed,
                        "width": r["width"],
                        "noise": r["noise"],
                        "rng": r["rng"],
                        "rank": -1,
                        "cards_left": left,
                        "path": path,
                    },
                )


def dfs(args: argparse.Namespace) -> None:
    """Solve every recorded frontier position of the seed not searched yet."""
    root = start(args.seed)
    searched = {  # decided, or out of at least this budget (a larger one searches again)
        tuple(r["path"])
        for r in records(args.out)
        if r["kind"] == "dfs"
        and r["seed"] == args.seed
        and (r["status"] != "unknown" or r["nodes"] >= args.nodes)
    }
    todo: dict[tuple[int, ...], int] = {}
    for r in records(args.out):
        if (
            r["kind"] == "frontier"
            and r["seed"] == args.seed
            and (r["rank"] < 0 or not args.line_only)
        ):
            key = tuple(r["path"])
            if key not in searched and args.min_left <= r["cards_left"] <= args.max_left:
                todo.setdefault(key, r["cards_left"])
    order = sorted(todo, key=lambda k: todo[k])
    print(f"{len(order)} positions to search", flush=True)
    warm_up()
    for key in order:
        path = list(key)
        state = replay(root, path, finish=False).final
        began = time.perf_counter()
        result = solve(
            state,
            Budget(nodes=args.nodes, memory_mb=args.memory),
            repair=False,
            pilots=args.pilots,
            optimum=False,
        )
        record: dict[str, Any] = {
            "kind": "dfs",
            "seed": args.seed,
            "cards_left": state.cards_left,
            "status": result.status.value,
            "bound": result.to_json().get("bound"),
            "best": result.to_json().get("cards_left"),
            "nodes": result.nodes,
            "seconds": round(time.perf_counter() - began, 1),
            "load": os.getloadavg()[0],
            "path": path,
        }
        write(args.out, record)
        if result.status is Status.SOLVED:
            joined = _joined(root, path, result.to_json()["line"])
            write(args.out, {"kind": "won", "seed": args.seed, "line": joined})
            return


def _joined(root: State, path: list[int], sub: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The turns of ``path`` (ending at a turn start) then ``sub``, checked to win."""
    turns: list[dict[str, Any]] = []
    plays: list[dict[str, int]] = []
    for m in path:
        if m == K.END:
            turns.append({"player": 0, "plays": plays})
            plays = []
        else:
            plays.append({"card": m >> 2, "pile": m & 3})
    line = [*turns, *sub]
    if not certify(root, line).is_won:
        raise AssertionError("the joined line does not win")
    return line


def summary(args: argparse.Namespace) -> None:
    """Write the tables of benchmarks/results/thegame_hard_deals.md from the records."""
    rows = list(records(args.out))
    source = {
        (r["seed"], tuple(r["path"])): "line" if r["rank"] < 0 else f"frontier {r['width']:,}"
        for r in rows
        if r["kind"] == "frontier"
    }
    beams = [
        f"| {r['seed']} | {r['width']:,} | {r['noise']} | {r.get('per_tops', 0)} "
        f"| {r['cards_left']} | {r['nodes']:,} "
        f"| {r['seconds']:.0f} | {r['load'][0]:.1f}-{r['load'][1]:.1f} |"
        for r in rows
        if r["kind"] == "beam"
    ]
    last = {(r["seed"], tuple(r["path"])): r for r in rows if r["kind"] == "dfs"}
    groups: dict[tuple[int, str, int], list[dict[str, Any]]] = {}
    for (seed, path), r in last.items():  # a position searched again: its last search
        where = source.get((seed, path), "?")
        groups.setdefault((seed, where, r["cards_left"]), []).append(r)
    searches = []
    for (seed, where, left), rs in sorted(groups.items()):
        nodes = sorted(r["nodes"] for r in rs)
        won, lost, out = (sum(r["status"] == s for r in rs) for s in STATUSES)
        searches.append(
            f"| {seed} | {where} | {left} | {len(rs)} | {won} | {lost} | {out} "
            f"| {nodes[len(nodes) // 2]:,} | {nodes[-1]:,} |"
        )
    won = [r for r in rows if r["kind"] == "won"]
    text = [
        "# The Game: the two undecided solo deals (expert hand and expert minimum)",
        "",
        f"Written {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} from "
        "`benchmarks/results/thegame_hard_deals.jsonl` by "
        "`python benchmarks/thegame_hard_deals.py summary`; every run under `nice -n 19` "
        "on 2 cores shared with other jobs (load averages as given), so seconds vary "
        "with the load and nodes do not.",
        "",
        "Beams from the deal's start (cards left by the best line, replayed through the "
        "reference rules; load at the start and the end):",
        "",
        "Per tops: the cap on positions a level with the same pile tops of commit "
        "ff1b577 (beam_kernel.R_PER_TOPS, 0 = off), taken out again in the next commit; "
        "seeds 121 and 363 (won by beams of width 3.2 M and 1.6 M, docs/results.md) are "
        "its second check.",
        "",
        "| seed | width | noise | per tops | cards left | nodes | s | load |",
        "|---|---|---|---|---|---|---|---|",
        *beams,
        "",
        "Exhaustive searches (the systematic search alone, `solve` without pilots) from "
        "positions at a turn start: the turn starts of a beam's best line (`line`) and "
        "the cheapest distinct positions of a beam's level (`frontier WIDTH`), cut back "
        "to the start of their turn:",
        "",
        "| seed | positions | cards left | searched | won | lost | budget out "
        "| median nodes | most nodes |",
        "|---|---|---|---|---|---|---|---|---|",
        *searches,
        "",
        f"Won lines: {len(won)}.",
    ]
    (RESULTS / "thegame_hard_deals.md").write_text("\n".join(text) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=("beam", "along", "dfs", "summary"))
    parser.add_argument("--seed", type=int, default=549)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--width", type=int, default=100_000)
    parser.add_argument("--noise", type=int, default=0)
    parser.add_argument("--rng", type=int, default=1)
    parser.add_argument("--frontier", type=lambda s: [int(c) for c in s.split(",")], default=[])
    parser.add_argument("--keep", type=int, default=200)
    parser.add_argument("--nodes", type=int, default=20_000_000)
    parser.add_argument("--memory", type=int, default=64)
    parser.add_argument("--min-left", type=int, default=0)
    parser.add_argument("--line-only", action="store_true", help="only positions of lines")
    parser.add_argument("--max-left", type=int, default=98)
    parser.add_argument("--pilots", action="store_true")
    args = parser.parse_args()
    {"beam": beam, "along": along, "dfs": dfs, "summary": summary}[args.step](args)


if __name__ == "__main__":
    main()
