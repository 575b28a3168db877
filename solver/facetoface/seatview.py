"""The Game: Face to Face from one seat: what a player sees, and a dealer of the rest
(docs/seatview.md, "Face to Face"; the interface is :mod:`playable.solver.core.seatview`).

What a seat sees (FF-1 ... FF-5): its own hand; the four pile tops; every card either
player has laid (each was laid face up, and each player's cards are their own set of
2..max-card, FF-1, so a laid card's owner is known); how many cards the opponent holds
and how many each draw pile has; whose turn it is and how many cards that player has
laid this turn on own piles and on the opponent's (FF-4). A :class:`State` does not
record the laid cards, but it does not need to: each player owns exactly the cards
2..max-card, so the cards a player has laid are those in neither their hand nor their
draw pile (positions with fewer cards are endgames whose missing cards were laid,
docs/notation-facetoface.md).

So the seat's *unseen* cards are, for the opponent, their deck minus their laid cards
(split into a hand of known size and a draw pile), and for the seat itself, its deck
minus its hand and laid cards (its own draw pile, order unknown). A *deal* is a full
position: the opponent's hand (a set), the opponent's draw order and the seat's own
draw order. All cards of one player differ, so a uniform shuffle of each player's
unseen cards, the opponent's first cards going to the hand, gives every deal with the
same probability.

A deal is consistent with the view when the position is one a game can reach
(:func:`~playable.solver.facetoface.notation.check_position`). Every check there is
decided by the view alone except one: an opponent in the middle of a turn must hold a
hand that can still complete it (FF-4, the FF-6 decision of the rules module). For
that view the dealer rejects the shuffles whose hand cannot: rejection from a uniform
draw is uniform on the accepted deals, and the parser has found one such hand, so the
loop ends.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, permutations
from typing import Any, Final

from playable.solver.core.cardlist import (
    Document,
    Field,
    Token,
    cards_text,
    fields_of,
    integer,
    parse_document,
    player,
    required,
)
from playable.solver.core.errors import PlayableError
from playable.solver.core.seatview import SeatViews, ViewFunctions
from playable.solver.facetoface.notation import (
    GAME,
    _both_piles,
    _card_list,
    _variant,
    checked_position,
    format_file,
    json_document,
    pile_lines,
    piles_json,
)
from playable.solver.facetoface.rules import (
    HAND_SIZE,
    State,
    Variant,
    can_complete,
    has_won,
    legal_moves,
)
from playable.solver.facetoface.rules import Move as Move

_KEYS: Final = (
    "max-card",
    "seat",
    "piles 1",
    "piles 2",
    "hand",
    "hand-sizes",
    "draw-counts",
    "to-move",
    "laid",
    "played 1",
    "played 2",
)


@dataclass(frozen=True)
class View:
    """A position of Face to Face as player ``seat`` (0-based) sees it.

    ``hand`` is the seat's own hand (sorted), ``played[p]`` the cards player p has laid
    (sorted), ``other_hand`` the number of cards the opponent holds; ``piles``,
    ``to_move``, ``laid_own`` and ``laid_opp`` are as in :class:`State`.
    """

    variant: Variant
    seat: int
    piles: tuple[tuple[int, int], tuple[int, int]]
    hand: tuple[int, ...]
    played: tuple[tuple[int, ...], tuple[int, ...]]
    other_hand: int
    to_move: int
    laid_own: int = 0
    laid_opp: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "hand", tuple(sorted(self.hand)))
        played = tuple(tuple(sorted(cards)) for cards in self.played)
        object.__setattr__(self, "played", played)

    @property
    def other(self) -> int:
        return 1 - self.seat

    def hand_size(self, p: int) -> int:
        return len(self.hand) if p == self.seat else self.other_hand

    def draw_size(self, p: int) -> int:
        """FF-1: a player's cards are in hand, in the draw pile or laid."""
        return self.variant.deck_size - len(self.played[p]) - self.hand_size(p)

    def unseen(self, p: int) -> tuple[int, ...]:
        """Player p's cards the seat cannot see: the opponent's hand and draw pile, or
        the seat's own draw pile (sorted)."""
        hidden = set(self.variant.cards) - set(self.played[p])
        if p == self.seat:
            hidden -= set(self.hand)
        return tuple(sorted(hidden))


