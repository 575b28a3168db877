"""UNO bots that see only what a real player sees.

A bot receives a :class:`View` (own hand, the top card and colour in force, the
phase, the other hands' sizes, the penalty it faces, the legal moves) and returns
one of the legal moves; it never sees another hand or the draw pile.

* :class:`RandomPlayer`: a uniformly random legal move (it may draw instead of
  playing, bluff a Wild Draw Four, challenge at random).
* :class:`GreedyPlayer`: always plays when it can, the card worth most points first
  (UN-10), wilds last, never bluffs, never challenges, names its majority colour.
* :class:`HeuristicPlayer`: plans its whole turn: with two players Skip, Reverse,
  Draw Two and Wild Draw Four give another turn (UN-5), so it enumerates the
  chains of plays its own hand allows (:func:`turn_plans`) and scores each by
  cards and points shed, wilds kept, the colour left in force (one it holds, best
  one the next player is publicly known to lack, :class:`VoidTracker`), and Draw
  Two / Wild Draw Four aimed at a next player close to going out. It never
  bluffs; it challenges only an accused player holding ``challenge_from`` cards
  (default: never, as the other bots never bluff).

Every bot calls UNO (UN-8) unless the simulator makes it forget.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, cast

from playable.solver.core.random_bot import RandomBot
from playable.solver.core.seat_strategy import SeatSearchStrategy, SeatStrategy
from playable.solver.uno.cards import (
    DRAW_TWO,
    REVERSE,
    SKIP,
    WILD_DRAW_FOUR,
    colour_of,
    matches,
    points,
    symbol_of,
)
from playable.solver.uno.rules import (
    ACCEPT,
    CHALLENGE,
    DRAW,
    PASS,
    Move,
    NameColour,
    Phase,
    Play,
    State,
    legal_moves,
)


@dataclass(frozen=True)
class View:
    """What the player to move knows."""

    me: int
    hand: tuple[int, ...]
    top: int
    colour: int
    phase: Phase
    pending: int
    drawn: int
    hand_sizes: tuple[int, ...]
    direction: int
    accused_cards: int
    moves: tuple[Move, ...]
    #: colours each player is known to lack (public: they drew on it and passed)
    voids: tuple[frozenset[int], ...] = ()
    #: the UN-5 option: with two players Reverse acts as Skip
    reverse_skips: bool = True

    @property
    def next_player(self) -> int:
        return (self.me + self.direction) % len(self.hand_sizes)


def view_of(state: State, voids: tuple[frozenset[int], ...] = ()) -> View:
    """The public view of the player to move (their hand included); ``voids`` is
    the public record the simulator keeps (:class:`VoidTracker`)."""
    accused = len(state.hands[state.accused]) if state.accused >= 0 else 0
    return View(
        state.to_move,
        state.hand,
        state.top,
        state.colour,
        state.phase,
        state.pending,
        state.drawn,
        tuple(len(h) for h in state.hands),
        state.direction,
        accused,
        tuple(legal_moves(state)),
        voids or tuple(frozenset() for _ in state.hands),
        state.options.reverse_skips,
    )


class VoidTracker:
    """Public knowledge of missing colours: a player who draws on colour c and then
    passes without playing holds no card of colour c (bots only pass when they
    cannot play). Any other card they receive (penalties, draws) voids the record."""

    def __init__(self, players: int) -> None:
        self.voids: list[set[int]] = [set() for _ in range(players)]

    def snapshot(self) -> tuple[frozenset[int], ...]:
        return tuple(frozenset(v) for v in self.voids)

    def update(self, before: State, move: Move, after: State) -> None:
        mover = before.to_move
        for p in range(before.players):
            if p != mover and len(after.hands[p]) > len(before.hands[p]):
                self.voids[p].clear()
        if isinstance(move, Play):
            return
        if before.phase == Phase.PLAY and move == DRAW:
            if after.phase == Phase.PLAY and after.to_move != mover:
                self.voids[mover] = {before.colour}  # drew, could not play, passed
            else:
                self.voids[mover].clear()
        elif before.phase == Phase.DRAWN and move == PASS:
            self.voids[mover].clear()  # kept a playable card: nothing is known
        elif len(after.hands[mover]) > len(before.hands[mover]):
            self.voids[mover].clear()


class Player(Protocol):
    name: str

    def choose(self, view: View) -> Move: ...


def majority_colour(hand: tuple[int, ...]) -> int:
    """The colour the hand holds most of (ties: most points, then lowest colour)."""
    count: Counter[int] = Counter()
    for c in hand:
        if colour_of(c) >= 0:
            count[colour_of(c)] += 1000 + points(c)
    return max(range(4), key=lambda k: (count[k], -k)) if count else 0


def holds_colour(hand: tuple[int, ...], colour: int) -> bool:
    return any(colour_of(c) == colour for c in hand)


def _honest(view: View, move: Move) -> bool:
    """False for a Wild Draw Four played while holding the colour in force (UN-5)."""
    if isinstance(move, Play) and move.card == WILD_DRAW_FOUR:
        return not holds_colour(tuple(c for c in view.hand if c != WILD_DRAW_FOUR), view.colour)
    return True


def _with_colour(move: Play, colour: int) -> bool:
    return move.colour in (-1, colour)


class RandomPlayer(RandomBot):
    """A uniformly random legal move of the view."""

    def stream(self) -> str:
        """The generator's seed: ``random-player:<seed>``."""
        return f"random-player:{self.seed}"

    def choose(self, view: View) -> Move:
        return self.pick(view.moves)


