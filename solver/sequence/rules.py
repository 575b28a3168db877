"""Sequence: the reference rules (docs/rules.md SQ-1 ... SQ-11).

Plain, readable Python that says exactly what docs/rules.md says; it is the oracle the
search kernel and the players are checked against. Slow is fine, wrong is not.

A :class:`State` is immutable. A turn is one of

* :class:`ReplaceDead` (SQ-6): at the start of the turn, discard one dead card and
  draw a replacement; the same player then plays on (at most once a turn);
* :class:`Place` (SQ-4, SQ-5): play a card and put a chip on an empty space showing
  it (a two-eyed Jack: on any empty space), naming the new sequences it completes;
* :class:`Remove` (SQ-5): play a one-eyed Jack and take an opponent chip that is not
  locked in a sequence; no chip is placed;
* :class:`Pass`: only when no card can be played at all (see below).

Decisions where docs/rules.md is silent or leaves a choice:

* SQ-7: a placement that completes lines of five must name a *maximal* set of new
  sequences (each sharing at most one space with every other sequence of the side,
  earlier or new); :func:`legal_moves` lists every maximal choice, so in a run
  longer than five the player (or a solver) picks which five are locked.
* A player holding no card that can be played passes: no card is discarded or
  drawn. (The rulebook never mentions it; it can only happen on a crowded board.)
* The draw pile may be only partly known (a hand-written position): ``draw`` holds
  the known top cards and ``unknown`` counts the cards below them. A move that
  would draw an unknown card raises :class:`IllegalMove`; nothing is guessed.
* SQ-9: when a card must be drawn from an empty draw pile (with no unknown cards),
  every discard pile is shuffled into a new draw pile with ``random.Random(seed)``
  and ``seed`` is then increased by one, so replays are deterministic.
* SQ-10: penalties for human tables (forgetting to draw, table talk) are left out.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from playable.solver.core.errors import IllegalMove, InvalidVariant
from playable.solver.sequence.board import (
    CELLS,
    CELLS_OF,
    CORNERS,
    LINES,
    LINES_THROUGH,
    RANKS,
    SUITS,
    cell_name,
    line_name,
    shared_cells,
)

#: SQ-5: two-eyed Jacks (diamonds, clubs) are wild.
TWO_EYED: Final = ("JD", "JC")
#: SQ-5: one-eyed Jacks (hearts, spades) remove an opponent chip.
ONE_EYED: Final = ("JH", "JS")
#: SQ-2: two standard 52-card decks, no jokers (104 cards).
DECK: Final = tuple(sorted(r + s for r in RANKS for s in SUITS for _ in range(2)))
#: SQ-3: hand size by number of players.
HAND_SIZE: Final = {2: 7, 3: 6, 4: 6, 6: 5, 8: 4, 9: 4, 10: 3, 12: 3}
#: Chip values of a board cell: a side 0-2, or one of these.
EMPTY: Final = -1
CORNER: Final = -2
#: Chip colours of sides 0, 1, 2 (blue, green, red; red only with three sides).
COLOURS: Final = "BGR"
CORNER_SET: Final = frozenset(CORNERS)
#: each line's five cells, one bit a cell (SQ-7)
LINE_CELLS: Final = tuple(sum(1 << c for c in line) for line in LINES)


class UnknownCard(IllegalMove):
    """A move would draw a card of the draw pile that the position does not list."""


def is_card(text: str) -> bool:
    """Is ``text`` a card of the deck (rank A 2-9 T J Q K, suit S H D C)?"""
    return len(text) == 2 and text[0] in RANKS and text[1] in SUITS


@dataclass(frozen=True)
class Variant:
    """Players and sides (SQ-3): 2-12 players forming 2 or 3 sides.

    Up to three players play alone; more form teams of equal size, seated so that
    the sides alternate: player ``p`` (0-based) plays for side ``p % sides``.
    """

    players: int = 2
    sides: int = 2

    def __post_init__(self) -> None:
        if self.players not in HAND_SIZE:
            raise InvalidVariant(
                f"players must be one of {', '.join(map(str, HAND_SIZE))}, got {self.players}"
            )
        if self.sides not in (2, 3) or self.players % self.sides:
            raise InvalidVariant(
                f"{self.players} players cannot form {self.sides} sides (2 or 3 equal sides)"
            )
        if self.players <= 3 and self.sides != self.players:
            raise InvalidVariant(f"{self.players} players play alone: sides must be {self.players}")

    @property
    def hand_size(self) -> int:
        """SQ-3: 2→7, 3→6, 4→6, 6→5, 8→4, 9→4, 10→3, 12→3."""
        return HAND_SIZE[self.players]

    @property
    def sequences_to_win(self) -> int:
        """SQ-8: two sequences with 2 sides, one with 3."""
        return 2 if self.sides == 2 else 1

    def side_of(self, player: int) -> int:
        """SQ-3: seats alternate by side."""
        return player % self.sides


@dataclass(frozen=True)
class Completed:
    """A completed sequence (SQ-7): the side that made it and its line of five."""

    side: int
    line: int

    def __str__(self) -> str:
        return f"{COLOURS[self.side]}:{line_name(self.line)}"


@dataclass(frozen=True)
class Place:
    """Play ``card`` and put a chip on ``cell``, completing the sequences ``claims``."""

    card: str
    cell: int
    claims: tuple[int, ...] = ()

    def __str__(self) -> str:
        return f"{self.card}@{cell_name(self.cell)}" + "".join(
            f"+{line_name(line)}" for line in self.claims
        )


@dataclass(frozen=True)
class Remove:
    """Play a one-eyed Jack and take the opponent chip on ``cell`` (SQ-5)."""

    card: str
    cell: int

    def __str__(self) -> str:
        return f"{self.card}x{cell_name(self.cell)}"


@dataclass(frozen=True)
class ReplaceDead:
    """Discard the dead card ``card`` and draw a replacement (SQ-6)."""

    card: str

    def __str__(self) -> str:
        return f"dead:{self.card}"


@dataclass(frozen=True)
class Pass:
    """No card can be played: the turn passes without a discard or a draw."""

    def __str__(self) -> str:
        return "pass"


PASS: Final = Pass()
Move = Place | Remove | ReplaceDead | Pass


@dataclass(frozen=True)
class State:
    """A Sequence position.

    ``chips``: 100 cells, each a side 0-2, :data:`EMPTY` or :data:`CORNER`.
    ``sequences``: completed sequences in the order they were made (SQ-7).
    ``hands[p]`` (sorted), ``discards[p]`` (bottom first; SQ-4: each player's own
    pile), ``draw`` (known top of the draw pile, next card first), ``unknown``
    (cards below the known ones), ``to_move`` (player, 0-based), ``replaced``
    (a dead card was already replaced this turn, SQ-6), ``seed`` (SQ-9 reshuffle).
    """

    variant: Variant
    chips: tuple[int, ...]
    sequences: tuple[Completed, ...]
    hands: tuple[tuple[str, ...], ...]
    discards: tuple[tuple[str, ...], ...]
    draw: tuple[str, ...]
    unknown: int = 0
    to_move: int = 0
    replaced: bool = False
    seed: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "hands", tuple(tuple(sorted(h)) for h in self.hands))

    @property
    def side(self) -> int:
        """The side of the player to move."""
        return self.variant.side_of(self.to_move)

    @property
    def hand(self) -> tuple[str, ...]:
        return self.hands[self.to_move]

    def sequence_count(self, side: int) -> int:
        return sum(1 for s in self.sequences if s.side == side)

    @property
    def winner(self) -> int | None:
        """SQ-8: the side that has completed the sequences it needs, if any."""
        for side in range(self.variant.sides):
            if self.sequence_count(side) >= self.variant.sequences_to_win:
                return side
        return None

    @property
    def locked(self) -> frozenset[int]:
        """SQ-7: cells whose chips belong to a completed sequence (corners excluded)."""
        return frozenset(c for s in self.sequences for c in LINES[s.line]) - CORNER_SET


def empty_board() -> tuple[int, ...]:
    """SQ-1: no chips; the four corners are free spaces."""
    return tuple(CORNER if c in CORNER_SET else EMPTY for c in range(CELLS))


def deal(variant: Variant, order: Iterable[str], first: int = 0) -> State:
    """The start of a game: player ``p`` receives cards ``p*H .. p*H+H-1`` of ``order``.

    ``order`` must hold the 104 cards of SQ-2; the rest is the draw pile (SQ-3).
    """
    cards = tuple(order)
    if sorted(cards) != list(DECK):
        raise InvalidVariant("a deal must hold the 104 cards of two decks (SQ-2)")
    if not 0 <= first < variant.players:
        raise InvalidVariant(f"first player must be 1..{variant.players}, got {first + 1}")
    h = variant.hand_size
    hands = tuple(cards[p * h : (p + 1) * h] for p in range(variant.players))
    empty: tuple[tuple[str, ...], ...] = tuple(() for _ in range(variant.players))
    return State(variant, empty_board(), (), hands, empty, cards[variant.players * h :], 0, first)


def shuffled_deck(seed: int) -> list[str]:
    """A uniformly shuffled order of the 104 cards; the same seed gives the same order."""
    order = list(DECK)
    random.Random(seed).shuffle(order)
    return order


def is_dead(chips: tuple[int, ...], card: str) -> bool:
    """SQ-6: a non-Jack card whose two spaces are both occupied."""
    if card[0] == "J":
        return False
    return all(chips[c] != EMPTY for c in CELLS_OF[card])


def completed_lines(chips: tuple[int, ...], side: int, cell: int) -> list[int]:
    """SQ-7: the lines through ``cell`` that are five of ``side`` (corners count for all)
    once ``side``'s chip is on ``cell`` (whether ``chips`` shows it there yet or not)."""
    return lines_completed(held_cells(chips, side), cell)


