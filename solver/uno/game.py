"""UNO behind the one game interface (:class:`playable.solver.core.game.Game`)."""

from __future__ import annotations

from collections import Counter

from playable.solver.core.cardlist import split_document
from playable.solver.core.errors import NotationError
from playable.solver.core.game import Dealt, Game, ReferenceGame
from playable.solver.uno import notation, rules
from playable.solver.uno.cards import name
from playable.solver.uno.rules import Deal, Move, Options, Scoring, State, random_deal


class Uno(ReferenceGame[State, Move]):
    """A round of UNO, 2-10 players, every card known (UN-1..UN-10)."""

    name = notation.GAME
    title = "UNO"
    player_counts: tuple[int, ...] = tuple(range(rules.MIN_PLAYERS, rules.MAX_PLAYERS + 1))  # UN-2
    cooperative = False
    turn_end: str | None = None
    move_help = "R7, W:green, draw, pass, challenge, accept, colour:red"
    returns_range = (-float("inf"), float("inf"))  # round points (UN-10)

    def parse(self, text: str, source: str = "<input>") -> State:
        """A position; a deal is started (its first card turned, UN-2). A play-out
        hand (kind ``hand``) is a one-player puzzle, not a round, and is refused."""
        parsed = notation.parse(text, source)
        if isinstance(parsed, Deal):
            return parsed.start()
        if isinstance(parsed, State):
            return parsed
        header = split_document(text).header_line
        message = "a play-out hand is a one-player puzzle, not a round: use `playable solve`"
        raise NotationError(message, header, 1, source)

    def _dealt(self, players: int, seed: int) -> Dealt[State]:
        """The official rules with docs/rules.md's decisions (default :class:`Options`:
        Reverse skips with two, no stacking, standard scoring to 500), player 1 the
        dealer (UN-2); the seed shuffles the deck and every reshuffle (UN-9)."""
        d = random_deal(Options(), players, seed)
        return Dealt(d.start(), notation.format_deal(d))

    def players(self, state: State) -> int:
        return state.players

    def parse_move(self, state: State, text: str, source: str = "<move>") -> Move:
        """``R7``, ``W:green``, ``draw``, ``pass``, ``challenge``, ``accept``, ``colour:red``."""
        return notation.play_from_text(text, source)

    def returns(self, state: State) -> tuple[int, ...]:
        """The round's points (UN-10); under the alternative scoring each player scores
        their own leftovers, which count against them, so those are negated."""
        scores = rules.round_scores(state)
        if state.options.scoring == Scoring.ALTERNATIVE:
            return tuple(-s for s in scores)
        return tuple(scores)

    def win_returns(self, state: State) -> tuple[int, ...]:
        """1 for the player who went out (UN-9), -1 for the others, whatever the
        points."""
        return tuple(1 if p == state.winner else -1 for p in range(state.players))

    def outcome_text(self, state: State) -> str:
        returns = self.returns(state)
        winner = notation.position_to_json(state)["winner"] + 1
        if state.options.scoring is Scoring.STANDARD:  # the winner scores the others' cards
            return f"player {winner} went out and scores {max(returns)} points (UN-9, UN-10)"
        leftovers = ", ".join(str(-r) for r in returns)
        return f"player {winner} went out; leftovers {leftovers} (UN-9, UN-10 alternative)"

    def cards(self, state: State) -> Counter[str]:
        """The 108 cards of UN-1 in hands, draw pile and discard pile."""
        return Counter(name(c) for c in state.all_cards())


GAME: Game[State, Move] = Uno(notation, rules)