def view_of(state: State, seat: int) -> View:
    """What ``seat`` sees of ``state``: the laid cards are every card of a player in
    neither their hand nor their draw pile (FF-1)."""
    played = tuple(
        tuple(sorted(set(state.variant.cards) - set(state.hands[p]) - set(state.draws[p])))
        for p in (0, 1)
    )
    return View(
        state.variant,
        seat,
        state.piles,
        state.hands[seat],
        (played[0], played[1]),
        len(state.hands[1 - seat]),
        state.to_move,
        state.laid_own,
        state.laid_opp,
    )


def _arrange(
    view: View, other_hand: tuple[int, ...], other_draw: tuple[int, ...], own_draw: tuple[int, ...]
) -> State:
    hands = [view.hand, view.hand]
    draws = [own_draw, own_draw]
    hands[view.other], draws[view.other] = other_hand, other_draw
    return State(
        view.variant,
        view.piles,
        (hands[0], hands[1]),
        (draws[0], draws[1]),
        view.to_move,
        view.laid_own,
        view.laid_opp,
    )


def _completes(state: State) -> bool:
    """Check 6 of ``check_position``, the one the hidden cards decide: a turn under way
    can still be completed (FF-4, FF-6)."""
    return not state.laid or has_won(state, state.to_move) or can_complete(state)


@lru_cache(maxsize=256)
def _witness(view: View) -> State | None:
    """One consistent deal, or None if no hand of the opponent's unseen cards can
    complete the turn they are in.

    Only a turn the opponent is in depends on their hand. If their draw pile has cards
    they cannot win by emptying their hand, so a hand completes the turn when some of
    its cards do, and at most 2 more plays complete any turn (rules.can_complete): a
    hand works if one of its subsets of size min(size, 2) padded with any cards works,
    so those subsets are all that need trying. With an empty draw pile the hand is
    every unseen card.
    """
    unseen = view.unseen(view.other)
    size = view.other_hand
    own = view.unseen(view.seat)
    tried = size if len(unseen) == size else min(size, 2)
    for core in combinations(unseen, tried):
        hand = core + tuple(c for c in unseen if c not in core)[: size - tried]
        state = _arrange(view, hand, tuple(c for c in unseen if c not in hand), own)
        if _completes(state):
            return state
    return None


def deal(view: View, rng: random.Random) -> State:
    """A uniform consistent deal (module docstring): shuffle each player's unseen cards;
    reject a hand that cannot complete the opponent's turn under way."""
    if _witness(view) is None:
        raise PlayableError("no deal is consistent with this view (FF-4)")
    while True:
        other = list(view.unseen(view.other))
        own = list(view.unseen(view.seat))
        rng.shuffle(other)
        rng.shuffle(own)
        size = view.other_hand
        state = _arrange(view, tuple(other[:size]), tuple(other[size:]), tuple(own))
        if _completes(state):
            return state


def deals(view: View) -> Iterator[State]:
    """Every consistent deal once: each hand of the opponent, each order of the rest,
    each order of the seat's own draw pile."""
    unseen = view.unseen(view.other)
    for hand in combinations(unseen, view.other_hand):
        rest = [c for c in unseen if c not in hand]
        for other_draw in permutations(rest):
            for own_draw in permutations(view.unseen(view.seat)):
                state = _arrange(view, hand, other_draw, own_draw)
                if _completes(state):
                    yield state


# --------------------------------------------------------------------- the file


def format_view(view: View) -> str:
    """The view file (docs/seatview.md): players and seat numbered from 1."""
    lines = [f"seat: {view.seat + 1}", *pile_lines(view.piles)]
    lines += [
        f"hand: {cards_text(view.hand)}",
        f"hand-sizes: {view.hand_size(0)} {view.hand_size(1)}",
        f"draw-counts: {view.draw_size(0)} {view.draw_size(1)}",
        f"to-move: {view.to_move + 1}",
        f"laid: {view.laid_own} {view.laid_opp}",
    ]
    lines += [f"played {p + 1}: {cards_text(view.played[p])}" for p in (0, 1)]
    return format_file("view", view.variant, lines)


def view_to_json(view: View) -> dict[str, Any]:
    """The view as JSON (players and seat 0-based); ``unseen[p]`` lists player p's
    cards the seat cannot see."""
    fields = {
        "seat": view.seat,
        "piles": piles_json(view.piles),
        "hand": list(view.hand),
        "hand_sizes": [view.hand_size(p) for p in (0, 1)],
        "draw_counts": [view.draw_size(p) for p in (0, 1)],
        "to_move": view.to_move,
        "laid_own": view.laid_own,
        "laid_opp": view.laid_opp,
        "played": [list(cards) for cards in view.played],
        "unseen": [list(view.unseen(p)) for p in (0, 1)],
    }
    return json_document("view", view.variant, fields)


