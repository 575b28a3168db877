"""UNO from one seat along a played round: each view with what the history so far
revealed (docs/seatview.md, "UNO"; the constraints are :mod:`.seatview_view`'s).

A full position records no history, so :func:`~.seatview_view.view_of` alone gives
views without constraints. Walking a round move by move recovers them:

* a challenge of a Wild Draw Four (UN-6) shows the accused's hand to the challenger:
  the challenger's views keep those cards as ``seen`` until each is seen played;
* an innocent verdict tells every seat that the accused held no card of the colour
  in force when the Wild Draw Four was laid: a :class:`~.seatview_view.Lack` of that
  colour's kinds, its ``since`` counting the cards the accused receives afterwards.
  A guilty verdict tells every seat that the accused held some card of that
  colour: a :class:`~.seatview_view.Holds`, kept until the accused lays a card of
  that colour (the card laid may be the one it held);
* drawing reveals nothing (UN-4 lets a player draw while holding a playable card).

Every view given is consistent with the position it was taken from
(:func:`~.seatview_view.consistent`), so the dealer still deals the true position.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from playable.solver.uno.cards import WILD_DRAW_FOUR, colour_of, full_deck
from playable.solver.uno.rules import Challenge, Move, Play, State, apply
from playable.solver.uno.seatview_view import Holds, Lack, View, view_of


@dataclass
class _Learnt:
    """What one seat has learnt so far: the cards seen in each hand, the lacks (their
    ``since`` grows with the cards the player receives) and the holds."""

    seen: list[Counter[int]]
    lacks: list[Lack] = field(default_factory=list)
    holds: list[Holds] = field(default_factory=list)

    def view(self, state: State, seat: int) -> View:
        seen = tuple(tuple(sorted(c.elements())) for c in self.seen)
        return replace(
            view_of(state, seat), seen=seen, lacks=tuple(self.lacks), holds=tuple(self.holds)
        )

    def laid(self, player: int, card: int) -> None:
        """``player`` laid ``card``: it is no longer seen in the hand, and a holds it
        may have kept says nothing more."""
        if self.seen[player][card] > 0:
            self.seen[player][card] -= 1
        self.holds = [h for h in self.holds if h.player != player or card not in h.kinds]

    def received(self, player: int, count: int) -> None:
        """``player`` was given ``count`` cards: each of its lacks allows that many more."""
        self.lacks = [
            replace(lack, since=lack.since + count) if lack.player == player else lack
            for lack in self.lacks
        ]


def colour_kinds(colour: int) -> tuple[int, ...]:
    """Every card kind of ``colour`` (numbers and actions; wilds have none)."""
    return tuple(sorted({k for k in full_deck() if colour_of(k) == colour}))


def views_along(steps: Sequence[tuple[State, Move]], seat: int) -> list[View]:
    """The view of ``seat`` (0-based) before each ``(position, move)`` step of a
    round, each with the ``seen`` cards, lacks and holds the steps before it
    revealed (module docstring)."""
    if not steps:
        return []
    players = steps[0][0].players
    learnt = _Learnt([Counter() for _ in range(players)])
    views: list[View] = []
    in_force = -1  # the colour in force when the last Wild Draw Four was laid
    for before, move in steps:
        views.append(learnt.view(before, seat))
        after = apply(before, move)
        if isinstance(move, Play) and move.card == WILD_DRAW_FOUR:
            in_force = before.colour
        if isinstance(move, Challenge):
            accused = before.accused
            if before.to_move == seat and accused != seat:
                learnt.seen[accused] = Counter(before.hands[accused])
            if accused != seat and in_force >= 0:
                kinds = colour_kinds(in_force)
                if before.guilty:
                    learnt.holds.append(Holds(accused, kinds))
                else:
                    learnt.lacks.append(Lack(accused, kinds))
        laid = move.card if isinstance(move, Play) else None
        if laid is not None:
            learnt.laid(before.to_move, laid)
        for p in range(players):
            played = laid is not None and p == before.to_move
            received = len(after.hands[p]) - len(before.hands[p]) + int(played)
            if received > 0:
                learnt.received(p, received)
    return views
