"""The Game: Face to Face: the text notation of deals, positions and lines
(docs/notation-facetoface.md).

A deal (FF-1) and a position in progress are each a short line-oriented file::

    playable facetoface deal
    max-card: 59
    deck 1: 54 12 37 ...      # player 1's 58 cards, top first (first 6 = hand)
    deck 2: 8 33 41 ...

    playable facetoface position
    max-card: 59
    piles 1: 14 52            # player 1's ascending and descending pile tops
    piles 2: 9 60
    hand 1: 3 17 22 40
    hand 2: 2 5 30 33 58 59
    draw 1: 45 23 ...         # '-' for an empty pile
    draw 2: 11 ...
    to-move: 1
    laid: 0 0                 # cards the player to move laid this turn: own, opponent's

``parse(format(x)) == x`` for every deal and position. Every error is a
:class:`NotationError` naming the line and column and what was expected. Players are
numbered from 1 in this notation; moves are written ``card@pile`` with the pile seen
by the player to move: ``37@own-up``, ``12@opp-up`` (FF-3).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from solver.core.cardlist import (
    Document,
    Field,
    Token,
    fields_of,
    integer,
    is_number,
    required,
    single,
    split_document,
    tokens,
)
from solver.core.errors import InvalidVariant, NotationError
from solver.facetoface.rules import (
    HAND_SIZE,
    PILES,
    Play,
    State,
    Variant,
    can_complete,
    deal,
)

GAME = "facetoface"
_DEAL_KEYS = ("max-card", "deck 1", "deck 2")
_POSITION_KEYS = (
    "max-card",
    "piles 1",
    "piles 2",
    "hand 1",
    "hand 2",
    "draw 1",
    "draw 2",
    "to-move",
    "laid",
)

Turn = tuple[int, Sequence[Play]]


@dataclass(frozen=True)
class Deal:
    """A deal: the variant and each player's deck, top first (FF-1)."""

    variant: Variant
    deck_a: tuple[int, ...]
    deck_b: tuple[int, ...]

    def start(self, first: int = 0) -> State:
        """The starting position with ``first`` (0 or 1) to move (FF-7)."""
        return deal(self.variant, self.deck_a, self.deck_b, first)


# --------------------------------------------------------------------- formatting


def _cards(cards: Sequence[int]) -> str:
    return " ".join(str(c) for c in cards) if cards else "-"


def format_deal(d: Deal) -> str:
    """The text of a deal file."""
    lines = [
        f"playable {GAME} deal",
        f"max-card: {d.variant.max_card}",
        f"deck 1: {_cards(d.deck_a)}",
        f"deck 2: {_cards(d.deck_b)}",
    ]
    return "\n".join(lines) + "\n"


def format_position(state: State) -> str:
    """The text of a position file."""
    lines = [f"playable {GAME} position", f"max-card: {state.variant.max_card}"]
    lines += [f"piles {p + 1}: {up} {down}" for p, (up, down) in enumerate(state.piles)]
    lines += [f"hand {p + 1}: {_cards(h)}" for p, h in enumerate(state.hands)]
    lines += [f"draw {p + 1}: {_cards(d)}" for p, d in enumerate(state.draws)]
    lines += [f"to-move: {state.to_move + 1}", f"laid: {state.laid_own} {state.laid_opp}"]
    return "\n".join(lines) + "\n"


def format_turn(plays: Sequence[Play]) -> str:
    return " ".join(str(p) for p in plays)


def format_line(turns: Sequence[Turn]) -> str:
    """A line as text: ``1: 37@own-up 12@opp-up / 2: 40@own-down 41@own-down``."""
    return " / ".join(f"{p + 1}: {format_turn(plays)}" for p, plays in turns)


def line_to_json(turns: Sequence[Turn]) -> list[dict[str, Any]]:
    """A line in the issue's JSON form: players 0-based, piles as seen by the player."""
    return [
        {"player": p, "plays": [{"card": m.card, "pile": m.pile} for m in plays]}
        for p, plays in turns
    ]


def line_from_json(document: list[dict[str, Any]]) -> list[tuple[int, list[Play]]]:
    return [
        (int(t["player"]), [Play(int(m["card"]), str(m["pile"])) for m in t["plays"]])
        for t in document
    ]


def deal_to_json(d: Deal) -> dict[str, Any]:
    return {
        "game": GAME,
        "kind": "deal",
        "max_card": d.variant.max_card,
        "decks": [list(d.deck_a), list(d.deck_b)],
    }


def position_to_json(state: State) -> dict[str, Any]:
    return {
        "game": GAME,
        "kind": "position",
        "max_card": state.variant.max_card,
        "piles": [{"up": up, "down": down} for up, down in state.piles],
        "hands": [list(h) for h in state.hands],
        "draws": [list(d) for d in state.draws],
        "to_move": state.to_move,
        "laid_own": state.laid_own,
        "laid_opp": state.laid_opp,
        "cards_left": [state.cards_left(0), state.cards_left(1)],
    }


# ------------------------------------------------------------------------ parsing


def parse(text: str, source: str = "<input>") -> Deal | State:
    """Parse a deal or a position file; errors name ``source``, line and column."""
    try:
        doc = split_document(text)
        if doc.game != GAME:
            raise NotationError(f"expected game '{GAME}', got '{doc.game}'", doc.header_line, 10)
        if doc.kind == "deal":
            return _parse_deal(doc)
        if doc.kind == "position":
            return _parse_position(doc)
        raise NotationError(
            f"expected kind 'deal' or 'position', got '{doc.kind}'",
            doc.header_line,
            11 + len(doc.game),
        )
    except NotationError as error:
        raise error.with_source(source) from None


