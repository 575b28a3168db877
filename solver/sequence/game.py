"""Sequence behind the one game interface (:class:`playable.solver.core.game.Game`)."""

from __future__ import annotations

from collections import Counter

from playable.solver.core.errors import IllegalMove, NotationError
from playable.solver.core.game import Dealt, Game, ReferenceGame
from playable.solver.sequence import notation, rules
from playable.solver.sequence.rules import Move, State, Variant, deal, shuffled_deck


def default_sides(players: int) -> int:
    """The sides ``players`` form unless told otherwise (SQ-3): three for 3 or 9
    players, two for the others (6 and 12 could also form three)."""
    return 3 if players in (3, 9) else 2


def shuffled_deal(variant: Variant, seed: int, first: int = 0) -> State:
    """The starting position of ``variant`` from the two decks ``seed`` shuffles
    (SQ-2), player ``first`` (0-based) to move: the deal of ``playable deal sequence
    --seed SEED`` and of :meth:`Sequence.deal`."""
    return deal(variant, shuffled_deck(seed), first)


class Sequence(ReferenceGame[State, Move]):
    """The board-and-cards game: 2-12 players in 2 or 3 sides (SQ-1..SQ-11)."""

    name = notation.GAME
    title = "Sequence"
    player_counts: tuple[int, ...] = tuple(sorted(rules.HAND_SIZE))  # SQ-3
    cooperative = False
    turn_end: str | None = None
    move_help = "QS@e4, JHxe4, dead:9C, pass"
    returns_range = (-1.0, 1.0)  # SQ-8

    def parse(self, text: str, source: str = "<input>") -> State:
        return notation.parse_position(text, source)

    def _dealt(self, players: int, seed: int) -> Dealt[State]:
        """:func:`default_sides` sides, player 1 first; its file is the starting
        position (Sequence has no deal kind, docs/notation-sequence.md)."""
        state = shuffled_deal(Variant(players, default_sides(players)), seed)
        return Dealt(state, notation.format_position(state))

    def players(self, state: State) -> int:
        return state.variant.players

    def sides(self, state: State) -> tuple[int, ...]:
        """SQ-3: player ``p`` plays for side ``p % sides``."""
        return tuple(p % state.variant.sides for p in range(state.variant.players))

    def parse_move(self, state: State, text: str, source: str = "<move>") -> Move:
        """``QS@e4`` (place, ``+`` a line to claim, SQ-7), ``JDxe4`` (remove with a
        one-eyed jack), ``dead:9C`` (SQ-6) or ``pass`` (SQ-11). A move is read
        against ``state``: a well-formed text that is not a legal move there raises
        :class:`IllegalMove` (as :meth:`apply` would), a malformed one NotationError."""
        try:
            return notation.parse_move(state, text.strip())
        except NotationError as error:
            if notation.move_of(text.strip()) is not None:  # well-formed, not legal here
                raise IllegalMove(error.message) from None
            raise error.with_source(source) from None

    def returns(self, state: State) -> tuple[int, ...]:
        """1 for each player of the winning side, -1 for the others (SQ-8)."""
        winner = state.winner
        variant = state.variant
        if winner is None:
            return (0,) * variant.players
        return tuple(1 if variant.side_of(p) == winner else -1 for p in range(variant.players))

    def outcome_text(self, state: State) -> str:
        side = ("blue", "green", "red")[notation.position_to_json(state)["winner"]]
        return f"{side} has won (SQ-8)"

    def cards(self, state: State) -> Counter[str]:
        """Hands, discard piles and the known draw pile by name; ``?`` for each
        unknown card below it (chips on the board are not cards)."""
        named = [c for h in state.hands for c in h] + [c for d in state.discards for c in d]
        return Counter([*named, *state.draw, *("?" * state.unknown)])


GAME: Game[State, Move] = Sequence(notation, rules)
