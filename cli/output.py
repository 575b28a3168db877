"""The one output layer under every command: standard streams that survive whatever
the terminal and the disk do, a terminal width that is always usable, and output
files written whole or not at all (README "Exit codes").

* :func:`guarded_streams` puts :class:`GuardedStream` wrappers in place of
  ``sys.stdout`` and ``sys.stderr`` for one command, so rich, typer, click and
  ``print`` all write through them. A failed write to stdout (closed, full disk,
  broken pipe) raises :class:`OutputError`, which the error boundary
  (:class:`playable.cli.main.Playable`) turns into one line and exit code 2, or a
  quiet exit 141 for a broken pipe, the status a shell gives a Unix tool killed by
  SIGPIPE (``playable show deal.txt | head -1``). A failed write to stderr is
  dropped: a message nobody can read must not end a search.
* Where the stream's encoding cannot show a symbol (``LC_ALL=C``), it is written
  as a readable ASCII stand-in: arrows as ``->``, suit symbols as letters, box
  drawing as ``+-|``, other text by its backslash escape.
* :class:`SaneEnviron` hides ``COLUMNS`` and ``LINES`` values that no terminal has
  (0, negative, garbage, huge) from rich, which then uses the real terminal size or
  its default of 80 columns.
* Output files are written whole or not at all by
  :func:`playable.solver.core.files.write_atomic` (a temporary file in the same
  folder, then :func:`os.replace`), which proof files and figures use too.
"""

from __future__ import annotations

import codecs
import errno
import os
import sys
import unicodedata
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from typing import Any, ClassVar, TextIO

#: The exit code after a broken pipe: 128 + SIGPIPE, what a shell reports for a
#: Unix tool that a closed pipe stopped (``set -o pipefail`` sees it).
BROKEN_PIPE_EXIT = 141

#: Usable terminal widths; any other ``COLUMNS`` value is ignored.
MIN_COLUMNS, MAX_COLUMNS = 20, 1000
#: Usable terminal heights; any other ``LINES`` value is ignored.
MIN_LINES, MAX_LINES = 1, 10_000

#: ASCII stand-ins for the symbols the renderers draw.
ASCII: dict[str, str] = {
    "→": "->",
    "←": "<-",
    "↑": "^",
    "↓": "v",
    "⇒": "=>",
    "▶": ">",
    "◀": "<",
    "▲": "^",
    "▼": "v",
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "♤": "S",
    "♡": "H",
    "♢": "D",
    "♧": "C",
    "×": "x",
    "±": "+/-",
    "…": "...",
    "—": "--",
    "–": "-",
    "≥": ">=",
    "≤": "<=",
    "≠": "!=",
    "·": ".",
    "•": "*",
    "★": "*",
    "✓": "v",
    "✔": "v",
    "✗": "x",
    "✘": "x",
    "█": "#",
    "▌": "#",
    "▐": "#",
    "░": ".",
    "▒": ":",
    "▓": "#",
    "━": "-",
    "\u00a0": " ",
}

ERRORS = "playable-ascii"


def ascii_for(char: str) -> str:
    """A readable ASCII stand-in for one character."""
    if char in ASCII:
        return ASCII[char]
    if "\u2500" <= char <= "\u257f":  # box drawing
        words = set(unicodedata.name(char, "").split())
        across = bool(words & {"HORIZONTAL", "LEFT", "RIGHT"})
        along = bool(words & {"VERTICAL", "UP", "DOWN"})
        return "-" if across and not along else "|" if along and not across else "+"
    if "\u2580" <= char <= "\u259f":  # block elements
        return "#"
    plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii")
    if plain and plain.isprintable():
        return plain
    return char.encode("ascii", "backslashreplace").decode("ascii")


def _stand_in(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start : error.end]
    return "".join(ascii_for(c) for c in text), error.end


codecs.register_error(ERRORS, _stand_in)


def printable(text: str, encoding: str | None) -> str:
    """``text`` with every character that ``encoding`` cannot write replaced by its
    ASCII stand-in (unchanged for UTF encodings)."""
    name = codecs.lookup(encoding or "utf-8").name
    if name.startswith("utf"):
        return text
    return text.encode(name, ERRORS).decode(name, "surrogateescape")