def parse_position(text: str, source: str = "<input>", first: int = 0) -> State:
    """A position; a deal is started with ``first`` to move."""
    result = parse(text, source)
    return result.start(first) if isinstance(result, Deal) else result


def parse_play(token: Token) -> Play:
    """``card@pile``, e.g. ``37@own-up`` or ``12@opp-up``."""
    card, at, pile = token.text.partition("@")
    if not at or not is_number(card) or pile not in PILES:
        raise token.error(
            f"expected a move 'card@pile' with pile one of {', '.join(PILES)}, got '{token.text}'"
        )
    return Play(int(card), pile)


def parse_plays(text: str, line: int = 1, column: int = 1) -> list[Play]:
    """A space- or comma-separated list of ``card@pile`` moves."""
    return [parse_play(t) for t in tokens(text, line, column)]


def _variant(fields: dict[str, Field]) -> Variant:
    if "max-card" not in fields:
        return Variant()
    f = fields["max-card"]
    max_card = integer(single(f), HAND_SIZE + 1, 59, "a highest card")
    try:
        return Variant(max_card)
    except InvalidVariant as error:  # pragma: no cover - the range above matches
        raise f.error(str(error)) from None


def _card_list(f: Field, variant: Variant, seen: dict[int, Token]) -> tuple[int, ...]:
    """The cards of a field ('-' for none); each a card of the deck not seen before."""
    words = f.tokens()
    if not words:
        raise f.error(f"expected cards 2..{variant.max_card} or '-' for none")
    if len(words) == 1 and words[0].text == "-":
        return ()
    cards = []
    for token in words:
        card = integer(token, 2, variant.max_card, "a card")
        if card in seen:
            first = seen[card]
            raise token.error(
                f"card {card} appears twice for this player "
                f"(first at line {first.line}, column {first.column})"
            )
        seen[card] = token
        cards.append(card)
    return tuple(cards)


def _deck(f: Field, variant: Variant) -> tuple[int, ...]:
    order = _card_list(f, variant, {})
    if len(order) != variant.deck_size:
        raise f.error(
            f"expected {variant.deck_size} cards (each of 2..{variant.max_card} once), "
            f"got {len(order)}"
        )
    return order


def parse_deck(cards: str, variant: Variant, source: str = "--deck") -> tuple[int, ...]:
    """One player's deck from a bare list of cards, top first (the CLI's ``--deck-a``)."""
    try:
        return _deck(Field("deck", cards, 1, 1, 1), variant)
    except NotationError as error:
        raise error.with_source(source) from None


def _parse_deal(doc: Document) -> Deal:
    fields = fields_of(doc, _DEAL_KEYS)
    variant = _variant(fields)
    return Deal(
        variant,
        _deck(required(fields, "deck 1", doc), variant),
        _deck(required(fields, "deck 2", doc), variant),
    )


def _piles(f: Field, variant: Variant) -> tuple[int, int]:
    """Two pile tops: ascending 1 or a card, descending max+1 or a card."""
    words = f.tokens()
    if len(words) != 2:
        raise f.error(f"expected 2 pile tops (ascending, descending), got {len(words)}")
    up = integer(words[0], 1, variant.max_card, "an ascending pile top")
    down = integer(words[1], 2, variant.descending_start, "a descending pile top")
    return up, down


def _parse_position(doc: Document) -> State:
    fields = fields_of(doc, _POSITION_KEYS)
    variant = _variant(fields)
    piles = (
        _piles(required(fields, "piles 1", doc), variant),
        _piles(required(fields, "piles 2", doc), variant),
    )
    hands: list[tuple[int, ...]] = []
    draws: list[tuple[int, ...]] = []
    for p in (1, 2):
        seen: dict[int, Token] = {}
        hands.append(_card_list(required(fields, f"hand {p}", doc), variant, seen))
        draws.append(_card_list(required(fields, f"draw {p}", doc), variant, seen))
    to_move = integer(single(required(fields, "to-move", doc)), 1, 2, "a player") - 1
    laid_field = required(fields, "laid", doc)
    words = laid_field.tokens()
    if len(words) != 2:
        raise laid_field.error(
            f"expected 'laid: OWN OPP' (cards laid this turn on own piles and on the "
            f"opponent's), got {len(words)} values"
        )
    laid_own = integer(words[0], 0, HAND_SIZE, "a count of cards laid on own piles")
    laid_opp = integer(words[1], 0, 1, "a count of cards laid on the opponent's piles (FF-3)")
    for p in (0, 1):
        full = HAND_SIZE - (laid_own + laid_opp if p == to_move else 0)
        if len(hands[p]) > full:
            raise fields[f"hand {p + 1}"].error(
                f"hand {p + 1} may hold at most {full} cards here (FF-1, FF-5), got {len(hands[p])}"
            )
    done = [not hands[p] and not draws[p] for p in (0, 1)]
    if all(done):
        raise fields["hand 1"].error("both players have laid every card; at most one can win")
    if not hands[to_move] and draws[to_move] and not done[1 - to_move]:
        raise fields[f"hand {to_move + 1}"].error(
            f"player {to_move + 1} is to move with an empty hand but a draw pile: "
            "a turn always ends with a draw (FF-5)"
        )
    state = State(
        variant,
        piles,
        (hands[0], hands[1]),
        (draws[0], draws[1]),
        to_move,
        laid_own,
        laid_opp,
    )
    if state.laid and not can_complete(state) and not done[1 - to_move]:
        raise laid_field.error(
            "this turn cannot be completed: a turn only starts when it can reach "
            "the minimum (FF-4, FF-6 decision)"
        )
    return state
