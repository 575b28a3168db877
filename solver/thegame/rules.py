"""The Game: the reference rules (docs/rules.md TG-1 ... TG-12).

Plain, readable Python that says exactly what docs/rules.md says; it is the oracle every
search kernel is checked against. Slow is fine, wrong is not.

A :class:`State` is immutable. Moves are :class:`Play` (lay one card on one pile)
and :data:`END_TURN` (stop laying and draw). :func:`legal_moves` lists exactly the
moves the rules allow; :func:`apply` performs one and raises :class:`IllegalMove`
for anything else.

TG-7 decision: a turn that cannot reach the minimum is not played at all. The
engine therefore offers a :class:`Play` only when the turn can still reach the
minimum after it (so every started turn is completed), and the game is over when
the player to move holds cards and no sequence of plays reaches the minimum.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Generic, TypeVar

from playable.solver.core.errors import IllegalMove, InvalidVariant

#: TG-12: piles 0 and 1 ascend, piles 2 and 3 descend.
ASCENDING_PILES: Final = (0, 1)
DESCENDING_PILES: Final = (2, 3)
PILES: Final = (0, 1, 2, 3)
#: TG-3: the backwards trick is exactly this distance.
TRICK: Final = 10

#: TG-2: hand size by player count (index = players).
_HAND_SIZE: Final = (0, 8, 7, 6, 6, 6)


class NumberDeck:
    """A deck of the number cards 2..max_card and the piles laid on from it, which
    start at 1 (ascending) and max_card + 1 (descending): The Game's one deck (TG-1)
    and each player's deck of Face to Face (FF-1), built the same way. Each game's
    ``Variant`` holds ``max_card`` and checks its range."""

    max_card: int

    @property
    def deck_size(self) -> int:
        """TG-1, FF-1: the number cards 2..max_card (in Face to Face, of one player)."""
        return self.max_card - 1

    @property
    def cards(self) -> range:
        """TG-1, FF-1: every number card of the deck."""
        return range(2, self.max_card + 1)

    @property
    def ascending_start(self) -> int:
        return 1

    @property
    def descending_start(self) -> int:
        return self.max_card + 1


@dataclass(frozen=True)
class Variant(NumberDeck):
    """The rule options of a game of The Game.

    ``players`` 1-5 (TG-2); ``expert`` raises the minimum to 3 while the draw pile
    has cards (TG-5); ``expert_hand`` deals one card fewer (TG-6); ``max_card`` is
    the highest number card, so the cards are 2..max_card and the piles start at 1
    and max_card + 1 (the official game: 99, so 98 cards and piles 1 and 100).
    Smaller decks are for tests and puzzles.
    """

    players: int = 1
    expert: bool = False
    expert_hand: bool = False
    max_card: int = 99

    def __post_init__(self) -> None:
        if not 1 <= self.players <= 5:
            raise InvalidVariant(f"players must be 1..5, got {self.players}")
        if not 11 <= self.max_card <= 99:
            raise InvalidVariant(f"max-card must be 11..99, got {self.max_card}")
        if self.players * self.hand_size > self.deck_size:
            raise InvalidVariant(
                f"{self.deck_size} cards cannot deal {self.players} hands of {self.hand_size}"
            )

    @property
    def hand_size(self) -> int:
        """TG-2 and TG-6: 8 / 7 / 6 cards, one fewer with the expert hand."""
        return _HAND_SIZE[self.players] - (1 if self.expert_hand else 0)

    @property
    def start_piles(self) -> tuple[int, int, int, int]:
        """TG-1: two ascending piles at 1, two descending at max_card + 1."""
        return (1, 1, self.max_card + 1, self.max_card + 1)

    def minimum(self, draw_pile_empty: bool) -> int:
        """TG-5: 2 (expert 3) while the draw pile has cards; 1 once it is empty."""
        if draw_pile_empty:
            return 1
        return 3 if self.expert else 2


PileT = TypeVar("PileT", int, str)


@dataclass(frozen=True)
class CardOnPile(Generic[PileT]):
    """A play of the pile games, The Game and Face to Face: lay ``card`` on ``pile``,
    written ``card@pile`` (TG-4, FF-3). Each game's ``Play`` names its piles."""

    card: int
    pile: PileT

    def __str__(self) -> str:
        return f"{self.card}@{self.pile}"


