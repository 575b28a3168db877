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

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from playable.solver.core.cardlist import (
    Document,
    Field,
    InvalidPosition,
    Token,
    cards_text,
    checked,
    fields_of,
    format_document,
    integer,
    is_number,
    naming,
    numbered_cards,
    parse_document,
    player,
    required,
    single,
    tokens,
)
from playable.solver.core.errors import InvalidVariant
from playable.solver.core.turns import format_line as format_line
from playable.solver.core.turns import format_turn as format_turn
from playable.solver.core.turns import line_from_json as turns_from_json
from playable.solver.core.turns import line_to_json as line_to_json
from playable.solver.facetoface.rules import (
    DRAW_OWN_ONLY,
    HAND_SIZE,
    PILES,
    Play,
    State,
    Variant,
    can_complete,
    deal,
    has_won,
    winner,
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


def format_file(kind: str, variant: Variant, lines: list[str]) -> str:
    """A file of Face to Face (a deal, a position, a view): the header, the deck size
    (``max-card``, which every kind begins with), then ``lines``."""
    return format_document(GAME, kind, [f"max-card: {variant.max_card}", *lines])


def pile_lines(piles: tuple[tuple[int, int], tuple[int, int]]) -> list[str]:
    """Each player's two pile tops, ascending then descending (public, FF-2)."""
    return [f"piles {p + 1}: {up} {down}" for p, (up, down) in enumerate(piles)]


def format_deal(d: Deal) -> str:
    """The text of a deal file."""
    decks = [f"deck 1: {cards_text(d.deck_a)}", f"deck 2: {cards_text(d.deck_b)}"]
    return format_file("deal", d.variant, decks)


def format_position(state: State) -> str:
    """The text of a position file."""
    lines = pile_lines(state.piles)
    lines += [f"hand {p + 1}: {cards_text(h)}" for p, h in enumerate(state.hands)]
    lines += [f"draw {p + 1}: {cards_text(d)}" for p, d in enumerate(state.draws)]
    lines += [f"to-move: {state.to_move + 1}", f"laid: {state.laid_own} {state.laid_opp}"]
    return format_file("position", state.variant, lines)


def line_from_json(document: list[dict[str, Any]]) -> list[tuple[int, list[Play]]]:
    """A line in its JSON form (docs/json.md, ``line`` items) as ``(player, plays)``
    turns, piles named as the player to move sees them (FF-3)."""
    return turns_from_json(document, lambda card, pile: Play(card, str(pile)))


def json_document(kind: str, variant: Variant, fields: dict[str, Any]) -> dict[str, Any]:
    """A JSON document of Face to Face (docs/json.md): the game, the kind (``deal``,
    ``position``, ``view``) and the deck size, which every kind begins with, then
    ``fields`` (the JSON counterpart of :func:`format_file`)."""
    return {"game": GAME, "kind": kind, "max_card": variant.max_card, **fields}


def piles_json(piles: tuple[tuple[int, int], tuple[int, int]]) -> list[dict[str, int]]:
    """Each player's two pile tops as JSON: ``up`` (ascending) and ``down``."""
    return [{"up": up, "down": down} for up, down in piles]


def deal_to_json(d: Deal) -> dict[str, Any]:
    return json_document("deal", d.variant, {"decks": [list(d.deck_a), list(d.deck_b)]})


def position_to_json(state: State) -> dict[str, Any]:
    fields = {
        "piles": piles_json(state.piles),
        "hands": [list(h) for h in state.hands],
        "draws": [list(d) for d in state.draws],
        "to_move": state.to_move,
        "laid_own": state.laid_own,
        "laid_opp": state.laid_opp,
        "cards_left": [state.cards_left(0), state.cards_left(1)],
        "winner": winner(state),  # docs/json.md: as UNO and Sequence positions (FF-6)
    }
    return json_document("position", state.variant, fields)


# ------------------------------------------------------------------------ parsing


def parse(text: str, source: str = "<input>") -> Deal | State:
    """Parse a deal or a position file; errors name ``source``, line and column."""
    kinds: dict[str, Callable[[Document], Deal | State]] = {
        "deal": _parse_deal,
        "position": _parse_position,
    }
    return parse_document(text, source, GAME, kinds)


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
    if not f.tokens():
        raise f.error(f"expected cards 2..{variant.max_card} or '-' for none")
    return numbered_cards(f.listed(), variant.max_card, seen, " for this player")


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
    with naming(source):
        return _deck(Field("deck", cards, 1, 1, 1), variant)


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


def _both_piles(
    fields: dict[str, Field], doc: Document, variant: Variant
) -> tuple[tuple[int, int], tuple[int, int]]:
    """The pile tops of both players (``piles 1``, ``piles 2``), read by :func:`_piles`."""
    return (
        _piles(required(fields, "piles 1", doc), variant),
        _piles(required(fields, "piles 2", doc), variant),
    )


def _parse_position(doc: Document) -> State:
    fields = fields_of(doc, _POSITION_KEYS)
    variant = _variant(fields)
    piles = _both_piles(fields, doc, variant)
    hands: list[tuple[int, ...]] = []
    draws: list[tuple[int, ...]] = []
    for p in (1, 2):
        seen: dict[int, Token] = {}
        hands.append(_card_list(required(fields, f"hand {p}", doc), variant, seen))
        draws.append(_card_list(required(fields, f"draw {p}", doc), variant, seen))
    to_move = player(fields, "to-move", doc, 2)
    laid_field = required(fields, "laid", doc)
    words = laid_field.tokens()
    if len(words) != 2:
        raise laid_field.error(
            f"expected 'laid: OWN OPP' (cards laid this turn on own piles and on the "
            f"opponent's), got {len(words)} values"
        )
    laid_own = integer(words[0], 0, HAND_SIZE, "a count of cards laid on own piles")
    laid_opp = integer(words[1], 0, 1, "a count of cards laid on the opponent's piles (FF-3)")
    state = State(
        variant, piles, (hands[0], hands[1]), (draws[0], draws[1]), to_move, laid_own, laid_opp
    )
    return checked_position(state, fields)


# --------------------------------------------------------------------- validation


def checked_position(state: State, fields: dict[str, Field]) -> State:
    """``state`` once :func:`check_position` accepts it; a problem is reported at the
    field of ``fields`` it names (``hand 2``, ``piles 1``, ``laid``; a view passes its
    own fields under those names)."""
    return checked(state, check_position, fields)


def check_position(state: State) -> None:
    """Raise :class:`InvalidPosition` unless ``state`` can arise in a game of Face to
    Face (docs/notation-facetoface.md). Each check follows from the rules, so no
    reachable position is refused (a property test plays random games through it):

    1. **hand size** (FF-1, FF-5): nobody ever holds more than 6 cards (6 dealt; the
       refill goes back up to 6; drawing 2 follows laying at least 2); the player to
       move held their hand plus the cards laid this turn when it began.
    2. **the draw after a turn** (FF-5): a player whose draw pile still has cards drew
       all they were owed at the end of their last turn (2 after own piles only, back
       up to 6 after a card on the opponent's pile), so they held at least 2 cards
       then, and still do: only the owner takes cards from a hand, and only in their
       own turn. The player to move: hand plus cards laid this turn at least 2.
    3. **the end** (FF-6): laying one's last card wins at once, in the laying player's
       own turn, and the turn does not pass. So at most one player has laid every card,
       and that player is the one to move. (A finished game may be written with
       ``laid: 0 0``, as The Game's won positions are: the winner is plain either way.)
    4. **pile tops** (FF-1 ... FF-3): a pile showing 1 or max-card + 1 has never
       received a card (no card is below 2 or above max-card, and neither laying rule
       returns a pile to its start), and any other top is a card someone laid: each
       player owns one card of each number, so a number shown on k piles is missing
       from the hand and draw pile of at least k players; and if no pile has left its
       start, nobody has laid a card, so both hold all their cards.
    5. **this turn** (FF-3, FF-4): the last card the player to move laid on an own pile
       this turn is still the top of that pile (only they lay in their turn), and the
       one card on the opponent's piles is still on top there (one per turn): so such
       tops show cards missing from the mover's hand and draw pile.
    6. **a turn under way** (FF-4, FF-6 decision in the rules module): it can still be
       completed, since a turn only starts when it can.
    """
    mover, other = state.to_move, state.opponent
    held = [set(state.hands[p]) | set(state.draws[p]) for p in (0, 1)]
    for p in (0, 1):
        laid = state.laid if p == mover else 0
        start_of_turn = len(state.hands[p]) + laid
        if start_of_turn > HAND_SIZE:
            raise InvalidPosition(
                f"hand {p + 1}",
                f"hand {p + 1} may hold at most {HAND_SIZE - laid} cards here (FF-1, FF-5), "
                f"got {len(state.hands[p])}",
            )
        if state.draws[p] and start_of_turn < DRAW_OWN_ONLY:
            holds = "held" if p == mover else "holds"
            raise InvalidPosition(
                f"hand {p + 1}",
                f"player {p + 1} {holds} {start_of_turn} card(s) with cards left in their "
                "draw pile: every turn ends by drawing 2 or back up to 6 (FF-5)",
            )
    done = [has_won(state, p) for p in (0, 1)]
    if all(done):
        raise InvalidPosition("hand 1", "both players have laid every card; at most one can win")
    if done[other]:
        raise InvalidPosition(
            f"hand {other + 1}",
            f"player {other + 1} has laid every card but is not to move: the last card wins "
            "at once, in the player's own turn (FF-6)",
        )
    _check_tops(state, held)
    if state.laid and not done[mover] and not can_complete(state):
        raise InvalidPosition(
            "laid",
            "this turn cannot be completed: a turn only starts when it can reach "
            "the minimum (FF-4, FF-6 decision)",
        )


def _check_tops(state: State, held: list[set[int]]) -> None:
    """Checks 4 and 5 of :func:`check_position`."""
    variant = state.variant
    starts = (variant.ascending_start, variant.descending_start)
    shown: dict[int, list[int]] = {}  # number -> owners of the piles showing it
    for owner, tops in enumerate(state.piles):
        for top, start in zip(tops, starts, strict=True):
            if top != start:
                shown.setdefault(top, []).append(owner)
    for card, owners in sorted(shown.items()):
        laid_by = [p for p in (0, 1) if card not in held[p]]
        if len(owners) > len(laid_by):
            raise InvalidPosition(
                f"piles {owners[-1] + 1}",
                f"{card} is shown on {len(owners)} pile(s) but {2 - len(laid_by)} player(s) "
                f"still hold their {card} in hand or draw pile: a pile top is a laid card",
            )
    if not shown:
        for p in (0, 1):
            missing = [c for c in variant.cards if c not in held[p]]
            if missing:
                raise InvalidPosition(
                    f"hand {p + 1}",
                    f"player {p + 1}'s card {missing[0]} is in neither hand nor draw pile, "
                    "but no pile has left its start, so no card was laid (FF-1)",
                )
    mover, other = state.to_move, state.opponent

    def laid_by_mover(owner: int) -> bool:
        return any(
            top != start and top not in held[mover]
            for top, start in zip(state.piles[owner], starts, strict=True)
        )

    if state.laid_own and not laid_by_mover(mover):
        raise InvalidPosition(
            "laid",
            f"player {mover + 1} laid {state.laid_own} card(s) on own piles this turn, "
            "but neither own pile shows a card of theirs that is laid (FF-2)",
        )
    if state.laid_opp and not laid_by_mover(other):
        raise InvalidPosition(
            "laid",
            f"player {mover + 1} laid a card on the opponent's piles this turn, but neither "
            "of those piles shows a card of theirs that is laid (FF-3)",
        )
