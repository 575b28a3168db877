"""Sequence from one seat: what a player sees, and a dealer of the rest
(docs/seatview.md, "Sequence"; the interface is :mod:`playable.solver.core.seatview`).

What a seat sees (SQ-1 ... SQ-9): the board (chips, and the completed sequences in the
order made), its own hand, every player's discard pile (cards are played face up on
it, SQ-4, dead cards too, SQ-6), and so how many cards the draw pile holds; the other
hands' sizes follow from the rules (SQ-3: full after every turn; SQ-8, SQ-11: the
player who made the winning sequence holds one card fewer). Whose turn it is, whether
a dead card was already replaced this turn (SQ-6) and the reshuffle seed of the engine
(SQ-9 decision: the order a reshuffle gives is a function of it) are public too.

The *unseen* cards are the multiset of the two decks (SQ-2) minus the seat's hand
minus every discard pile: the other hands and the draw pile, in some order. A *deal*
is a full :class:`State`: a hand (a multiset) for every other player and the order of
the draw pile. The two decks hold every card twice, so the same state comes from
several orders of the unseen cards; the dealer is a fair shuffle of them, the first
cards going to the other players' hands in seat order and the rest, in order, to the
draw pile. It draws every *order* of the unseen multiset with the same probability,
so a state comes out with probability proportional to :func:`deal_weight`, the number
of orders giving it: a hand holding both copies of a card is half as likely as one
holding one copy of each of two cards, as at a real table. :meth:`SeatViews.deals`
lists each state once; the chi-square test weighs them by :func:`deal_weight`.

Every split of the unseen cards is a position the notation accepts (hand sizes are
fixed and the board is public), so every deal is consistent with the view.

What a view leaves out: after a reshuffle (SQ-9) a player knows which cards went into
the new draw pile; a position does not record whether one happened, so a view does
not either, and its deals spread the unseen cards over the hands and the draw pile as
if none had. Before the first reshuffle the view holds everything the seat knows.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final

from playable.solver.core.cardlist import (
    Document,
    Field,
    Token,
    cards_text,
    fields_of,
    format_document,
    integer,
    parse_document,
    player,
    required,
    single,
)
from playable.solver.core.seatview import SeatViews, ViewFunctions
from playable.solver.sequence.notation import (
    GAME,
    ROW_KEYS,
    _board,
    _card_list,
    _check_reachable,
    _discards,
    _sequences,
    _turn,
    _variant,
    board_json,
    board_lines,
    discard_lines,
    turn_lines,
)
from playable.solver.sequence.rules import DECK, Completed, State, Variant, legal_moves
from playable.solver.sequence.rules import Move as Move

_DECK_COUNT: Final = Counter(DECK)
_KEYS: Final = (
    "players",
    "sides",
    "seat",
    "sequences",
    "hand",
    "draw-count",
    "to-move",
    "replaced",
    "seed",
    *ROW_KEYS,
)
_EXPECTED: Final = (
    "players, sides, seat, row 0-9, sequences, hand, discard N, draw-count, to-move, replaced, seed"
)


@dataclass(frozen=True)
class View:
    """A Sequence position as player ``seat`` (0-based) sees it: the public fields of
    :class:`State`, and ``hand``, the seat's own hand (sorted)."""

    variant: Variant
    seat: int
    chips: tuple[int, ...]
    sequences: tuple[Completed, ...]
    hand: tuple[str, ...]
    discards: tuple[tuple[str, ...], ...]
    to_move: int
    replaced: bool = False
    seed: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "hand", tuple(sorted(self.hand)))

    @property
    def winner(self) -> int | None:
        """SQ-8: the side with the sequences it needs, if any."""
        for side in range(self.variant.sides):
            made = sum(1 for s in self.sequences if s.side == side)
            if made >= self.variant.sequences_to_win:
                return side
        return None

    def hand_size(self, p: int) -> int:
        """SQ-3; SQ-8, SQ-11: nobody draws after the winning move."""
        won = self.winner is not None and p == self.to_move
        return self.variant.hand_size - (1 if won else 0)

    def unseen(self) -> tuple[str, ...]:
        """The cards the seat cannot see (sorted): two decks minus its hand and every
        discard pile (SQ-2, SQ-4)."""
        gone = Counter(self.hand) + Counter(c for pile in self.discards for c in pile)
        return tuple(sorted((_DECK_COUNT - gone).elements()))

    @property
    def others(self) -> tuple[int, ...]:
        return tuple(p for p in range(self.variant.players) if p != self.seat)

    @property
    def draw_size(self) -> int:
        return len(self.unseen()) - sum(self.hand_size(p) for p in self.others)


