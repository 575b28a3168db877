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

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from playable.solver.core.cardlist import (
    Document,
    Field,
    InvalidPosition,
    Token,
    cards_text,
    check_players,
    checked,
    fields_of,
    flag,
    format_document,
    integer,
    is_number,
    naming,
    numbered_cards,
    optional_integer,
    parse_document,
    player,
    required,
    required_integer,
    tokens,
    yes_no,
)
from playable.solver.core.errors import InvalidVariant, NotationError
from playable.solver.core.turns import format_line as format_line
from playable.solver.core.turns import line_from_json as turns_from_json
from playable.solver.core.turns import line_to_json as line_to_json
from playable.solver.thegame.rules import (
    ASCENDING_PILES,
    PILES,
    TRICK,
    Play,
    State,
    Variant,
    deal,
    legal_moves,
)

GAME = "thegame"
_VARIANT_KEYS = ("players", "expert", "expert-hand", "max-card")
_DEAL_KEYS = (*_VARIANT_KEYS, "deck")


@dataclass(frozen=True)
class Deal:
    """A deal: the variant and the order of every card, top first (TG-11)."""

    variant: Variant
    order: tuple[int, ...]

    def start(self, first: int = 0) -> State:
        """The starting position with ``first`` (0-based) to move (TG-9)."""
        return deal(self.variant, self.order, first)


# --------------------------------------------------------------------- formatting


def format_file(kind: str, variant: Variant, lines: list[str]) -> str:
    """A file of The Game (a deal, a position, a view): the header, the variant's
    fields (which every kind begins with), then ``lines``."""
    variant_lines = [
        f"players: {variant.players}",
        f"expert: {yes_no(variant.expert)}",
        f"expert-hand: {yes_no(variant.expert_hand)}",
        f"max-card: {variant.max_card}",
    ]
    return format_document(GAME, kind, [*variant_lines, *lines])


def format_deal(d: Deal) -> str:
    """The text of a deal file."""
    return format_file("deal", d.variant, [f"deck: {cards_text(d.order)}"])


def format_position(state: State) -> str:
    """The text of a position file."""
    lines = ["piles: " + " ".join(str(t) for t in state.piles)]
    lines += [f"hand {p + 1}: {cards_text(hand)}" for p, hand in enumerate(state.hands)]
    lines += [
        f"draw: {cards_text(state.draw)}",
        f"to-move: {state.to_move + 1}",
        f"laid: {state.laid}",
    ]
    return format_file("position", state.variant, lines)


def line_from_json(line: Sequence[dict[str, Any]]) -> list[tuple[int, list[Play]]]:
    """A line in its JSON form (docs/json.md, ``line`` items; e.g. a stored result's)
    as ``(player, plays)`` turns, piles 0-3 (TG-12)."""
    return turns_from_json(line, lambda card, pile: Play(card, int(pile)))


def json_document(kind: str, variant: Variant, fields: dict[str, Any]) -> dict[str, Any]:
    """A JSON document of The Game (docs/json.md): the game, the kind (``deal``,
    ``position``, ``view``) and the variant, which every kind begins with, then
    ``fields`` (the JSON counterpart of :func:`format_file`)."""
    return {"game": GAME, "kind": kind, "variant": variant_to_json(variant), **fields}


def deal_to_json(d: Deal) -> dict[str, Any]:
    return json_document("deal", d.variant, {"deck": list(d.order)})


def position_to_json(state: State) -> dict[str, Any]:
    fields = {
        "piles": list(state.piles),
        "hands": [list(h) for h in state.hands],
        "draw": list(state.draw),
        "to_move": state.to_move,
        "laid": state.laid,
        "minimum": state.minimum,
        "cards_left": state.cards_left,
    }
    return json_document("position", state.variant, fields)


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
    kinds: dict[str, Callable[[Document], Deal | State]] = {
        "deal": _parse_deal,
        "position": _parse_position,
    }
    return parse_document(text, source, GAME, kinds)


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
    players = required_integer(fields, "players", doc, 1, 5, "a player count")
    expert = flag(fields, "expert", False)
    expert_hand = flag(fields, "expert-hand", False)
    max_card = optional_integer(fields, "max-card", 11, 99, "a highest card", 99)
    try:
        return Variant(players, expert, expert_hand, max_card)
    except InvalidVariant as error:
        f = fields["max-card"] if "max-card" in fields else fields["players"]
        raise f.error(str(error)) from None


