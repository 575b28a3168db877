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

After a reshuffle (SQ-9) a player knows which cards went into the new draw pile: a
view may carry that (:class:`~.seatview_reshuffle.Reshuffle`, the ``reshuffled``
lines), and its dealer then keeps it (:mod:`.seatview_reshuffle`). A position does
not record whether a reshuffle happened, so :func:`view_of` gives none; the views
along a played game (:func:`views_along`) do.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
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
from playable.solver.core.multisets import orders, sub_multisets
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
from playable.solver.sequence.seatview_reshuffle import (
    Inconsistent,
    Posterior,
    Reshuffle,
    Seen,
    along,
    posterior,
)

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
    "reshuffled",
    "reshuffled-by",
    "drawn",
    *ROW_KEYS,
)
_EXPECTED: Final = (
    "players, sides, seat, row 0-9, sequences, hand, discard N, draw-count, to-move, replaced, "
    "seed, reshuffled, reshuffled-by, drawn"
)
_RESHUFFLE_KEYS: Final = ("reshuffled", "reshuffled-by", "drawn")


@dataclass(frozen=True)
class View:
    """A Sequence position as player ``seat`` (0-based) sees it: the public fields of
    :class:`State`, ``hand``, the seat's own hand (sorted), and what it saw of the last
    reshuffle (SQ-9; None: none, or not kept)."""

    variant: Variant
    seat: int
    chips: tuple[int, ...]
    sequences: tuple[Completed, ...]
    hand: tuple[str, ...]
    discards: tuple[tuple[str, ...], ...]
    to_move: int
    replaced: bool = False
    seed: int = 0
    reshuffle: Reshuffle | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "hand", tuple(sorted(self.hand)))

    def posterior(self) -> Posterior:
        """The dealer of a view with a reshuffle (:mod:`.seatview_reshuffle`)."""
        assert self.reshuffle is not None
        winner_moved = self.to_move if self.winner is not None else -1
        sizes = tuple(self.hand_size(p) for p in range(self.variant.players))
        seen = Seen(self.seat, self.hand, self.discards, sizes, winner_moved)
        return posterior(seen, self.reshuffle)

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


def _position(view: View, hands: dict[int, tuple[str, ...]], draw: tuple[str, ...]) -> State:
    """The full position of ``view`` with the other players' ``hands`` and ``draw``."""
    return State(
        view.variant,
        view.chips,
        view.sequences,
        tuple(view.hand if p == view.seat else hands[p] for p in range(view.variant.players)),
        view.discards,
        draw,
        0,
        view.to_move,
        view.replaced,
        view.seed,
    )


def _arrange(view: View, order: list[str]) -> State:
    """The deal of ``order`` (the unseen cards): the other players' hands in seat
    order, then the draw pile, next card first."""
    hands: dict[int, tuple[str, ...]] = {}
    start = 0
    for p in view.others:
        hands[p] = tuple(order[start : start + view.hand_size(p)])
        start += view.hand_size(p)
    return _position(view, hands, tuple(order[start:]))


def deal(view: View, rng: random.Random) -> State:
    """A fair shuffle of the unseen cards, dealt (module docstring); after a reshuffle
    the shuffles of :mod:`.seatview_reshuffle`."""
    if view.reshuffle is not None:
        return _position(view, *view.posterior().deal(rng))
    order = list(view.unseen())
    rng.shuffle(order)
    return _arrange(view, order)


def deal_weight(view: View, state: State) -> int:
    """How many orders of the unseen cards deal ``state`` (each hidden hand's
    arrangements; the draw order is fixed): :meth:`SeatViews.deal` returns ``state``
    with probability ``deal_weight / (n! / prod(m_c!))`` for ``n`` unseen cards of
    which ``m_c`` are ``c``. For a view without a reshuffle (with one, the weights are
    counted by the tests' brute force)."""
    if view.reshuffle is not None:
        raise ValueError("deal_weight is for views without a reshuffle")
    weight = 1
    for p in view.others:
        counts = Counter(state.hands[p]).values()
        weight *= math.factorial(len(state.hands[p])) // math.prod(map(math.factorial, counts))
    return weight


def deals(view: View) -> Iterator[State]:
    """Each deal once: every hand of each other player, every order of the rest (after
    a reshuffle, those :mod:`.seatview_reshuffle` lists)."""
    if view.reshuffle is not None:
        for hands, draw in view.posterior().deals():
            yield _position(view, hands, draw)
        return

    def fill(i: int, pool: Counter[str], dealt: list[str]) -> Iterator[State]:
        if i == len(view.others):
            for draw in orders(pool):
                yield _arrange(view, [*dealt, *draw])
            return
        for hand in sub_multisets(pool, view.hand_size(view.others[i])):
            yield from fill(i + 1, pool - Counter(hand), [*dealt, *hand])

    yield from fill(0, Counter(view.unseen()), [])


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
    if view.reshuffle is not None:
        r = view.reshuffle
        lines += [
            f"reshuffled: {cards_text(r.cards)}",
            f"reshuffled-by: {r.by + 1}",
            f"drawn: {cards_text(r.drawn)}",
        ]
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
        "reshuffle": None
        if view.reshuffle is None
        else {
            "cards": list(view.reshuffle.cards),
            "by": view.reshuffle.by,
            "drawn": list(view.reshuffle.drawn),
        },
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
    draw_field = required(fields, "draw-count", doc)
    _check_draw_size(view, draw_field)
    return _with_reshuffle(view, fields, doc, draw_field)


def _with_reshuffle(view: View, fields: dict[str, Field], doc: Document, draw: Field) -> View:
    """The view with its ``reshuffled`` lines (all three or none), refused when they do
    not fit the rest of the view (:class:`~.seatview_reshuffle.Inconsistent`)."""
    given = [key for key in _RESHUFFLE_KEYS if key in fields]
    if not given:
        return view
    if len(given) < len(_RESHUFFLE_KEYS):
        missing = next(key for key in _RESHUFFLE_KEYS if key not in fields)
        raise fields[given[0]].error(
            f"a reshuffle needs all of {', '.join(_RESHUFFLE_KEYS)}: '{missing}' is missing (SQ-9)"
        )
    cards_field = fields["reshuffled"]
    cards = _card_list(cards_field, Counter(), {})
    by = player(fields, "reshuffled-by", doc, view.variant.players)
    drawn = _card_list(fields["drawn"], Counter(), {})
    view = replace(view, reshuffle=Reshuffle(cards, by, drawn))
    try:
        view.posterior().check()
        if view.posterior().pile_size() != view.draw_size:
            raise Inconsistent(
                f"{view.posterior().pile_size()} reshuffled card(s) are not drawn yet, but the "
                f"draw pile holds {view.draw_size}"
            )
    except Inconsistent as error:
        raise cards_field.error(f"{error} (SQ-9)") from None
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


def views_along(steps: Sequence[tuple[State, Move]], seat: int) -> list[View]:
    """The view of ``seat`` before each ``(position, move)`` step of a game, each with
    what it saw of the last reshuffle so far (:func:`~.seatview_reshuffle.along`)."""
    known = along(steps, seat)
    return [
        replace(view_of(before, seat), reshuffle=r)
        for (before, _), r in zip(steps, known, strict=True)
    ]


VIEWS: SeatViews[View, State, Move] = ViewFunctions(
    view_of, parse_view, format_view, view_to_json, seat_moves, deal, deals, views_along
)
