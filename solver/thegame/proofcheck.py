"""The Game: an independent checker of lower-bound proofs (docs/solver-thegame.md).

A proof file claims that every continuation of one or more root positions leaves at
least ``claim`` cards (TG-8); ``claim = 1`` means the deal is lost whatever the team
does (TG-9: for a fresh deal there is one root per possible first player). This
module checks such a file using only the reference rules
(:mod:`playable.solver.thegame.rules`): it shares no code with the search, the pilot, the
pruning rules or the prover (:mod:`playable.solver.thegame.proof`), and each inference rule it
accepts is proven below and implemented here from scratch.

Notation: ``f(S)`` is the fewest cards left over every way to play on from position
``S`` by the rules (the game goes on until TG-7 ends it). A node of the proof says
``f(S) >= k`` and gives the reason, one of:

* ``terminal``: the game is over at ``S`` (TG-7) and ``S`` holds at least ``k``
  cards. Then ``f(S) = cards_left(S)``.
* ``dead``: at least ``k`` cards not yet laid are outside every pile's *reach*
  (:func:`reach`), so they are never laid and every continuation ends with them.
* ``dominated`` by an earlier node ``j`` (``f(S_j) >= k_j >= k``): both positions
  have the same hands, draw pile, player to move and cards laid this turn, and after
  possibly swapping the two ascending and/or the two descending piles of ``S``, each
  pile of ``S_j`` takes every card not yet laid that the same pile of ``S`` takes
  (:func:`dominates`). Proof that ``f(S) >= f(S_j)``: swapping the piles of a pair
  changes nothing (both follow the same rule, TG-3; rename the piles in every line).
  Take any line from ``S`` and play the same moves from ``S_j``. By induction each
  move is legal there: a play on a pile not yet touched since the start is legal
  because that pile of ``S_j`` takes a superset of the cards; once a pile has been
  played on it shows the same card in both; the cards not yet laid are the same on
  both sides, so the superset relation between untouched piles persists (both sides
  are restricted to the same, shrinking set). The TG-7 decision (a play must leave
  the turn able to reach its minimum; a player who cannot lay the minimum ends the
  game) only depends on which plays are possible, and ``S_j``'s side has a superset
  of them at every point, so every move of the line stays legal and the TG-7 check
  never ends the game earlier on ``S_j``'s side. When the line from ``S`` ends,
  ``S_j``'s side is in a position with the same cards left, from which playing on can
  only lay more: ``f(S_j) <= `` the line's score. Hence ``f(S_j) <= f(S)``.
  Equal positions (a transposition) are the special case of equality.
* ``expand``: ``S`` is not terminal and every *turn* from ``S`` (every sequence of
  legal plays of the player to move followed by ending the turn, :func:`successors`)
  leads to a position that the proof covers with a claim of at least ``k``: a node
  with that exact position (or its mirror, piles of a pair swapped), or a position
  whose dead cards (``dead`` above) are at least ``k``. Since ``f(S)`` is the minimum
  of ``f`` over the positions after the possible turns, ``f(S) >= k``.

Well-foundedness: a turn lays at least one card, so an ``expand`` node only relies on
positions with strictly fewer cards left; a ``dominated`` node relies on an earlier
node with the same cards left. Induction on (cards left, node index) proves every
node, whatever the order the checker reads them in.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playable.solver.core.errors import InvalidVariant
from playable.solver.thegame.rules import (
    END_TURN,
    State,
    Variant,
    apply,
    deal,
    is_terminal,
    legal_moves,
)

FORMAT = "playable-thegame-proof/1"
_TRICK = 10  # TG-3: the backwards trick is exactly 10


class ProofError(ValueError):
    """The proof file is malformed or one of its steps does not hold."""


@dataclass(frozen=True)
class CheckReport:
    """What a verified proof establishes: every root leaves at least ``claim`` cards."""

    claim: int
    roots: int
    nodes: int
    expanded: int
    successors: int


def _takes(pile: int, top: int, card: int) -> bool:
    """TG-3 restated: ascending piles (0, 1) take a higher card or exactly 10 lower,
    descending piles (2, 3) a lower card or exactly 10 higher."""
    if pile <= 1:
        return card > top or card + _TRICK == top
    return card < top or card - _TRICK == top


def not_laid(state: State) -> frozenset[int]:
    """The cards not yet laid: every hand and the draw pile."""
    return frozenset(state.draw).union(*(frozenset(h) for h in state.hands))


def reach(pile: int, top: int, cards: frozenset[int]) -> frozenset[int]:
    """Every card of ``cards`` the pile may ever show, as the least set ``R`` with
    ``top`` in ``R`` and ``c`` in ``R`` whenever ``c`` is in ``cards`` and the pile
    showing some element of ``R`` would take ``c`` (TG-3).

    Every card the pile ever shows is in ``R``, by induction on the plays: the next
    card laid on it is taken by the current top, which is in ``R``. Computed as a
    plain fixpoint (no shortcut), so that it is easy to trust.
    """
    shown = {top}
    frontier = [top]
    while frontier:
        t = frontier.pop()
        for c in cards:
            if c not in shown and _takes(pile, t, c):
                shown.add(c)
                frontier.append(c)
    return frozenset(shown) & cards


def dead(state: State) -> frozenset[int]:
    """The cards not yet laid that no pile can ever take: outside the reach of every
    pile; they are left at the end of every continuation (TG-8)."""
    cards = not_laid(state)
    alive: set[int] = set()
    for pile in range(4):
        alive |= reach(pile, state.piles[pile], cards)
    return cards - alive


def taken(pile: int, top: int, cards: frozenset[int]) -> frozenset[int]:
    """The cards of ``cards`` the pile showing ``top`` takes now (TG-3)."""
    return frozenset(c for c in cards if _takes(pile, top, c))


def dominates(better: State, worse: State) -> bool:
    """Is ``f(better) <= f(worse)`` by the dominance rule of the module docstring?"""
    if (better.hands, better.draw, better.to_move, better.laid) != (
        worse.hands,
        worse.draw,
        worse.to_move,
        worse.laid,
    ) or better.variant != worse.variant:
        return False
    cards = not_laid(worse)

    def covers(order: tuple[int, int, int, int]) -> bool:
        return all(
            taken(p, better.piles[p], cards) >= taken(p, worse.piles[order[p]], cards)
            for p in range(4)
        )

    return any(covers(order) for order in ((0, 1, 2, 3), (1, 0, 2, 3), (0, 1, 3, 2), (1, 0, 3, 2)))


def successors(state: State) -> set[State]:
    """Every position after one whole turn of the player to move (completing the
    turn in progress when cards were laid already): all sequences of legal plays
    (:func:`rules.legal_moves`) that end with ending the turn, or with laying the
    last card (the game is won then, so no turn is ended). Empty when the game is
    over (TG-7)."""
    out: set[State] = set()
    seen: set[State] = set()
    stack = [state]
    while stack:
        s = stack.pop()
        if s.laid > 0 and s.is_won:  # the last card laid: the game is over (TG-7)
            out.add(s)
            continue
        for move in legal_moves(s):
            nxt = apply(s, move)
            if move == END_TURN:
                out.add(nxt)
            elif nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return out


def mirror_key(state: State) -> State:
    """The position with the piles of each pair in a fixed order (the smaller top
    first): positions differing by a swap inside a pair share it (TG-3)."""
    a = sorted(state.piles[:2])
    d = sorted(state.piles[2:])
    return State(
        state.variant, (a[0], a[1], d[0], d[1]), state.hands, state.draw, state.to_move, state.laid
    )


def _state(data: Any, variant: Variant, draw: tuple[int, ...], where: str) -> State:
    try:
        piles = tuple(int(x) for x in data["piles"])
        hands = tuple(tuple(int(c) for c in h) for h in data["hands"])
        left = int(data["draw_left"])
        if len(piles) != 4 or len(hands) != variant.players or not 0 <= left <= len(draw):
            raise ProofError(f"{where}: bad position")
        return State(
            variant,
            (piles[0], piles[1], piles[2], piles[3]),
            hands,
            draw[len(draw) - left :],
            int(data.get("to_move", 0)),
            int(data.get("laid", 0)),
        )
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, ProofError):
            raise
        raise ProofError(f"{where}: bad position ({exc})") from None


def _check_position(state: State, where: str) -> None:
    """The position must be one the rules can reach: the cards of the deck at most
    once, pile tops in range."""
    v = state.variant
    held = [c for h in state.hands for c in h] + list(state.draw)
    if len(set(held)) != len(held) or not all(2 <= c <= v.max_card for c in held):
        raise ProofError(f"{where}: cards repeated or outside 2..{v.max_card}")
    if not all(1 <= t <= v.max_card + 1 for t in state.piles):
        raise ProofError(f"{where}: pile top outside 1..{v.max_card + 1}")
    if not 0 <= state.to_move < v.players:
        raise ProofError(f"{where}: no player {state.to_move + 1}")


def check(document: dict[str, Any]) -> CheckReport:
    """Verify a proof document (see :func:`playable.solver.thegame.proof.write`); raise
    :class:`ProofError` naming the first step that does not hold."""
    if document.get("format") != FORMAT:
        raise ProofError(f"not a proof of format {FORMAT}")
    try:
        v = document["variant"]
        variant = Variant(
            players=int(v["players"]),
            expert=bool(v["expert"]),
            expert_hand=bool(v["expert_hand"]),
            max_card=int(v["max_card"]),
        )
        claim = int(document["claim"])
        raw_roots = document["roots"]
        raw_nodes = document["nodes"]
    except (KeyError, TypeError, ValueError) as exc:
        raise ProofError(f"bad header ({exc})") from None
    if claim < 1:
        raise ProofError("a claim below 1 card left needs no proof")
    if "deck" in document:
        deck = [int(c) for c in document["deck"]]
        try:
            roots = [deal(variant, deck, p) for p in range(variant.players)]
        except InvalidVariant as exc:
            raise ProofError(f"bad deck ({exc})") from None
        draw = roots[0].draw
    else:
        draw = tuple(int(c) for c in document["draw"])
        roots = [_state(raw_roots[0], variant, draw, "root")]
    _check_position(roots[0], "root")

    nodes: list[tuple[State, int, dict[str, Any]]] = []
    for i, raw in enumerate(raw_nodes):
        s = _state(raw, variant, draw, f"node {i}")
        _check_position(s, f"node {i}")
        nodes.append((s, int(raw["claim"]), raw))
    # best claim per position up to mirroring, with the node that gives it
    index: dict[State, int] = {}
    for i, (s, k, _) in enumerate(nodes):
        key = mirror_key(s)
        if key not in index or k > nodes[index[key]][1]:
            index[key] = i

    expanded = 0
    total_successors = 0
    for i, (s, k, raw) in enumerate(nodes):
        where = f"node {i}"
        by = raw.get("by")
        if by == "terminal":
            if not is_terminal(s) or s.cards_left < k:
                raise ProofError(f"{where}: not a finished game with at least {k} cards left")
        elif by == "dead":
            if len(dead(s)) < k:
                raise ProofError(f"{where}: fewer than {k} dead cards")
        elif by == "dominated":
            j = raw.get("ref")
            if not isinstance(j, int) or not 0 <= j < i:
                raise ProofError(f"{where}: dominance must refer to an earlier node")
            sj, kj, _ = nodes[j]
            if kj < k or not dominates(sj, s):
                raise ProofError(f"{where}: node {j} does not dominate it with a claim >= {k}")
        elif by == "expand":
            if is_terminal(s):
                raise ProofError(f"{where}: the game is over here; expand needs moves")
            expanded += 1
            for nxt in successors(s):
                total_successors += 1
                j = index.get(mirror_key(nxt))
                if j is not None and nodes[j][1] >= k:
                    continue
                if len(dead(nxt)) >= k:
                    continue
                raise ProofError(
                    f"{where}: a turn reaches a position ({nxt.piles}, hands {nxt.hands}, "
                    f"{len(nxt.draw)} to draw) the proof does not cover with a claim >= {k}"
                )
        else:
            raise ProofError(f"{where}: unknown reason {by!r}")

    for r, root in enumerate(roots):
        j = index.get(mirror_key(root))
        if j is None or nodes[j][1] < claim:
            raise ProofError(f"root {r}: no node proves at least {claim} cards left")
    return CheckReport(claim, len(roots), len(nodes), expanded, total_successors)


def check_file(path: Path) -> CheckReport:
    """Read and verify a proof file; :class:`ProofError` for anything wrong."""
    try:
        document = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise ProofError(f"cannot read a proof ({exc.__class__.__name__}: {exc})") from None
    if not isinstance(document, dict):
        raise ProofError("not a proof document")
    return check(document)
