"""UNO: the text notation of deals, positions and play-out hands (docs/notation-uno.md).

Three kinds of file, each ``playable uno KIND`` then ``key: value`` lines::

    playable uno deal            # UN-2: dealer, hands, full draw order, reshuffle seed
    players: 2
    dealer: 1
    seed: 0
    hand 1: R1 R7 GS ...
    hand 2: ...
    draw: Y3 B0 ...              # next card first; the first is turned up (UN-7)

    playable uno position        # a round in progress
    ... the same, plus
    discard: R5 G5               # bottom first, top last
    colour: green
    to-move: 2
    direction: left              # left (+1) or right (-1)
    phase: play                  # play | drawn | challenge | stack | colour
    pending: 0   drawn: -   accused: -   guilty: no   winner: -   reshuffles: 0

    playable uno hand            # the play-out puzzle (one player, no opponents)
    top: R5                      # a wild on top names its colour: W:green
    hand: R1 G1 W ...

Rule options are optional fields with the official defaults: ``reverse-skips: yes``,
``stacking: no``, ``scoring: standard``, ``target: 500``. Players are numbered from
1 in the notation. ``parse(format(x)) == x``; every error names line and column.

Beyond the syntax the parser refuses what no round of UNO can hold: more copies of
a card than the 108-card deck has (UN-1; a play-out hand counts its top card too),
a deal whose cards are not the whole deck or whose hands are not 7 cards each
(UN-2), a colour in force other than the colour of a coloured top card (UN-3: only
a wild names a colour), and a phase its top card cannot cause (``challenge`` only
on a Wild Draw Four, UN-6; ``stack`` only on a Draw Two with stacking on, UN-5;
``colour`` only on a Wild turned first, UN-7; ``drawn`` only with a card that can
be played, UN-4).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from playable.solver.core.cardlist import (
    Document,
    Field,
    Token,
    check_players,
    fields_of,
    flag,
    format_document,
    integer,
    naming,
    optional_integer,
    parse_document,
    player,
    required,
    required_integer,
    single,
    tokens,
    yes_no,
)
from playable.solver.core.cardlist import cards_text as _cards_text
from playable.solver.core.errors import InvalidVariant, NotationError
from playable.solver.uno.cards import (
    COLOURS,
    DECK_SIZE,
    DRAW_TWO,
    WILD,
    WILD_DRAW_FOUR,
    colour_name,
    colour_of,
    copies,
    first_excess,
    full_deck,
    is_wild,
    matches,
    name,
    ordinal,
    parse_card,
    parse_colour,
    symbol_of,
)
from playable.solver.uno.rules import (
    ACCEPT,
    CHALLENGE,
    DRAW,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PASS,
    Deal,
    Move,
    NameColour,
    Options,
    Phase,
    Play,
    Scoring,
    State,
    legal_moves,
)

if TYPE_CHECKING:
    from playable.solver.uno.seatview_view import View

GAME = "uno"
_OPTION_KEYS = ("reverse-skips", "stacking", "scoring", "target")
_DEAL_KEYS = ("players", "dealer", "seed", *_OPTION_KEYS, "draw")
_POSITION_KEYS = (
    *_DEAL_KEYS,
    "discard",
    "colour",
    "to-move",
    "direction",
    "phase",
    "pending",
    "drawn",
    "accused",
    "guilty",
    "winner",
    "reshuffles",
)
_HAND_KEYS = ("top", "colour", "hand")


@dataclass(frozen=True)
class PlayoutHand:
    """The play-out puzzle: lay every card of ``hand`` one after another, starting on
    ``top`` with ``colour`` in force (UN-3 matching; a Wild Draw Four only while no
    card of the colour in force is left unless the lax rule is asked for, UN-5/UN-6).

    Raises :class:`InvalidVariant` when hand and top hold more copies of a card than
    the deck (UN-1) or when ``colour`` is not the colour of a coloured top (UN-3)."""

    hand: tuple[int, ...]
    top: int
    colour: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "hand", tuple(sorted(self.hand)))
        excess = first_excess((self.top, *self.hand))
        if excess is not None:
            raise InvalidVariant(copies_message(excess[1], self.top))
        if not 0 <= self.colour < len(COLOURS):
            raise InvalidVariant(f"no colour {self.colour}")
        if not is_wild(self.top) and self.colour != colour_of(self.top):
            raise InvalidVariant(colour_message(self.top))


def copies_message(card: int, top: int = -1) -> str:
    """The error for one copy of ``card`` more than the deck holds (UN-1); a play-out
    hand counts its ``top`` card too."""
    n = copies(card)
    where = " (counting the top card)" if card == top else ""
    return (
        f"a {ordinal(n + 1)} {name(card)}{where}: the 108-card deck holds {n} {name(card)} (UN-1)"
    )


def colour_message(top: int) -> str:
    """The error for a colour in force that differs from a coloured top card."""
    return (
        f"the colour in force on {name(top)} is {colour_name(colour_of(top))}: "
        "only a wild names a colour (UN-3, UN-5)"
    )


# --------------------------------------------------------------------- formatting


def cards_text(cards: Sequence[int]) -> str:
    """Cards by their names (``R7 W4``), ``-`` for none."""
    return _cards_text(name(c) for c in cards)


def option_lines(options: Options) -> list[str]:
    return [
        f"reverse-skips: {yes_no(options.reverse_skips)}",
        f"stacking: {yes_no(options.stacking)}",
        f"scoring: {options.scoring.value}",
        f"target: {options.target}",
    ]


def _deal_lines(d: Deal | State) -> list[str]:
    """The lines a deal file holds, which a position file begins with."""
    return [
        f"players: {d.players}",
        f"dealer: {d.dealer + 1}",
        f"seed: {d.seed}",
        *option_lines(d.options),
        *(f"hand {p + 1}: {cards_text(h)}" for p, h in enumerate(d.hands)),
        f"draw: {cards_text(d.draw)}",
    ]


def format_deal(d: Deal) -> str:
    return format_document(GAME, "deal", _deal_lines(d))


def _opt_player(p: int) -> str:
    """An optional player as a file writes it: numbered from 1, ``-`` for none."""
    return "-" if p < 0 else str(p + 1)


def turn_lines(t: State | View) -> list[str]:
    """The lines of the turn under way (UN-3 ... UN-7: the discard pile, the colour in
    force, the player to move, the direction, the phase, the penalty pending), as a
    position file and a view file both write them (read back by :func:`_turn`)."""
    return [
        f"discard: {cards_text(t.discard)}",
        f"colour: {'-' if t.colour < 0 else colour_name(t.colour)}",
        f"to-move: {t.to_move + 1}",
        f"direction: {'left' if t.direction == 1 else 'right'}",
        f"phase: {t.phase.value}",
        f"pending: {t.pending}",
    ]


def turn_json(t: State | View) -> dict[str, Any]:
    """The turn under way in the JSON of a position and of a view (docs/json.md):
    the top card, players 0-based, no colour as null."""
    return {
        "discard": [name(c) for c in t.discard],
        "top": name(t.top),
        "colour": None if t.colour < 0 else colour_name(t.colour),
        "to_move": t.to_move,
        "direction": t.direction,
        "phase": t.phase.value,
        "pending": t.pending,
    }


def format_position(s: State) -> str:
    lines = [
        *_deal_lines(s),
        *turn_lines(s),
        f"drawn: {'-' if s.drawn < 0 else name(s.drawn)}",
        f"accused: {_opt_player(s.accused)}",
        f"guilty: {yes_no(s.guilty)}",
        f"winner: {_opt_player(s.winner)}",
        f"reshuffles: {s.reshuffles}",
    ]
    return format_document(GAME, "position", lines)


def format_hand(h: PlayoutHand) -> str:
    lines = [f"top: {name(h.top)}"]
    lines.append(f"colour: {colour_name(h.colour)}")
    lines.append(f"hand: {cards_text(h.hand)}")
    return format_document(GAME, "hand", lines)


def move_text(move: Move) -> str:
    """``R7``, ``W:green``, ``draw``, ``pass``, ``challenge``, ``accept``, ``colour:red``."""
    return str(move)


def options_to_json(o: Options) -> dict[str, Any]:
    return {
        "reverse_skips": o.reverse_skips,
        "stacking": o.stacking,
        "scoring": o.scoring.value,
        "target": o.target,
    }


def _deal_json(d: Deal | State, kind: str) -> dict[str, Any]:
    """The JSON of a deal, which the JSON of a position begins with."""
    return {
        "game": GAME,
        "kind": kind,
        "players": d.players,
        "dealer": d.dealer,
        "seed": d.seed,
        "options": options_to_json(d.options),
        "hands": [[name(c) for c in h] for h in d.hands],
        "draw": [name(c) for c in d.draw],
    }


def deal_to_json(d: Deal) -> dict[str, Any]:
    return _deal_json(d, "deal")


def position_to_json(s: State) -> dict[str, Any]:
    return {
        **_deal_json(s, "position"),
        **turn_json(s),
        "drawn": None if s.drawn < 0 else name(s.drawn),
        "accused": None if s.accused < 0 else s.accused,
        "guilty": s.guilty,
        "winner": None if s.winner < 0 else s.winner,
        "reshuffles": s.reshuffles,
        "legal_moves": [str(m) for m in legal_moves(s)],
    }


def hand_to_json(h: PlayoutHand) -> dict[str, Any]:
    return {
        "game": GAME,
        "kind": "hand",
        "top": name(h.top),
        "colour": colour_name(h.colour),
        "hand": [name(c) for c in h.hand],
    }


# ------------------------------------------------------------------------ parsing


def parse(text: str, source: str = "<input>") -> Deal | State | PlayoutHand:
    """Parse a deal, position or hand file; errors name ``source``, line and column."""
    kinds: dict[str, Callable[[Document], Deal | State | PlayoutHand]] = {
        "deal": _parse_deal,
        "position": _parse_position,
        "hand": _parse_hand,
    }
    return parse_document(text, source, GAME, kinds)


def card_token(token: Token) -> int:
    card = parse_card(token.text)
    if card is None:
        raise token.error(f"expected a card like R7, GS, BR, YD2, W or W4, got '{token.text}'")
    return card


def parse_cards(text: str, source: str = "--hand", line: int = 1, column: int = 1) -> list[int]:
    """A comma- or blank-separated list of cards (the CLI's ``--hand``)."""
    with naming(source):
        return [card_token(t) for t in tokens(text, line, column)]


def check_hand_copies(text: str, top: int, source: str = "--hand") -> None:
    """Refuse a ``--hand`` that, with the ``top`` card, holds a card more often than
    the deck (UN-1); the error names the column of the first copy too many."""
    words = list(tokens(text, 1, 1))
    excess = first_excess([top, *(card_token(t) for t in words)])
    if excess is not None:
        i, card = excess
        raise NotationError(copies_message(card, top), 1, words[i - 1].column, source)


def top_token(token: Token) -> tuple[int, int | None]:
    """A top card and the colour it names: ``R5`` (colour None: its own) or, for a
    wild, ``W:green`` as on the discard pile (a bare ``W`` leaves the colour None)."""
    head, colon, tail = token.text.partition(":")
    card = card_token(Token(head, token.line, token.column))
    if not colon:
        return card, None
    if not is_wild(card):
        raise token.error(f"only a wild names a colour, got '{token.text}'")
    colour = parse_colour(tail)
    if colour is None:
        raise Token(tail, token.line, token.column + len(head) + 1).error(
            f"expected a colour ({', '.join(COLOURS)}), got '{tail}'"
        )
    return card, colour


def parse_top(text: str, source: str = "--top") -> tuple[int, int | None]:
    """The CLI's ``--top``: one card, a wild possibly with its colour (``W:green``)."""
    with naming(source):
        words = list(tokens(text, 1, 1))
        if len(words) != 1:
            raise NotationError(f"expected one card, got {len(words)}", 1, 1)
        return top_token(words[0])


def parse_colour_text(text: str, source: str) -> int:
    colour = parse_colour(text.strip())
    if colour is None:
        raise NotationError(f"expected a colour ({', '.join(COLOURS)}), got '{text}'", 1, 1, source)
    return colour


def _options(fields: dict[str, Field]) -> Options:
    scoring = Scoring.STANDARD
    if "scoring" in fields:
        token = single(fields["scoring"])
        if token.text not in ("standard", "alternative"):
            raise token.error(f"expected 'standard' or 'alternative', got '{token.text}'")
        scoring = Scoring(token.text)
    target = optional_integer(fields, "target", 1, 100000, "a target score", 500)
    return Options(
        reverse_skips=flag(fields, "reverse-skips", True),
        stacking=flag(fields, "stacking", False),
        scoring=scoring,
        target=target,
    )


def _card_list(f: Field) -> tuple[int, ...]:
    return tuple(card_token(t) for t in f.listed())


def _players(fields: dict[str, Field], doc: Document, numbered: tuple[str, ...]) -> int:
    """The player count (UN-2) of a deal, position or view file; a field numbered by
    player (``numbered``: ``hand N``, ...) may not name a player beyond it."""
    players = required_integer(fields, "players", doc, MIN_PLAYERS, MAX_PLAYERS, "a player count")
    check_players(fields, numbered, players)
    return players


def _common(
    doc: Document, keys: tuple[str, ...]
) -> tuple[dict[str, Field], int, int, int, Options]:
    fields = fields_of(doc, keys, ", ".join((*keys, "hand N")), ("hand",))
    players = _players(fields, doc, ("hand",))
    dealer = player(fields, "dealer", doc, players)
    seed = optional_integer(fields, "seed", 0, 2**63, "a seed", 0)
    return fields, players, dealer, seed, _options(fields)


def _hands(fields: dict[str, Field], players: int, doc: Document) -> tuple[tuple[int, ...], ...]:
    return tuple(_card_list(required(fields, f"hand {p + 1}", doc)) for p in range(players))


def _check_deck(piles: Sequence[Field], missing_at: Field) -> None:
    """UN-1: the cards of ``piles`` (hands, draw, discard) are exactly the 108 of the
    deck. A copy too many is reported at its token; missing cards at ``missing_at``
    (the draw pile). Tokens are valid cards already."""
    words = [t for f in piles for t in f.listed()]
    cards = [card_token(t) for t in words]
    excess = first_excess(cards)
    if excess is not None:
        raise words[excess[0]].error(copies_message(excess[1]))
    if len(cards) != DECK_SIZE:
        missing = Counter(full_deck())
        missing.subtract(Counter(cards))
        listed = ", ".join(f"{name(c)} x{n}" if n > 1 else name(c) for c, n in missing.items() if n)
        if len(listed) > 60:
            listed = listed[:60].rsplit(",", 1)[0] + ", ..."
        raise missing_at.error(
            f"the cards add up to {len(cards)}, not the {DECK_SIZE} of the deck (UN-1): "
            f"missing {listed}"
        )


def _parse_deal(doc: Document) -> Deal:
    fields, players, dealer, seed, options = _common(doc, _DEAL_KEYS)
    hand_fields = [required(fields, f"hand {p + 1}", doc) for p in range(players)]
    hands = _hands(fields, players, doc)
    for f, hand in zip(hand_fields, hands, strict=True):
        if len(hand) != HAND_SIZE:
            words = f.listed()
            where = words[HAND_SIZE] if len(hand) > HAND_SIZE else None
            message = f"'{f.key}' holds {len(hand)} cards; a deal gives {HAND_SIZE} each (UN-2)"
            raise where.error(message) if where else f.error(message)
    draw_field = required(fields, "draw", doc)
    draw = _card_list(draw_field)
    _check_deck([*hand_fields, draw_field], draw_field)
    if not draw:
        raise draw_field.error("the draw pile of a deal cannot be empty (UN-2)")
    return Deal(options, dealer, hands, draw, seed)


def _optional_player(fields: dict[str, Field], key: str, players: int) -> int:
    """The player (0-based) an optional field names, -1 for ``-`` or none."""
    if key not in fields:
        return -1
    token = single(fields[key])
    if token.text == "-":
        return -1
    return integer(token, 1, players, "a player") - 1


def _colour(f: Field, top: int) -> tuple[int, Token]:
    """The colour in force (``-`` while a Wild turned first waits for its colour,
    UN-7: -1) and its word; on a coloured top it is the top's colour (UN-3, UN-5)."""
    token = single(f)
    colour = -1 if token.text == "-" else parse_colour(token.text)
    if colour is None:
        raise token.error(f"expected a colour or '-', got '{token.text}'")
    if colour >= 0 and not is_wild(top) and colour != colour_of(top):
        raise token.error(colour_message(top))
    return colour, token


def _direction(fields: dict[str, Field]) -> int:
    """The direction of play (UN-3, reversed by a Reverse): 1 ``left``, -1 ``right``."""
    if "direction" not in fields:
        return 1
    token = single(fields["direction"])
    if token.text not in ("left", "right"):
        raise token.error(f"expected 'left' or 'right', got '{token.text}'")
    return 1 if token.text == "left" else -1


def _phase(fields: dict[str, Field], top: int, options: Options) -> Phase:
    """The phase (``play`` when left out), one the top card can have caused."""
    if "phase" not in fields:
        return Phase.PLAY
    token = single(fields["phase"])
    if token.text not in {p.value for p in Phase}:
        raise token.error(
            f"expected a phase ({', '.join(p.value for p in Phase)}), got '{token.text}'"
        )
    phase = Phase(token.text)
    _check_phase(token, phase, top, options)
    return phase


def _turn(
    fields: dict[str, Field], doc: Document, top: int, options: Options, players: int
) -> tuple[int, int, int, Phase, int]:
    """The turn under way, as a position and a view file write it: the colour in
    force, the player to move (0-based), the direction, the phase (the colour is
    ``-`` exactly in phase ``colour``, UN-7) and the penalty pending (UN-5)."""
    colour, colour_token = _colour(required(fields, "colour", doc), top)
    to_move = player(fields, "to-move", doc, players)
    direction = _direction(fields)
    phase = _phase(fields, top, options)
    if (colour < 0) != (phase == Phase.COLOUR):
        raise colour_token.error("the colour is '-' exactly in phase 'colour' (UN-7)")
    return colour, to_move, direction, phase, _pending(fields)


def _pending(fields: dict[str, Field]) -> int:
    """The penalty the next player draws unless it stacks (UN-5)."""
    return optional_integer(fields, "pending", 0, DECK_SIZE, "a penalty", 0)


def _reshuffles(fields: dict[str, Field]) -> int:
    """How many times the draw pile was made anew from the discard pile (UN-9)."""
    return optional_integer(fields, "reshuffles", 0, 10**6, "a count", 0)


def _winner(fields: dict[str, Field], players: int, sizes: Sequence[int]) -> int:
    """The winner (0-based, -1 for none): a player holding no card (UN-8)."""
    winner = _optional_player(fields, "winner", players)
    if winner >= 0 and sizes[winner]:
        raise fields["winner"].error(f"player {winner + 1} holds cards and cannot have won")
    return winner


def _parse_position(doc: Document) -> State:
    fields, players, dealer, seed, options = _common(doc, _POSITION_KEYS)
    hands = _hands(fields, players, doc)
    draw_field = required(fields, "draw", doc)
    draw = _card_list(draw_field)
    discard_field = required(fields, "discard", doc)
    discard = _card_list(discard_field)
    if not discard:
        raise discard_field.error("the discard pile cannot be empty")
    hand_fields = [fields[f"hand {p + 1}"] for p in range(players)]
    _check_deck([*hand_fields, draw_field, discard_field], draw_field)
    top = discard[-1]
    colour, to_move, direction, phase, pending = _turn(fields, doc, top, options, players)
    colour_field = fields["colour"]
    drawn = -1
    if "drawn" in fields:
        token = single(fields["drawn"])
        drawn = -1 if token.text == "-" else card_token(token)
    if (drawn >= 0) != (phase == Phase.DRAWN):
        f = fields.get("drawn", fields.get("phase", colour_field))
        raise f.error("a drawn card is given exactly in phase 'drawn' (UN-4)")
    if drawn >= 0 and drawn not in hands[to_move]:
        raise fields["drawn"].error(f"player {to_move + 1} does not hold the drawn card")
    if drawn >= 0 and not matches(drawn, top, colour):
        raise fields["drawn"].error(
            f"phase 'drawn' follows a playable card only, and {name(drawn)} does not match "
            f"{name(top)} with {colour_name(colour)} in force (UN-4)"
        )
    accused = _optional_player(fields, "accused", players)
    if (accused >= 0) != (phase == Phase.CHALLENGE):
        f = fields.get("accused", fields.get("phase", colour_field))
        raise f.error("an accused player is given exactly in phase 'challenge' (UN-6)")
    if accused >= 0 and accused != (to_move - direction) % players:
        raise fields["accused"].error(
            f"the accused is the player who laid the Wild Draw Four: player "
            f"{(to_move - direction) % players + 1}, before player {to_move + 1} (UN-6)"
        )
    winner = _winner(fields, players, [len(hand) for hand in hands])
    reshuffles = _reshuffles(fields)
    return State(
        options,
        hands,
        draw,
        discard,
        colour,
        to_move,
        dealer,
        direction,
        phase,
        pending,
        drawn,
        accused,
        flag(fields, "guilty", False),
        winner,
        seed,
        reshuffles,
    )


def _check_phase(token: Token, phase: Phase, top: int, options: Options) -> None:
    """A phase only the top card can have caused: ``challenge`` answers a Wild Draw
    Four (UN-6), ``stack`` a Draw Two with stacking on (UN-5 option), ``colour`` a
    Wild turned first (UN-7)."""
    if phase == Phase.CHALLENGE and top != WILD_DRAW_FOUR:
        raise token.error(
            f"phase 'challenge' needs a Wild Draw Four on top, not {name(top)} (UN-6)"
        )
    if phase == Phase.STACK and (is_wild(top) or symbol_of(top) != DRAW_TWO):
        raise token.error(f"phase 'stack' needs a Draw Two on top, not {name(top)} (UN-5)")
    if phase == Phase.STACK and not options.stacking:
        raise token.error("phase 'stack' needs 'stacking: yes' (UN-5 option)")
    if phase == Phase.COLOUR and top != WILD:
        raise token.error(f"phase 'colour' needs a Wild turned first, not {name(top)} (UN-7)")


def _parse_hand(doc: Document) -> PlayoutHand:
    fields = fields_of(doc, lambda k: k in _HAND_KEYS, ", ".join(_HAND_KEYS))
    top_field = required(fields, "top", doc)
    top_word = single(top_field)
    top, named = top_token(top_word)
    hand_field = required(fields, "hand", doc)
    hand = _card_list(hand_field)
    excess = first_excess((top, *hand))
    if excess is not None:
        word = top_word if excess[0] == 0 else hand_field.listed()[excess[0] - 1]
        raise word.error(copies_message(excess[1], top))
    colour: int
    if "colour" in fields:
        token = single(fields["colour"])
        given = parse_colour(token.text)
        if given is None:
            raise token.error(f"expected a colour ({', '.join(COLOURS)}), got '{token.text}'")
        if not is_wild(top) and given != colour_of(top):
            raise token.error(colour_message(top))
        if named is not None and given != named:
            raise token.error(f"the top card {top_word.text} already names {colour_name(named)}")
        colour = given
    elif named is not None:
        colour = named
    elif is_wild(top):
        raise top_word.error(
            f"a wild on top needs the colour it named, e.g. 'top: {name(top)}:green' (UN-5)"
        )
    else:
        colour = colour_of(top)
    return PlayoutHand(hand, top, colour)


def play_from_text(text: str, source: str = "<move>") -> Move:
    """A move from its text: ``R7``, ``W:green``, ``draw``, ``pass``, ``challenge``,
    ``accept``, ``colour:red``."""
    low = text.strip().lower()
    simple: dict[str, Move] = {"draw": DRAW, "pass": PASS, "challenge": CHALLENGE, "accept": ACCEPT}
    if low in simple:
        return simple[low]
    head, colon, tail = text.strip().partition(":")
    if head.lower() == "colour" and colon:
        return NameColour(parse_colour_text(tail, source))
    card = parse_card(head)
    if card is None:
        raise NotationError(f"expected a move like R7, W:green or draw, got '{text}'", 1, 1, source)
    if is_wild(card):
        if not colon:
            raise NotationError(f"a wild needs its colour, e.g. {head}:green", 1, 1, source)
        return Play(card, parse_colour_text(tail, source))
    if colon:
        raise NotationError(f"only a wild names a colour, got '{text}'", 1, 1, source)
    return Play(card)
