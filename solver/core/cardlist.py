"""Parsing helpers shared by the notation modules: tokens with their columns, the
header and fields of a file, and the field forms every game writes alike (numbers,
yes/no, players numbered from 1, card lists with ``-`` for none), each with the one
error message all games give (docs/notation.md)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TypeVar

from playable.solver.core.errors import IllegalMove, NotationError

T = TypeVar("T")

_TOKEN = re.compile(r"[^\s,]+")


@dataclass(frozen=True)
class Token:
    """A word of a notation line and where it stands (1-based line and column)."""

    text: str
    line: int
    column: int

    def error(self, message: str) -> NotationError:
        return NotationError(message, self.line, self.column)


def tokens(text: str, line: int, column: int) -> Iterator[Token]:
    """The words of ``text`` (separated by blanks or commas); ``column`` is where it starts."""
    for match in _TOKEN.finditer(text):
        yield Token(match.group(), line, column + match.start())


@dataclass(frozen=True)
class Field:
    """One ``key: value`` line of a notation file."""

    key: str
    value: str
    line: int
    key_column: int
    value_column: int

    def tokens(self) -> list[Token]:
        return list(tokens(self.value, self.line, self.value_column))

    def listed(self) -> list[Token]:
        """The words of a field that lists cards (or sequences): ``-`` stands for none."""
        words = self.tokens()
        return [] if len(words) == 1 and words[0].text == "-" else words

    def error(self, message: str) -> NotationError:
        return NotationError(message, self.line, self.value_column)


@dataclass(frozen=True)
class Document:
    """A notation file split into its header (``playable GAME KIND``) and fields."""

    game: str
    kind: str
    header_line: int
    fields: list[Field]
    end_line: int


def split_document(text: str) -> Document:
    """Split notation text into its header and ``key: value`` fields.

    Blank lines and ``#`` comments (whole-line or trailing) are ignored. The first
    remaining line must read ``playable GAME KIND``. Errors carry line and column.
    """
    header: tuple[str, str, int] | None = None
    fields: list[Field] = []
    lines = text.splitlines()
    for number, raw in enumerate(lines, start=1):
        content = raw.split("#", 1)[0].rstrip()
        if not content.strip():
            continue
        indent = len(content) - len(content.lstrip())
        if header is None:
            words = content.split()
            if len(words) != 3 or words[0] != "playable":
                raise NotationError(
                    "expected a first line 'playable GAME KIND', e.g. 'playable thegame deal'",
                    number,
                    indent + 1,
                )
            header = (words[1], words[2], number)
            continue
        if ":" not in content:
            raise NotationError("expected 'key: value'", number, indent + 1)
        key_part, value = content.split(":", 1)
        key = key_part.strip()
        if not key:
            raise NotationError("expected a key before ':'", number, indent + 1)
        value_column = len(key_part) + 2 + (len(value) - len(value.lstrip()))
        fields.append(Field(key, value.strip(), number, indent + 1, value_column))
    if header is None:
        raise NotationError("empty file: expected 'playable GAME KIND'", 1, 1)
    return Document(header[0], header[1], header[2], fields, max(len(lines), 1))


@contextmanager
def naming(source: str) -> Iterator[None]:
    """Errors raised in the block name ``source`` (a file, ``--deck``, ``<move>``)."""
    try:
        yield
    except NotationError as error:
        raise error.with_source(source) from None


def parse_document(
    text: str, source: str, game: str, kinds: Mapping[str, Callable[[Document], T]]
) -> T:
    """The file ``text`` of ``game`` read by the parser of its kind (``playable GAME
    KIND``); errors name ``source``, and a wrong game or kind the word on line 1."""
    with naming(source):
        doc = split_document(text)
        if doc.game != game:
            raise NotationError(f"expected game '{game}', got '{doc.game}'", doc.header_line, 10)
        if doc.kind not in kinds:
            *others, last = [f"'{kind}'" for kind in kinds]
            either = f"{', '.join(others)} or {last}" if others else last
            raise NotationError(
                f"expected kind {either}, got '{doc.kind}'", doc.header_line, 11 + len(game)
            )
        return kinds[doc.kind](doc)


def format_document(game: str, kind: str, lines: Iterable[str]) -> str:
    """The text of a notation file: the header ``playable GAME KIND``, then ``lines``
    (``key: value``), each line ending in a newline (read by :func:`split_document`)."""
    return "\n".join([f"playable {game} {kind}", *lines]) + "\n"


def sniff_game(text: str) -> str:
    """The game named by the header line of a notation file (only that line is read)."""
    lines = text.splitlines()
    first = next((n for n, raw in enumerate(lines) if raw.split("#", 1)[0].strip()), len(lines))
    return split_document("\n".join(lines[: first + 1])).game


def fields_of(
    doc: Document,
    allowed: Callable[[str], bool] | Iterable[str],
    expected: str | None = None,
    numbered: Iterable[str] = (),
) -> dict[str, Field]:
    """The fields of a document by key; an unknown or repeated key is an error.

    ``allowed`` is a collection of keys or a predicate; ``expected`` is how the error
    lists the keys (by default the collection, comma-separated). A key may also be
    ``WORD N`` (``N`` a number) for each word of ``numbered`` (``hand 2``, ``discard
    1``; :func:`check_players` refuses a player the game does not have).
    """
    if callable(allowed):
        is_allowed = allowed
    else:
        keys = tuple(allowed)
        expected = expected or ", ".join(keys)
        is_allowed = keys.__contains__
    words = frozenset(numbered)
    found: dict[str, Field] = {}
    for f in doc.fields:
        word, _, number = f.key.partition(" ")
        if not is_allowed(f.key) and not (word in words and is_number(number)):
            raise NotationError(
                f"unknown field '{f.key}'; expected one of {expected}", f.line, f.key_column
            )
        if f.key in found:
            raise NotationError(
                f"field '{f.key}' given twice (first on line {found[f.key].line})",
                f.line,
                f.key_column,
            )
        found[f.key] = f
    return found


def required(fields: dict[str, Field], key: str, doc: Document) -> Field:
    """The field ``key``; its absence is reported at the end of the document."""
    if key not in fields:
        raise NotationError(f"missing field '{key}'", doc.end_line, 1)
    return fields[key]


def check_players(fields: dict[str, Field], words: Iterable[str], players: int) -> None:
    """Refuse a numbered field (``hand 3``, ``discard 3``: ``words`` lists the first
    words) that names a player the game does not have."""
    for key, f in fields.items():
        word, _, number = key.partition(" ")
        if word in words and is_number(number) and not 1 <= int(number) <= players:
            raise NotationError(
                f"no player {number} in a {players}-player game", f.line, f.key_column
            )


def single(f: Field) -> Token:
    """The one word of a field that takes a single value."""
    words = f.tokens()
    if len(words) != 1:
        raise f.error(f"expected one value for '{f.key}', got {len(words)}")
    return words[0]


#: The most digits a number in a notation file may have (no card, count or seed needs
#: more; it also keeps ``int()`` far from Python's 4300-digit conversion limit).
MAX_DIGITS = 18


def is_number(text: str) -> bool:
    """Is ``text`` a whole number written in ASCII digits ``0-9`` (at most 18)?

    ``str.isdigit`` alone also accepts superscripts (``²``, on which ``int`` fails)
    and other scripts' digits (Arabic-Indic ``٣``, which ``int`` reads as 3): a
    notation file takes ASCII digits only.
    """
    return text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS


def integer(token: Token, low: int, high: int, what: str) -> int:
    """A whole number ``low..high`` in ASCII digits; ``what`` names it in the error."""
    if not is_number(token.text) or not low <= int(token.text) <= high:
        raise token.error(f"expected {what} {low}..{high}, got '{token.text}'")
    return int(token.text)


def required_integer(
    fields: dict[str, Field], key: str, doc: Document, low: int, high: int, what: str
) -> int:
    """The number of the required field ``key`` (see :func:`integer` and
    :func:`required`)."""
    return integer(single(required(fields, key, doc)), low, high, what)


def optional_integer(
    fields: dict[str, Field], key: str, low: int, high: int, what: str, default: int
) -> int:
    """The number of the optional field ``key`` (see :func:`integer`), else ``default``."""
    return integer(single(fields[key]), low, high, what) if key in fields else default


def player(fields: dict[str, Field], key: str, doc: Document, players: int) -> int:
    """The player a required field names, numbered from 1 in the file; 0-based."""
    return required_integer(fields, key, doc, 1, players, "a player") - 1


_YES_NO = {"yes": True, "no": False}


def flag(fields: dict[str, Field], key: str, default: bool) -> bool:
    """The ``yes`` or ``no`` of the optional field ``key``, else ``default``."""
    if key not in fields:
        return default
    token = single(fields[key])
    if token.text not in _YES_NO:
        raise token.error(f"expected 'yes' or 'no' for '{key}', got '{token.text}'")
    return _YES_NO[token.text]


def yes_no(value: bool) -> str:
    """How a file writes a flag (read back by :func:`flag`)."""
    return "yes" if value else "no"


def cards_text(cards: Iterable[object]) -> str:
    """A list of cards as a file writes it: their names, or ``-`` for none (read back
    by :meth:`Field.listed`)."""
    return " ".join(str(c) for c in cards) or "-"


def numbered_cards(
    words: Iterable[Token], max_card: int, seen: dict[int, Token], scope: str = ""
) -> tuple[int, ...]:
    """Number cards 2..max_card (The Game, TG-1; each Face to Face deck, FF-1), each
    once: ``seen`` holds the cards read so far and where, and ``scope`` says in the
    error where a card may stand only once (`` for this player``)."""
    cards = []
    for token in words:
        card = integer(token, 2, max_card, "a card")
        if card in seen:
            first = seen[card]
            raise token.error(
                f"card {card} appears twice{scope} "
                f"(first at line {first.line}, column {first.column})"
            )
        seen[card] = token
        cards.append(card)
    return tuple(cards)


class InvalidPosition(IllegalMove):
    """A position that no game can reach; ``field`` names the notation field the
    problem is reported at (``hand 2``, ``laid``, ``piles``, ...)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def checked(state: T, check: Callable[[T], None], fields: dict[str, Field]) -> T:
    """``state`` once ``check`` accepts it; an :class:`InvalidPosition` it raises is
    reported at the field it names."""
    try:
        check(state)
    except InvalidPosition as error:
        raise fields[error.field].error(error.message) from None
    return state
