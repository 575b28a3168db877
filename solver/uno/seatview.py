"""UNO from one seat (docs/seatview.md, "UNO"): :data:`VIEWS`, the game's
:class:`~playable.solver.core.seatview.SeatViews`.

The parts: the view and which full positions agree with it
(:mod:`.seatview_view`), the view file and its JSON (:mod:`.seatview_text`), the
dealer of the unseen cards and the brute-force list of deals (:mod:`.seatview_deal`,
counting with :mod:`.seatview_count`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from playable.solver.core.seatview import SeatViews
from playable.solver.uno.rules import Move, State
from playable.solver.uno.seatview_deal import deal, deals
from playable.solver.uno.seatview_text import format_view, parse_view, view_to_json
from playable.solver.uno.seatview_view import View, seat_moves, view_of


class UnoViews:
    """UNO's views behind :class:`~playable.solver.core.seatview.SeatViews`."""

    def view_of(self, state: State, seat: int) -> View:
        return view_of(state, seat)

    def parse(self, text: str, source: str = "<input>") -> View:
        return parse_view(text, source)

    def format(self, view: View) -> str:
        return format_view(view)

    def to_json(self, view: View) -> dict[str, Any]:
        return view_to_json(view)

    def seat(self, view: View) -> int:
        return view.seat

    def to_move(self, view: View) -> int:
        return view.to_move

    def legal_moves(self, view: View) -> list[Move]:
        """The seat's moves when it is to move (by the reference rules on what it
        sees: its hand, the top card, the colour, the phase), else none."""
        return seat_moves(view)

    def deal(self, view: View, rng: random.Random) -> State:
        """A deal drawn uniformly among the placements of the unseen physical cards
        that agree with the view (:mod:`.seatview_deal`: look-alike copies make some
        positions more likely than others, as in a fair shuffle)."""
        return deal(view, rng)

    def deals(self, view: View) -> Iterator[State]:
        """Every consistent position once, seed 0 (brute force, small views)."""
        return deals(view)


VIEWS: SeatViews[View, State, Move] = UnoViews()