def held_cells(chips: tuple[int, ...], side: int) -> int:
    """The cells that count for ``side`` in a line (its chips and the corners), one bit
    a cell."""
    return sum(1 << c for c, chip in enumerate(chips) if chip in (side, CORNER))


def lines_completed(held: int, cell: int) -> list[int]:
    """The lines through ``cell`` whose five cells are all ``held`` (a bit a cell, as
    :func:`held_cells` gives them) or ``cell`` itself."""
    held |= 1 << cell
    return [line for line in LINES_THROUGH[cell] if held & LINE_CELLS[line] == LINE_CELLS[line]]


def claim_choices(
    sequences: tuple[Completed, ...], side: int, candidates: list[int]
) -> list[tuple[int, ...]]:
    """SQ-7: every maximal set of new sequences the side may announce.

    A new sequence may share at most one space with each other sequence of the
    side, earlier or announced in the same turn (so a run of nine counts two). The
    sets are maximal: no further candidate could be added. ``[()]`` if none.
    """
    if not candidates:
        return [()]
    own = [s.line for s in sequences if s.side == side]
    usable = [c for c in candidates if all(shared_cells(c, o) <= 1 for o in own)]
    choices: list[tuple[int, ...]] = []

    def extend(chosen: tuple[int, ...], rest: list[int]) -> None:
        addable = [c for c in rest if all(shared_cells(c, o) <= 1 for o in chosen)]
        if not addable:
            compatible = [
                c
                for c in usable
                if c not in chosen and all(shared_cells(c, o) <= 1 for o in chosen)
            ]
            if not compatible:
                choices.append(tuple(sorted(chosen)))
            return
        first, others = addable[0], addable[1:]
        extend((*chosen, first), others)
        extend(chosen, others)

    extend((), usable)
    return sorted(set(choices))