def _card_list(f: Field, variant: Variant, seen: dict[int, Token]) -> tuple[int, ...]:
    """The cards of a field ('-' for none); each must be a deck card not seen before."""
    return numbered_cards(f.listed(), variant.max_card, seen)


def parse_deck(cards: str, variant: Variant, source: str = "--deck") -> Deal:
    """A deal from a bare list of cards in TG-11 order (the CLI's ``--deck``)."""
    with naming(source):
        return _deck(Field("deck", cards, 1, 1, 1), variant)


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


def _parse_position(doc: Document) -> State:
    fields = fields_of(
        doc,
        (*_VARIANT_KEYS, "piles", "draw", "to-move", "laid"),
        ", ".join((*_VARIANT_KEYS, "piles", "hand N", "draw", "to-move", "laid")),
        ("hand",),
    )
    variant = _variant(fields, doc)
    check_players(fields, ("hand",), variant.players)
    seen: dict[int, Token] = {}
    hands = tuple(
        _card_list(required(fields, f"hand {p + 1}", doc), variant, seen)
        for p in range(variant.players)
    )
    draw = _card_list(required(fields, "draw", doc), variant, seen)
    piles = _piles(required(fields, "piles", doc), variant, seen)
    to_move = player(fields, "to-move", doc, variant.players)
    laid = required_integer(
        fields, "laid", doc, 0, variant.hand_size, "a count of cards laid this turn"
    )
    return checked(State(variant, piles, hands, draw, to_move, laid), check_position, fields)


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


# --------------------------------------------------------------------- validation


def check_position(state: State) -> None:
    """Raise :class:`InvalidPosition` unless ``state`` can arise in a game (the one
    validation of positions: the parser runs it on every position file, so every
    command that reads one, ``solve`` and ``analyse`` alike, refuses the same files).

    Each check is a consequence of the rules, so no reachable position is refused:

    * **cards once** (TG-1): no card is in two places (hands, draw pile, pile tops);
    * **hands** (TG-4): while the draw pile has cards every hand is full after each
      turn, so the player to move holds H - laid and everyone else H; no hand ever
      holds more than H;
    * **skipped players** (TG-7): a player with an empty hand is skipped, so the
      player to move holds cards unless their turn is under way (or the game is won);
    * **turn under way** (TG-7 decision): a turn that cannot reach the minimum is not
      played, so a position with cards laid this turn can still reach it
      (:func:`check_turn`);
    * **every card somewhere** (TG-1, TG-3): a card that is in no hand, not in the
      draw pile and not a pile top was laid, so it lies under the top of a pile that
      has left its start (a pile showing 1 or N+1 holds no card: no card is below 2
      or above N). Under an ascending pile showing ``t`` lie only cards from which
      ``t`` can be reached by laying higher cards or exactly 10 lower ones, every
      card on the way being laid too (mirrored for a descending pile); and the cards
      laid this turn are among the laid cards.
    """
    variant, h = state.variant, state.variant.hand_size
    held = [c for hand in state.hands for c in hand] + list(state.draw)
    laid_tops = [t for t in state.piles if t not in (1, variant.descending_start)]
    if len(set(held + laid_tops)) != len(held) + len(laid_tops):
        raise InvalidPosition("piles", "a card appears twice among the hands, draw pile and piles")
    for p, hand in enumerate(state.hands):
        full = h - state.laid if p == state.to_move else h
        if len(hand) > full or (state.draw and len(hand) != full):
            rule = "exactly" if state.draw else "at most"
            raise InvalidPosition(
                f"hand {p + 1}",
                f"hand {p + 1} must hold {rule} {full} cards here (TG-4), got {len(hand)}",
            )
    if state.laid == 0 and not state.hand and not state.is_won:
        raise InvalidPosition(
            "to-move", f"player {state.to_move + 1} has no cards and would be skipped (TG-7)"
        )
    check_turn(state)
    _check_laidcards_text(state, set(held), laid_tops)


def check_turn(state: State) -> None:
    """TG-7 decision: a turn that cannot reach the minimum is not played at all, so a
    turn under way can still reach it (or has won the game). Raise
    :class:`InvalidPosition` otherwise. The solver needs this of any position it is
    given (:func:`playable.solver.thegame.search.solve`)."""
    if state.laid > 0 and not state.is_won and not legal_moves(state):
        raise InvalidPosition(
            "laid",
            f"player {state.to_move + 1} has laid {state.laid} cards and cannot reach the "
            f"minimum of {state.minimum} (TG-7): not a position of the game",
        )


