"""The Game: the text notation of deals, positions and lines (docs/notation.md).

A deal (TG-11) and a position in progress are each a short line-oriented file::

    playable thegame deal
    players: 3
    expert: no
    expert-hand: no
    max-card: 99
    deck: 54 12 87 ...

    playable thegame position
    players: 2
    expert: no
    expert-hand: no
    max-card: 99
    piles: 14 9 100 83
    hand 1: 3 17 22 40 66 71 95
    hand 2: 2 5 30 33 58 60 98
    draw: 45 23 ...
    to-move: 1
    laid: 0

``parse(format(x)) == x`` for every deal and position. Every error is a
:class:`NotationError` naming the line and column and what was expected.
Players are numbered from 1 in this notation, as in the rulebook; moves are written
``card@pile`` (``37@0``), piles 0-1 ascending and 2-3 descending (TG-12).
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
from solver.thegame.rules import ASCENDING_PILES, PILES, Play, State, Variant, deal

GAME = "thegame"
_VARIANT_KEYS = ("players", "expert", "expert-hand", "max-card")
_DEAL_KEYS = (*_VARIANT_KEYS, "deck")
_BOOL = {"yes": True, "no": False}


@dataclass(frozen=True)
class Deal:
    """A deal: the variant and the order of every card, top first (TG-11)."""

    variant: Variant
    order: tuple[int, ...]

    def start(self, first: int = 0) -> State:
        """The starting position with ``first`` (0-based) to move (TG-9)."""
        return deal(self.variant, self.order, first)


# --------------------------------------------------------------------- formatting


def _cards(cards: Sequence[int]) -> str:
    return " ".join(str(c) for c in cards) if cards else "-"


def variant_lines(variant: Variant) -> list[str]:
    return [
        f"players: {variant.players}",
        f"expert: {'yes' if variant.expert else 'no'}",
        f"expert-hand: {'yes' if variant.expert_hand else 'no'}",
        f"max-card: {variant.max_card}",
    ]


def format_deal(d: Deal) -> str:
    """The text of a deal file."""
    lines = [f"playable {GAME} deal", *variant_lines(d.variant), f"deck: {_cards(d.order)}"]
    return "\n".join(lines) + "\n"


def format_position(state: State) -> str:
    """The text of a position file."""
    lines = [f"playable {GAME} position", *variant_lines(state.variant)]
    lines.append("piles: " + " ".join(str(t) for t in state.piles))
    lines += [f"hand {p + 1}: {_cards(hand)}" for p, hand in enumerate(state.hands)]
    lines += [f"draw: {_cards(state.draw)}", f"to-move: {state.to_move + 1}", f"laid: {state.laid}"]
    return "\n".join(lines) + "\n"


def format_line(turns: Sequence[tuple[int, Sequence[Play]]]) -> str:
    """A line as text: ``1: 37@0 75@2 / 2: 12@1 13@1`` (player numbers from 1)."""
    return " / ".join(f"{p + 1}: " + " ".join(str(m) for m in plays) for p, plays in turns)


def line_to_json(turns: Sequence[tuple[int, Sequence[Play]]]) -> list[dict[str, Any]]:
    """A line in the JSON form shared by every solver: players 0-based (TG-12 piles)."""
    return [
        {"player": p, "plays": [{"card": m.card, "pile": m.pile} for m in plays]}
        for p, plays in turns
    ]


def deal_to_json(d: Deal) -> dict[str, Any]:
    return {
        "game": GAME,
        "kind": "deal",
        "variant": variant_to_json(d.variant),
        "deck": list(d.order),
    }


def position_to_json(state: State) -> dict[str, Any]:
    return {
        "game": GAME,
        "kind": "position",
        "variant": variant_to_json(state.variant),
        "piles": list(state.piles),
        "hands": [list(h) for h in state.hands],
        "draw": list(state.draw),
        "to_move": state.to_move,
        "laid": state.laid,
        "minimum": state.minimum,
        "cards_left": state.cards_left,
    }


def variant_to_json(variant: Variant) -> dict[str, Any]:
    return {
        "players": variant.players,
        "expert": variant.expert,
        "expert_hand": variant.expert_hand,
        "max_card": variant.max_card,
        "hand_size": variant.hand_size,
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
            f"expected kind 'deal' or 'position', got '{doc.kind}'", doc.header_line, 18
        )
    except NotationError as error:
        raise error.with_source(source) from None


def parse_deal(text: str, source: str = "<input>") -> Deal:
    result = parse(text, source)
    if not isinstance(result, Deal):
        raise NotationError("expected a deal, got a position", 1, 1, source)
    return result


def parse_position(text: str, source: str = "<input>") -> State:
    result = parse(text, source)
    return result.start() if isinstance(result, Deal) else result


def parse_play(token: Token) -> Play:
    """``card@pile``, e.g. ``37@0``."""
    card, at, pile = token.text.partition("@")
    if not at or not is_number(card) or pile not in ("0", "1", "2", "3"):
        raise token.error(f"expected a move 'card@pile' with pile 0-3, got '{token.text}'")
    return Play(int(card), int(pile))


def parse_plays(text: str, line: int = 1, column: int = 1) -> list[Play]:
    """A space- or comma-separated list of ``card@pile`` moves."""
    return [parse_play(t) for t in tokens(text, line, column)]


def _variant(fields: dict[str, Field], doc: Document) -> Variant:
    players = integer(single(required(fields, "players", doc)), 1, 5, "a player count")
    flags = {}
    for key in ("expert", "expert-hand"):
        if key in fields:
            token = single(fields[key])
            if token.text not in _BOOL:
                raise token.error(f"expected 'yes' or 'no' for '{key}', got '{token.text}'")
            flags[key] = _BOOL[token.text]
    max_card = 99
    if "max-card" in fields:
        max_card = integer(single(fields["max-card"]), 11, 99, "a highest card")
    try:
        return Variant(
            players, flags.get("expert", False), flags.get("expert-hand", False), max_card
        )
    except InvalidVariant as error:
        f = fields["max-card"] if "max-card" in fields else fields["players"]
        raise f.error(str(error)) from None


def _card_list(f: Field, variant: Variant, seen: dict[int, Token]) -> tuple[int, ...]:
    """The cards of a field ('-' for none); each must be a deck card not seen before."""
    words = f.tokens()
    if len(words) == 1 and words[0].text == "-":
        return ()
    cards = []
    for token in words:
        card = integer(token, 2, variant.max_card, "a card")
        if card in seen:
            first = seen[card]
            raise token.error(
                f"card {card} appears twice (first at line {first.line}, column {first.column})"
            )
        seen[card] = token
        cards.append(card)
    return tuple(cards)


def parse_deck(cards: str, variant: Variant, source: str = "--deck") -> Deal:
    """A deal from a bare list of cards in TG-11 order (the CLI's ``--deck``)."""
    try:
        return _deck(Field("deck", cards, 1, 1, 1), variant)
    except NotationError as error:
        raise error.with_source(source) from None


def _parse_deal(doc: Document) -> Deal:
    fields = fields_of(doc, _DEAL_KEYS)
    return _deck(required(fields, "deck", doc), _variant(fields, doc))


def _deck(deck_field: Field, variant: Variant) -> Deal:
    order = _card_list(deck_field, variant, {})
    if len(order) != variant.deck_size:
        raise deck_field.error(
            f"expected {variant.deck_size} cards (each of 2..{variant.max_card} once), "
            f"got {len(order)}"
        )
    return Deal(variant, order)


def _is_position_key(key: str) -> bool:
    return key in (*_VARIANT_KEYS, "piles", "draw", "to-move", "laid") or (
        key.startswith("hand ") and is_number(key[5:])
    )


def _parse_position(doc: Document) -> State:
    fields = fields_of(
        doc,
        _is_position_key,
        ", ".join((*_VARIANT_KEYS, "piles", "hand N", "draw", "to-move", "laid")),
    )
    variant = _variant(fields, doc)
    for key, f in fields.items():
        if key.startswith("hand ") and not 1 <= int(key[5:]) <= variant.players:
            raise NotationError(
                f"no player {key[5:]} in a {variant.players}-player game", f.line, f.key_column
            )
    seen: dict[int, Token] = {}
    hands = tuple(
        _card_list(required(fields, f"hand {p + 1}", doc), variant, seen)
        for p in range(variant.players)
    )
    draw = _card_list(required(fields, "draw", doc), variant, seen)
    piles = _piles(required(fields, "piles", doc), variant, seen)
    to_move = integer(single(required(fields, "to-move", doc)), 1, variant.players, "a player") - 1
    laid_field = required(fields, "laid", doc)
    laid = integer(single(laid_field), 0, variant.hand_size, "a count of cards laid this turn")
    _check_hand_sizes(fields, variant, hands, draw, to_move, laid)
    return State(variant, piles, hands, draw, to_move, laid)


def _piles(f: Field, variant: Variant, seen: dict[int, Token]) -> tuple[int, int, int, int]:
    """Four pile tops: ascending piles 1 or a laid card, descending max+1 or a laid card."""
    words = f.tokens()
    if len(words) != 4:
        raise f.error(f"expected 4 pile tops (piles 0-3), got {len(words)}")
    tops = []
    laid: dict[int, Token] = {}
    for pile, token in zip(PILES, words, strict=True):
        start = variant.ascending_start if pile in ASCENDING_PILES else variant.descending_start
        top = integer(token, 1, variant.max_card + 1, "a pile top")
        if top != start:
            if not 2 <= top <= variant.max_card:
                raise token.error(
                    f"pile {pile} cannot show {top}: expected {start} or a card "
                    f"2..{variant.max_card}"
                )
            if top in seen or top in laid:
                raise token.error(f"card {top} is on a pile and also elsewhere")
            laid[top] = token
        tops.append(top)
    return (tops[0], tops[1], tops[2], tops[3])


def _check_hand_sizes(
    fields: dict[str, Field],
    variant: Variant,
    hands: tuple[tuple[int, ...], ...],
    draw: tuple[int, ...],
    to_move: int,
    laid: int,
) -> None:
    """TG-4: while the draw pile has cards, every hand is full after each turn, so the
    player to move holds H - laid and everyone else H; no hand ever exceeds H."""
    h = variant.hand_size
    for p, hand in enumerate(hands):
        full = h - laid if p == to_move else h
        if len(hand) > full or (draw and len(hand) != full):
            f = fields[f"hand {p + 1}"]
            rule = "exactly" if draw else "at most"
            raise f.error(
                f"hand {p + 1} must hold {rule} {full} cards here (TG-4), got {len(hand)}"
            )
    if laid == 0 and not hands[to_move] and any(hands):
        f = fields["to-move"]
        raise f.error(f"player {to_move + 1} has no cards and would be skipped (TG-7)")