def removable(state: State) -> list[int]:
    """SQ-5: opponent chips not part of a completed sequence."""
    locked = state.locked
    side = state.side
    return [
        c for c, chip in enumerate(state.chips) if chip >= 0 and chip != side and c not in locked
    ]


def can_draw(state: State, discarding: str | None = None) -> bool:
    """Can a card be drawn now without knowing an unknown card (see the module notes)?"""
    if state.draw:
        return True
    if state.unknown:
        return False
    return discarding is not None or any(state.discards)


def placements(state: State) -> list[Place]:
    """SQ-4, SQ-5, SQ-7: every chip the player to move can put on the board."""
    moves: list[Place] = []
    side = state.side
    held = held_cells(state.chips, side)
    for card in sorted(set(state.hand)):
        if card in ONE_EYED:
            continue
        if card in TWO_EYED:
            cells: Iterable[int] = (c for c in range(CELLS) if state.chips[c] == EMPTY)
        else:
            cells = (c for c in CELLS_OF[card] if state.chips[c] == EMPTY)
        for cell in cells:
            completed = lines_completed(held, cell)
            for claims in claim_choices(state.sequences, side, completed):
                moves.append(Place(card, cell, claims))
    return moves


def removals(state: State) -> list[Remove]:
    """SQ-5: every chip a one-eyed Jack in hand can take."""
    jacks = sorted(set(state.hand) & set(ONE_EYED))
    targets = removable(state) if jacks else []
    return [Remove(j, c) for j in jacks for c in targets]


