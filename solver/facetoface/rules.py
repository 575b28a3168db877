"""The Game: Face to Face: the reference rules (docs/rules.md FF-1 ... FF-7).

Plain, readable Python that says exactly what docs/rules.md says; it is the oracle the
search kernel is checked against. Slow is fine, wrong is not.

A :class:`State` is immutable. Moves are :class:`Play` (lay one card on one pile)
and :data:`END_TURN` (stop laying and draw). :func:`legal_moves` lists exactly the
moves the rules allow; :func:`apply` performs one and raises :class:`IllegalMove`
for anything else. Piles are named from the point of view of the player to move:
``own-up``, ``own-down`` (their own ascending and descending piles) and ``opp-up``,
``opp-down`` (the opponent's). Internally player p's piles are ``piles[p] = (up, down)``.

Points docs/rules.md leaves open, decided here in the style of TG-7:

* **FF-6 loss, when.** A turn that cannot reach the minimum (FF-4) is not played at
  all: the player to move loses at the start of such a turn, before laying anything.
  The engine therefore offers a :class:`Play` only when, after it, the turn can still
  be completed (or the player has just laid their last card, see below), so every
  turn that starts is completed and a loss is only ever decided at the start of a turn.
* **FF-6 win beats FF-4.** Laying one's last card wins at once, so it is always a
  completion of the turn: with a single card left (own draw pile empty) a player lays
  it and wins even though the minimum of 2 is not reached, and that last card may go
  on an opponent's pile (FF-3 still applies: it must improve that pile, and it must be
  the only card on the opponent's piles this turn). A player who holds one card that
  fits nowhere loses.
* **FF-4 order.** The card on an opponent's pile may be laid at any point of the turn
  (first, between or after own cards); the turn may end once at least 2 cards are
  laid of which at least 1 is on an own pile.
* **FF-5 refill.** "Draw back up to 6" draws ``6 - len(hand)`` cards (never more than
  the own draw pile holds); drawing 2 never exceeds 6 in hand because at least 2 cards
  were laid.
* **Positions.** A player with an empty hand and an empty draw pile has laid all their
  cards and has won (FF-6); endgame positions may hold fewer than 58 cards per player,
  and the win condition is then "has laid every card they still had".
* **Variant.** ``max_card`` shrinks both decks to cards 2..max_card (piles 1 and
  max_card + 1) for tests and small studies, like The Game's ``Variant.max_card``;
  the official game is 59. The backwards trick stays exactly 10 (TG-3).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from playable.solver.core.errors import IllegalMove, InvalidVariant
from playable.solver.thegame import rules as thegame_rules

#: FF-1: the cards every player draws at the start and refills to (FF-5).
HAND_SIZE: Final = 6
#: FF-4: cards to lay per turn, even with an empty draw pile.
MINIMUM: Final = 2
#: FF-5: cards drawn after a turn on own piles only.
DRAW_OWN_ONLY: Final = 2

OWN_UP: Final = "own-up"
OWN_DOWN: Final = "own-down"
OPP_UP: Final = "opp-up"
OPP_DOWN: Final = "opp-down"
PILES: Final = (OWN_UP, OWN_DOWN, OPP_UP, OPP_DOWN)
OWN_PILES: Final = (OWN_UP, OWN_DOWN)
OPP_PILES: Final = (OPP_UP, OPP_DOWN)

# The Game's pile numbers (TG-12) used to call its laying rule: 0 ascends, 2 descends.
_TG_ASCENDING: Final = 0
_TG_DESCENDING: Final = 2
#: Where each pile lies: (0 for the player to move's own, 1 for the opponent's; 0 for
#: the ascending pile, 1 for the descending one), the index into ``State.piles``.
_PILE_PLACE: Final = {OWN_UP: (0, 0), OWN_DOWN: (0, 1), OPP_UP: (1, 0), OPP_DOWN: (1, 1)}


@dataclass(frozen=True)
class Variant(thegame_rules.NumberDeck):
    """The rule options of Face to Face: only the deck size.

    ``max_card`` is the highest number card of each player's deck, so each deck holds
    the cards 2..max_card and the piles start at 1 and max_card + 1 (FF-1: 59, so 58
    cards and piles 1 and 60). Smaller decks are for tests and studies. The deck size,
    the cards and the piles' starts are those of
    :class:`~playable.solver.thegame.rules.NumberDeck`.
    """

    max_card: int = 59

    def __post_init__(self) -> None:
        if not HAND_SIZE + 1 <= self.max_card <= 59:
            raise InvalidVariant(f"max-card must be {HAND_SIZE + 1}..59, got {self.max_card}")


class Play(thegame_rules.CardOnPile[str]):
    """Lay ``card`` on ``pile`` (one of :data:`PILES`, seen by the player to move)."""


#: Stop laying and draw (FF-5): the same move as The Game's end of turn (TG-4), ``/``.
EndTurn = thegame_rules.EndTurn
END_TURN: Final = thegame_rules.END_TURN
Move = Play | EndTurn


def own_accepts(pile: str, top: int, card: int) -> bool:
    """FF-2: own piles follow The Game's laying rule exactly (TG-3, trick included)."""
    if pile == OWN_UP:
        return thegame_rules.accepts(_TG_ASCENDING, top, card)
    if pile == OWN_DOWN:
        return thegame_rules.accepts(_TG_DESCENDING, top, card)
    raise IllegalMove(f"'{pile}' is not an own pile (FF-2)")


