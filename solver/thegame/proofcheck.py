"""The Game: an independent checker of lower-bound proofs (docs/proof-format.md).

A proof file claims that every continuation of one or more root positions leaves at
least ``claim`` cards (TG-8); ``claim = 1`` means the deal is lost whatever the team
does (TG-9: for a fresh deal there is one root per possible first player). This
module checks such a file using only the reference rules
(:mod:`playable.solver.thegame.rules`) and the position-file reader's own validation
(:mod:`playable.solver.thegame.notation`): it shares no code with the search, the
pilot, the pruning rules or the prover (:mod:`playable.solver.thegame.proof`), and
each inference rule it accepts is proven below and implemented here from scratch.

**What is certified.** A proof is only ever evidence about the game it names (its
``variant`` and its ``deck``, or its ``draw`` pile and root position). :func:`check`
returns that game in :attr:`CheckReport.game` and, given ``expected``, refuses a proof
of any other deal, position or variant; the CLI (``playable check thegame PROOF
--position FILE``) always passes the user's file as ``expected``.

**Reading.** A document is refused (:class:`ProofError`, one line) before any step is
checked unless it is exactly the shape docs/proof-format.md gives: UTF-8 JSON of at
most :data:`MAX_BYTES` bytes, no duplicate keys, no key the format does not name, no
non-integer number (``NaN``, ``Infinity``, ``1e400`` and ``1.0`` alike), integers
where integers are due (``true`` is not an integer here) and each within its bound,
JSON booleans (and nothing else) for the variant flags, at most :data:`MAX_NODES`
nodes. Every position (the roots and every node) must then be one the position-file
reader accepts: a root (or deck) is written as a position (deal) file and read back
by :func:`playable.solver.thegame.notation.parse`, so the checker refuses exactly what
the reader refuses; a node gets the same bounds, the reader's pile-top rule and its
validation ``notation.check_position`` without the text (there may be millions):
cards once, hands of the right size, a player to move who holds cards unless the
game is won, a turn under way that can still reach its minimum, every laid card
under a pile that can cover it, ...

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
* ``expand``: ``S`` is not terminal, has at least one turn, and every *turn* from
  ``S`` (every sequence of legal plays of the player to move followed by ending the
  turn, :func:`successors`) leads to a position that the proof covers with a claim
  of at least ``k``: a node with that exact position (or its mirror, piles of a pair
  swapped), or a position whose dead cards (``dead`` above) are at least ``k``.
  Since ``f(S)`` is the minimum of ``f`` over the positions after the possible
  turns, ``f(S) >= k``. (A position that is not over always has a turn: the rules
  only offer a play when the turn can still reach its minimum; a node with none is
  refused rather than read as "every one of no turns is covered".)

Well-foundedness: a turn lays at least one card, so an ``expand`` node only relies on
positions with strictly fewer cards left; a ``dominated`` node relies on an earlier
node with the same cards left. Induction on (cards left, node index) proves every
node, whatever the order the checker reads them in.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from playable.solver.core.errors import IllegalMove, InvalidVariant, NotationError
from playable.solver.thegame.notation import (
    Deal,
    check_position,
    format_deal,
    format_position,
    parse,
)
from playable.solver.thegame.rules import (
    ASCENDING_PILES,
    END_TURN,
    State,
    Variant,
    apply,
    is_terminal,
    legal_moves,
)

FORMAT = "playable-thegame-proof/1"
#: The largest proof file read (bytes): the prover's default limit of a million
#: positions writes well under this.
MAX_BYTES = 256 * 1024 * 1024
#: The most nodes a proof may hold.
MAX_NODES = 5_000_000
#: The reasons a node may give.
REASONS = ("terminal", "dead", "dominated", "expand")
_TRICK = 10  # TG-3: the backwards trick is exactly 10


class ProofError(ValueError):
    """The proof file is unreadable or malformed, is about another game than the one
    expected, or one of its steps does not hold. The message is one line."""


@dataclass(frozen=True)
class CheckReport:
    """What a verified proof establishes: every root of ``game`` (a deal: every first
    player, TG-9; a position: that position) leaves at least ``claim`` cards."""

    claim: int
    roots: int
    nodes: int
    expanded: int
    successors: int
    game: Deal | State


# ---------------------------------------------------------------------- reading


def _refuse(message: str) -> NoReturn:
    raise ProofError(message)


def _no_float(text: str) -> NoReturn:
    _refuse(f"a number that is not an integer ({text[:20]}): no field of a proof holds one")


def _no_constant(text: str) -> NoReturn:
    _refuse(f"'{text}' is not JSON (a number must be finite)")


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            _refuse(f"key {_quoted(key)} appears twice in one object")
        out[key] = value
    return out


def read_document(data: bytes) -> Any:
    """The JSON value of a proof file's bytes: strict UTF-8, strict JSON (no ``NaN``,
    ``Infinity``, non-integer or out-of-range numbers, duplicate keys or excessive
    nesting); :class:`ProofError` otherwise."""
    if len(data) > MAX_BYTES:
        _refuse(f"a proof file holds at most {MAX_BYTES} bytes, this one {len(data)}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        _refuse(f"not UTF-8 text (byte {error.start})")
    try:
        return json.loads(
            text, parse_float=_no_float, parse_constant=_no_constant, object_pairs_hook=_unique
        )
    except json.JSONDecodeError as error:
        _refuse(f"not JSON: line {error.lineno}, column {error.colno}: {error.msg}")
    except RecursionError:
        _refuse("not a proof: JSON nested too deeply")
    except ValueError as error:  # an integer of more digits than Python reads
        if isinstance(error, ProofError):
            raise
        _refuse(f"not a proof: {' '.join(str(error).split())[:120]}")


def _quoted(text: str) -> str:
    """A string from the file as an error message shows it: quoted, ASCII only (no
    control character or lone surrogate reaches the terminal), at most 40 characters."""
    return json.dumps(text[:40])


def _kind(value: Any) -> str:
    """The JSON type of ``value`` as an error message names it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if abs(value) < 10**12 else "a huge integer"
    if isinstance(value, str):
        return "a string"
    return "a list" if isinstance(value, list) else "an object"


