"""The Game: a prover that writes checkable lower-bound proofs (docs/solver-thegame.md).

:func:`prove` tries to show that every continuation of a deal (every first player,
TG-9) or of a position leaves at least ``claim`` cards (TG-8); ``claim = 1`` is "the
deal is lost". It searches turn by turn over the reference rules
(:mod:`playable.solver.thegame.rules`) and records the refuted tree as a list of nodes, each
closed by one named reason that :mod:`playable.solver.thegame.proofcheck` verifies on its own:

* ``terminal``: the game is over (TG-7) with at least ``claim`` cards left;
* ``dead``: the dead cards (P5, :func:`playable.solver.thegame.pruning.dead_cards`) number at
  least ``claim``;
* ``dominated``: an earlier node's position dominates this one (D1,
  :mod:`playable.solver.thegame.bounds`; transpositions and mirrored piles included);
* ``expand``: every turn leads to a covered position.

The prover is plain Python, meant for small decks and late positions; it proves
nothing itself (the checker does), but it only writes a proof when its own search
refuted every line, and it reports ``None`` when it finds a line leaving fewer cards
than the claim (the claim is false) and raises :class:`ProofBudget` when it meets
more positions than allowed.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playable.solver.core.files import write_atomic
from playable.solver.thegame.bounds import dominates
from playable.solver.thegame.notation import Deal
from playable.solver.thegame.proofcheck import FORMAT
from playable.solver.thegame.pruning import dead_cards
from playable.solver.thegame.rules import Play, State, Variant, apply, is_terminal, legal_moves


class ProofBudget(Exception):
    """The prover met more positions than it was allowed."""


@dataclass
class Proof:
    """A proof document in the making: the nodes in the order they were proven."""

    claim: int
    nodes: list[dict[str, Any]] = field(default_factory=list)

    def document(self, game: Deal | State) -> dict[str, Any]:
        """The proof as a JSON document of ``game`` (format ``FORMAT``,
        docs/proof-format.md): the checker accepts it only for this deal or position."""
        v = game.variant
        doc: dict[str, Any] = {
            "format": FORMAT,
            "variant": {
                "players": v.players,
                "expert": v.expert,
                "expert_hand": v.expert_hand,
                "max_card": v.max_card,
            },
            "claim": self.claim,
        }
        if isinstance(game, Deal):
            doc["deck"] = list(game.order)
            doc["roots"] = [{"first_player": p} for p in range(v.players)]
        else:
            doc["draw"] = list(game.draw)
            doc["roots"] = [position_json(game)]
        doc["nodes"] = self.nodes
        return doc


def position_json(s: State) -> dict[str, Any]:
    """A position as a proof node writes it (the draw pile by its size)."""
    return {
        "piles": list(s.piles),
        "hands": [list(h) for h in s.hands],
        "draw_left": len(s.draw),
        "to_move": s.to_move,
        "laid": s.laid,
    }


def mirror(s: State) -> State:
    """P1: the piles of each pair in a fixed order (smaller top first)."""
    a = sorted(s.piles[:2])
    d = sorted(s.piles[2:])
    return State(s.variant, (a[0], a[1], d[0], d[1]), s.hands, s.draw, s.to_move, s.laid)


def turn_plays(
    state: State, longest: int | None = None
) -> dict[State, tuple[State, tuple[Play, ...]]]:
    """Every distinct position after one whole turn of the player to move (the turn
    in progress completed), over the reference rules, including the won position when
    the last card is laid: keyed by the position with mirrored piles (P1), each with
    the position as reached and the plays of one turn reaching it; empty when the
    game is over. ``longest`` (when given) skips turns of more cards."""
    out: dict[State, tuple[State, tuple[Play, ...]]] = {}
    seen: set[State] = set()
    stack: list[tuple[State, tuple[Play, ...]]] = [(state, ())]
    while stack:
        s, plays = stack.pop()
        if s.laid > 0 and s.is_won:  # the last card laid: no turn end follows (TG-7)
            out.setdefault(mirror(s), (s, plays))
            continue
        for move in legal_moves(s):
            nxt = apply(s, move)
            if not isinstance(move, Play):
                out.setdefault(mirror(nxt), (nxt, plays))
            elif nxt not in seen and (longest is None or len(plays) < longest):
                seen.add(nxt)
                stack.append((nxt, (*plays, move)))
    return out


def turn_ends(state: State) -> list[State]:
    """The distinct positions after one whole turn (mirrored, :func:`turn_plays`)."""
    return list(turn_plays(state))


class _Prover:
    def __init__(self, variant: Variant, claim: int, limit: int | None) -> None:
        self.variant = variant
        self.proof = Proof(claim)
        self.claim = claim
        self.limit = limit
        #: positions (mirrored) proven to leave at least ``claim`` cards: node index
        self.proven: dict[State, int] = {}
        #: positions where a line leaving fewer than ``claim`` cards was found
        self.refuted: set[State] = set()
        #: proven positions by (hands, draw, player, laid), for dominance (D1)
        self.by_cards: dict[tuple[Any, ...], list[tuple[State, int]]] = {}
        self.visited = 0

    def _add(self, s: State, by: str, ref: int | None = None) -> int:
        node = position_json(s) | {"claim": self.claim, "by": by}
        if ref is not None:
            node["ref"] = ref
        i = len(self.proof.nodes)
        self.proof.nodes.append(node)
        self.proven[s] = i
        self.by_cards.setdefault((s.hands, s.draw, s.to_move, s.laid), []).append((s, i))
        return i

    def holds(self, state: State) -> bool:
        """Does every continuation of ``state`` leave at least ``claim`` cards? When
        it does, a node proving it is recorded."""
        s = mirror(state)
        if s in self.proven:
            return True
        if s in self.refuted or s.cards_left < self.claim:
            return False
        self.visited += 1
        if self.limit is not None and self.visited > self.limit:
            raise ProofBudget(f"more than {self.limit} positions")
        if is_terminal(s):
            self._add(s, "terminal")
            return True
        if len(dead_cards(s)) >= self.claim:
            self._add(s, "dead")
            return True
        for other, i in self.by_cards.get((s.hands, s.draw, s.to_move, s.laid), []):
            if dominates(other, s):
                self._add(s, "dominated", i)
                return True
        nexts = turn_ends(s)
        nexts.sort(key=lambda n: (n.cards_left, len(dead_cards(n))))
        for n in nexts:
            if not self.holds(n):
                self.refuted.add(s)
                return False
        self._add(s, "expand")
        return True

    def adopt(self, nodes: Sequence[dict[str, Any]], draw: tuple[int, ...]) -> None:
        """Take over proven nodes (each claiming at least ``claim``; references
        within ``nodes``) as the first nodes of the proof; ``draw`` is a draw pile
        whose last cards are each node's draw pile."""
        shift = len(self.proof.nodes)
        for node in nodes:
            if node["claim"] < self.claim:
                raise ValueError(f"a known node claims less than {self.claim}")
            s = mirror(position_from_json(self.variant, draw, node))
            i = len(self.proof.nodes)
            self.proof.nodes.append(node | ({"ref": node["ref"] + shift} if "ref" in node else {}))
            self.proven.setdefault(s, i)
            self.by_cards.setdefault((s.hands, s.draw, s.to_move, s.laid), []).append((s, i))


