"""The Game from one seat: what a player sees, and a dealer of what it does not
(docs/seatview.md, "The Game"; the interface is :mod:`playable.solver.core.seatview`).

A view keeps the rule options, the pile tops, the seat's own hand, every card laid on
the piles (public: laid cards are face up, TG-3), how many cards each player holds
and the draw pile holds, whose turn it is and how many cards were laid this turn
(TG-4, TG-5), and optional *hints*: pile-level remarks partners made (TG-10). The
*unseen* cards are every card that is neither in the seat's hand nor laid; a deal
consistent with the view gives each other player that many unseen cards and puts
the rest, in some order, in the draw pile.

Hints are the signals of :mod:`playable.solver.thegame.signals` ("leave pile p to
me"), read as constraints on a partner's hand at the view's pile tops:

* ``reserve N: p ...``: player N holds, for each listed pile p, at least one card
  that fits p very well (:func:`~playable.solver.thegame.signals.fits_well`: the
  backwards trick, or a gap of at most 2);
* ``no-reserve N: p ...``: player N holds no card that fits p very well (with
  signals on, a partner who stays silent about a pile).

A deal is consistent with the view when every hint holds and, where another player
is partway through a turn, that player's hand can still reach the turn's minimum
(TG-7 decision: a turn that cannot is not played at all). The dealer draws a uniform
random permutation of the unseen cards and splits it into the partners' hands
(player order) and the draw order; with hints or such a turn it rejects permutations
that are not consistent and draws again, which keeps the result uniform among the
consistent deals. ``parse`` refuses hints no deal can satisfy (an exact check,
:func:`_satisfiable`).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from playable.solver.core.cardlist import (
    Document,
    Field,
    Token,
    cards_text,
    check_players,
    checked,
    fields_of,
    integer,
    numbered_cards,
    parse_document,
    player,
    required,
    required_integer,
)
from playable.solver.core.errors import NotationError, PlayableError
from playable.solver.core.seatview import SeatViews, ViewFunctions
from playable.solver.thegame.notation import (
    GAME,
    _variant,
    check_position,
    format_file,
    json_document,
)
from playable.solver.thegame.rules import (
    ASCENDING_PILES,
    PILES,
    Move,
    State,
    Variant,
    can_lay,
    legal_moves,
)
from playable.solver.thegame.signals import fits_well

#: draws a hinted dealer makes before it gives up (parse has checked a deal exists)
MAX_DRAWS = 200_000

_KEYS = (
    "players",
    "expert",
    "expert-hand",
    "max-card",
    "piles",
    "seat",
    "hand",
    "hand-sizes",
    "draw-count",
    "to-move",
    "laid",
    "played",
)


@dataclass(frozen=True, order=True)
class Hint:
    """A partner's remark about a pile (TG-10): ``player`` (0-based) holds a card that
    fits ``pile`` very well (``fits``), or holds none (not ``fits``)."""

    player: int
    pile: int
    fits: bool


@dataclass(frozen=True)
class View:
    """The Game as seat ``seat`` (0-based) sees it; see the module docstring.

    ``hand_sizes`` counts every player's cards (the seat's own included), ``played``
    every card laid on a pile (the tops included), sorted."""

    variant: Variant
    piles: tuple[int, int, int, int]
    seat: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    draw_count: int
    to_move: int
    laid: int
    played: tuple[int, ...]
    hints: tuple[Hint, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "hand", tuple(sorted(self.hand)))
        object.__setattr__(self, "played", tuple(sorted(self.played)))
        object.__setattr__(self, "hints", tuple(sorted(set(self.hints))))

    @property
    def unseen(self) -> tuple[int, ...]:
        """The cards the seat cannot see: neither its own nor laid (sorted)."""
        known = set(self.hand) | set(self.played)
        return tuple(c for c in self.variant.cards if c not in known)

    @property
    def others(self) -> tuple[int, ...]:
        """The other players (0-based), in order."""
        return tuple(p for p in range(self.variant.players) if p != self.seat)

    def hint_cards(self, hint: Hint) -> frozenset[int]:
        """The unseen cards that fit ``hint.pile`` very well at the view's tops."""
        top = self.piles[hint.pile]
        return frozenset(c for c in self.unseen if fits_well(hint.pile, top, c))

    def honours(self, hands: tuple[tuple[int, ...], ...]) -> bool:
        """Do ``hands`` (every player's) satisfy every hint?"""
        return all(bool(self.hint_cards(h) & set(hands[h.player])) == h.fits for h in self.hints)

    @property
    def hidden_turn(self) -> bool:
        """Is another player partway through a turn (TG-4)? Then not every deal of the
        unseen cards is a position of the game (:meth:`goes_on`)."""
        return self.laid > 0 and self.to_move != self.seat

    def goes_on(self, state: State) -> bool:
        """TG-7 decision: a turn under way can still reach its minimum (a turn that
        cannot is not played at all), so a deal that gives a hidden player to move a
        hand that cannot is not one of the view's positions."""
        if not self.hidden_turn or state.is_won:
            return True
        return can_lay(state.piles, state.hand, state.minimum - state.laid)

    def consistent(self, state: State) -> bool:
        """Is the deal ``state`` one of the view's: every hint holds and a hidden
        turn under way can go on?"""
        return self.honours(state.hands) and self.goes_on(state)