class Play(CardOnPile[int]):
    """Lay ``card`` on ``pile`` (0-1 ascending, 2-3 descending; TG-12)."""


@dataclass(frozen=True)
class EndTurn:
    """Stop laying and draw as many cards as were laid (TG-4)."""

    def __str__(self) -> str:
        return "/"


END_TURN: Final = EndTurn()
Move = Play | EndTurn


def accepts(pile: int, top: int, card: int) -> bool:
    """TG-3: may ``card`` go on ``pile`` whose top card is ``top``?

    Ascending piles take a greater card or one exactly 10 lower; descending piles
    take a smaller card or one exactly 10 higher. Only exactly 10 (not 20, 30).
    """
    if pile in ASCENDING_PILES:
        return card > top or card == top - TRICK
    if pile in DESCENDING_PILES:
        return card < top or card == top + TRICK
    raise IllegalMove(f"there is no pile {pile}; piles are 0-3 (TG-12)")


@dataclass(frozen=True)
class State:
    """A position of The Game.

    ``hands[p]`` is player p's hand (sorted), ``draw`` the draw pile with the next
    card first, ``to_move`` the player whose turn it is (0-based), ``laid`` the
    number of cards that player has laid so far this turn.
    """

    variant: Variant
    piles: tuple[int, int, int, int]
    hands: tuple[tuple[int, ...], ...]
    draw: tuple[int, ...]
    to_move: int = 0
    laid: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "hands", tuple(tuple(sorted(h)) for h in self.hands))

    @property
    def hand(self) -> tuple[int, ...]:
        """The hand of the player to move."""
        return self.hands[self.to_move]

    @property
    def minimum(self) -> int:
        """TG-5: the cards the player to move must lay this turn."""
        return self.variant.minimum(not self.draw)

    @property
    def cards_left(self) -> int:
        """TG-8: cards not laid, all hands plus the draw pile."""
        return sum(len(h) for h in self.hands) + len(self.draw)

    @property
    def is_won(self) -> bool:
        """TG-7: the game is won when every card is laid."""
        return self.cards_left == 0


def deal(variant: Variant, order: Sequence[int], first: int = 0) -> State:
    """TG-11: the starting position of a deal written as the order of all cards.

    Player 1 receives the first H cards, player 2 the next H, ...; the rest is the
    draw pile, drawn from the front. ``first`` (0-based) is the player the team
    chose to start (TG-9).
    """
    check_deck(variant, order)
    if not 0 <= first < variant.players:
        raise InvalidVariant(f"first player must be 1..{variant.players}, got {first + 1}")
    h = variant.hand_size
    hands = tuple(tuple(order[p * h : (p + 1) * h]) for p in range(variant.players))
    draw = tuple(order[variant.players * h :])
    return State(variant, variant.start_piles, hands, draw, first, 0)


def check_deck(variant: Variant, order: Sequence[int]) -> None:
    """Raise :class:`InvalidVariant` unless ``order`` holds each card of the deck once."""
    if sorted(order) != list(variant.cards):
        missing = sorted(set(variant.cards) - set(order))
        extra = sorted(c for c in set(order) if order.count(c) > 1 or c not in variant.cards)
        raise InvalidVariant(
            f"a deck must hold each card 2..{variant.max_card} once "
            f"(missing {missing[:5]}, duplicated or foreign {extra[:5]})"
        )


def shuffled_deck(variant: Variant, seed: int) -> list[int]:
    """A uniformly shuffled deck order; the same seed gives the same order."""
    order = list(variant.cards)
    random.Random(seed).shuffle(order)
    return order


def plays_from(state: State) -> list[Play]:
    """Every (card, pile) the player to move may lay by TG-3, ignoring the minimum."""
    return [
        Play(card, pile)
        for card in state.hand
        for pile in PILES
        if accepts(pile, state.piles[pile], card)
    ]


def _lay(piles: tuple[int, ...], pile: int, card: int) -> tuple[int, ...]:
    return (*piles[:pile], card, *piles[pile + 1 :])


def can_lay(piles: tuple[int, ...], hand: tuple[int, ...], count: int) -> bool:
    """Can ``count`` cards of ``hand`` be laid one after another on ``piles`` (TG-3)?

    A plain exhaustive search; ``count`` is at most the minimum (3), so it is cheap.
    """
    if count <= 0:
        return True
    for i, card in enumerate(hand):
        for pile in PILES:
            if accepts(pile, piles[pile], card) and can_lay(
                _lay(piles, pile, card), hand[:i] + hand[i + 1 :], count - 1
            ):
                return True
    return False


