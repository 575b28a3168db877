"""Exceptions shared by every game's rules and notation modules."""

from __future__ import annotations


class PlayableError(Exception):
    """Base class of every error this package raises on purpose."""


class IllegalMove(PlayableError):
    """A move that the rules of the game forbid in the given state."""


class InvalidVariant(PlayableError):
    """A variant (player count, deck size, ...) that the rules do not allow."""


class NotationError(PlayableError):
    """Malformed text in a notation file, located by line and column (both 1-based).

    ``str(error)`` is the one-line message the CLI prints, in the form
    ``source:line:column: message``.
    """

    def __init__(self, message: str, line: int, column: int, source: str = "<input>") -> None:
        self.message = message
        self.line = line
        self.column = column
        self.source = source
        super().__init__(f"{source}:{line}:{column}: {message}")

    def with_source(self, source: str) -> NotationError:
        """The same error, naming the file it came from."""
        return NotationError(self.message, self.line, self.column, source)
