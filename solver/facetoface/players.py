"""Face to Face: players that see only what a real player sees.

Public to the player to move: their own hand, every pile top, the sizes of both draw
piles and of the opponent's hand, and (by memory of the laid cards) which of the
opponent's cards are not laid yet. Hidden: the order of both draw piles and which
unlaid opponent cards are in their hand. :func:`public_view` is everything a player
uses; :func:`seat_view` is a complete position that shows only that (the hidden parts
in a fixed order), and :func:`determinize` fills the hidden part with a random guess.

Every player first lays every remaining card when one turn can (FF-6: laying the last
card wins at once, even below the minimum): :func:`winning_turn`.

:class:`GreedyPlayer` is the baseline: card after card it lays the cheapest legal
play, where an own play costs the gap it leaves on the pile (-10 for the backwards
trick, TG-3) and a card on the opponent's pile costs how much it helps them plus a
fixed penalty; after the minimum (FF-4) it goes on only while the cheapest play
costs at most ``extra_gap``.

:class:`CarefulPlayer` is the same rule with the parameters a simulation found best
(no extra card after the minimum unless it is a trick or leaves no gap; no penalty
beyond the help given for a card on the opponent's pile).

:class:`DeterminizedPlayer` plays like :class:`CarefulPlayer` until the endgame; then
it compares the careful turn and the best other turns by a public heuristic on
``samples`` sampled complete positions consistent with what it knows, asking the
exact solver (a node budget each) who wins after each turn; a turn's score is its
proven wins minus proven losses, ties going to the careful turn. It decides on its
seat's view only and samples with its own generator (seeded from its ``seed``), never
with the game's random stream, so the deal's randomness and its own stay independent.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Protocol

from playable.solver.core.budget import Budget
from playable.solver.core.seat_strategy import SeatSearchStrategy, SeatStrategy
from playable.solver.facetoface.rules import (
    DRAW_OWN_ONLY,
    HAND_SIZE,
    OPP_PILES,
    OPP_UP,
    OWN_UP,
    Play,
    State,
    can_end_turn,
    has_won,
    is_terminal,
    lay,
    legal_moves,
    play_turn,
    turns,
    winner,
)

#: The backwards trick (TG-3), the cheapest play there is.
TRICK_COST = -10


class Player(Protocol):
    """Chooses the plays of one whole turn for the player to move."""

    name: str

    def choose_turn(self, state: State, rng: random.Random) -> list[Play]: ...


def public_view(state: State) -> tuple[tuple[int, ...], frozenset[int], frozenset[int]]:
    """What the player to move knows beyond the piles: their hand, the set of their
    own draw pile, and the set of the opponent's unlaid cards (hand and draw)."""
    me, other = state.to_move, state.opponent
    return (
        state.hands[me],
        frozenset(state.draws[me]),
        frozenset(state.hands[other]) | frozenset(state.draws[other]),
    )


def seat_view(state: State) -> State:
    """The position as the player to move sees it: their hand, the pile tops and every
    count are true; their own draw pile is in sorted order (its order is hidden) and the
    opponent's unlaid cards are dealt in sorted order, the lowest ones to the hand.
    Two positions with the same :func:`public_view` (and piles, counts) give the same
    seat view, so a player that decides on it cannot use hidden information."""
    return _hidden_dealt(state, sorted(state.draws[state.to_move]), _unseen(state))


def _unseen(state: State) -> list[int]:
    """The opponent's unlaid cards (hand and draw pile), sorted: what the mover cannot
    tell apart."""
    other = state.opponent
    return sorted(set(state.hands[other]) | set(state.draws[other]))


def _hidden_dealt(state: State, own_draw: list[int], unseen: list[int]) -> State:
    """``state`` with the mover's draw pile in the order ``own_draw`` and ``unseen``
    dealt to the opponent: the first cards to the hand (of its true size), the rest
    to the draw pile."""
    me, other = state.to_move, state.opponent
    size = len(state.hands[other])
    hands = [state.hands[0], state.hands[1]]
    draws = [state.draws[0], state.draws[1]]
    draws[me] = tuple(own_draw)
    hands[other] = tuple(unseen[:size])
    draws[other] = tuple(unseen[size:])
    return replace(state, hands=(hands[0], hands[1]), draws=(draws[0], draws[1]))


