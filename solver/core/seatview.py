"""What one seat knows: a position as one player sees it (docs/seatview.md).

Every game of ``playable`` hides cards: partners' and opponents' hands and the draw
order. A *view* is a position written from one seat: its own hand, what is public
(piles, board, discards, how many cards the others hold and the draw pile has) and
what the history revealed about the hidden cards, leaving the rest unknown. Each game
has its views in ``solver/<game>/seatview.py`` (``VIEWS``, found by name with
:func:`playable.solver.games.views`); a view file's first line is
``playable GAME view``.

Analysis from a seat (``playable analyse FILE --seat N``) deals the unseen cards
many times, as fair shuffles consistent with the view would (:meth:`SeatViews.deal`),
and solves each deal exactly, as bridge players do with a double-dummy solver and
a dealer. :meth:`SeatViews.deals` lists every consistent deal of a small view: the
brute force the sampling is tested against (chi-square, tests/<game>/test_seatview.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Generic, Protocol, TypeVar

ViewT = TypeVar("ViewT")
StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")


class SeatViews(Protocol[ViewT, StateT, MoveT]):
    """A game's positions as one seat sees them, and a dealer of the unseen cards."""

    def view_of(self, state: StateT, seat: int) -> ViewT:
        """What seat ``seat`` (0-based) sees of the full position ``state``: nothing
        that seat could not know is kept."""
        ...

    def parse(self, text: str, source: str = "<input>") -> ViewT:
        """The view written in ``text`` (first line ``playable GAME view``).

        Raises :class:`~playable.solver.core.errors.NotationError` naming ``source``,
        line and column, also for a view no deal is consistent with.
        """
        ...

    def format(self, view: ViewT) -> str:
        """The view file of ``view``; ``parse(format(v)) == v``."""
        ...

    def to_json(self, view: ViewT) -> dict[str, Any]:
        """The view as JSON (docs/json.md)."""
        ...

    def seat(self, view: ViewT) -> int:
        """The seat (0-based) whose view this is."""
        ...

    def to_move(self, view: ViewT) -> int:
        """The player (0-based) to move."""
        ...

    def legal_moves(self, view: ViewT) -> list[MoveT]:
        """The legal moves of the seat when it is to move: the same in every deal
        consistent with the view (the seat's moves depend only on what it sees)."""
        ...

    def deal(self, view: ViewT, rng: random.Random) -> StateT:
        """A full position consistent with ``view``, drawn as a fair shuffle of the
        unseen physical cards would give it: every arrangement of those cards that
        agrees with the view equally likely. Where a deck has look-alike copies
        (UNO, Sequence) a position that more arrangements give is that much more
        likely, as at a real table; the game's docs/seatview.md section says where
        only an approximation is practical. ``view_of(deal(v), seat(v)) == v``."""
        ...

    def deals(self, view: ViewT) -> Iterator[StateT]:
        """Every full position consistent with ``view``, each once: the brute force
        :meth:`deal` is tested against on small views (weighted by the number of
        arrangements of the physical cards that give it, where copies look alike)."""
        ...

    def views_along(self, steps: Sequence[tuple[StateT, MoveT]], seat: int) -> list[ViewT]:
        """The seat's view before each ``(position, move)`` step of a played game,
        with what the steps before it revealed (UNO: the hand a challenger saw, an
        innocent player's missing colour); :meth:`view_of` of each position where
        the game's views keep no history."""
        ...


class _Seated(Protocol):
    """A view that names its seat and the player to move (0-based)."""

    @property
    def seat(self) -> int: ...

    @property
    def to_move(self) -> int: ...


SeatedT = TypeVar("SeatedT", bound=_Seated)


class ViewFunctions(Generic[SeatedT, StateT, MoveT]):
    """:class:`SeatViews` over a game's module functions, for views that carry
    ``seat`` and ``to_move`` fields: each game's ``VIEWS`` is one of these."""

    def __init__(
        self,
        view_of: Callable[[StateT, int], SeatedT],
        parse: Callable[[str, str], SeatedT],
        format: Callable[[SeatedT], str],
        to_json: Callable[[SeatedT], dict[str, Any]],
        legal_moves: Callable[[SeatedT], list[MoveT]],
        deal: Callable[[SeatedT, random.Random], StateT],
        deals: Callable[[SeatedT], Iterator[StateT]],
        views_along: Callable[[Sequence[tuple[StateT, MoveT]], int], list[SeatedT]] | None = None,
    ) -> None:
        self._view_of, self._parse, self._format, self._to_json = view_of, parse, format, to_json
        self._legal_moves, self._deal, self._deals = legal_moves, deal, deals
        self._views_along = views_along

    def view_of(self, state: StateT, seat: int) -> SeatedT:
        return self._view_of(state, seat)

    def parse(self, text: str, source: str = "<input>") -> SeatedT:
        return self._parse(text, source)

    def format(self, view: SeatedT) -> str:
        return self._format(view)

    def to_json(self, view: SeatedT) -> dict[str, Any]:
        return self._to_json(view)

    def seat(self, view: SeatedT) -> int:
        return view.seat

    def to_move(self, view: SeatedT) -> int:
        return view.to_move

    def legal_moves(self, view: SeatedT) -> list[MoveT]:
        return self._legal_moves(view)

    def deal(self, view: SeatedT, rng: random.Random) -> StateT:
        return self._deal(view, rng)

    def deals(self, view: SeatedT) -> Iterator[StateT]:
        return self._deals(view)

    def views_along(self, steps: Sequence[tuple[StateT, MoveT]], seat: int) -> list[SeatedT]:
        if self._views_along is not None:
            return self._views_along(steps, seat)
        return [self._view_of(before, seat) for before, _ in steps]
