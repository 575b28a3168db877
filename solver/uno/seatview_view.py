"""UNO from one seat: the view, what a full position shows a seat, and which full
positions agree with a view (docs/seatview.md, "UNO").

A seat sees its own hand, the discard pile (every card laid was face up, UN-3),
the colour in force, how many cards every player and the draw pile hold, the
direction, the phase with its pending penalty, who played a Wild Draw Four that
may be challenged (UN-6), the winner, the reshuffles so far (UN-9) and the rule
options. It does not see the other hands, the order of the draw pile, the seed of
later reshuffles (UN-9: a reshuffle is a shuffle nobody can foresee), the card
another player just drew (only that it can be played: the engine asks for a
decision, phase ``drawn``, only then, UN-4), nor whether an accused player is
guilty (UN-6) unless it is that player.

What the history revealed comes on top, as three kinds of constraint:

* ``seen``: cards the seat saw a player hold and has not seen played since. A
  challenger sees the accused's hand (the official rule for UN-6: the accused shows
  the hand to the challenger; docs/rules.md is silent and this module takes the
  official rule), so a challenge leaves the challenger a ``seen`` line.
* :class:`Lack`: a player held no card of some kinds when it was learnt, and has
  received ``since`` cards since; so at most ``since`` cards of the player's hand
  now are of those kinds. An innocent Wild Draw Four (UN-6) tells every seat that
  its player held no card of the colour then in force (``since`` counts the cards
  that player received after). Drawing reveals nothing: UN-4 lets a player draw
  while holding a playable card, so a draw is no sign of a hand without one.
* :class:`Holds`: a player holds at least one card of some kinds. A guilty Wild
  Draw Four (UN-6) tells every seat that its player held a card of the colour then
  in force; that card is still in the hand until the player is seen laying a card
  of that colour (after which nothing is known: the card laid may have been it).

A reference :class:`~playable.solver.uno.rules.State` records no history, so
:func:`view_of` gives views without constraints; they come from view files (and
from game records). :func:`consistent` says which full positions agree with a view:
the deals the dealer draws from.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Final

from playable.solver.uno.cards import colour_of, full_deck, is_wild, matches
from playable.solver.uno.rules import Move, Options, Phase, State, legal_moves

#: ``View.drawn`` when another player just drew a card it may play (UN-4): the card
#: is theirs and unseen, but it can be played on the top card.
HIDDEN: Final = -2
COLOUR_COUNT: Final = 4


@dataclass(frozen=True, order=True)
class Lack:
    """``player`` (0-based) held no card of ``kinds`` (sorted card kinds) when it was
    learnt and has received ``since`` cards since: at most ``since`` cards of that
    player's hand now are of those kinds."""

    player: int
    kinds: tuple[int, ...]
    since: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "kinds", tuple(sorted(set(self.kinds))))


@dataclass(frozen=True, order=True)
class Holds:
    """``player`` (0-based) holds at least one card of ``kinds`` (sorted card kinds)."""

    player: int
    kinds: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "kinds", tuple(sorted(set(self.kinds))))

    def kept(self, hand: tuple[int, ...]) -> bool:
        kinds = set(self.kinds)
        return any(c in kinds for c in hand)


@dataclass(frozen=True)
class View:
    """A round of UNO as seat ``seat`` (0-based) sees it; see the module docstring.

    ``counts`` is every player's hand size (the seat's own included), ``draw`` the
    size of the draw pile. ``drawn`` is the seat's own card just drawn, -1 for none,
    :data:`HIDDEN` when another player to move has drawn a playable card. ``guilty``
    is None when hidden from the seat (phase ``challenge``, the seat not accused).
    ``seen[p]`` lists the cards seen in player p's hand (sorted, ``()`` for the
    seat); ``lacks`` the :class:`Lack` constraints (sorted).
    """

    options: Options
    seat: int
    dealer: int
    hand: tuple[int, ...]
    counts: tuple[int, ...]
    draw: int
    discard: tuple[int, ...]
    colour: int
    to_move: int
    direction: int = 1
    phase: Phase = Phase.PLAY
    pending: int = 0
    drawn: int = -1
    accused: int = -1
    guilty: bool | None = False
    winner: int = -1
    reshuffles: int = 0
    seen: tuple[tuple[int, ...], ...] = ()
    lacks: tuple[Lack, ...] = ()
    holds: tuple[Holds, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "hand", tuple(sorted(self.hand)))
        seen = tuple(tuple(sorted(s)) for s in self.seen)
        seen += ((),) * (len(self.counts) - len(seen))
        object.__setattr__(self, "seen", seen)
        object.__setattr__(self, "lacks", tuple(sorted(self.lacks)))
        object.__setattr__(self, "holds", tuple(sorted(self.holds)))

    @property
    def players(self) -> int:
        return len(self.counts)

    @property
    def top(self) -> int:
        return self.discard[-1]

    @property
    def others(self) -> tuple[int, ...]:
        """The other players (0-based), in order."""
        return tuple(p for p in range(self.players) if p != self.seat)

    @property
    def hidden_drawn(self) -> bool:
        """Has another player just drawn a card it may play (UN-4)?"""
        return self.drawn == HIDDEN

    @property
    def hidden_guilty(self) -> bool:
        return self.guilty is None

    def unseen(self) -> Counter[int]:
        """The cards the seat has not seen anywhere: the deck (UN-1) less its own
        hand, the discard pile and the cards seen in other hands."""
        left = Counter(full_deck())
        left.subtract(self.hand)
        left.subtract(self.discard)
        for cards in self.seen:
            left.subtract(cards)
        return +left

    def hidden_size(self, player: int) -> int:
        """How many of ``player``'s cards the seat knows nothing of (not seen, and not
        the card just drawn)."""
        if player == self.seat:
            return 0
        slot = 1 if self.hidden_drawn and player == self.to_move else 0
        return self.counts[player] - len(self.seen[player]) - slot

    def position(
        self,
        hands: tuple[tuple[int, ...], ...],
        draw: tuple[int, ...],
        drawn: int,
        guilty: bool,
        seed: int,
    ) -> State:
        """The full position of this view with what the seat cannot see filled in:
        every hand, the draw pile, the card just drawn, the accused's guilt (UN-6)
        and the seed of later reshuffles (UN-9); the rest is the view's."""
        return State(
            self.options,
            hands,
            draw,
            self.discard,
            self.colour,
            self.to_move,
            self.dealer,
            self.direction,
            self.phase,
            self.pending,
            drawn,
            self.accused,
            guilty,
            self.winner,
            seed,
            self.reshuffles,
        )


