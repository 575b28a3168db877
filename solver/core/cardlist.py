"""Parsing helpers shared by the notation modules: tokens with their columns."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from playable.solver.core.errors import NotationError

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


def sniff_game(text: str) -> str:
    """The game named by the header line of a notation file (only that line is read)."""
    lines = text.splitlines()
    first = next((n for n, raw in enumerate(lines) if raw.split("#", 1)[0].strip()), len(lines))
    return split_document("\n".join(lines[: first + 1])).game


def fields_of(
    doc: Document, allowed: Callable[[str], bool] | Iterable[str], expected: str | None = None
) -> dict[str, Field]:
    """The fields of a document by key; an unknown or repeated key is an error.

    ``allowed`` is a collection of keys or a predicate; ``expected`` is how the error
    lists the keys (by default the collection, comma-separated).
    """
    if callable(allowed):
        is_allowed = allowed
    else:
        keys = tuple(allowed)
        expected = expected or ", ".join(keys)
        is_allowed = keys.__contains__
    found: dict[str, Field] = {}
    for f in doc.fields:
        if not is_allowed(f.key):
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