def position_from_json(variant: Variant, draw: tuple[int, ...], data: dict[str, Any]) -> State:
    """The position of a proof node (:func:`position_json`), its draw pile the last
    ``draw_left`` cards of ``draw``."""
    hands = tuple(tuple(h) for h in data["hands"])
    left = data["draw_left"]
    piles = tuple(data["piles"])
    return State(variant, piles, hands, draw[len(draw) - left :], data["to_move"], data["laid"])


def prove(
    game: Deal | State,
    claim: int,
    limit: int | None = None,
    known: Sequence[dict[str, Any]] = (),
) -> Proof | None:
    """A proof that every continuation of ``game`` leaves at least ``claim`` cards, or
    ``None`` when a line leaving fewer exists; :class:`ProofBudget` after ``limit``
    positions. ``known``: proof nodes of positions of this game already proven (with
    claims of at least ``claim``), taken into the proof first."""
    if claim < 1:
        raise ValueError("a claim below 1 card left needs no proof")
    prover = _Prover(game.variant, claim, limit)
    starts = (
        [game.start(p) for p in range(game.variant.players)] if isinstance(game, Deal) else [game]
    )
    prover.adopt(known, starts[0].draw)
    for s in starts:
        if not prover.holds(s):
            return None
    return prover.proof


def write(proof: Proof, game: Deal | State, path: Path) -> None:
    """Write ``proof`` of ``game`` as a JSON proof file (format ``FORMAT``), whole or
    not at all (solver/core/files.py)."""
    write_atomic(path, json.dumps(proof.document(game), separators=(",", ":")) + "\n")