class OutputError(Exception):
    """The command's result could not be written on stdout."""

    def __init__(self, reason: str, broken_pipe: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.broken_pipe = broken_pipe

    @property
    def exit_code(self) -> int:
        return BROKEN_PIPE_EXIT if self.broken_pipe else 2

    @property
    def message(self) -> str:
        return f"cannot write the output to stdout: {self.reason}"


def _reason(error: BaseException) -> OutputError:
    if isinstance(error, OSError) and error.errno is not None:
        pipe = error.errno == errno.EPIPE
        return OutputError(error.strerror or os.strerror(error.errno), pipe)
    return OutputError("closed")  # ValueError: I/O operation on closed file


class GuardedStream:
    """A text stream in place of ``sys.stdout`` or ``sys.stderr``.

    ``stream`` is the real one (``None`` when the descriptor was closed at start).
    A write that fails marks the stream failed, points its descriptor at
    ``/dev/null`` (so the interpreter's last flush at exit does not fail again) and,
    on stdout, raises :class:`OutputError`; later writes are dropped."""

    def __init__(self, stream: TextIO | None, name: str, strict: bool) -> None:
        self.stream = stream
        self.name = f"<{name}>"
        self.strict = strict
        self.failure: OutputError | None = None

    @property
    def encoding(self) -> str:
        return getattr(self.stream, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str:
        return getattr(self.stream, "errors", None) or "strict"

    @property
    def closed(self) -> bool:
        return False

    def writable(self) -> bool:
        return True

    def readable(self) -> bool:
        return False

    def seekable(self) -> bool:
        return False

    def isatty(self) -> bool:
        try:
            return self.stream is not None and self.failure is None and self.stream.isatty()
        except (OSError, ValueError):
            return False

    def fileno(self) -> int:
        if self.stream is None:
            raise OSError(errno.EBADF, "no such stream")
        return self.stream.fileno()

    def write(self, text: str) -> int:
        if self.failure is not None:
            return len(text)
        if self.stream is None:
            self._fail(OutputError("closed"))
            return len(text)
        try:
            self.stream.write(printable(text, self.encoding))
        except (OSError, ValueError) as error:
            self._fail(_reason(error))
        return len(text)

    def flush(self) -> None:
        if self.failure is not None or self.stream is None:
            return
        try:
            self.stream.flush()
        except (OSError, ValueError) as error:
            self._fail(_reason(error))

    def _fail(self, failure: OutputError) -> None:
        self.failure = failure
        self._quiet()
        if self.strict:
            raise failure

    def _quiet(self) -> None:
        """Point the descriptor at /dev/null and drop what the stream still holds."""
        if self.stream is None:
            return
        with suppress(OSError, ValueError, AttributeError):
            null = os.open(os.devnull, os.O_WRONLY)
            try:
                os.dup2(null, self.stream.fileno())
            finally:
                os.close(null)
        with suppress(OSError, ValueError):
            self.stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


@contextmanager
def guarded_streams() -> Iterator[GuardedStream]:
    """Guard ``sys.stdout`` and ``sys.stderr`` for one command and hide unusable
    terminal sizes from the environment; yields the guarded stdout."""
    saved = sys.stdout, sys.stderr
    out = GuardedStream(sys.stdout, "stdout", strict=True)
    sys.stdout = out
    sys.stderr = GuardedStream(sys.stderr, "stderr", strict=False)
    sane_environment()
    try:
        yield out
    finally:
        sys.stdout, sys.stderr = saved


def usable(value: str | None, low: int, high: int) -> bool:
    """Is ``value`` a decimal count in ``low..high``?"""
    if value is None or not value.isascii() or not value.strip().isdigit():
        return False
    return low <= int(value) <= high


class SaneEnviron(Mapping[str, str]):
    """``os.environ`` as rich should see it: ``COLUMNS`` and ``LINES`` only where
    they hold a usable size. Read live, so later changes to the environment count."""

    BOUNDS: ClassVar[dict[str, tuple[int, int]]] = {
        "COLUMNS": (MIN_COLUMNS, MAX_COLUMNS),
        "LINES": (MIN_LINES, MAX_LINES),
    }

    def _shown(self, key: str) -> bool:
        if key not in self.BOUNDS:
            return key in os.environ
        return usable(os.environ.get(key), *self.BOUNDS[key])

    def __getitem__(self, key: str) -> str:
        if not self._shown(key):
            raise KeyError(key)
        return os.environ[key]

    def __iter__(self) -> Iterator[str]:
        return (key for key in list(os.environ) if self._shown(key))

    def __len__(self) -> int:
        return sum(1 for _ in self)


def sane_environment() -> None:
    """Drop unusable ``COLUMNS``/``LINES`` values from the environment, for the
    consoles of third-party code (typer's help) that read it directly."""
    for key, (low, high) in SaneEnviron.BOUNDS.items():
        if key in os.environ and not usable(os.environ[key], low, high):
            del os.environ[key]