def view_of(state: State, seat: int) -> View:
    """What ``seat`` sees of ``state``: everything but the other hands and the draw."""
    return View(
        state.variant,
        seat,
        state.chips,
        state.sequences,
        state.hands[seat],
        state.discards,
        state.to_move,
        state.replaced,
        state.seed,
    )


def _arrange(view: View, order: list[str]) -> State:
    """The deal of ``order`` (the unseen cards): the other players' hands in seat
    order, then the draw pile, next card first."""
    hands: list[tuple[str, ...]] = []
    start = 0
    for p in range(view.variant.players):
        if p == view.seat:
            hands.append(view.hand)
        else:
            hands.append(tuple(order[start : start + view.hand_size(p)]))
            start += view.hand_size(p)
    return State(
        view.variant,
        view.chips,
        view.sequences,
        tuple(hands),
        view.discards,
        tuple(order[start:]),
        0,
        view.to_move,
        view.replaced,
        view.seed,
    )


def deal(view: View, rng: random.Random) -> State:
    """A fair shuffle of the unseen cards, dealt (module docstring)."""
    order = list(view.unseen())
    rng.shuffle(order)
    return _arrange(view, order)


def deal_weight(view: View, state: State) -> int:
    """How many orders of the unseen cards deal ``state`` (each hidden hand's
    arrangements; the draw order is fixed): :meth:`SeatViews.deal` returns ``state``
    with probability ``deal_weight / (n! / prod(m_c!))`` for ``n`` unseen cards of
    which ``m_c`` are ``c``."""
    weight = 1
    for p in view.others:
        counts = Counter(state.hands[p]).values()
        weight *= math.factorial(len(state.hands[p])) // math.prod(map(math.factorial, counts))
    return weight


def _hands(pool: Counter[str], size: int) -> Iterator[tuple[str, ...]]:
    """Every distinct multiset of ``size`` cards from ``pool`` (sorted)."""
    cards = sorted(pool)

    def pick(i: int, left: int) -> Iterator[tuple[str, ...]]:
        if left == 0:
            yield ()
            return
        if i == len(cards):
            return
        for n in range(min(pool[cards[i]], left), -1, -1):
            for rest in pick(i + 1, left - n):
                yield (cards[i],) * n + rest

    return pick(0, size)


def _orders(pool: Counter[str]) -> Iterator[tuple[str, ...]]:
    """Every distinct order of the multiset ``pool``."""
    if not +pool:
        yield ()
        return
    for card in sorted(+pool):
        for rest in _orders(pool - Counter([card])):
            yield (card, *rest)


def deals(view: View) -> Iterator[State]:
    """Each deal once: every hand of each other player, every order of the rest."""

    def fill(i: int, pool: Counter[str], dealt: list[str]) -> Iterator[State]:
        if i == len(view.others):
            for draw in _orders(pool):
                yield _arrange(view, [*dealt, *draw])
            return
        for hand in _hands(pool, view.hand_size(view.others[i])):
            yield from fill(i + 1, pool - Counter(hand), [*dealt, *hand])

    return fill(0, Counter(view.unseen()), [])


# --------------------------------------------------------------------- the file