# ------------------------------------------------------------------------ views


def view_of(state: State, seat: int) -> View:
    """What ``seat`` sees of ``state``: its hand, the counts of the others and of the
    draw pile, and the laid cards (a position carries no hints)."""
    held = {c for hand in state.hands for c in hand} | set(state.draw)
    return View(
        variant=state.variant,
        piles=state.piles,
        seat=seat,
        hand=state.hands[seat],
        hand_sizes=tuple(len(h) for h in state.hands),
        draw_count=len(state.draw),
        to_move=state.to_move,
        laid=state.laid,
        played=tuple(c for c in state.variant.cards if c not in held),
    )


def _state(view: View, hands: dict[int, tuple[int, ...]], draw: tuple[int, ...]) -> State:
    full = tuple(view.hand if p == view.seat else hands[p] for p in range(view.variant.players))
    return State(view.variant, view.piles, full, draw, view.to_move, view.laid)


def _split(view: View, cards: list[int]) -> State:
    """The deal that gives the partners the first cards of ``cards`` in player
    order (as many as each holds) and puts the rest in the draw pile, in order."""
    hands: dict[int, tuple[int, ...]] = {}
    at = 0
    for p in view.others:
        hands[p] = tuple(cards[at : at + view.hand_sizes[p]])
        at += view.hand_sizes[p]
    return _state(view, hands, tuple(cards[at:]))


def deal(view: View, rng: random.Random) -> State:
    """A deal consistent with ``view``, uniform among all of them: a uniform
    permutation of the unseen cards split into hands and draw order, drawn again
    while it is not consistent (:meth:`View.consistent`; rejection keeps it uniform)."""
    cards = list(view.unseen)
    for _ in range(MAX_DRAWS if view.hints or view.hidden_turn else 1):
        rng.shuffle(cards)
        state = _split(view, cards)
        if view.consistent(state):
            return state
    raise PlayableError(
        f"no deal consistent with the view found in {MAX_DRAWS} draws: its hints and the "
        "turn under way are too unlikely for the rejection dealer (docs/seatview.md)"
    )


def deals(view: View) -> Iterator[State]:
    """Every deal consistent with ``view``, each once: every choice of the partners'
    hands, times every order of the draw pile (for small views only)."""

    def hands_from(
        i: int, left: tuple[int, ...], chosen: dict[int, tuple[int, ...]]
    ) -> Iterator[tuple[dict[int, tuple[int, ...]], tuple[int, ...]]]:
        if i == len(view.others):
            yield chosen, left
            return
        p = view.others[i]
        for hand in itertools.combinations(left, view.hand_sizes[p]):
            rest = tuple(c for c in left if c not in hand)
            yield from hands_from(i + 1, rest, {**chosen, p: hand})

    for hands, rest in hands_from(0, view.unseen, {}):
        state = _state(view, hands, rest)
        if not view.consistent(state):
            continue
        for order in itertools.permutations(rest):
            yield replace(state, draw=order)


def some_deal(view: View) -> State:
    """One deal consistent with the counts (hints aside): the unseen cards in order,
    except that a hidden player partway through a turn gets first, where some exist,
    unseen cards that let the turn reach its minimum (:meth:`View.goes_on`)."""
    cards = list(view.unseen)
    state = _split(view, cards)
    if view.goes_on(state):
        return state
    need = state.minimum - state.laid
    if need > view.hand_sizes[view.to_move]:
        return state
    for witness in itertools.combinations(cards, need):
        if can_lay(state.piles, witness, need):
            rest = [c for c in cards if c not in witness]
            at = sum(view.hand_sizes[p] for p in view.others if p < view.to_move)
            return _split(view, [*rest[:at], *witness, *rest[at:]])
    return state


