"""The check every notation test makes of a refused file: the error stands at the
expected line and column, says what was wrong, and prints as ``SOURCE:LINE:COLUMN:``
(the one clear line a user sees, docs/notation.md); and the edit that breaks a good
file for such a test."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from playable.solver.core.errors import NotationError


def refused_at(
    parse: Callable[[str, str], object],
    text: str,
    line: int,
    column: int,
    words: str,
    source: str = "x.txt",
) -> NotationError:
    """The error ``parse(text, source)`` raises, checked to stand at ``line`` and
    ``column`` and to say ``words``."""
    with pytest.raises(NotationError) as caught:
        parse(text, source)
    error = caught.value
    assert (error.line, error.column) == (line, column), str(error)
    assert words in error.message, str(error)
    assert str(error).startswith(f"{source}:{line}:{column}: "), str(error)
    return error


def edited(text: str, old: str, new: str, count: int = -1) -> str:
    """``text`` with ``old`` replaced by ``new`` (the first ``count`` times, or every
    time), checked to be there: an edit that missed would test the unbroken text."""
    assert old in text, old
    return text.replace(old, new, count)
