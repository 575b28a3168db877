"""The check every seat-view fuzz test makes of a damaged view file (docs/seatview.md):
it is either read, and then written back and read to the same view, or refused with
one clear line that names the source, a line of the file and a column; and the damage
the fuzz tests of tests/test_seatview_files.py do to a view file (junk after a line's
key, or a line of junk)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from playable.solver.core.errors import NotationError
from playable.solver.core.seatview import SeatViews


def read_or_located_error(views: SeatViews[Any, Any, Any], text: str, source: str) -> Any | None:
    """The view ``text`` holds, checked to survive ``format`` and ``parse`` unchanged;
    or None when it is refused, the error checked to stand at a line of ``text`` (or
    just past its end) and a column, on one line starting ``SOURCE:LINE:COLUMN:``."""
    try:
        view = views.parse(text, source)
    except NotationError as error:
        assert str(error).startswith(f"{source}:{error.line}:{error.column}: "), str(error)
        assert 1 <= error.line <= len(text.splitlines()) + 1 and error.column >= 1
        assert "\n" not in error.message
        return None
    assert views.parse(views.format(view)) == view
    return view


def damaged_files(text: str, alphabet: str) -> st.SearchStrategy[str]:
    """``text`` with junk (up to 30 characters of ``alphabet``, or up to 20 of any)
    inserted as a line of its own, or written after one line's key and colon (in place
    of the whole line for the first line and for junk that starts a comment)."""
    lines = text.splitlines()
    junk = st.text(alphabet=alphabet, max_size=30) | st.text(max_size=20)
    return st.builds(_damaged, st.just(lines), st.integers(0, len(lines) - 1), junk, st.booleans())


def _damaged(lines: list[str], index: int, junk: str, insert: bool) -> str:
    lines = list(lines)
    if insert:
        lines.insert(index, junk)
    else:
        key = lines[index].split(":", 1)[0]
        lines[index] = f"{key}:{junk}" if index and junk[:1] != "#" else junk
    return "\n".join(lines) + "\n"