def dead_replacements(state: State) -> list[ReplaceDead]:
    """SQ-6: one dead card per turn, at its start, may be exchanged."""
    if state.replaced:
        return []
    return [
        ReplaceDead(card)
        for card in sorted(set(state.hand))
        if is_dead(state.chips, card) and can_draw(state, card)
    ]


def is_terminal(state: State) -> bool:
    """SQ-8: the game is over once a side has its sequences."""
    return state.winner is not None


def legal_moves(state: State) -> list[Move]:
    """Every move the rules allow the player to move (empty when the game is over)."""
    if is_terminal(state):
        return []
    plays: list[Move] = [*placements(state), *removals(state)]
    if not plays:
        plays.append(PASS)
    return [*dead_replacements(state), *plays]


def apply(state: State, move: Move) -> State:
    """The state after ``move``; raises :class:`IllegalMove` if the rules forbid it."""
    if is_terminal(state):
        raise IllegalMove("the game is over (SQ-8)")
    if isinstance(move, ReplaceDead):
        return _replace_dead(state, move.card)
    if isinstance(move, Pass):
        if placements(state) or removals(state):
            raise IllegalMove("a card can be played, so the turn cannot be passed (SQ-11)")
        return _next_turn(state, state.hands, state.discards, state.draw, state.unknown, state.seed)
    if move.card not in state.hand:
        raise IllegalMove(f"{move.card} is not in the hand of player {state.to_move + 1} (SQ-4)")
    if isinstance(move, Remove):
        return _remove(state, move)
    return _place(state, move)


def _set(chips: tuple[int, ...], cell: int, value: int) -> tuple[int, ...]:
    return (*chips[:cell], value, *chips[cell + 1 :])


