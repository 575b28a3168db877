"""The Game: players that see only what a real player sees (own hand, piles, counts).

The cost of laying ``card`` on a pile is -10 for the backwards trick (TG-3), else
the gap it leaves (``card - top`` on an ascending pile, ``top - card`` on a
descending one): the numbers skipped for good.

:class:`GreedyPlayer` is the first, honest baseline. Each play it lays the legal
card with the smallest cost; ties go to the lower card, then the lower pile. It lays
the minimum (TG-5) and then keeps laying only while the cheapest play is a trick or
leaves a gap of at most ``extra_gap`` (default 2).

:class:`PlannerPlayer` scores whole turns instead of single cards: every distinct
way to lay the minimum is scored by the gaps it opens plus a heavy charge for each
hand card it leaves with no pile (:func:`hand_cost`), the cheapest is kept, and
then it extends the turn like the greedy player. Neither looks at other hands or at
the draw pile (TG-10).

With ``signals=True`` both hear the other players' pile-level remarks made at the
start of the turn (TG-10, :mod:`playable.solver.thegame.signals`) and add their penalty to
plays that jump numbers on a reserved pile; without other players, or without
remarks, they play as before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from playable.solver.core.seat_strategy import SeatStrategy
from playable.solver.thegame.rules import (
    ASCENDING_PILES,
    TRICK,
    Play,
    State,
    accepts,
    end_turn,
    is_terminal,
    lay,
    legal_moves,
)
from playable.solver.thegame.signals import penalty, reserved_piles


class Player(Protocol):
    """Chooses the plays of one whole turn for the player to move."""

    name: str

    def choose_turn(self, state: State) -> list[Play]: ...


def play_cost(state: State, play: Play) -> int:
    """The cost of a play: -10 for the backwards trick, else the gap left."""
    return cost_on(play.pile, state.piles[play.pile], play.card)


@dataclass
class HeuristicPlayer:
    """What the greedy and the planner player share (module docstring): past the
    minimum (TG-5) they lay on while the cheapest play is a trick or leaves a gap of
    at most ``extra_gap``; with ``signals`` they hear the other players' remarks."""

    extra_gap: int = 2
    name: str = "heuristic"
    signals: bool = False

    def heard(self, state: State) -> frozenset[int]:
        """The piles the other players ask to be left alone (TG-10) when this player
        listens to their remarks; none otherwise."""
        return reserved_piles(state) if self.signals else frozenset()


@dataclass
class GreedyPlayer(HeuristicPlayer):
    """Smallest gap first, tricks before anything; lays the minimum, then only cheap cards."""

    name: str = "greedy"

    def choose_turn(self, state: State) -> list[Play]:
        return greedy_plays(state, self.extra_gap, self.heard(state))


def greedy_plays(state: State, extra_gap: int, reserved: frozenset[int]) -> list[Play]:
    """The greedy rule from ``state`` to the end of the turn, with the penalty of the
    piles ``reserved`` by signals (empty: no signals)."""
    plays: list[Play] = []
    while True:
        options = [m for m in legal_moves(state) if isinstance(m, Play)]
        if not options:
            return plays
        costs = {m: heard_cost(m, state.piles[m.pile], reserved) for m in options}
        best = min(options, key=lambda m: (costs[m], m.card, m.pile))
        if state.laid >= state.minimum and costs[best] > extra_gap:
            return plays
        plays.append(best)
        state = lay(state, best.card, best.pile)


def heard_cost(play: Play, top: int, reserved: frozenset[int]) -> int:
    """The play's cost on its pile showing ``top`` plus the penalty of a reserved
    pile (TG-10 signals)."""
    gap = cost_on(play.pile, top, play.card)
    return gap + penalty(play.pile, gap, reserved)


#: Cost of a hand card that fits no pile after a turn (it may never be laid): worse
#: than any gap, so the planner strands a card only when every turn does.
STRANDED = 200


