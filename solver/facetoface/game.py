"""Face to Face behind the one game interface (:class:`playable.solver.core.game.Game`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from playable.solver.core.game import Dealt, Game, ReferenceGame
from playable.solver.core.turns import parse_turn_move, turn_to_json
from playable.solver.facetoface import notation, rules
from playable.solver.facetoface.rules import END_TURN, Move, Play, State, Variant, shuffled_decks


def shuffled_deal(variant: Variant, seed: int) -> notation.Deal:
    """The deal of ``variant`` whose two decks (FF-1) ``seed`` shuffles: the deal of
    ``playable deal facetoface --seed SEED``, of a study's or a simulation's deal
    ``SEED`` and of :meth:`FaceToFace.deal`."""
    deck_a, deck_b = shuffled_decks(variant, seed)
    return notation.Deal(variant, tuple(deck_a), tuple(deck_b))


class FaceToFace(ReferenceGame[State, Move]):
    """The two-player duel: own piles, one play on the opponent's a turn (FF-1..FF-7)."""

    name = notation.GAME
    title = "The Game: Face to Face"
    player_counts: tuple[int, ...] = (2,)  # FF-1
    cooperative = False
    turn_end: str | None = str(END_TURN)  # FF-4
    move_help = "37@own-up, 12@opp-down, / ends the turn"
    returns_range = (-1.0, 1.0)  # FF-6

    def parse(self, text: str, source: str = "<input>") -> State:
        """A position; a deal starts with player 1 to move (FF-7)."""
        return notation.parse_position(text, source)

    def _dealt(self, players: int, seed: int) -> Dealt[State]:
        """The default variant, cards 2..59 (FF-1); player 1 starts (FF-7)."""
        d = shuffled_deal(Variant(), seed)
        return Dealt(d.start(), notation.format_deal(d))

    def players(self, state: State) -> int:
        return 2

    def parse_move(self, state: State, text: str, source: str = "<move>") -> Move:
        """``card@pile`` (``37@own-up``, ``12@opp-down``) or ``/`` to end the turn (FF-4)."""
        return parse_turn_move(text, source, END_TURN, notation.parse_play)

    def step_to_json(self, player: int, moves: Sequence[Move]) -> dict[str, Any]:
        """A turn with its cards and piles (docs/json.md); the turn's end is not written."""
        return turn_to_json(player, [m for m in moves if isinstance(m, Play)])

    def returns(self, state: State) -> tuple[int, ...]:
        """1 for the winner, -1 for the loser (FF-6)."""
        winner = rules.winner(state)
        return (0, 0) if winner is None else (1 - 2 * winner, 2 * winner - 1)

    def outcome_text(self, state: State) -> str:
        return f"player {notation.position_to_json(state)['winner'] + 1} has won (FF-6)"

    def cards(self, state: State) -> Counter[str]:
        """Each player's cards 2..max_card, named ``1:37`` and ``2:37``: held in hand
        and draw pile, the rest laid (on either player's piles)."""
        held: Counter[str] = Counter()
        total: Counter[str] = Counter()
        for player in (0, 1):
            own = (*state.hands[player], *state.draws[player])
            held += Counter(f"{player + 1}:{c}" for c in own)
            total += Counter(f"{player + 1}:{c}" for c in state.variant.cards)
        return held + (total - held)


GAME: Game[State, Move] = FaceToFace(notation, rules)