def parse_view(text: str, source: str = "<input>") -> View:
    """A view file; errors (also a view no deal is consistent with) name ``source``,
    line and column."""
    return parse_document(text, source, GAME, {"view": _parse_view})


def _parse_view(doc: Document) -> View:
    fields = fields_of(doc, _KEYS)
    variant = _variant(fields)
    seat = player(fields, "seat", doc, 2)
    other = 1 - seat
    piles = _both_piles(fields, doc, variant)
    seen: dict[int, Token] = {}
    hand = _card_list(required(fields, "hand", doc), variant, seen)
    sizes = _pair(required(fields, "hand-sizes", doc), 0, HAND_SIZE, "a hand size")
    if int(sizes[seat].text) != len(hand):
        raise sizes[seat].error(f"seat {seat + 1} holds {len(hand)} cards ('hand')")
    played_seat = _card_list(required(fields, f"played {seat + 1}", doc), variant, seen)
    played_other = _card_list(required(fields, f"played {other + 1}", doc), variant, {})
    other_hand = int(sizes[other].text)
    if other_hand + len(played_other) > variant.deck_size:
        raise sizes[other].error(
            f"player {other + 1} has {variant.deck_size - len(played_other)} card(s) "
            f"not played, so cannot hold {other_hand} (FF-1)"
        )
    played = [played_seat, played_other] if seat == 0 else [played_other, played_seat]
    to_move = player(fields, "to-move", doc, 2)
    laid = required(fields, "laid", doc)
    laid_own, laid_opp = (
        int(t.text) for t in _pair(laid, 0, HAND_SIZE, "a count of cards laid this turn")
    )
    if laid_opp > 1:
        raise laid.tokens()[1].error(
            "at most 1 card a turn goes on the opponent's piles (FF-3), got "
            f"'{laid.tokens()[1].text}'"
        )
    view = View(
        variant,
        seat,
        piles,
        tuple(sorted(hand)),
        (tuple(sorted(played[0])), tuple(sorted(played[1]))),
        other_hand,
        to_move,
        laid_own,
        laid_opp,
    )
    _check_draw_counts(view, required(fields, "draw-counts", doc))
    witness = _witness(view)
    if witness is None:
        raise laid.error(
            f"player {other + 1} is in a turn that no hand of {other_hand} of their unseen "
            "cards can complete, and a turn only starts when it can (FF-4, FF-6)"
        )
    checked_position(witness, _renamed(fields, seat))
    return view


def _pair(f: Field, low: int, high: int, what: str) -> tuple[Token, Token]:
    """The two numbers of a field that gives one per player (or own and opponent's),
    each checked to be ``low..high``."""
    words = f.tokens()
    if len(words) != 2:
        raise f.error(f"expected 2 values for '{f.key}', got {len(words)}")
    for word in words:
        integer(word, low, high, what)
    return words[0], words[1]


def _check_draw_counts(view: View, f: Field) -> None:
    """FF-1: each draw pile holds the player's cards neither in hand nor played."""
    for p, token in enumerate(_pair(f, 0, view.variant.deck_size, "a draw pile size")):
        if int(token.text) != view.draw_size(p):
            raise token.error(
                f"draw pile {p + 1} holds {view.draw_size(p)} card(s): "
                f"{view.variant.deck_size} minus {view.hand_size(p)} in hand and "
                f"{len(view.played[p])} played (FF-1), not {token.text}"
            )


def _renamed(fields: dict[str, Field], seat: int) -> dict[str, Field]:
    """The view's fields by the names a position's checks report at: ``hand N`` is
    the seat's ``hand`` or the ``hand-sizes`` of the other (``piles N`` and ``laid``
    are the same)."""
    other = f"hand {2 - seat}"
    return {**fields, f"hand {seat + 1}": fields["hand"], other: fields["hand-sizes"]}


# --------------------------------------------------------------------- the seat views


def seat_moves(view: View) -> list[Move]:
    """The seat's moves when it is to move, read from any consistent deal (they
    depend on its own hand, the piles and the counts only); none otherwise."""
    if view.to_move != view.seat:
        return []
    witness = _witness(view)
    return [] if witness is None else legal_moves(witness)


VIEWS: SeatViews[View, State, Move] = ViewFunctions(
    view_of, parse_view, format_view, view_to_json, seat_moves, deal, deals
)