def hand_cost(piles: tuple[int, ...], hand: tuple[int, ...]) -> int:
    """:data:`STRANDED` for each hand card that fits no pile.

    Only stranding is charged: estimating the future gaps of the hand (each card's
    best gap, or laying the whole hand greedily) made the planner dump high cards
    early and measured far worse than plain gap counting (solo, 100 deals: 37-39
    cards left on average against 17 for this rule and 22 for the greedy player).
    """
    return STRANDED * sum(
        1 for card in hand if not any(accepts(p, top, card) for p, top in enumerate(piles))
    )


def cost_on(pile: int, top: int, card: int) -> int:
    """The cost of ``card`` on ``pile`` showing ``top`` (the card must fit)."""
    if pile in ASCENDING_PILES:
        return -TRICK if card == top - TRICK else card - top
    return -TRICK if card == top + TRICK else top - card


def minimum_turns(state: State) -> list[tuple[list[Play], State]]:
    """Every distinct way to lay exactly the cards still needed for the minimum.

    Two orders of plays that reach the same piles and hand are the same turn; only
    the first found is kept.
    """
    frontier: list[tuple[list[Play], State]] = [([], state)]
    for _ in range(max(state.minimum - state.laid, 0)):
        following: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[list[Play], State]] = {}
        for plays, s in frontier:
            for move in legal_moves(s):
                if isinstance(move, Play):
                    after = lay(s, move.card, move.pile)
                    following.setdefault((after.piles, after.hand), ([*plays, move], after))
        frontier = list(following.values())
    return frontier


@dataclass
class PlannerPlayer(HeuristicPlayer):
    """Scores every distinct minimum turn by its gaps plus the cards it strands."""

    name: str = "planner"

    def choose_turn(self, state: State) -> list[Play]:
        reserved = self.heard(state)

        def score(option: tuple[list[Play], State]) -> tuple[int, list[tuple[int, int]]]:
            plays, after = option
            gaps = sum(heard_cost(play, top, reserved) for play, top in _tops(state, plays))
            return gaps + hand_cost(after.piles, after.hand), [(p.card, p.pile) for p in plays]

        plays, after = min(minimum_turns(state), key=score)
        extension = greedy_plays(after, self.extra_gap, reserved)
        return plays + extension


def _tops(state: State, plays: list[Play]) -> list[tuple[Play, int]]:
    """Each play with the top of its pile just before it is laid."""
    piles = list(state.piles)
    result = []
    for play in plays:
        result.append((play, piles[play.pile]))
        piles[play.pile] = play.card
    return result


def sampling_player() -> Player:
    """The sampling player of :mod:`playable.solver.thegame.sampling` with its defaults (imported
    here lazily: it pulls in numpy and the numba rollout kernel)."""
    from playable.solver.thegame.sampling import SamplingPlayer

    return SamplingPlayer()


STRATEGIES: dict[str, Callable[[], Player]] = {
    "greedy": GreedyPlayer,
    "planner": PlannerPlayer,
    "sampling": sampling_player,
    "seat": SeatStrategy("thegame"),  # the player from one seat (solver/core/seat_strategy.py)
}


@dataclass(frozen=True)
class PlayOut:
    """A game played to its end: the turns ``(player, plays)`` and the final state."""

    turns: list[tuple[int, list[Play]]]
    final: State

    @property
    def cards_left(self) -> int:
        """TG-8: the score."""
        return self.final.cards_left


def play_out(state: State, player: Player) -> PlayOut:
    """Play from ``state`` to the end of the game (TG-7), every player using ``player``."""
    turns: list[tuple[int, list[Play]]] = []
    while not is_terminal(state):
        mover = state.to_move
        plays = player.choose_turn(state)
        for play in plays:
            state = lay(state, play.card, play.pile)
        if not state.is_won:  # the last card of the game ends it at once (TG-7)
            state = end_turn(state)
        turns.append((mover, plays))
    return PlayOut(turns, state)