def _object(
    value: Any, where: str, required: Sequence[str], optional: Sequence[str] = ()
) -> dict[str, Any]:
    """``value`` as a JSON object with every ``required`` key and no key but those and
    ``optional``."""
    if not isinstance(value, dict):
        _refuse(f"{where}: expected an object, got {_kind(value)}")
    for key in required:
        if key not in value:
            _refuse(f"{where}: missing key '{key}'")
    for key in value:
        if key not in required and key not in optional:
            _refuse(f"{where}: unknown key {_quoted(key)}")
    return value


def _integer(value: Any, low: int, high: int, where: str) -> int:
    """``value`` as a JSON integer (never a boolean) in ``low..high``."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        _refuse(f"{where}: expected an integer {low}..{high}, got {_kind(value)}")
    return value


def _flag(value: Any, where: str) -> bool:
    """``value`` as a JSON boolean (``true`` or ``false``, nothing else)."""
    if not isinstance(value, bool):
        _refuse(f"{where}: expected true or false, got {_kind(value)}")
    return value


def _list(value: Any, low: int, high: int, where: str) -> list[Any]:
    """``value`` as a JSON list of ``low..high`` items."""
    if not isinstance(value, list):
        _refuse(f"{where}: expected a list, got {_kind(value)}")
    if not low <= len(value) <= high:
        _refuse(f"{where}: expected {low}..{high} items, got {len(value)}")
    return value


def _cards(value: Any, variant: Variant, most: int, where: str) -> tuple[int, ...]:
    """A list of at most ``most`` cards, each an integer 2..max_card."""
    items = _list(value, 0, most, where)
    return tuple(_integer(c, 2, variant.max_card, f"{where}[{i}]") for i, c in enumerate(items))


def _variant(value: Any) -> Variant:
    v = _object(value, "variant", ("players", "expert", "expert_hand", "max_card"))
    try:
        return Variant(
            _integer(v["players"], 1, 5, "variant.players"),
            _flag(v["expert"], "variant.expert"),
            _flag(v["expert_hand"], "variant.expert_hand"),
            _integer(v["max_card"], 11, 99, "variant.max_card"),
        )
    except InvalidVariant as error:
        _refuse(f"variant: {error}")


_POSITION_KEYS = ("piles", "hands", "draw_left", "to_move", "laid")


def _position(
    data: dict[str, Any], variant: Variant, draw: tuple[int, ...], where: str, root: bool
) -> State:
    """The position a root or node object gives, its draw pile the last ``draw_left``
    cards of ``draw``; refused unless the position-file reader accepts it. A root is
    written out and read back by the reader itself (:func:`admissible`); a node, as
    there may be millions, gets the same checks without the text: the bounds here,
    the reader's pile-top rule and its validation ``notation.check_position``."""
    piles = _list(data["piles"], 4, 4, f"{where}.piles")
    top = variant.max_card + 1
    tops = tuple(_integer(t, 1, top, f"{where}.piles[{p}]") for p, t in enumerate(piles))
    hands = tuple(
        _cards(h, variant, variant.hand_size, f"{where}.hands[{p}]")
        for p, h in enumerate(
            _list(data["hands"], variant.players, variant.players, f"{where}.hands")
        )
    )
    left = _integer(data["draw_left"], 0, len(draw), f"{where}.draw_left")
    state = State(
        variant,
        (tops[0], tops[1], tops[2], tops[3]),
        hands,
        draw[len(draw) - left :],
        _integer(data["to_move"], 0, variant.players - 1, f"{where}.to_move"),
        _integer(data["laid"], 0, variant.hand_size, f"{where}.laid"),
    )
    if root:
        admissible(state, where)
        return state
    for p, t in enumerate(tops):  # the reader's rule for pile tops (docs/notation.md)
        start = variant.ascending_start if p in ASCENDING_PILES else variant.descending_start
        if t != start and not 2 <= t <= variant.max_card:
            _refuse(f"{where}.piles[{p}]: expected {start} or a card 2..{variant.max_card}")
    try:
        check_position(state)
    except IllegalMove as error:
        _refuse(f"{where}: not a position of the game: {error}")
    return state