def format_view(view: View) -> str:
    """The view file (docs/seatview.md): players and seat numbered from 1."""
    v = view.variant
    lines = [f"players: {v.players}", f"sides: {v.sides}", f"seat: {view.seat + 1}"]
    lines += board_lines(view.chips, view.sequences)
    lines.append(f"hand: {cards_text(view.hand)}")
    lines += discard_lines(view.discards)
    lines.append(f"draw-count: {view.draw_size}")
    lines += turn_lines(view.to_move, view.replaced, view.seed)
    return format_document(GAME, "view", lines)


def view_to_json(view: View) -> dict[str, Any]:
    """The view as JSON: players and sides 0-based; ``unseen`` lists the cards the
    seat cannot see (the other hands and the draw pile)."""
    players = range(view.variant.players)
    return {
        "game": GAME,
        "kind": "view",
        "players": view.variant.players,
        "sides": view.variant.sides,
        "seat": view.seat,
        **board_json(view.chips, view.sequences),
        "hand": list(view.hand),
        "hand_sizes": [view.hand_size(p) for p in players],
        "discards": [list(d) for d in view.discards],
        "draw_count": view.draw_size,
        "unseen": list(view.unseen()),
        "to_move": view.to_move,
        "replaced": view.replaced,
        "seed": view.seed,
        "winner": view.winner,
    }


def parse_view(text: str, source: str = "<input>") -> View:
    """A view file; errors (also a view no deal is consistent with) name ``source``,
    line and column."""
    return parse_document(text, source, GAME, {"view": _parse_view})


def _parse_view(doc: Document) -> View:
    fields = fields_of(doc, _KEYS, _EXPECTED, ("discard",))
    variant = _variant(fields, doc, ("discard",))
    players = variant.players
    seat = player(fields, "seat", doc, players)
    chips = _board(fields, doc, variant.sides)
    sequences = _sequences(fields, doc, chips, variant)
    _check_reachable(fields["sequences"], chips, sequences, variant)
    seen: Counter[str] = Counter()
    first: dict[str, Token] = {}
    hand_field = required(fields, "hand", doc)
    hand = _card_list(hand_field, seen, first)
    discards = _discards(fields, players, seen, first)
    view = View(
        variant, seat, chips, sequences, tuple(sorted(hand)), discards, *_turn(fields, doc, players)
    )
    if len(hand) != view.hand_size(seat):
        raise hand_field.error(
            f"seat {seat + 1}'s hand must hold {view.hand_size(seat)} cards with {players} "
            f"players (SQ-3), got {len(hand)}"
        )
    _check_draw_size(view, required(fields, "draw-count", doc))
    return view


def _check_draw_size(view: View, f: Field) -> None:
    """The draw pile holds the unseen cards the other hands do not (SQ-2, SQ-3)."""
    given = integer(single(f), 0, len(DECK), "a number of cards")
    others = sum(view.hand_size(p) for p in view.others)
    unseen = len(view.unseen())
    if unseen < others:
        raise f.error(
            f"only {unseen} card(s) are unseen (104 minus the hand and the discards), "
            f"fewer than the {others} in the other hands (SQ-2, SQ-3)"
        )
    if given != view.draw_size:
        raise f.error(
            f"the draw pile holds {view.draw_size} card(s): {unseen} unseen (104 minus "
            f"the hand and the discards) minus {others} in the other hands (SQ-2, SQ-3), "
            f"not {given}"
        )


# --------------------------------------------------------------------- the seat views


def seat_moves(view: View) -> list[Move]:
    """The seat's moves when it is to move, read from any deal (they depend on its
    hand and the public board only; a dealt draw pile is fully known, so a dead
    card can always be exchanged, SQ-6, SQ-9); none otherwise."""
    if view.to_move != view.seat:
        return []
    return legal_moves(_arrange(view, list(view.unseen())))


VIEWS: SeatViews[View, State, Move] = ViewFunctions(
    view_of, parse_view, format_view, view_to_json, seat_moves, deal, deals
)
