"""Sequence: the text notation of positions and moves (docs/notation-sequence.md).

A position is a line-oriented file; the board is ten ``row N:`` lines of ten
symbols (``.`` empty, ``*`` free corner, ``B`` ``G`` ``R`` chips of sides 1-3)::

    playable sequence position
    players: 2
    sides: 2
    row 0: * . . . . . . . . *
    ...
    row 9: * . . . . . . . . *
    sequences: -                  # or B:a0-e0 G:c2-c6 (side and line, in order made)
    hand 1: 2S 3H JD ...
    hand 2: ...
    discard 1: -                  # each player's discard pile, bottom first
    discard 2: -
    draw: 5H 7C ...               # known top of the draw pile, next card first
    to-move: 1
    replaced: no                  # a dead card was already replaced this turn (SQ-6)
    seed: 0                       # SQ-9 reshuffle seed

Cards the file does not list (104 minus hands, discards and draw) are the unknown
rest of the draw pile, below the listed cards. ``parse(format(x)) == x``; every
error is a :class:`NotationError` with line and column.

Beyond the syntax the parser refuses what no game can reach (each check is only
sound, i.e. refuses only unreachable positions, for the reason given):

* a card more than twice (SQ-2), hands of the wrong size (SQ-3, SQ-8);
* a listed sequence that is not five chips of its side in a row, or that shares
  more than one space with another sequence of its side (SQ-7);
* more than one side at its target (SQ-8: the game ends at once, and a turn only
  adds sequences of the side that moves);
* a line of five of one side that is not listed although it could be: see
  :func:`unclaimed_five`.

Chip counts are not checked: with two sides every turn that places or removes a
chip moves the difference of the chip counts by one towards the side that moved,
so without passes the counts differ by at most one; but a player whose cards are
all dead passes (SQ-11) and may stay stuck while the other side plays on, and no
bound on that is known, so a count check would refuse reachable positions (see
docs/notation-sequence.md). Moves: ``QS@e4`` (place,
with ``+a4-e4`` for each sequence it completes), ``JHxe4`` (remove), ``dead:9C``
(replace a dead card), ``pass``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from playable.solver.core.cardlist import (
    Document,
    Field,
    Token,
    cards_text,
    check_players,
    fields_of,
    flag,
    format_document,
    optional_integer,
    parse_document,
    player,
    required,
    required_integer,
    yes_no,
)
from playable.solver.core.errors import IllegalMove, InvalidVariant, NotationError
from playable.solver.sequence.board import (
    CORNERS,
    LINES,
    SIZE,
    line_name,
    parse_cell,
    parse_line,
    shared_cells,
)
from playable.solver.sequence.rules import (
    COLOURS,
    CORNER,
    DECK,
    EMPTY,
    PASS,
    Completed,
    Move,
    Place,
    Remove,
    ReplaceDead,
    State,
    Variant,
    apply,
    is_card,
    legal_moves,
)

GAME = "sequence"
_SYMBOL = {EMPTY: ".", CORNER: "*", 0: "B", 1: "G", 2: "R"}
_DECK_COUNT = Counter(DECK)


# --------------------------------------------------------------------- formatting


def board_rows(chips: tuple[int, ...]) -> list[str]:
    """The ten ``row N:`` lines of the board."""
    return [
        f"row {r}: " + " ".join(_SYMBOL[chips[r * SIZE + c]] for c in range(SIZE))
        for r in range(SIZE)
    ]


def board_lines(chips: tuple[int, ...], sequences: tuple[Completed, ...]) -> list[str]:
    """The public board as a position file and a view file write it: the ten rows and
    the completed sequences, in the order made (SQ-7)."""
    return [*board_rows(chips), "sequences: " + (" ".join(str(s) for s in sequences) or "-")]


def discard_lines(discards: tuple[tuple[str, ...], ...]) -> list[str]:
    """Every player's discard pile, bottom first (SQ-4: played face up, so public)."""
    return [f"discard {p + 1}: {cards_text(d)}" for p, d in enumerate(discards)]