@dataclass
class GreedyPlayer:
    name: str = "greedy"

    def choose(self, view: View) -> Move:
        if view.phase == Phase.COLOUR:
            return NameColour(majority_colour(view.hand))
        if view.phase == Phase.CHALLENGE:
            return ACCEPT
        colour = majority_colour(tuple(c for c in view.hand if c != view.drawn)) if view.hand else 0
        plays = [
            m
            for m in view.moves
            if isinstance(m, Play) and _honest(view, m) and _with_colour(m, colour)
        ]
        if not plays:
            return PASS if view.phase == Phase.DRAWN else (ACCEPT if ACCEPT in view.moves else DRAW)
        return max(plays, key=lambda m: (m.card < 52, points(m.card), -m.card))


@dataclass
class HeuristicPlayer:
    """A stronger heuristic (see the module docstring); ``challenge_from`` is the
    hand size of an accused player from which it challenges a Wild Draw Four."""

    challenge_from: int = 99
    name: str = "heuristic"

    def choose(self, view: View) -> Move:
        if view.phase == Phase.COLOUR:
            return NameColour(majority_colour(view.hand))
        if view.phase == Phase.CHALLENGE:
            if view.accused_cards >= self.challenge_from:
                return CHALLENGE
            stack = [m for m in view.moves if isinstance(m, Play) and _honest(view, m)]
            return stack[0] if stack else ACCEPT
        plays = [m for m in view.moves if isinstance(m, Play) and _honest(view, m)]
        if not plays:
            return PASS if view.phase == Phase.DRAWN else (ACCEPT if ACCEPT in view.moves else DRAW)
        two_players = len(view.hand_sizes) == 2
        danger = view.hand_sizes[view.next_player] <= 2
        void = view.voids[view.next_player] if view.voids else frozenset()
        if view.phase != Phase.PLAY:  # the drawn card or a stack: one decision
            return max(plays, key=lambda m: self.value(view.hand, [m], void, danger))
        plans = turn_plans(view.hand, view.top, view.colour, two_players, view.reverse_skips)
        best = max(plans, key=lambda plan: self.value(view.hand, plan, void, danger))
        return best[0]

    @staticmethod
    def value(hand: tuple[int, ...], plan: list[Play], void: frozenset[int], danger: bool) -> float:
        """How good a whole turn is: cards and points shed, wilds kept, and the
        colour left in force (one we hold, ideally one the next player lacks)."""
        rest = list(hand)
        for m in plan:
            rest.remove(m.card)
        if not rest:
            return 1e6
        last = plan[-1]
        colour = last.colour if last.card >= 52 else colour_of(last.card)
        held = sum(1 for c in rest if colour_of(c) == colour)
        value = 30.0 * len(plan) + sum(points(m.card) for m in plan)
        # a wild is kept for when nothing else fits (worth more than any card's points)
        value -= sum(
            100 for m in plan if m.card >= 52 and not (danger and m.card == WILD_DRAW_FOUR)
        )
        value += 2 * held + (20 if held and colour in void else 0)
        value += sum(
            25
            for m in plan
            if danger and (symbol_of(m.card) == DRAW_TWO or m.card == WILD_DRAW_FOUR)
        )
        return value