def _without(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def _replace(
    items: tuple[tuple[str, ...], ...], p: int, new: tuple[str, ...]
) -> tuple[tuple[str, ...], ...]:
    return (*items[:p], new, *items[p + 1 :])


def _draw_one(
    discards: tuple[tuple[str, ...], ...], draw: tuple[str, ...], unknown: int, seed: int
) -> tuple[str | None, tuple[tuple[str, ...], ...], tuple[str, ...], int]:
    """Draw the next card; SQ-9 reshuffles the discards into a new pile when empty.

    Returns the card (None if there is no card anywhere), the discards, the rest of
    the draw pile and the seed.
    """
    if not draw:
        if unknown:
            raise UnknownCard(
                "the next card of the draw pile is unknown: the position does not list it (SQ-4)"
            )
        pile = [c for d in discards for c in d]
        if not pile:
            return None, discards, draw, seed
        random.Random(seed).shuffle(pile)
        discards = tuple(() for _ in discards)
        draw, seed = tuple(pile), seed + 1
    return draw[0], discards, draw[1:], seed


def _replace_dead(state: State, card: str) -> State:
    if state.replaced:
        raise IllegalMove("only one dead card may be replaced per turn (SQ-6)")
    if card not in state.hand:
        raise IllegalMove(f"{card} is not in the hand of player {state.to_move + 1} (SQ-6)")
    if not is_dead(state.chips, card):
        raise IllegalMove(f"{card} is not a dead card: one of its spaces is empty (SQ-6)")
    p = state.to_move
    hand = _without(state.hand, card)
    discards = _replace(state.discards, p, (*state.discards[p], card))
    drawn, discards, draw, seed = _draw_one(discards, state.draw, state.unknown, state.seed)
    if drawn is not None:
        hand = (*hand, drawn)
    return State(
        state.variant,
        state.chips,
        state.sequences,
        _replace(state.hands, p, hand),
        discards,
        draw,
        state.unknown,
        p,
        True,
        seed,
    )


def _place(state: State, move: Place) -> State:
    card, cell, side = move.card, move.cell, state.side
    if card in ONE_EYED:
        raise IllegalMove(f"{card} is a one-eyed Jack: it removes a chip, it places none (SQ-5)")
    if not 0 <= cell < CELLS or state.chips[cell] != EMPTY:
        raise IllegalMove(
            f"cell {cell_name(cell) if 0 <= cell < CELLS else cell} is not empty (SQ-4)"
        )
    if card not in TWO_EYED and cell not in CELLS_OF[card]:
        raise IllegalMove(f"{card} does not show on {cell_name(cell)} (SQ-4)")
    chips = _set(state.chips, cell, side)
    choices = claim_choices(state.sequences, side, completed_lines(chips, side, cell))
    claims = tuple(sorted(move.claims))
    if claims not in choices:
        named = " or ".join("+".join(line_name(x) for x in c) or "none" for c in choices)
        raise IllegalMove(f"{move} must announce the sequences it completes: {named} (SQ-7)")
    sequences = state.sequences + tuple(Completed(side, line) for line in claims)
    return _end_turn(state, card, chips, sequences)


def _remove(state: State, move: Remove) -> State:
    if move.card not in ONE_EYED:
        raise IllegalMove(f"only a one-eyed Jack removes a chip, not {move.card} (SQ-5)")
    if move.cell not in removable(state):
        raise IllegalMove(
            f"{cell_name(move.cell)} holds no opponent chip that is free to remove (SQ-5, SQ-7)"
        )
    return _end_turn(state, move.card, _set(state.chips, move.cell, EMPTY), state.sequences)


def _end_turn(
    state: State, card: str, chips: tuple[int, ...], sequences: tuple[Completed, ...]
) -> State:
    """SQ-4: the card goes on the player's discard pile, then one card is drawn."""
    p = state.to_move
    hand = _without(state.hand, card)
    discards = _replace(state.discards, p, (*state.discards[p], card))
    draw, unknown, seed = state.draw, state.unknown, state.seed
    won = State(state.variant, chips, sequences, state.hands, discards, draw).winner is not None
    if not won:  # SQ-8: the game ends at once; nobody draws after the last sequence
        drawn, discards, draw, seed = _draw_one(discards, draw, unknown, seed)
        if drawn is not None:
            hand = (*hand, drawn)
    moved = State(
        state.variant,
        chips,
        sequences,
        _replace(state.hands, p, hand),
        discards,
        draw,
        unknown,
        p,
        False,
        seed,
    )
    return _next_turn(moved, moved.hands, discards, draw, unknown, seed)


def _next_turn(
    state: State,
    hands: tuple[tuple[str, ...], ...],
    discards: tuple[tuple[str, ...], ...],
    draw: tuple[str, ...],
    unknown: int,
    seed: int,
) -> State:
    nxt = state.to_move if state.winner is not None else (state.to_move + 1) % state.variant.players
    return State(
        state.variant,
        state.chips,
        state.sequences,
        hands,
        discards,
        draw,
        unknown,
        nxt,
        False,
        seed,
    )