def turn_lines(to_move: int, replaced: bool, seed: int) -> list[str]:
    """The last lines of a position file and a view file: the player to move (from 1),
    whether a dead card was already replaced this turn (SQ-6) and the reshuffle seed
    (SQ-9)."""
    return [f"to-move: {to_move + 1}", f"replaced: {yes_no(replaced)}", f"seed: {seed}"]


def format_position(state: State) -> str:
    """The text of a position file."""
    v = state.variant
    lines = [f"players: {v.players}", f"sides: {v.sides}"]
    lines += board_lines(state.chips, state.sequences)
    lines += [f"hand {p + 1}: {cards_text(h)}" for p, h in enumerate(state.hands)]
    lines += discard_lines(state.discards)
    lines.append(f"draw: {cards_text(state.draw)}")
    lines += turn_lines(state.to_move, state.replaced, state.seed)
    return format_document(GAME, "position", lines)


def board_json(chips: tuple[int, ...], sequences: tuple[Completed, ...]) -> dict[str, Any]:
    """The public board in the JSON of a position and of a view: ``board`` (ten rows
    of symbols) and ``sequences`` (side 0-based and line, in the order made)."""
    return {
        "board": [row.split(": ", 1)[1].replace(" ", "") for row in board_rows(chips)],
        "sequences": [{"side": s.side, "line": line_name(s.line)} for s in sequences],
    }


def position_to_json(state: State) -> dict[str, Any]:
    """The JSON form of a position (players and sides 0-based)."""
    return {
        "game": GAME,
        "kind": "position",
        "players": state.variant.players,
        "sides": state.variant.sides,
        "hand_size": state.variant.hand_size,
        **board_json(state.chips, state.sequences),
        "hands": [list(h) for h in state.hands],
        "discards": [list(d) for d in state.discards],
        "draw": list(state.draw),
        "unknown": state.unknown,
        "to_move": state.to_move,
        "replaced": state.replaced,
        "seed": state.seed,
        "winner": state.winner,
    }


# ------------------------------------------------------------------------ parsing


def parse_position(text: str, source: str = "<input>") -> State:
    """Parse a position file; errors name ``source``, line and column."""
    return parse_document(text, source, GAME, {"position": _parse_position})


parse = parse_position


#: The keys of the board's rows, ``row 0`` ... ``row 9``.
ROW_KEYS = tuple(f"row {r}" for r in range(SIZE))
_KEYS = ("players", "sides", "sequences", "draw", "to-move", "replaced", "seed", *ROW_KEYS)
_EXPECTED = "players, sides, row 0-9, sequences, hand N, discard N, draw, to-move, replaced, seed"


def _card_list(f: Field, seen: Counter[str], first: dict[str, Token]) -> tuple[str, ...]:
    cards = []
    for token in f.listed():
        card = token.text.upper() if len(token.text) == 2 else token.text
        if not is_card(card):
            raise token.error(f"expected a card like QS, TD or JH, got '{token.text}'")
        seen[card] += 1
        if seen[card] > 2:
            where = first[card]
            raise token.error(
                f"card {card} appears a third time; two decks hold it twice "
                f"(first at line {where.line}, column {where.column}) (SQ-2)"
            )
        first.setdefault(card, token)
        cards.append(card)
    return tuple(cards)


def _variant(fields: dict[str, Field], doc: Document, numbered: tuple[str, ...]) -> Variant:
    """The players and sides of a position or view file; a field numbered by player
    (``numbered``: ``hand N``, ``discard N``) may not name a player beyond them."""
    players = required_integer(fields, "players", doc, 2, 12, "a player count")
    sides = required_integer(fields, "sides", doc, 2, 3, "a number of sides")
    try:
        variant = Variant(players, sides)
    except InvalidVariant as error:
        raise fields["players"].error(str(error)) from None
    check_players(fields, numbered, players)
    return variant


def _discards(
    fields: dict[str, Field], players: int, seen: Counter[str], first: dict[str, Token]
) -> tuple[tuple[str, ...], ...]:
    """Every player's discard pile (``discard N``, none when left out), its cards
    counted in ``seen`` like every other listed card (SQ-2)."""
    return tuple(
        _card_list(fields[f"discard {p + 1}"], seen, first) if f"discard {p + 1}" in fields else ()
        for p in range(players)
    )