def before_colour(discard: tuple[int, ...]) -> int:
    """The colour in force when the Wild Draw Four on top was laid (UN-6), or -1 when
    the discard pile does not tell (a wild under it: the state keeps no colour a
    wild named below the top)."""
    if len(discard) < 2 or is_wild(discard[-2]):
        return -1
    return colour_of(discard[-2])


def holds_colour(hand: tuple[int, ...], colour: int) -> bool:
    return any(colour_of(c) == colour for c in hand)


def view_of(state: State, seat: int) -> View:
    """What seat ``seat`` sees of ``state``: no history constraints (a state records
    none), the card another player drew and another player's guilt hidden."""
    hide_drawn = state.phase == Phase.DRAWN and state.to_move != seat
    hide_guilt = state.phase == Phase.CHALLENGE and state.accused != seat
    return View(
        state.options,
        seat,
        state.dealer,
        state.hands[seat],
        tuple(len(h) for h in state.hands),
        len(state.draw),
        state.discard,
        state.colour,
        state.to_move,
        state.direction,
        state.phase,
        state.pending,
        HIDDEN if hide_drawn else state.drawn,
        state.accused,
        None if hide_guilt else state.guilty,
        state.winner,
        state.reshuffles,
    )


def bare(view: View) -> View:
    """``view`` without its history constraints: what :func:`view_of` gives of any
    deal consistent with it."""
    return replace(view, seen=(), lacks=(), holds=())


def lack_bound(view: View, lack: Lack) -> int:
    """How many of the player's *unseen* cards may be of ``lack.kinds``: ``since``
    less the cards of those kinds already seen in the hand (negative: no deal)."""
    kinds = set(lack.kinds)
    return lack.since - sum(1 for c in view.seen[lack.player] if c in kinds)


def holds_need(view: View, holds: Holds) -> int:
    """How many of the player's *unseen* cards must be of ``holds.kinds``: 1, or 0
    when a card seen in the hand already is."""
    return 0 if holds.kept(view.seen[holds.player]) else 1


def guilt_possible(hand: tuple[int, ...], guilty: bool) -> bool:
    """Could a Wild Draw Four played on an unknown colour leave ``hand`` and be
    ``guilty``? Guilty needs a coloured card, innocent a colour the hand lacks."""
    colours = {colour_of(c) for c in hand if not is_wild(c)}
    return bool(colours) if guilty else len(colours) < COLOUR_COUNT


def consistent(view: View, state: State) -> bool:
    """Does the full position ``state`` agree with ``view``: the seat sees exactly
    ``view`` in it (:func:`view_of`) and every history constraint holds? This is the
    definition of the deals :func:`~playable.solver.uno.seatview_deal.deals` lists."""
    if sorted(state.all_cards()) != full_deck():
        return False
    if view_of(state, view.seat) != bare(view):
        return False
    for p, cards in enumerate(view.seen):
        if Counter(cards) - Counter(state.hands[p]):
            return False
    for lack in view.lacks:
        kinds = set(lack.kinds)
        if sum(1 for c in state.hands[lack.player] if c in kinds) > lack.since:
            return False
    if not all(holds.kept(state.hands[holds.player]) for holds in view.holds):
        return False
    if state.phase == Phase.DRAWN:
        hand = state.hands[state.to_move]
        seen = view.seen[state.to_move]
        if Counter(hand)[state.drawn] <= Counter(seen)[state.drawn]:
            return False  # the card drawn is not one seen before
        if not matches(state.drawn, state.top, state.colour):
            return False
    if state.phase == Phase.CHALLENGE:
        hand = state.hands[state.accused]
        before = before_colour(state.discard)
        if before >= 0 and state.guilty != holds_colour(hand, before):
            return False
        if before < 0 and not guilt_possible(hand, state.guilty):
            return False
    return True


def seat_moves(view: View) -> list[Move]:
    """The seat's legal moves when it is to move (else none), by the reference rules
    on a position holding only what the seat sees: a mover's moves depend on its own
    hand, the top card, the colour, the phase, its drawn card and the options alone
    (:func:`~playable.solver.uno.rules.legal_moves`)."""
    if view.to_move != view.seat or view.winner >= 0:
        return []
    hands = tuple(view.hand if p == view.seat else () for p in range(view.players))
    return legal_moves(view.position(hands, (), view.drawn, bool(view.guilty), 0))