def determinize(state: State, rng: random.Random) -> State:
    """A complete position consistent with the public view of the player to move:
    their own draw pile shuffled, the opponent's unlaid cards dealt at random into a
    hand of the right size and a draw pile. Only the public view is read (each hidden
    part is sorted before it is shuffled), so positions with one view give, from the
    same generator state, the same guess."""
    own_draw = sorted(state.draws[state.to_move])
    rng.shuffle(own_draw)
    unseen = _unseen(state)
    rng.shuffle(unseen)
    return _hidden_dealt(state, own_draw, unseen)


def winning_turn(state: State) -> list[Play] | None:
    """Plays that lay every remaining card of the player to move this turn (FF-6: the
    last card wins at once, even below the minimum of FF-4), or ``None``.

    Only possible with an empty own draw pile; then a depth-first search over the legal
    plays (at most 6 cards in hand, so it is small) with the positions seen so far
    remembered. Uses only what the player sees: their hand and the pile tops."""
    me = state.to_move
    if state.draws[me]:
        return None
    seen: set[State] = set()

    def search(s: State, plays: list[Play]) -> list[Play] | None:
        if has_won(s, me):
            return plays
        if s in seen:
            return None
        seen.add(s)
        for move in legal_moves(s):
            if isinstance(move, Play):
                found = search(lay(s, move.card, move.pile), [*plays, move])
                if found is not None:
                    return found
        return None

    return search(state, [])


def play_cost(state: State, play: Play, opp_penalty: int) -> int:
    """The greedy cost of a play (public information only)."""
    top = state.top(play.pile)
    if play.pile in OPP_PILES:
        helped = top - play.card if play.pile == OPP_UP else play.card - top
        return helped + opp_penalty
    if play.pile == OWN_UP:
        return TRICK_COST if play.card == top - 10 else play.card - top
    return TRICK_COST if play.card == top + 10 else top - play.card


def lay_one_by_one(state: State, pick: Callable[[State, list[Play]], Play | None]) -> list[Play]:
    """A turn laid one play at a time from ``state``: ``pick`` chooses the next play
    among the legal ones, or None to end the turn; the turn also ends when the player
    has won (FF-6) or has no play left. The greedy players' turns (here and the
    puzzles' noisy ones) differ only in ``pick``."""
    plays: list[Play] = []
    me = state.to_move
    while not has_won(state, me):
        options = [m for m in legal_moves(state) if isinstance(m, Play)]
        if not options:
            break
        best = pick(state, options)
        if best is None:
            break
        plays.append(best)
        state = lay(state, best.card, best.pile)
    return plays


@dataclass
class GreedyPlayer:
    """A winning turn when there is one (FF-6, :func:`winning_turn`); otherwise cheapest
    play first: lays the minimum, then only cheap cards."""

    extra_gap: int = 2
    opp_penalty: int = 4
    name: str = "greedy"

    def choose_turn(self, state: State, rng: random.Random) -> list[Play]:
        """The winning turn if there is one (FF-6), else the greedy turn."""
        win = winning_turn(state)
        if win is not None:
            return win
        return lay_one_by_one(state, self.cheapest)

    def cheapest(self, state: State, options: list[Play]) -> Play | None:
        """The cheapest play (ties by card and pile), or None once the turn may end
        (FF-4) and it would leave a gap above ``extra_gap``."""
        best = min(options, key=lambda m: (play_cost(state, m, self.opp_penalty), m.card, m.pile))
        if can_end_turn(state) and play_cost(state, best, self.opp_penalty) > self.extra_gap:
            return None
        return best


@dataclass
class CarefulPlayer(GreedyPlayer):
    """The greedy rule tuned by simulation: after the minimum only tricks and exact
    continuations (gap 0), and a card on the opponent's pile costs only the help it
    gives (so the FF-5 refill to 6 is taken whenever it helps them least). It beats the
    default greedy player in about 4 games of 5 (benchmark in the final report)."""

    extra_gap: int = 0
    opp_penalty: int = 0
    name: str = "careful"


def turn_heuristic(state: State, plays: tuple[Play, ...]) -> float:
    """A public score of a turn for the player laying it: room left between the own
    piles, minus what the turn gives the opponent, plus cards laid and drawn, plus the
    kept cards that still fit an own pile."""
    me = state.to_move
    s = state
    for play in plays:
        s = lay(s, play.card, play.pile)
    if has_won(s, me):
        return float("inf")
    up, down = s.piles[me]
    room = down - up
    before = state.piles[state.opponent]
    after = s.piles[state.opponent]
    helped = (before[0] - after[0]) + (after[1] - before[1])
    drawn = HAND_SIZE - len(s.hand) if s.laid_opp else DRAW_OWN_ONLY
    drawn = min(drawn, len(s.draws[me]))
    fitting = sum(1 for c in s.hand if own_fits(up, down, c))
    return room - 2 * helped + 2 * len(plays) + 3 * drawn + fitting