def is_terminal(state: State) -> bool:
    """TG-7: the game has ended, won or lost.

    Won: every card is laid. Lost: the player to move holds cards, has laid nothing
    yet this turn, and cannot lay the minimum (the turn is then not played at all).
    In the middle of a turn the game is never over: :func:`legal_moves` only lets a
    turn begin when it can be completed.
    """
    if state.is_won:
        return True
    if state.laid > 0:
        return False
    return not can_lay(state.piles, state.hand, state.minimum)


def legal_moves(state: State) -> list[Move]:
    """Every move the rules allow the player to move (empty when the game is over).

    A play is legal when the card fits the pile (TG-3) and the turn can still reach
    its minimum afterwards (TG-4, TG-5, TG-7 decision). Ending the turn is legal once
    the minimum is laid.
    """
    if is_terminal(state):
        return []
    need = max(state.minimum - state.laid - 1, 0)
    moves: list[Move] = []
    hand = state.hand
    for i, card in enumerate(hand):
        rest = hand[:i] + hand[i + 1 :]
        for pile in PILES:
            if accepts(pile, state.piles[pile], card) and can_lay(
                _lay(state.piles, pile, card), rest, need
            ):
                moves.append(Play(card, pile))
    if state.laid >= state.minimum:
        moves.append(END_TURN)
    return moves


def apply(state: State, move: Move) -> State:
    """The state after ``move``; raises :class:`IllegalMove` if the rules forbid it."""
    if is_terminal(state):
        raise IllegalMove("the game is over (TG-7)")
    if isinstance(move, EndTurn):
        return end_turn(state)
    return lay(state, move.card, move.pile)


def lay(state: State, card: int, pile: int) -> State:
    """TG-3, TG-4: the player to move lays ``card`` on ``pile``."""
    if pile not in PILES:
        raise IllegalMove(f"there is no pile {pile}; piles are 0-3 (TG-12)")
    if card not in state.hand:
        raise IllegalMove(f"player {state.to_move + 1} does not hold {card} (TG-4)")
    if not accepts(pile, state.piles[pile], card):
        kind = "ascending" if pile in ASCENDING_PILES else "descending"
        raise IllegalMove(
            f"{card} cannot go on {kind} pile {pile} showing {state.piles[pile]} (TG-3)"
        )
    rest = tuple(c for c in state.hand if c != card)
    piles = _lay(state.piles, pile, card)
    need = max(state.minimum - state.laid - 1, 0)
    if not can_lay(piles, rest, need):
        raise IllegalMove(
            f"after {card}@{pile} the turn cannot reach its minimum of {state.minimum} (TG-7)"
        )
    hands = (*state.hands[: state.to_move], rest, *state.hands[state.to_move + 1 :])
    return State(
        state.variant,
        (piles[0], piles[1], piles[2], piles[3]),
        hands,
        state.draw,
        state.to_move,
        state.laid + 1,
    )


def end_turn(state: State) -> State:
    """TG-4: draw as many cards as were laid (at most what the draw pile holds), then
    pass the turn clockwise, skipping players whose hand is empty (TG-7)."""
    if state.laid < state.minimum:
        raise IllegalMove(
            f"the turn must lay at least {state.minimum} cards (TG-5); {state.laid} laid"
        )
    count = min(state.laid, len(state.draw))
    hand = state.hand + state.draw[:count]
    hands = (*state.hands[: state.to_move], hand, *state.hands[state.to_move + 1 :])
    return State(
        state.variant, state.piles, hands, state.draw[count:], next_player(hands, state.to_move), 0
    )


def next_player(hands: tuple[tuple[int, ...], ...], current: int) -> int:
    """The next player clockwise after ``current`` who holds cards (TG-7: empty hands
    are skipped). When every hand is empty the game is won and ``current`` stays."""
    n = len(hands)
    for step in range(1, n + 1):
        candidate = (current + step) % n
        if hands[candidate]:
            return candidate
    return current


def play_turn(state: State, plays: Iterable[Play]) -> State:
    """Lay ``plays`` in order and end the turn: one whole turn (TG-4)."""
    for play in plays:
        state = lay(state, play.card, play.pile)
    return end_turn(state)