def opp_accepts(pile: str, top: int, card: int) -> bool:
    """FF-3: a card on an opponent's pile must improve it (no trick): strictly lower
    than the top of their ascending pile, strictly higher than their descending top."""
    if pile == OPP_UP:
        return card < top
    if pile == OPP_DOWN:
        return card > top
    raise IllegalMove(f"'{pile}' is not an opponent's pile (FF-3)")


def accepts(pile: str, top: int, card: int) -> bool:
    """May ``card`` go on ``pile`` (seen by the player laying it) showing ``top``?"""
    if pile in OWN_PILES:
        return own_accepts(pile, top, card)
    if pile in OPP_PILES:
        return opp_accepts(pile, top, card)
    raise IllegalMove(f"there is no pile '{pile}'; piles are {', '.join(PILES)} (FF-1)")


@dataclass(frozen=True)
class State:
    """A position of Face to Face.

    ``piles[p] = (up, down)`` are player p's own pile tops, ``hands[p]`` their hand
    (sorted), ``draws[p]`` their draw pile with the next card first, ``to_move`` the
    player whose turn it is (0 or 1). ``laid_own`` and ``laid_opp`` count the cards the
    player to move has laid this turn on own piles and on the opponent's (0 or 1).
    """

    variant: Variant
    piles: tuple[tuple[int, int], tuple[int, int]]
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    draws: tuple[tuple[int, ...], tuple[int, ...]]
    to_move: int = 0
    laid_own: int = 0
    laid_opp: int = 0

    def __post_init__(self) -> None:
        h0, h1 = self.hands
        object.__setattr__(self, "hands", (tuple(sorted(h0)), tuple(sorted(h1))))

    @property
    def opponent(self) -> int:
        return 1 - self.to_move

    @property
    def hand(self) -> tuple[int, ...]:
        """The hand of the player to move."""
        return self.hands[self.to_move]

    @property
    def laid(self) -> int:
        """Cards laid this turn by the player to move."""
        return self.laid_own + self.laid_opp

    def top(self, pile: str) -> int:
        """The top card of ``pile`` seen by the player to move."""
        owner, side = _PILE_PLACE[pile]
        return self.piles[self.to_move ^ owner][side]

    def cards_left(self, player: int) -> int:
        """Cards ``player`` has still to lay: hand plus draw pile (FF-6)."""
        return len(self.hands[player]) + len(self.draws[player])


def deal(variant: Variant, deck_a: Sequence[int], deck_b: Sequence[int], first: int = 0) -> State:
    """FF-1: the starting position. Each deck is written top first; its first 6 cards
    are the hand, the rest the draw pile. ``first`` (0 or 1) starts (FF-7)."""
    check_deck(variant, deck_a)
    check_deck(variant, deck_b)
    if first not in (0, 1):
        raise InvalidVariant(f"first player must be 1 or 2, got {first + 1}")
    start = (variant.ascending_start, variant.descending_start)
    return State(
        variant,
        (start, start),
        (tuple(deck_a[:HAND_SIZE]), tuple(deck_b[:HAND_SIZE])),
        (tuple(deck_a[HAND_SIZE:]), tuple(deck_b[HAND_SIZE:])),
        first,
    )


