"""The Game: one proof split into independent parts (docs/solver-thegame.md, "Split
proofs").

A search that does not fit one run is cut at a fixed depth: the *parts* are the
distinct positions after the first ``turns`` whole turns of every root (a fresh deal
has one root per first player, TG-9). Each part is solved on its own, on any worker
of a process pool or a Dask cluster, and its answer is stored the moment it
arrives, so the run can be stopped and resumed without losing finished parts.

Why the parts decide the root: write ``f(S)`` for the fewest cards left over every
way to play on from ``S`` (TG-8). The game is cooperative, so the team picks every
move and ``f(S)`` is the minimum of ``f`` over the positions after the turns from
``S`` (:func:`~playable.solver.thegame.proof.turn_plays`: every turn the rules
allow, the won position included); a fresh deal's value is the minimum over its
roots, since the team picks the first player (TG-9). Solo, a turn that starts with
cards to draw lays at most ``2m - 1`` cards here: every longer turn ends where a
sequence of shorter ones does (P3, :mod:`playable.solver.thegame.pruning`), so the
minimum is the same. By induction on the depth, ``f(root)`` is the minimum of ``f``
over the parts: every line passes through one part (up to P3), or ends earlier in a
finished game, which is then a part itself. Positions are merged up to swapping the
piles of a pair (P1), which changes no value, and a position met again at a later
depth is kept where it was met first (its value is covered there). So:

* a part won (0 cards left) wins the root, with the turns that lead to it first;
* the root is lost when every part is proven lost, and its proven bound is the
  smallest proven bound of the parts;
* a part not yet searched only counts with its dead cards (P5), a proven bound.

With proofs asked for, each part that is proven lost is proven again by the plain
prover (:mod:`playable.solver.thegame.proof`), and :func:`merge_proofs` hands every
part's proof to the prover, which proves the roots from them with every turn of the
rules (the long turns P3 skipped included), so the proof file is checked by
:mod:`playable.solver.thegame.proofcheck` like any other.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from playable.solver.core.budget import Budget
from playable.solver.core.errors import PlayableError
from playable.solver.core.line import Line
from playable.solver.core.line import replay as replay_line
from playable.solver.core.result import SolveResult, Status
from playable.solver.thegame.game import GAME
from playable.solver.thegame.notation import Deal, line_from_json
from playable.solver.thegame.proof import (
    Proof,
    ProofBudget,
    mirror,
    position_json,
    prove,
    turn_plays,
)
from playable.solver.thegame.pruning import dead_cards
from playable.solver.thegame.result import cards_left_result
from playable.solver.thegame.rules import Move, Play, State, Variant, is_terminal

ENGINE = "dfs-split"

Turn = tuple[int, tuple[Play, ...]]


@dataclass(frozen=True)
class Part:
    """A position after the first turns of a root: ``state`` as played (not mirrored),
    ``first_player`` the root's first player and ``turns`` the turns from the root."""

    state: State
    first_player: int
    turns: tuple[Turn, ...]


@dataclass(frozen=True)
class Split:
    """The roots of a game and its parts."""

    roots: tuple[State, ...]
    parts: tuple[Part, ...]


def roots_of(game: Deal | State) -> list[State]:
    """The roots: one per first player for a fresh deal (TG-9), else the position."""
    if isinstance(game, Deal):
        return [game.start(p) for p in range(game.variant.players)]
    return [game]


def longest_turn(state: State) -> int | None:
    """P3: solo, a turn started with cards to draw needs at most ``2m - 1`` cards;
    otherwise no limit."""
    if state.variant.players == 1 and state.draw and state.laid == 0:
        return 2 * state.minimum - 1
    return None


class SplitTooLarge(PlayableError):
    """A split would have more parts than allowed."""