def turn_plans(
    hand: tuple[int, ...],
    top: int,
    colour: int,
    two_players: bool,
    reverse_skips: bool = True,
    limit: int = 400,
) -> list[list[Play]]:
    """Every sequence of plays one turn can hold, from the player's own hand: with two
    players Skip, Reverse, Draw Two and (honest) Wild Draw Four give another turn
    (UN-5), so a turn chains them; wilds name only colours the hand holds (or red if
    none). At most ``limit`` plans (depth-first order)."""
    plans: list[list[Play]] = []

    def options(h: list[int], top: int, colour: int) -> list[Play]:
        out: list[Play] = []
        for card in sorted(set(h)):
            if not matches(card, top, colour):
                continue
            if card >= 52:
                rest = list(h)
                rest.remove(card)
                if card == WILD_DRAW_FOUR and holds_colour(tuple(rest), colour):
                    continue  # never bluff
                rest_names = sorted({colour_of(c) for c in rest if colour_of(c) >= 0}) or [0]
                out += [Play(card, k) for k in rest_names]
            else:
                out.append(Play(card))
        return out

    def extend(h: list[int], top: int, colour: int, plan: list[Play]) -> None:
        if len(plans) >= limit:
            return
        for m in options(h, top, colour):
            h.remove(m.card)
            step = [*plan, m]
            plans.append(step)
            symbol = symbol_of(m.card)
            again = two_players and (
                symbol in (SKIP, DRAW_TWO)
                or (symbol == REVERSE and reverse_skips)
                or m.card == WILD_DRAW_FOUR
            )
            if again and h:
                named = m.colour if m.card >= 52 else colour_of(m.card)
                extend(h, m.card, named, step)
            h.append(m.card)

    extend(list(hand), top, colour, [])
    return plans


#: the players from one seat (:mod:`playable.solver.core.seat_strategy`); they need
#: the position, not a :class:`View`: play them through :func:`decide`
seat_player = SeatStrategy("uno")
seat_search_player = SeatSearchStrategy("uno")


STRATEGIES: dict[str, Callable[..., Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "heuristic": HeuristicPlayer,
    "seat": seat_player,
    "seat-search": seat_search_player,
}


def decide(player: Player, state: State, voids: tuple[frozenset[int], ...]) -> Move:
    """The move ``player`` makes for the player to move in ``state``: the players that
    read the position themselves (``reads_position``: the players from one seat,
    :mod:`playable.solver.core.seat_player` and
    :mod:`~playable.solver.core.seat_search_player`, take their seat's view with the
    discards and counts a :class:`View` lacks; the perfect-information analysis player,
    :mod:`playable.solver.core.analysis_player`, reads it all) get ``state``, every
    other bot gets :func:`view_of` with the table's record of ``voids``."""
    if getattr(player, "reads_position", False):
        move: Move = cast(Any, player).choose_move(state)
        return move
    return player.choose(view_of(state, voids))


def make_player(strategy: str, seed: int) -> Player:
    """A bot by strategy name (``random`` takes the seed)."""
    if strategy == "random":
        return RandomPlayer(seed)
    if strategy == "greedy":
        return GreedyPlayer()
    if strategy == "heuristic":
        return HeuristicPlayer()
    if strategy == "seat":
        return seat_player(seed)
    if strategy == "seat-search":
        return seat_search_player(seed)
    raise ValueError(f"unknown strategy '{strategy}'; choose one of {', '.join(STRATEGIES)}")