def check_deck(variant: Variant, order: Sequence[int]) -> None:
    """Raise :class:`InvalidVariant` unless ``order`` holds each card 2..max once."""
    if sorted(order) != list(variant.cards):
        raise InvalidVariant(f"a deck must hold each card 2..{variant.max_card} once")


def shuffled_deck(variant: Variant, rng: random.Random) -> list[int]:
    order = list(variant.cards)
    rng.shuffle(order)
    return order


def shuffled_decks(variant: Variant, seed: int) -> tuple[list[int], list[int]]:
    """Two uniformly shuffled decks; the same seed gives the same decks."""
    rng = random.Random(seed)
    return shuffled_deck(variant, rng), shuffled_deck(variant, rng)


# ------------------------------------------------------------------- laying cards


def has_won(state: State, player: int) -> bool:
    """FF-6: ``player`` has laid every card (hand and draw pile empty)."""
    return not state.hands[player] and not state.draws[player]


def can_end_turn(state: State) -> bool:
    """FF-4: at least 2 cards laid, at least one of them on an own pile."""
    return state.laid >= MINIMUM and state.laid_own >= 1


def plays_from(state: State) -> Iterator[Play]:
    """Every play the laying rules allow (FF-2, FF-3), ignoring whether the turn can
    still be completed: own piles by TG-3, an opponent's pile only if no card went on
    the opponent's piles yet this turn and the card improves it."""
    piles: tuple[str, ...] = PILES if state.laid_opp == 0 else OWN_PILES
    tops = [(pile, state.top(pile)) for pile in piles]
    for card in state.hand:
        for pile, top in tops:
            if accepts(pile, top, card):
                yield Play(card, pile)


def _lay_unchecked(state: State, card: int, pile: str) -> State:
    mover = state.to_move
    piles = [list(state.piles[0]), list(state.piles[1])]
    owner, side = _PILE_PLACE[pile]
    piles[mover ^ owner][side] = card
    rest = tuple(c for c in state.hand if c != card)
    hands = (rest, state.hands[1]) if mover == 0 else (state.hands[0], rest)
    on_opp = pile in OPP_PILES
    return State(
        state.variant,
        ((piles[0][0], piles[0][1]), (piles[1][0], piles[1][1])),
        hands,
        state.draws,
        mover,
        state.laid_own + (0 if on_opp else 1),
        state.laid_opp + (1 if on_opp else 0),
    )


def can_complete(state: State) -> bool:
    """Can the turn in progress still be completed (FF-4), or is it already won (FF-6)?

    A plain exhaustive search; at most 2 more plays are ever needed (any two legal
    plays make a legal turn, since two opponent cards are never legal), so it is cheap.
    """
    if has_won(state, state.to_move) or can_end_turn(state):
        return True
    return any(can_complete(_lay_unchecked(state, p.card, p.pile)) for p in plays_from(state))


def winner(state: State) -> int | None:
    """The winner if the game is over, else ``None``.

    FF-6: a player who has laid all their cards has won. The player to move loses at
    the start of a turn (nothing laid yet) that cannot reach the minimum (decision in
    the module docstring); mid-turn the game is never lost, since :func:`legal_moves`
    only starts turns that can be completed.
    """
    for player in (state.to_move, state.opponent):
        if has_won(state, player):
            return player
    if state.laid == 0 and not can_complete(state):
        return state.opponent
    return None


def is_terminal(state: State) -> bool:
    """FF-6: the game has ended."""
    return winner(state) is not None


def legal_moves(state: State) -> list[Move]:
    """Every move the rules allow the player to move (empty when the game is over).

    A play is legal when the card fits the pile (FF-2, FF-3) and afterwards the turn
    can still be completed or is won (FF-4, FF-6). Ending the turn is legal once the
    minimum is laid (FF-4). At the start of a turn with no such play the player to
    move has lost (:func:`winner`) and the list is empty, as the game is over.
    """
    if has_won(state, 0) or has_won(state, 1):
        return []
    moves: list[Move] = [
        p for p in plays_from(state) if can_complete(_lay_unchecked(state, p.card, p.pile))
    ]
    if can_end_turn(state):
        moves.append(END_TURN)
    return moves


