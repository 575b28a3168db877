"""UNO from one seat (docs/seatview.md, "UNO"): :data:`VIEWS`, the game's
:class:`~playable.solver.core.seatview.SeatViews`.

The parts: the view and which full positions agree with it
(:mod:`.seatview_view`), the view file and its JSON (:mod:`.seatview_text`), the
dealer of the unseen cards and the brute-force list of deals (:mod:`.seatview_deal`:
every placement of the unseen *physical* cards that agrees with the view equally
likely, as a fair shuffle makes them; drawn exactly by counting with
:mod:`~playable.solver.core.limited_deal`), and the views along a played round with
what its history revealed (:mod:`.seatview_history`).
"""

from __future__ import annotations

from playable.solver.core.seatview import SeatViews, ViewFunctions
from playable.solver.uno.rules import Move, State
from playable.solver.uno.seatview_deal import deal, deals
from playable.solver.uno.seatview_history import views_along
from playable.solver.uno.seatview_text import format_view, parse_view, view_to_json
from playable.solver.uno.seatview_view import View, seat_moves, view_of

VIEWS: SeatViews[View, State, Move] = ViewFunctions(
    view_of, parse_view, format_view, view_to_json, seat_moves, deal, deals, views_along
)
