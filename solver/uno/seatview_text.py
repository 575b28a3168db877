"""UNO from one seat: the view file (``playable uno view``), its JSON, and the
parser's checks (docs/seatview.md, "UNO"; the fields a position shares are read as
in docs/notation-uno.md).

::

    playable uno view
    seat: 1                  # whose view (numbered from 1)
    players: 2
    dealer: 2
    hand 1: R1 R7 GS W       # the seat's own hand, in full
    hand 2: 3 cards          # every other player: how many cards
    draw: 85 cards           # how many cards the draw pile holds
    discard: ... R5          # bottom first, top last (all of it was seen)
    colour: red
    to-move: 1
    direction: left
    phase: play
    pending: 0
    drawn: -                 # the seat's card just drawn; '?' another player's
    accused: -
    guilty: no               # '?' while hidden from the seat (phase challenge)
    winner: -
    reshuffles: 0
    seen 2: W4               # cards seen in player 2's hand, not played since
    lacks 2: red 7 W since 1 # held none of these, 1 card received since
    holds 2: blue            # holds at least one of these

The rule options (``reverse-skips``, ``stacking``, ``scoring``, ``target``) are
optional as in a position; there is no ``seed`` (hidden, UN-9). The kinds a
``lacks`` line names are colours (``red``: every red card), numbers and symbols
(``7``, ``skip``, ``reverse``, ``draw-two``: that symbol in every colour) and single
cards (``R7``, ``W``, ``W4``); several groups may follow one another, each ending
with ``since N`` (the last may leave it out: ``since 0``). A ``holds`` line names
kinds the same way; several groups are joined by ``and`` (``holds 2: blue and
green``: at least one blue card and at least one green card).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from playable.solver.core.cardlist import (
    Document,
    Field,
    Token,
    fields_of,
    format_document,
    integer,
    is_number,
    parse_document,
    player,
    required,
    single,
    yes_no,
)
from playable.solver.uno.cards import (
    COLOURS,
    DECK_SIZE,
    SYMBOLS,
    colour_name,
    first_excess,
    kind,
    matches,
    name,
    parse_card,
    parse_colour,
)
from playable.solver.uno.notation import (
    _POSITION_KEYS,
    GAME,
    _card_list,
    _opt_player,
    _optional_player,
    _options,
    _players,
    _reshuffles,
    _turn,
    _winner,
    card_token,
    cards_text,
    copies_message,
    option_lines,
    options_to_json,
    turn_json,
    turn_lines,
)
from playable.solver.uno.rules import Phase
from playable.solver.uno.seatview_deal import undealable
from playable.solver.uno.seatview_view import (
    HIDDEN,
    Holds,
    Lack,
    View,
    before_colour,
    guilt_possible,
    holds_colour,
    seat_moves,
)

KIND = "view"
#: A position's fields without the reshuffle seed (hidden, UN-9), and the seat.
_KEYS = ("seat", *(key for key in _POSITION_KEYS if key != "seed"))
_NUMBERED = ("hand", "seen", "lacks", "holds")
_SYMBOL_WORDS: Final = (*(str(n) for n in range(10)), "skip", "reverse", "draw-two")


# --------------------------------------------------------------------- formatting


def _count_text(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def kinds_text(kinds: tuple[int, ...]) -> str:
    """The kinds of a ``lacks`` or ``holds`` group: whole colours, then whole symbols,
    then cards."""
    want = set(kinds)
    covered: set[int] = set()
    words = []
    for colour in range(len(COLOURS)):
        group = {kind(colour, s) for s in range(SYMBOLS)}
        if group <= want:
            words.append(COLOURS[colour])
            covered |= group
    for symbol in range(SYMBOLS):
        group = {kind(c, symbol) for c in range(len(COLOURS))}
        if group <= want and not group <= covered:
            words.append(_SYMBOL_WORDS[symbol])
            covered |= group
    words += [name(k) for k in sorted(want - covered)]
    return " ".join(words)


def _drawn_text(view: View) -> str:
    if view.drawn == HIDDEN:
        return "?"
    return "-" if view.drawn < 0 else name(view.drawn)


def format_view(view: View) -> str:
    """The view file of ``view`` (read back by :func:`parse_view`)."""
    lines = [
        f"seat: {view.seat + 1}",
        f"players: {view.players}",
        f"dealer: {view.dealer + 1}",
        *option_lines(view.options),
    ]
    for p in range(view.players):
        held = cards_text(view.hand) if p == view.seat else _count_text(view.counts[p])
        lines.append(f"hand {p + 1}: {held}")
    lines += [
        f"draw: {_count_text(view.draw)}",
        *turn_lines(view),
        f"drawn: {_drawn_text(view)}",
        f"accused: {_opt_player(view.accused)}",
        f"guilty: {'?' if view.guilty is None else yes_no(view.guilty)}",
        f"winner: {_opt_player(view.winner)}",
        f"reshuffles: {view.reshuffles}",
    ]
    lines += [f"seen {p + 1}: {cards_text(s)}" for p, s in enumerate(view.seen) if s]
    for p in sorted({lack.player for lack in view.lacks}):
        groups = [
            f"{kinds_text(lack.kinds)} since {lack.since}"
            for lack in view.lacks
            if lack.player == p
        ]
        lines.append(f"lacks {p + 1}: {' '.join(groups)}")
    for p in sorted({holds.player for holds in view.holds}):
        groups = [kinds_text(holds.kinds) for holds in view.holds if holds.player == p]
        lines.append(f"holds {p + 1}: {' and '.join(groups)}")
    return format_document(GAME, KIND, lines)


def view_to_json(view: View) -> dict[str, Any]:
    """The view as JSON: the position's keys where it has them (docs/json.md), hidden
    values as ``"?"`` (``drawn``) or null (``guilty``), counts for the other hands."""
    return {
        "game": GAME,
        "kind": KIND,
        "seat": view.seat,
        "players": view.players,
        "dealer": view.dealer,
        "options": options_to_json(view.options),
        "hand": [name(c) for c in view.hand],
        "hand_sizes": list(view.counts),
        "draw_count": view.draw,
        **turn_json(view),
        "drawn": _drawn_text(view) if view.drawn != -1 else None,
        "accused": None if view.accused < 0 else view.accused,
        "guilty": view.guilty,
        "winner": None if view.winner < 0 else view.winner,
        "reshuffles": view.reshuffles,
        "seen": [[name(c) for c in s] for s in view.seen],
        "lacks": [
            {"player": lack.player, "cards": [name(c) for c in lack.kinds], "since": lack.since}
            for lack in view.lacks
        ],
        "holds": [
            {"player": holds.player, "cards": [name(c) for c in holds.kinds]}
            for holds in view.holds
        ],
        "legal_moves": [str(m) for m in seat_moves(view)],
    }


# ------------------------------------------------------------------------ parsing


def parse_view(text: str, source: str = "<input>") -> View:
    """The view written in ``text``; errors (also a view no deal is consistent with)
    name ``source``, line and column."""
    return parse_document(text, source, GAME, {KIND: _parse})


def _count(f: Field, what: str) -> int:
    """``N cards`` (or ``1 card``)."""
    words = f.tokens()
    if len(words) != 2 or words[1].text not in ("card", "cards") or not is_number(words[0].text):
        raise f.error(f"expected a count like '3 cards' ({what})")
    return integer(words[0], 0, DECK_SIZE, "a count")


def _parse(doc: Document) -> View:
    expected = ", ".join((*_KEYS, *(f"{key} N" for key in _NUMBERED)))
    fields = fields_of(doc, _KEYS, expected, _NUMBERED)
    players = _players(fields, doc, _NUMBERED)
    seat = player(fields, "seat", doc, players)
    dealer = player(fields, "dealer", doc, players)
    options = _options(fields)
    hand_fields = [required(fields, f"hand {p + 1}", doc) for p in range(players)]
    hand = _card_list(hand_fields[seat])
    counts = tuple(
        len(hand)
        if p == seat
        else _count(f, f"player {p + 1}'s cards are hidden from seat {seat + 1}")
        for p, f in enumerate(hand_fields)
    )
    draw_field = required(fields, "draw", doc)
    draw = _count(draw_field, "the draw pile is face down")
    discard_field = required(fields, "discard", doc)
    discard = _card_list(discard_field)
    if not discard:
        raise discard_field.error("the discard pile cannot be empty")
    seen = _seen(fields, seat, counts)
    _check_known(hand_fields[seat], fields, discard_field, players)
    total = sum(counts) + draw + len(discard)
    if total != DECK_SIZE:
        raise draw_field.error(
            f"the hands ({sum(counts)}), draw pile ({draw}) and discard pile ({len(discard)}) "
            f"hold {total} cards, not the {DECK_SIZE} of the deck (UN-1)"
        )
    top = discard[-1]
    colour, to_move, direction, phase, pending = _turn(fields, doc, top, options, players)
    drawn = _drawn(
        fields, phase, seat, to_move, hand, top, colour, counts[to_move] - len(seen[to_move])
    )
    accused = _accused(fields, phase, to_move, direction, players)
    guilty = _guilty(fields, phase, seat, accused, hand, discard)
    winner = _winner(fields, players, counts)
    reshuffles = _reshuffles(fields)
    lacks = tuple(_lacks(fields, seat, players))
    holds = tuple(_holds(fields, seat, players))
    view = View(
        options,
        seat,
        dealer,
        hand,
        counts,
        draw,
        discard,
        colour,
        to_move,
        direction,
        phase,
        pending,
        drawn,
        accused,
        guilty,
        winner,
        reshuffles,
        seen,
        lacks,
        holds,
    )
    _check_dealable(view, fields, draw_field)
    return view


def _seen(
    fields: dict[str, Field], seat: int, counts: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    seen: list[tuple[int, ...]] = []
    for p, held in enumerate(counts):
        f = fields.get(f"seen {p + 1}")
        if f is None:
            seen.append(())
            continue
        if p == seat:
            raise f.error(f"seat {seat + 1}'s own hand is written in full on 'hand {p + 1}'")
        cards = _card_list(f)
        if len(cards) > held:
            raise f.error(f"{len(cards)} cards seen, but player {p + 1} holds {held}")
        seen.append(cards)
    return tuple(seen)


def _check_known(hand: Field, fields: dict[str, Field], discard: Field, players: int) -> None:
    """UN-1: the cards the seat has seen (its hand, the others' seen cards, the
    discard pile) hold no card more often than the deck; the excess copy is
    reported where it stands."""
    piles = [hand, *(fields[k] for p in range(players) if (k := f"seen {p + 1}") in fields)]
    words = [t for f in [*piles, discard] for t in f.listed()]
    excess = first_excess(card_token(t) for t in words)
    if excess is not None:
        raise words[excess[0]].error(copies_message(excess[1]))


def _drawn(
    fields: dict[str, Field],
    phase: Phase,
    seat: int,
    to_move: int,
    hand: tuple[int, ...],
    top: int,
    colour: int,
    unseen_held: int,
) -> int:
    """The card just drawn (UN-4): the seat's own, or ``?`` for another player's."""
    token = single(fields["drawn"]) if "drawn" in fields else None
    text = "-" if token is None else token.text
    if (text != "-") != (phase == Phase.DRAWN):
        f = fields.get("drawn", fields.get("phase"))
        assert f is not None  # phase defaults to play, so one of them was given
        raise f.error("a drawn card is given exactly in phase 'drawn' (UN-4)")
    if token is None or text == "-":
        return -1
    if to_move != seat:
        if text != "?":
            raise token.error(
                f"the card player {to_move + 1} drew is hidden from seat {seat + 1}: "
                "write 'drawn: ?'"
            )
        if unseen_held < 1:
            raise token.error(
                f"player {to_move + 1} holds no unseen card that could be the one drawn"
            )
        return HIDDEN
    if text == "?":
        raise token.error(f"seat {seat + 1} drew the card and sees it: name it, e.g. 'drawn: R7'")
    drawn = card_token(token)
    if drawn not in hand:
        raise token.error(f"player {to_move + 1} does not hold the drawn card")
    if not matches(drawn, top, colour):
        raise token.error(
            f"phase 'drawn' follows a playable card only, and {name(drawn)} does not match "
            f"{name(top)} with {colour_name(colour)} in force (UN-4)"
        )
    return drawn


def _accused(
    fields: dict[str, Field], phase: Phase, to_move: int, direction: int, players: int
) -> int:
    accused = _optional_player(fields, "accused", players)
    if (accused >= 0) != (phase == Phase.CHALLENGE):
        f = fields.get("accused", fields.get("phase"))
        assert f is not None  # phase defaults to play, so accused was given
        raise f.error("an accused player is given exactly in phase 'challenge' (UN-6)")
    layer = (to_move - direction) % players
    if accused >= 0 and accused != layer:
        raise fields["accused"].error(
            f"the accused is the player who laid the Wild Draw Four: player "
            f"{layer + 1}, before player {to_move + 1} (UN-6)"
        )
    return accused


def _guilty(
    fields: dict[str, Field],
    phase: Phase,
    seat: int,
    accused: int,
    hand: tuple[int, ...],
    discard: tuple[int, ...],
) -> bool | None:
    """UN-6: the accused's guilt, known to the accused alone (``?`` for the others)."""
    token = single(fields["guilty"]) if "guilty" in fields else None
    text = None if token is None else token.text
    if text is not None and text not in ("yes", "no", "?"):
        assert token is not None
        raise token.error(f"expected 'yes', 'no' or '?' for 'guilty', got '{text}'")
    if phase != Phase.CHALLENGE:
        if text in ("yes", "?"):
            assert token is not None
            raise token.error(
                "guilt is judged only in phase 'challenge' (UN-6): write 'guilty: no'"
            )
        return False
    before = before_colour(discard)
    if accused != seat:
        if text in ("yes", "no"):
            assert token is not None
            raise token.error(
                f"whether player {accused + 1} is guilty is hidden from seat {seat + 1}: "
                "write 'guilty: ?' (UN-6)"
            )
        return None
    if text == "?" or (text is None and before < 0):
        f = fields.get("guilty", fields["accused"])
        raise f.error(
            f"seat {seat + 1} is accused and knows its guilt: write 'guilty: yes' or 'no'"
        )
    if text is None:
        return holds_colour(hand, before)
    assert token is not None
    guilty = text == "yes"
    if before >= 0 and guilty != holds_colour(hand, before):
        held = "holds a" if holds_colour(hand, before) else "holds no"
        raise token.error(
            f"seat {seat + 1} {held} {colour_name(before)} card, the colour in force under "
            f"the Wild Draw Four: guilty is {yes_no(not guilty)} (UN-6)"
        )
    if before < 0 and not guilt_possible(hand, guilty):
        raise token.error(
            f"no colour under the Wild Draw Four gives this hand 'guilty: {text}' (UN-6)"
        )
    return guilty