def _turn(fields: dict[str, Field], doc: Document, players: int) -> tuple[int, bool, int]:
    """The fields :func:`turn_lines` writes: the player to move (0-based), whether a
    dead card was already replaced (SQ-6) and the reshuffle seed (SQ-9)."""
    return (
        player(fields, "to-move", doc, players),
        flag(fields, "replaced", False),
        optional_integer(fields, "seed", 0, 2**63 - 1, "a seed", 0),
    )


def _parse_position(doc: Document) -> State:
    fields = fields_of(doc, _KEYS, _EXPECTED, ("hand", "discard"))
    variant = _variant(fields, doc, ("hand", "discard"))
    players = variant.players
    chips = _board(fields, doc, variant.sides)
    sequences = _sequences(fields, doc, chips, variant)
    seen: Counter[str] = Counter()
    first: dict[str, Token] = {}
    hands = tuple(
        _card_list(required(fields, f"hand {p + 1}", doc), seen, first) for p in range(players)
    )
    discards = _discards(fields, players, seen, first)
    draw = _card_list(required(fields, "draw", doc), seen, first)
    to_move, replaced, seed = _turn(fields, doc, players)
    unknown = len(DECK) - sum(seen.values())
    _check_reachable(fields["sequences"], chips, sequences, variant)
    state = State(
        variant, chips, sequences, hands, discards, draw, unknown, to_move, replaced, seed
    )
    for p, hand in enumerate(state.hands):
        # SQ-3, SQ-4: hands are full after every turn; the player who made the
        # winning sequence does not draw (SQ-8; SQ-11: nobody draws after the winning
        # move), so holds one card fewer.
        size = variant.hand_size - (1 if state.winner is not None and p == to_move else 0)
        if len(hand) != size:
            raise fields[f"hand {p + 1}"].error(
                f"hand {p + 1} must hold {size} cards with {players} players "
                f"(SQ-3), got {len(hand)}"
            )
    return state


def unclaimed_five(
    chips: tuple[int, ...], sequences: tuple[Completed, ...], sides: int
) -> Completed | None:
    """A line of five chips of one side (corners count for all) that is not listed
    and shares at most one space with every listed sequence of that side, or None.

    No game reaches such a board. A line becomes five in a row only by a placement
    on one of its spaces (a removal empties a space; corners never change). That
    placement claims a maximal set of the sequences it completes (SQ-7; SQ-11: a
    placement that completes sequences claims a maximal set of them), so the line
    was claimed, or it shares more than one space with a sequence of its side made
    earlier or in the same turn. Sequences are never undone (their chips are
    locked, SQ-5, SQ-7), so that sequence is still listed. If chips of the line
    were removed and placed again, the same holds for the last placement.
    """
    listed = set(sequences)
    for side in range(sides):
        own = [s.line for s in sequences if s.side == side]
        for line, cells in enumerate(LINES):
            if Completed(side, line) in listed:
                continue
            if all(chips[c] in (side, CORNER) for c in cells) and all(
                shared_cells(line, o) <= 1 for o in own
            ):
                return Completed(side, line)
    return None


def _check_reachable(
    f: Field, chips: tuple[int, ...], sequences: tuple[Completed, ...], variant: Variant
) -> None:
    """The checks of the module notes that need the whole board and the sequences."""
    done = [
        s
        for s in range(variant.sides)
        if sum(1 for q in sequences if q.side == s) >= variant.sequences_to_win
    ]
    if len(done) > 1:
        names = " and ".join(COLOURS[s] for s in done)
        raise f.error(
            f"sides {names} both have the {variant.sequences_to_win} sequence(s) that win; "
            "the game ends when the first does (SQ-8)"
        )
    five = unclaimed_five(chips, sequences, variant.sides)
    if five is not None:
        raise f.error(
            f"{COLOURS[five.side]} has five in a row on {line_name(five.line)} that is not "
            f"listed: the placement that completed it claimed it (SQ-7, SQ-11); "
            f"add {five} to 'sequences:'"
        )