def own_fits(up: int, down: int, card: int) -> bool:
    """Does ``card`` fit one of the own piles showing ``up`` and ``down`` (TG-3)?"""
    return card > up or card == up - 10 or card < down or card == down + 10


@dataclass
class DeterminizedPlayer:
    """Careful greedy until the endgame, then exact search on sampled hidden information.

    With more than ``endgame_cards`` cards left in all it plays the
    :class:`CarefulPlayer` turn. Later it compares that turn and the ``width - 1`` best
    turns by
    :func:`turn_heuristic` on ``samples`` sampled positions (:func:`determinize`),
    each solved with a budget of ``nodes`` nodes after the turn; the score of a turn
    is proven wins minus proven losses, ties going to the greedy turn, then to the
    better heuristic rank.

    It decides on :func:`seat_view` only, and samples with its own generator seeded
    from ``seed`` (the ``rng`` argument, the game's stream, is not used): the same view
    and the same generator state give the same turn, whatever the hidden cards are.
    """

    width: int = 8
    samples: int = 8
    nodes: int = 4_000
    endgame_cards: int = 50
    seed: int = 0
    name: str = "determinized"
    rng: random.Random = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def choose_turn(self, state: State, rng: random.Random) -> list[Play]:
        from playable.solver.facetoface.search import LOSS, WIN, Solver

        state = seat_view(state)
        win = winning_turn(state)
        if win is not None:
            return win
        greedy = tuple(CarefulPlayer().choose_turn(state, self.rng))
        if state.cards_left(0) + state.cards_left(1) > self.endgame_cards:
            return list(greedy)
        options = turns(state)
        ranked = sorted(options, key=lambda o: -turn_heuristic(state, o[0]))
        greedy_after = play_turn(state, greedy)
        others = [plays for plays, after in ranked if after != greedy_after]
        candidates = [greedy, *others[: self.width - 1]]
        scores = [-1e-3 * rank for rank in range(len(candidates))]
        for _ in range(self.samples):
            world = determinize(state, self.rng)
            solver = Solver(world, memory_mb=1)
            for i, plays in enumerate(candidates):
                after = play_turn(world, plays)
                value = -solver.value(after, Budget(), self.nodes)
                scores[i] += 1.0 if value == WIN else (-1.0 if value == LOSS else 0.0)
        best = max(range(len(candidates)), key=lambda i: scores[i])
        return list(candidates[best])


def make_player(name: str, seed: int = 0) -> Player:
    """A player of strategy ``name``; a sampling player gets its own ``seed``."""
    if name == "determinized":
        return DeterminizedPlayer(seed=seed)
    if name == "seat":
        return seat_player(seed)
    if name == "seat-search":
        return seat_search_player(seed)
    return STRATEGIES[name]()


#: the players from one seat (:mod:`playable.solver.core.seat_strategy`)
seat_player = SeatStrategy("facetoface")
seat_search_player = SeatSearchStrategy("facetoface")


STRATEGIES: dict[str, Callable[[], Player]] = {
    "greedy": GreedyPlayer,
    "careful": CarefulPlayer,
    "determinized": DeterminizedPlayer,
    "seat": seat_player,
    "seat-search": seat_search_player,
}


@dataclass(frozen=True)
class PlayOut:
    """A game played to its end: the turns ``(player, plays)``, the final state and
    the winner (FF-6)."""

    turns: list[tuple[int, list[Play]]]
    final: State
    winner: int


def play_game(
    state: State, players: tuple[Player, Player], rng: random.Random, max_turns: int = 200
) -> PlayOut:
    """Play from ``state`` to the end (FF-6), player p choosing with ``players[p]``."""
    line: list[tuple[int, list[Play]]] = []
    while not is_terminal(state):
        mover = state.to_move
        plays = players[mover].choose_turn(state, rng)
        state = play_turn(state, plays)
        line.append((mover, plays))
        if len(line) > max_turns:  # pragma: no cover - every turn lays 2 cards
            raise RuntimeError("a game of Face to Face cannot last this long")
    won = winner(state)
    assert won is not None
    return PlayOut(line, state, won)
