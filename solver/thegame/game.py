"""The Game behind the one game interface (:class:`playable.solver.core.game.Game`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from playable.solver.core.game import Dealt, Game, ReferenceGame
from playable.solver.core.turns import parse_turn_move, turn_to_json
from playable.solver.thegame import notation, rules
from playable.solver.thegame.rules import END_TURN, Move, Play, State, Variant, shuffled_deck


def shuffled_deal(variant: Variant, seed: int) -> notation.Deal:
    """The deal of ``variant`` whose card order (TG-11) ``seed`` shuffles: the deal of
    ``playable deal thegame --seed SEED``, of a study's deal ``SEED`` and of
    :meth:`TheGame.deal`."""
    return notation.Deal(variant, tuple(shuffled_deck(variant, seed)))


class TheGame(ReferenceGame[State, Move]):
    """Steffen Benndorf's cooperative game, solo or a team of up to five (TG-1..TG-12)."""

    name = notation.GAME
    title = "The Game"
    player_counts: tuple[int, ...] = (1, 2, 3, 4, 5)  # TG-2
    cooperative = True  # TG-8
    turn_end: str | None = str(END_TURN)  # TG-4
    move_help = "37@0 (piles 0-1 up, 2-3 down), / ends the turn"
    returns_range = (-float("inf"), 0.0)  # minus the cards not laid (TG-8)

    def parse(self, text: str, source: str = "<input>") -> State:
        """A position; a deal starts with player 1 to move (TG-9)."""
        return notation.parse_position(text, source)

    def _dealt(self, players: int, seed: int) -> Dealt[State]:
        """The default variant: cards 2..99, TG-2's hand sizes, no expert minimum or
        hand (TG-5, TG-6); player 1 starts (TG-9)."""
        d = shuffled_deal(Variant(players), seed)
        return Dealt(d.start(), notation.format_deal(d))

    def players(self, state: State) -> int:
        return state.variant.players

    def parse_move(self, state: State, text: str, source: str = "<move>") -> Move:
        """``card@pile`` (``37@0``, piles 0-1 ascending, 2-3 descending) or ``/`` to end
        the turn (TG-4)."""
        return parse_turn_move(text, source, END_TURN, notation.parse_play)

    def step_to_json(self, player: int, moves: Sequence[Move]) -> dict[str, Any]:
        """A turn with its cards and piles (docs/json.md); the turn's end is not written."""
        return turn_to_json(player, [m for m in moves if isinstance(m, Play)])

    def returns(self, state: State) -> tuple[int, ...]:
        """Minus the cards not laid (TG-8), the same for every player of the team."""
        return (-state.cards_left,) * state.variant.players

    def outcome_text(self, state: State) -> str:
        if state.cards_left == 0:
            return "every card is laid: the team wins (TG-8)"
        return (
            f"no turn can reach its minimum: lost with {state.cards_left} cards not laid "
            "(TG-7, TG-8)"
        )

    def cards(self, state: State) -> Counter[str]:
        """Cards 2..max_card: held in hands and the draw pile, the rest laid."""
        held = Counter(str(c) for c in (*(c for h in state.hands for c in h), *state.draw))
        deck = Counter(str(c) for c in range(2, state.variant.max_card + 1))
        return held + (deck - held)


GAME: Game[State, Move] = TheGame(notation, rules)