def apply(state: State, move: Move) -> State:
    """The state after ``move``; raises :class:`IllegalMove` if the rules forbid it."""
    if isinstance(move, EndTurn):
        return end_turn(state)
    return lay(state, move.card, move.pile)


def lay(state: State, card: int, pile: str) -> State:
    """FF-2, FF-3, FF-4: the player to move lays ``card`` on ``pile``."""
    if is_terminal(state):
        raise IllegalMove("the game is over (FF-6)")
    if pile not in PILES:
        raise IllegalMove(f"there is no pile '{pile}'; piles are {', '.join(PILES)} (FF-1)")
    if card not in state.hand:
        raise IllegalMove(f"player {state.to_move + 1} does not hold {card} (FF-4)")
    if pile in OPP_PILES and state.laid_opp:
        raise IllegalMove("only one card per turn may go on the opponent's piles (FF-3)")
    if not accepts(pile, state.top(pile), card):
        rule = ": it must improve that pile (FF-3)" if pile in OPP_PILES else " (FF-2, TG-3)"
        raise IllegalMove(f"{card} cannot go on {pile} showing {state.top(pile)}{rule}")
    after = _lay_unchecked(state, card, pile)
    if not can_complete(after):
        raise IllegalMove(
            f"after {card}@{pile} the turn cannot reach its minimum of {MINIMUM} (FF-4, FF-6)"
        )
    return after


def draw_count(state: State) -> int:
    """FF-5: cards drawn at the end of the turn: 2 after own piles only, else back up
    to 6; never more than the own draw pile holds."""
    wanted = HAND_SIZE - len(state.hand) if state.laid_opp else DRAW_OWN_ONLY
    return max(0, min(wanted, len(state.draws[state.to_move])))


def end_turn(state: State) -> State:
    """FF-4, FF-5: end the turn, draw, and pass the turn to the opponent."""
    if is_terminal(state):
        raise IllegalMove("the game is over (FF-6)")
    if not can_end_turn(state):
        raise IllegalMove(
            f"the turn must lay at least {MINIMUM} cards, at least one on an own pile "
            f"(FF-4); {state.laid_own} on own piles and {state.laid_opp} on the opponent's"
        )
    mover = state.to_move
    count = draw_count(state)
    draw = state.draws[mover]
    hand = state.hand + draw[:count]
    hands = (hand, state.hands[1]) if mover == 0 else (state.hands[0], hand)
    draws = (draw[count:], state.draws[1]) if mover == 0 else (state.draws[0], draw[count:])
    return State(state.variant, state.piles, hands, draws, 1 - mover, 0, 0)


def play_turn(state: State, plays: Iterable[Play]) -> State:
    """Lay ``plays`` in order and end the turn, unless the last play won (FF-6)."""
    for play in plays:
        state = lay(state, play.card, play.pile)
    if has_won(state, state.to_move):
        return state
    return end_turn(state)


def turns(state: State) -> list[tuple[tuple[Play, ...], State]]:
    """Every distinct whole turn of the player to move and the position after it.

    Turns are distinct by their result (plays on different piles commute, so many
    orders give one result); a turn ends with END_TURN or with the winning card. For
    each result the first play sequence found is kept. Empty when the game is over.
    """
    if is_terminal(state):
        return []
    results: dict[State, tuple[Play, ...]] = {}
    seen: set[State] = set()

    def walk(s: State, plays: tuple[Play, ...]) -> None:
        # Every play the laying rules allow is followed; a branch that cannot be
        # completed simply yields no turn, so each kept sequence is legal throughout.
        if s in seen:
            return
        seen.add(s)
        if has_won(s, s.to_move):
            results.setdefault(s, plays)
            return
        for play in plays_from(s):
            walk(_lay_unchecked(s, play.card, play.pile), (*plays, play))
        if can_end_turn(s):
            results.setdefault(end_turn(s), plays)

    walk(state, ())
    return [(plays, after) for after, plays in results.items()]