def admissible(game: Deal | State, where: str) -> None:
    """Refuse (:class:`ProofError`) a deal or position the notation reader refuses:
    it is written as a deal or position file and read back with
    :func:`playable.solver.thegame.notation.parse`, so this is the reader's own
    validation (``notation.check_position`` and every range and card check before
    it), not a copy of it."""
    text = format_deal(game) if isinstance(game, Deal) else format_position(game)
    try:
        back = parse(text, where)
    except NotationError as error:
        # the line and column name the written text, not the proof: dropped
        message = re.sub(r" \(first at line \d+, column \d+\)", "", error.message)
        _refuse(f"{where}: not a {_name(game)} of the game: {message}")
    if back != game:  # the notation writes every field, so it reads back equal
        _refuse(f"{where}: not a {_name(game)} of the game (it does not read back)")


def _name(game: Deal | State) -> str:
    return "deal" if isinstance(game, Deal) else "position"


@dataclass(frozen=True)
class _Node:
    state: State
    claim: int
    by: str
    ref: int | None


@dataclass(frozen=True)
class _Document:
    claim: int
    game: Deal | State
    roots: list[State]
    nodes: list[_Node]


def _document(document: Any) -> _Document:
    """A proof document read field by field (docs/proof-format.md)."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        _refuse(f"not a proof of format {FORMAT}")
    top = _object(
        document, "proof", ("format", "variant", "claim", "roots", "nodes"), ("deck", "draw")
    )
    variant = _variant(top["variant"])
    claim = _integer(top["claim"], 1, variant.deck_size, "claim")
    if ("deck" in top) == ("draw" in top):
        _refuse("a proof gives exactly one of 'deck' (a deal) and 'draw' (a position)")
    raw_roots = top["roots"]
    game: Deal | State
    if "deck" in top:
        size = variant.deck_size
        deal = Deal(variant, _cards(top["deck"], variant, size, "deck"))
        admissible(deal, "deck")
        want = [{"first_player": p} for p in range(variant.players)]
        if _list(raw_roots, variant.players, variant.players, "roots") != want:
            _refuse(f"roots: a deal's proof has the roots {json.dumps(want)} (TG-9)")
        game = deal
        roots = [deal.start(p) for p in range(variant.players)]
        draw = roots[0].draw
    else:
        draw = _cards(top["draw"], variant, variant.deck_size, "draw")
        raw = _object(_list(raw_roots, 1, 1, "roots")[0], "roots[0]", _POSITION_KEYS)
        if raw["draw_left"] != len(draw):
            _refuse(f"roots[0].draw_left: the root's draw pile is all of 'draw' ({len(draw)})")
        game = _position(raw, variant, draw, "roots[0]", root=True)
        roots = [game]
    nodes = []
    for i, value in enumerate(_list(top["nodes"], 1, MAX_NODES, "nodes")):
        where = f"nodes[{i}]"
        raw = _object(value, where, (*_POSITION_KEYS, "claim", "by"), ("ref",))
        node_claim = _integer(raw["claim"], 1, variant.deck_size, f"{where}.claim")
        by = raw["by"]
        if by not in REASONS:
            _refuse(
                f"{where}.by: expected one of {', '.join(REASONS)}, got {_kind(by)}"
                if not isinstance(by, str)
                else f"{where}.by: unknown reason {_quoted(by)}"
            )
        ref = None
        if by == "dominated":
            if "ref" not in raw:
                _refuse(f"{where}: a dominated node names its earlier node in 'ref'")
            if i == 0:
                _refuse(f"{where}: dominance must refer to an earlier node")
            ref = _integer(raw["ref"], 0, i - 1, f"{where}.ref (an earlier node)")
        elif "ref" in raw:
            _refuse(f"{where}: only a dominated node has 'ref'")
        nodes.append(_Node(_position(raw, variant, draw, where, root=False), node_claim, by, ref))
    return _Document(claim, game, roots, nodes)


# ------------------------------------------------------------------------ rules


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


# --------------------------------------------------------------------- checking


def _same_game(proven: Deal | State, expected: Deal | State) -> None:
    """Refuse a proof of another deal, position or variant than ``expected``."""
    if proven.variant != expected.variant:
        _refuse(
            f"the proof is of another variant ({describe_variant(proven.variant)}) than the "
            f"given {_name(expected)} ({describe_variant(expected.variant)})"
        )
    if isinstance(proven, Deal) != isinstance(expected, Deal):
        _refuse(f"the proof is of a {_name(proven)}, not of the given {_name(expected)}")
    if proven != expected:
        _refuse(f"the proof is of another {_name(proven)} than the given one")


def describe_variant(variant: Variant) -> str:
    """The variant as the notation writes it, on one line."""
    return (
        f"players {variant.players}, expert {'yes' if variant.expert else 'no'}, "
        f"expert-hand {'yes' if variant.expert_hand else 'no'}, max-card {variant.max_card}"
    )


def check(document: Any, expected: Deal | State | None = None) -> CheckReport:
    """Verify a proof document (docs/proof-format.md); with ``expected``, also that it
    is a proof about exactly that deal or position (and its variant). Raise
    :class:`ProofError` naming the first field or step that does not hold."""
    proof = _document(document)
    if expected is not None:
        _same_game(proof.game, expected)
    nodes = proof.nodes
    # best claim per position up to mirroring, with the node that gives it
    index: dict[State, int] = {}
    for i, node in enumerate(nodes):
        key = mirror_key(node.state)
        if key not in index or node.claim > nodes[index[key]].claim:
            index[key] = i

    expanded = 0
    total_successors = 0
    for i, node in enumerate(nodes):
        s, k, where = node.state, node.claim, f"node {i}"
        if node.by == "terminal":
            if not is_terminal(s) or s.cards_left < k:
                _refuse(f"{where}: not a finished game with at least {k} cards left")
        elif node.by == "dead":
            if len(dead(s)) < k:
                _refuse(f"{where}: fewer than {k} dead cards")
        elif node.by == "dominated":
            assert node.ref is not None  # the reader requires it
            j = node.ref
            if nodes[j].claim < k or not dominates(nodes[j].state, s):
                _refuse(f"{where}: node {j} does not dominate it with a claim >= {k}")
        else:  # expand (the reader admits no other reason)
            if is_terminal(s):
                _refuse(f"{where}: the game is over here; expand needs moves")
            turns = successors(s)
            if not turns:
                _refuse(f"{where}: no legal turn from here, and the game is not over")
            expanded += 1
            for nxt in turns:
                total_successors += 1
                j_covering = index.get(mirror_key(nxt))
                if j_covering is not None and nodes[j_covering].claim >= k:
                    continue
                if len(dead(nxt)) >= k:
                    continue
                _refuse(
                    f"{where}: a turn reaches a position ({nxt.piles}, hands {nxt.hands}, "
                    f"{len(nxt.draw)} to draw) the proof does not cover with a claim >= {k}"
                )

    for r, root in enumerate(proof.roots):
        best = index.get(mirror_key(root))
        if best is None or nodes[best].claim < proof.claim:
            _refuse(f"root {r}: no node proves at least {proof.claim} cards left")
    return CheckReport(
        proof.claim, len(proof.roots), len(nodes), expanded, total_successors, proof.game
    )


def check_file(path: Path, expected: Deal | State | None = None) -> CheckReport:
    """Read and verify a proof file (see :func:`check`); :class:`ProofError` for
    anything wrong, the file unreadable included."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        _refuse(f"cannot read a proof ({exc.__class__.__name__}: {exc.strerror or exc})")
    return check(read_document(data), expected)