def split(game: Deal | State, turns: int, limit: int | None = None) -> Split:
    """The distinct positions after ``turns`` whole turns from each root of ``game``,
    finished games met earlier included; ordered with the fewest dead cards (P5) and
    cards left first, where wins are likeliest. See the module docstring.
    :class:`SplitTooLarge` when there are more than ``limit`` of them."""
    if turns < 1:
        raise ValueError("a split needs at least one turn")
    roots = roots_of(game)
    seen: set[State] = set()
    found: list[Part] = []
    level: list[Part] = []
    for first, root in enumerate(roots):
        if mirror(root) not in seen:
            seen.add(mirror(root))
            level.append(Part(root, first, ()))
    for _ in range(turns):
        following: list[Part] = []
        for part in level:
            if is_terminal(part.state):
                found.append(part)
                continue
            for key, (after, plays) in turn_plays(part.state, longest_turn(part.state)).items():
                if key not in seen:
                    seen.add(key)
                    turn = (part.state.to_move, plays)
                    following.append(Part(after, part.first_player, (*part.turns, turn)))
            if limit is not None and len(found) + len(following) > limit:
                raise SplitTooLarge(
                    f"more than {limit:,} parts after {turns} turn(s); split after fewer turns"
                )
        level = following
    found.extend(level)
    order = sorted(
        range(len(found)),
        key=lambda i: (len(dead_cards(found[i].state)), found[i].state.cards_left, i),
    )
    return Split(tuple(roots), tuple(found[i] for i in order))


@cache
def _split_of(variant: Variant, root: str, turns: int) -> Split:
    """:func:`split` of a root given as a :func:`game_json` text (cached per process,
    so a worker enumerates the parts once)."""
    import json

    return split(game_from_json(variant, json.loads(root)), turns)


def game_json(game: Deal | State) -> dict[str, Any]:
    """What identifies the root in a stored run: the deck, or the position."""
    if isinstance(game, Deal):
        return {"deck": list(game.order)}
    return position_json(game) | {"draw": list(game.draw)}


def game_from_json(variant: Variant, data: dict[str, Any]) -> Deal | State:
    """The inverse of :func:`game_json`."""
    if "deck" in data:
        return Deal(variant, tuple(data["deck"]))
    hands = tuple(tuple(h) for h in data["hands"])
    return State(
        variant, tuple(data["piles"]), hands, tuple(data["draw"]), data["to_move"], data["laid"]
    )


@dataclass(frozen=True)
class PartJob:
    """Solve part ``i`` of a split (picklable, for worker processes and Dask): the
    root as :func:`game_json` text, the split depth, the budget of each part, the
    prover's position limit when proofs are wanted (``None``: no proofs), and whether
    a lost part's optimum is searched too (by default a part is searched until it is
    won or proven lost, which is what the root's verdict needs).

    A part is searched by the systematic search alone (``solve(..., pilots=False)``):
    a split is for roots that a plain solve, whose pilot and NRPA look for wins,
    did not win; in parts that are lost those only cost nodes (more than half of
    them, measured on the positions of benchmarks/thegame_split.py)."""

    variant: Variant
    root: str
    turns: int
    seconds: float | None
    nodes: int | None
    memory_mb: int
    proof_positions: int | None = None
    optimum: bool = False

    def __call__(self, index: int) -> dict[str, Any]:
        from playable.solver.thegame.search import solve

        part = _split_of(self.variant, self.root, self.turns).parts[index]
        if is_terminal(part.state):  # a finished game (TG-7): its value is exact
            left = part.state.cards_left
            status = Status.SOLVED if left == 0 else Status.UNSOLVABLE
            return {
                "status": status.value,
                "value": left,
                "bound": left,
                "proven_optimal": True,
                "nodes": 0,
                "seconds": 0.0,
                "line": [],
            }
        budget = Budget(self.seconds, self.nodes, self.memory_mb)
        result = solve(part.state, budget, optimum=self.optimum, pilots=False)
        row: dict[str, Any] = {
            "status": result.status.value,
            "value": result.objective,
            "bound": result.bound,
            "proven_optimal": result.proven_optimal,
            "nodes": result.nodes,
            "seconds": result.seconds,
            "line": result.line.to_json(),
        }
        if self.proof_positions is not None and (result.bound or 0) >= 1:
            row["proof"] = _part_proof(part.state, result.bound or 0, self.proof_positions)
        return row


