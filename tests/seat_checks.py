"""The check every seat-view fuzz test makes of a damaged view file (docs/seatview.md):
it is either read, and then written back and read to the same view, or refused with
one clear line that names the source, a line of the file and a column."""

from __future__ import annotations

from typing import Any

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