def _lack_kinds(token: Token, closer: str = "'since N'") -> tuple[int, ...]:
    low = token.text.lower()
    colour = parse_colour(low) if low in COLOURS else None
    if colour is not None:
        return tuple(kind(colour, s) for s in range(SYMBOLS))
    if low in _SYMBOL_WORDS:
        symbol = _SYMBOL_WORDS.index(low)
        return tuple(kind(c, symbol) for c in range(len(COLOURS)))
    card = parse_card(token.text)
    if card is None:
        raise token.error(
            "expected a colour (red), a number or symbol (7, skip, reverse, draw-two), "
            f"a card (R7, W, W4) or {closer}, got '{token.text}'"
        )
    return (card,)


def _about_others(
    fields: dict[str, Field], key: str, seat: int, players: int
) -> Iterator[tuple[int, Field]]:
    """Each ``KEY N`` line there is, with its player (0-based); one about the seat is
    refused (the seat knows its own hand)."""
    for p in range(players):
        f = fields.get(f"{key} {p + 1}")
        if f is None:
            continue
        if p == seat:
            raise f.error(f"seat {seat + 1} sees its own hand: '{key}' is for other players")
        yield p, f


def _lacks(fields: dict[str, Field], seat: int, players: int) -> Iterator[Lack]:
    """The ``lacks N`` lines: groups of kinds, each closed by ``since N``."""
    for p, f in _about_others(fields, "lacks", seat, players):
        words = f.tokens()
        kinds: list[int] = []
        i = 0
        while i < len(words):
            word = words[i]
            if word.text == "since":
                if not kinds:
                    raise word.error("'since N' closes a group of kinds: name the kinds first")
                if i + 1 == len(words):
                    raise word.error("expected a count after 'since'")
                yield Lack(p, tuple(kinds), integer(words[i + 1], 0, DECK_SIZE, "a count"))
                kinds = []
                i += 2
                continue
            kinds += _lack_kinds(word)
            i += 1
        if kinds:
            yield Lack(p, tuple(kinds), 0)
        elif not words:
            raise f.error("expected the kinds the player held none of, e.g. 'red 7 W since 1'")