def _part_proof(state: State, claim: int, limit: int) -> dict[str, Any]:
    """The prover's proof of ``claim`` for a part, or why there is none."""
    try:
        found = prove(state, claim, limit)
    except ProofBudget:
        return {"missing": f"the prover met more than {limit} positions"}
    if found is None:  # the solver proved this bound, so the prover must too
        raise AssertionError(f"the prover refutes a bound of {claim} the solver proved")
    return {"claim": claim, "nodes": found.nodes}


def combine(game: Deal | State, parts: Split, rows: dict[int, dict[str, Any]]) -> SolveResult:
    """The root's answer from the parts' stored answers (``rows`` by part index, some
    maybe missing): the best line (replayed from its root), the proven bound and the
    status, as the module docstring argues."""
    from playable.solver.thegame.search import CertificateError

    bounds = []
    best: tuple[int, int] | None = None
    for i, part in enumerate(parts.parts):
        row = rows.get(i)
        if row is None:
            bounds.append(len(dead_cards(part.state)))
            continue
        bounds.append(row["bound"] or 0)
        if row["value"] is not None and (best is None or row["value"] < best[0]):
            best = (row["value"], i)
    bound = min(bounds)
    line: Line[State, Move] = Line(GAME, parts.roots[0])
    objective = None
    first = None
    if best is not None:
        part = parts.parts[best[1]]
        turns = [*part.turns, *line_from_json(rows[best[1]]["line"])]
        root = parts.roots[part.first_player] if isinstance(game, Deal) else parts.roots[0]
        line = replay_line(GAME, root, turns)  # raises on a line that does not replay
        objective = line.final.cards_left
        if objective != best[0]:
            raise CertificateError(f"part {best[1]}'s line leaves {objective} cards, not {best[0]}")
        first = part.first_player
    decided = sum(1 for row in rows.values() if row["status"] != Status.UNKNOWN.value)
    return cards_left_result(
        ENGINE,
        line,
        objective,
        bound,
        nodes=sum(row["nodes"] or 0 for row in rows.values()),
        seconds=sum(row["seconds"] or 0.0 for row in rows.values()),
        extra={
            "first_player": first if isinstance(game, Deal) else None,
            "fresh_deal": isinstance(game, Deal),
            "split": {
                "parts": len(parts.parts),
                "searched": len(rows),
                "decided": decided,
                "won": sum(1 for row in rows.values() if row["value"] == 0),
            },
        },
    )


def merge_proofs(
    game: Deal | State, parts: Split, rows: dict[int, dict[str, Any]], limit: int | None
) -> Proof | str:
    """One proof of the root's bound from every part's proof (a ``terminal`` node for
    a finished game), the prover proving the roots on top of them with at most
    ``limit`` more positions; or why there is none."""
    known: list[dict[str, Any]] = []
    claims = []
    for i, part in enumerate(parts.parts):
        row = rows.get(i)
        if row is None:
            return f"part {i} has not been searched"
        if is_terminal(part.state):
            claim = part.state.cards_left
            known.append(position_json(mirror(part.state)) | {"claim": claim, "by": "terminal"})
            claims.append(claim)
            continue
        proof = row.get("proof")
        if proof is None:
            return f"part {i} is not proven lost"
        if "missing" in proof:
            return f"part {i}: {proof['missing']}"
        shift = len(known)
        known.extend(
            node | ({"ref": node["ref"] + shift} if "ref" in node else {})
            for node in proof["nodes"]
        )
        claims.append(proof["claim"])
    claim = min(claims)
    if claim < 1:
        return "a part is won"
    try:
        found = prove(game, claim, limit, known)
    except ProofBudget:
        return f"the prover met more than {limit} positions above the parts"
    if found is None:  # every part is proven, so the roots must be
        raise AssertionError("the prover refutes a bound every part proves")
    return found