# ------------------------------------------------------------------- file format


def format_view(view: View) -> str:
    """The text of a view file (docs/seatview.md)."""
    lines = [
        "piles: " + " ".join(str(t) for t in view.piles),
        f"seat: {view.seat + 1}",
        f"hand: {cards_text(view.hand)}",
        "hand-sizes: " + " ".join(str(n) for n in view.hand_sizes),
        f"draw-count: {view.draw_count}",
        f"to-move: {view.to_move + 1}",
        f"laid: {view.laid}",
        f"played: {cards_text(view.played)}",
    ]
    for fits in (True, False):
        key = "reserve" if fits else "no-reserve"
        for p in view.others:
            piles = [h.pile for h in view.hints if h.player == p and h.fits == fits]
            if piles:
                lines.append(f"{key} {p + 1}: " + " ".join(str(q) for q in piles))
    return format_file("view", view.variant, lines)


def view_to_json(view: View) -> dict[str, Any]:
    """The view as JSON (docs/json.md, "Seat views"); players and seats 0-based."""
    fields = {
        "piles": list(view.piles),
        "seat": view.seat,
        "hand": list(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "draw_count": view.draw_count,
        "to_move": view.to_move,
        "laid": view.laid,
        "played": list(view.played),
        "unseen": list(view.unseen),
        "hints": [{"player": h.player, "pile": h.pile, "fits": h.fits} for h in view.hints],
    }
    return json_document("view", view.variant, fields)


def parse_view(text: str, source: str = "<input>") -> View:
    """The view written in ``text``; errors name ``source``, line and column."""
    return parse_document(text, source, GAME, {"view": _parse})


def _parse(doc: Document) -> View:
    fields = fields_of(
        doc,
        _KEYS,
        ", ".join((*_KEYS, "reserve N", "no-reserve N")),
        ("reserve", "no-reserve"),
    )
    variant = _variant(fields, doc)
    players = variant.players
    check_players(fields, ("reserve", "no-reserve"), players)
    seat = player(fields, "seat", doc, players)
    seen: dict[int, Token] = {}
    hand = numbered_cards(required(fields, "hand", doc).listed(), variant.max_card, seen)
    played = numbered_cards(required(fields, "played", doc).listed(), variant.max_card, seen)
    piles = _piles(required(fields, "piles", doc), variant, set(played))
    sizes_field = required(fields, "hand-sizes", doc)
    sizes = sizes_field.tokens()
    if len(sizes) != players:
        raise sizes_field.error(f"expected {players} hand sizes (players 1-{players})")
    hand_sizes = tuple(integer(t, 0, variant.hand_size, "a hand size") for t in sizes)
    if hand_sizes[seat] != len(hand):
        raise sizes[seat].error(
            f"seat {seat + 1} holds {len(hand)} cards ('hand'), not {hand_sizes[seat]}"
        )
    draw_count = required_integer(
        fields, "draw-count", doc, 0, variant.deck_size, "a draw pile size"
    )
    to_move = player(fields, "to-move", doc, players)
    laid = required_integer(fields, "laid", doc, 0, variant.hand_size, "a count")
    hints = _hints(fields, seat, players)
    view = View(variant, piles, seat, hand, hand_sizes, draw_count, to_move, laid, played, hints)
    hidden = sum(hand_sizes) - len(hand) + draw_count
    if hidden != len(view.unseen):
        raise fields["draw-count"].error(
            f"the other hands and the draw pile hold {hidden} cards, but {len(view.unseen)} "
            "cards are unseen (neither in 'hand' nor 'played', TG-1)"
        )
    _check(view, fields)
    return view


def _piles(f: Field, variant: Variant, played: set[int]) -> tuple[int, int, int, int]:
    """Four pile tops, each a pile's start or a card listed in ``played``."""
    words = f.tokens()
    if len(words) != 4:
        raise f.error(f"expected 4 pile tops (piles 0-3), got {len(words)}")
    tops = []
    for pile, token in zip(PILES, words, strict=True):
        start = variant.ascending_start if pile in ASCENDING_PILES else variant.descending_start
        top = integer(token, 1, variant.max_card + 1, "a pile top")
        if top != start and top not in played:
            raise token.error(f"pile {pile} shows {top}: expected {start} or a card of 'played'")
        tops.append(top)
    if len({t for t in tops if t not in (1, variant.descending_start)}) != sum(
        t not in (1, variant.descending_start) for t in tops
    ):
        raise f.error("a card shows on two piles")
    return (tops[0], tops[1], tops[2], tops[3])


def _hints(fields: dict[str, Field], seat: int, players: int) -> tuple[Hint, ...]:
    hints: dict[tuple[int, int], Token] = {}
    found: list[Hint] = []
    for key, f in fields.items():
        word, _, number = key.partition(" ")
        if word not in ("reserve", "no-reserve"):
            continue
        who = int(number) - 1
        if who == seat:
            raise NotationError(
                "a hint is what a partner said: it cannot name the seat itself",
                f.line,
                f.key_column,
            )
        for token in f.tokens():
            pile = integer(token, 0, 3, "a pile")
            if (who, pile) in hints:
                raise token.error(f"pile {pile} is hinted twice for player {who + 1}")
            hints[(who, pile)] = token
            found.append(Hint(who, pile, word == "reserve"))
    return tuple(found)


def _check(view: View, fields: dict[str, Field]) -> None:
    """The view is one some game reaches (the position checks of
    :func:`~playable.solver.thegame.notation.check_position` on one deal: they read
    the counts, tops and laid cards, which every deal shares, and the hand of the
    player to move, which :func:`some_deal` gives a turn under way where it can) and
    its hints can all hold."""
    checked(some_deal(view), check_position, _renamed(fields, view.variant.players))
    if view.hints and not _satisfiable(view):
        first = min((f for k, f in fields.items() if " " in k), key=lambda f: f.line)
        raise first.error("no deal satisfies these hints together (docs/seatview.md)")


def _renamed(fields: dict[str, Field], players: int) -> dict[str, Field]:
    """The view's fields by the names a position's checks report at: ``piles`` is
    reported at ``played`` (the laid cards under the tops) and every ``hand N`` at
    ``hand-sizes``; ``laid`` and ``to-move`` are the same."""
    hands = {f"hand {p + 1}": fields["hand-sizes"] for p in range(players)}
    return {
        **hands,
        "piles": fields["played"],
        "laid": fields["laid"],
        "to-move": fields["to-move"],
    }


def _satisfiable(view: View) -> bool:
    """Whether some deal honours every hint: choose a witness card for each
    ``reserve`` hint (backtracking), then fill the remaining hand places from the
    cards each partner may hold; the fill exists exactly when Hall's condition holds
    for every set of partners (cards left over go to the draw pile)."""
    banned = {p: set[int]() for p in view.others}
    for h in view.hints:
        if not h.fits:
            banned[h.player] |= view.hint_cards(h)
    allowed = {p: set(view.unseen) - banned[p] for p in view.others}
    needs = [(h.player, view.hint_cards(h) & allowed[h.player]) for h in view.hints if h.fits]

    def fill(witness: dict[int, set[int]]) -> bool:
        used = set().union(*witness.values())
        need = {p: view.hand_sizes[p] - len(witness[p]) for p in view.others}
        if any(n < 0 for n in need.values()):
            return False
        for r in range(1, len(view.others) + 1):
            for group in itertools.combinations(view.others, r):
                cards = set().union(*(allowed[p] for p in group)) - used
                if len(cards) < sum(need[p] for p in group):
                    return False
        return True

    def search(i: int, witness: dict[int, set[int]]) -> bool:
        if i == len(needs):
            return fill(witness)
        p, cards = needs[i]
        if witness[p] & cards:
            return search(i + 1, witness)
        used = set().union(*witness.values())
        return any(search(i + 1, {**witness, p: witness[p] | {c}}) for c in sorted(cards - used))

    return search(0, {p: set() for p in view.others})


# -------------------------------------------------------------------- interface


def seat_moves(view: View) -> list[Move]:
    """The seat's moves when it is to move (they depend only on its hand, the piles,
    the cards laid this turn and whether the draw pile is empty), else none."""
    return legal_moves(some_deal(view)) if view.seat == view.to_move else []


VIEWS: SeatViews[View, State, Move] = ViewFunctions(
    view_of, parse_view, format_view, view_to_json, seat_moves, deal, deals
)