def _holds(fields: dict[str, Field], seat: int, players: int) -> Iterator[Holds]:
    """The ``holds N`` lines: groups of kinds joined by ``and``."""
    for p, f in _about_others(fields, "holds", seat, players):
        kinds: list[int] = []
        for word in f.tokens():
            if word.text != "and":
                kinds += _lack_kinds(word, "'and'")
            elif not kinds:
                raise word.error("'and' joins groups of kinds: name the kinds first")
            else:
                yield Holds(p, tuple(kinds))
                kinds = []
        if not kinds:
            raise f.error("expected the kinds the player holds one of, e.g. 'blue' or 'R7 W'")
        yield Holds(p, tuple(kinds))


def _check_dealable(view: View, fields: dict[str, Field], draw_field: Field) -> None:
    """Refuse a view no deal is consistent with (seen cards or lacks more than the
    hand sizes allow, holds no unseen card can keep, a drawn card no unseen card can
    be)."""
    for lack in view.lacks:
        kinds = set(lack.kinds)
        seen = sum(1 for c in view.seen[lack.player] if c in kinds)
        if seen > lack.since:
            raise fields[f"lacks {lack.player + 1}"].error(
                f"player {lack.player + 1} was seen holding {seen} of '{kinds_text(lack.kinds)}', "
                f"more than the {lack.since} cards received since"
            )
    problem = undealable(view)
    if problem is not None:
        named = [f"lacks {lack.player + 1}" for lack in view.lacks]
        named += [f"holds {holds.player + 1}" for holds in view.holds]
        first = next((fields[key] for key in named), None)
        where = first or fields.get("drawn") or draw_field
        raise where.error(problem)