def _board(fields: dict[str, Field], doc: Document, sides: int) -> tuple[int, ...]:
    symbols = {".": EMPTY, "*": CORNER, **{COLOURS[s]: s for s in range(sides)}}
    chips: list[int] = []
    for r in range(SIZE):
        f = required(fields, f"row {r}", doc)
        words = f.tokens()
        if len(words) != SIZE:
            raise f.error(f"expected {SIZE} spaces on row {r}, got {len(words)}")
        for c, token in enumerate(words):
            if token.text not in symbols:
                allowed = " ".join(symbols)
                raise token.error(f"expected one of {allowed}, got '{token.text}'")
            chip = symbols[token.text]
            corner = r * SIZE + c in CORNERS
            if corner != (chip == CORNER):
                what = "a free corner '*'" if corner else "'.' or a chip"
                raise token.error(f"expected {what} here (SQ-1), got '{token.text}'")
            chips.append(chip)
    return tuple(chips)


def _sequences(
    fields: dict[str, Field], doc: Document, chips: tuple[int, ...], variant: Variant
) -> tuple[Completed, ...]:
    found: list[Completed] = []
    for token in required(fields, "sequences", doc).listed():
        colour, _, name = token.text.partition(":")
        line = parse_line(name)
        if colour not in COLOURS[: variant.sides] or line is None:
            raise token.error(
                f"expected a sequence like B:a0-e0 (side {COLOURS[: variant.sides]}, "
                f"line of five), got '{token.text}'"
            )
        side = COLOURS.index(colour)
        if any(chips[c] not in (side, CORNER) for c in LINES[line]):
            raise token.error(f"sequence {token.text} is not five {colour} chips in a row (SQ-7)")
        for other in found:
            if other.side == side and shared_cells(other.line, line) > 1:
                raise token.error(
                    f"sequence {token.text} shares more than one space with {other} (SQ-7)"
                )
        found.append(Completed(side, line))
    return tuple(found)


def parse_move(state: State, text: str, line: int = 1, column: int = 1) -> Move:
    """The legal move written ``text`` in ``state`` (claims may be left out when unique)."""
    token = Token(text, line, column)
    legal = legal_moves(state)
    exact = [m for m in legal if str(m) == text]
    if exact:
        return exact[0]
    loose = [m for m in legal if str(m).split("+", 1)[0] == text]
    if len(loose) == 1:
        return loose[0]
    if loose:
        options = ", ".join(str(m) for m in loose)
        raise token.error(f"'{text}' completes sequences; choose one of {options} (SQ-7)")
    raise token.error(_why_illegal(state, text))


def _why_illegal(state: State, text: str) -> str:
    """Why ``text``, no legal move of ``state``, is refused: a malformed text says
    what was expected; a well-formed one gives the rules' reason with its rule id."""
    move = move_of(text)
    if move is None:
        return f"expected a move like QS@e4, JDxe4, dead:9C or pass, got '{text}'"
    try:
        apply(state, move)
    except IllegalMove as refused:
        return str(refused)
    # the rules would allow it but legal_moves does not list it: SQ-11 (a dead card
    # is not exchanged when nothing can be drawn)
    return f"'{text}' is not a legal move for player {state.to_move + 1} here (SQ-6, SQ-11)"


def move_of(text: str) -> Move | None:
    """The move ``text`` names, read by its form alone (not checked against a state)."""
    if text == "pass":
        return PASS
    if text.startswith("dead:"):
        return ReplaceDead(text[5:]) if is_card(text[5:]) else None
    head, *claimed = text.split("+")
    lines = [parse_line(name) for name in claimed]
    for sep in ("@", "x"):
        card, found, cell_text = head.partition(sep)
        cell = parse_cell(cell_text)
        if not found or not is_card(card) or cell is None or None in lines:
            continue
        if sep == "x":
            return Remove(card, cell) if not claimed else None
        return Place(card, cell, tuple(line for line in lines if line is not None))
    return None


def apply_text(state: State, text: str) -> State:
    """Apply the move written ``text`` (for tests and the CLI)."""
    try:
        return apply(state, parse_move(state, text))
    except NotationError as error:
        raise IllegalMove(error.message) from None