def _check_laidcards_text(state: State, held: set[int], laid_tops: list[int]) -> None:
    """Every card not held is under a pile top that can cover it (see
    :func:`check_position`); the cards laid this turn are among the laid ones."""
    variant = state.variant
    below = [c for c in variant.cards if c not in held and c not in laid_tops]
    if state.laid > len(below) + len(laid_tops):
        raise InvalidPosition(
            "laid",
            f"{state.laid} cards laid this turn, but only {len(below) + len(laid_tops)} "
            "cards are on the piles",
        )
    covers = [
        _can_lie_under(pile, top, set(below))
        for pile, top in enumerate(state.piles)
        if top not in (1, variant.descending_start)
    ]
    for card in below:
        if not any(card in cover for cover in covers):
            where = (
                "no pile has left its start"
                if not covers
                else "it cannot lie under any pile top (TG-3)"
            )
            raise InvalidPosition(
                "piles",
                f"card {card} is in no hand and not in the draw pile, and {where}: "
                f"every card 2..{variant.max_card} is somewhere (TG-1)",
            )


def _can_lie_under(pile: int, top: int, laid: set[int]) -> set[int]:
    """The laid cards from which ``top`` can be reached on ``pile`` by TG-3 through
    laid cards only: the cards that can lie under ``top``.

    Grown backwards from the top: on an ascending pile a card ``c`` reaches the set
    when some card of the set is higher (laid on ``c`` directly) or is ``c - 10`` (the
    backwards trick), so every laid card below the highest card of the set joins it;
    mirrored on a descending pile."""
    up = pile in ASCENDING_PILES
    sign = 1 if up else -1
    reach = {top}
    while True:
        bound = max(reach) if up else min(reach)
        reach |= {c for c in laid if sign * c < sign * bound}
        tricks = {c for c in laid - reach if c - sign * TRICK in reach}
        if not tricks:
            break
        reach |= tricks
    reach.discard(top)
    return reach


# ------------------------------------------------------------------ lines of turns
# A line is a list of turns separated by ``/``; a turn is an optional player number
# and a colon, then its plays ``card@pile``: ``1: 37@0 75@2 / 2: 12@1 13@1``. The
# player prefix may be left out (``37@0 75@2 / 12@1 13@1``): the turn is then the
# player to move's, which is what a person writes when playing alone.

#: a player prefix ``N:``, a turn separator ``/``, or any other word (a play)
_WORD = re.compile(r"(?P<player>\d+\s*:)|(?P<slash>/)|(?P<play>[^\s,/]+)")


@dataclass(frozen=True)
class Turn:
    """One turn of a written line: the player written (1-based, or None), its plays and
    where the turn begins (line, column)."""

    player: int | None
    plays: tuple[Play, ...]
    line: int
    column: int


def parse_line(text: str) -> list[Turn]:
    """The turns of a line such as ``1: 37@0 75@2 / 2: 12@1 13@1``.

    Raises :class:`NotationError` (line and column) for an empty line, an empty turn
    (``//`` or a trailing ``/``), a player prefix that is not at the start of a turn,
    or a word that is not a play ``card@pile`` with pile 0-3.
    """
    turns: list[Turn] = []
    player: int | None = None
    plays: list[Play] = []
    start: tuple[int, int] | None = None  # where the current turn began
    last = (1, 1)

    def close(line: int, column: int) -> None:
        if start is None or not plays:
            where = start or (line, column)
            raise NotationError("expected a turn: at least one play 'card@pile'", *where)
        turns.append(Turn(player, tuple(plays), *start))

    for number, raw in enumerate(text.splitlines() or [""], start=1):
        for match in _WORD.finditer(raw):
            column = match.start() + 1
            last = (number, match.end() + 1)
            if match.group("slash"):
                close(number, column)
                player, plays, start = None, [], None
            elif match.group("player"):
                if start is not None:
                    raise NotationError(
                        "a player number 'N:' may only open a turn; separate turns with '/'",
                        number,
                        column,
                    )
                player = int(match.group("player").rstrip(": \t"))
                start = (number, column)
            else:
                if start is None:
                    start = (number, column)
                plays.append(parse_play(Token(match.group("play"), number, column)))
    if not turns and start is None:
        raise NotationError("expected a line of turns, e.g. '1: 37@0 75@2 / 1: 12@1 13@1'", 1, 1)
    close(*last)
    return turns
