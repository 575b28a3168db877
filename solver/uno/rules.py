"""UNO: the reference rules of one round (docs/rules.md UN-1 ... UN-10).

Plain Python that says what docs/rules.md says; it is the oracle every solver and bot is
replayed through. A :class:`State` is immutable; :func:`legal_moves` lists the moves
the rules allow the player who must decide, :func:`apply` performs one and raises
:class:`IllegalMove` for anything else.

Players are numbered 0..n-1 and "to the left" is +1 (UN-3). A turn may need more
than one decision, so the state carries a :class:`Phase`:

* ``play``: play a matching card or draw one (UN-3, UN-4);
* ``drawn``: the card just drawn is playable: play it or pass (UN-4);
* ``challenge``: a Wild Draw Four was played on you: challenge or accept (UN-6);
* ``stack``: (stacking option only) a Draw Two is pending: stack one or accept;
* ``colour``: a Wild turned as the first card: the first player names the colour (UN-7).

Decisions taken here (each a documented choice, tested in tests/uno):

* UN-5/UN-6: a Wild Draw Four may be *played* while holding a card of the colour
  in force (a bluff): the rule is enforced by the challenge, which would be
  pointless otherwise. Bots and solvers may refuse to bluff.
* UN-9 reshuffle and UN-7 "returned to the deck, reshuffled": the new draw pile is
  the cards to reshuffle shuffled by ``random.Random(f"uno:{seed}:{k}")`` for the
  k-th reshuffle of the round (``seed`` is part of the deal), so a deal file fixes
  every card ever drawn. Wilds come back without their named colour.
  If the draw pile and the rest of the discard pile are both empty, nothing is
  drawn (a forced draw then simply passes the turn).
* UN-9 final card: a final Draw Two / Wild Draw Four makes the next player draw;
  a final Wild Draw Four cannot be challenged with success (its player held no
  other card), so the next player just draws 4.
* Stacking (UN-5 option, default off): a pending Draw Two may be answered by a
  Draw Two, a pending Wild Draw Four by a Wild Draw Four (instead of challenging);
  the penalties add up and the first player who does not stack draws them all
  (a Draw Two turned as the first card is not stackable: UN-7 applies). A
  challenge judges the last Wild Draw Four: guilty, its player draws the whole
  pending penalty; innocent, the challenger draws it plus 2.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from playable.solver.core.errors import IllegalMove, InvalidVariant
from playable.solver.uno.cards import (
    DRAW_TWO,
    REVERSE,
    SKIP,
    WILD,
    WILD_DRAW_FOUR,
    check_deck,
    colour_name,
    colour_of,
    full_deck,
    is_wild,
    matches,
    name,
    points,
    symbol_of,
)

#: UN-2: cards dealt to each player.
HAND_SIZE: Final = 7
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 10


class Scoring(StrEnum):
    """UN-10: ``standard`` (the winner scores the others' cards, first to the target
    wins) or ``alternative`` (each scores their own leftovers, lowest total wins)."""

    STANDARD = "standard"
    ALTERNATIVE = "alternative"


@dataclass(frozen=True)
class Options:
    """Rule options. Defaults are the official rules with docs/rules.md's decisions.

    ``reverse_skips``: UN-5 decision, with 2 players Reverse acts as Skip (on).
    ``stacking``: house rule, Draw Two on Draw Two and Draw Four on Draw Four (off).
    ``scoring`` and ``target``: UN-10.
    """

    reverse_skips: bool = True
    stacking: bool = False
    scoring: Scoring = Scoring.STANDARD
    target: int = 500


class Phase(StrEnum):
    PLAY = "play"
    DRAWN = "drawn"
    CHALLENGE = "challenge"
    STACK = "stack"
    COLOUR = "colour"


@dataclass(frozen=True)
class Play:
    """Play ``card`` (a kind); ``colour`` is the colour a wild names (-1 otherwise)."""

    card: int
    colour: int = -1

    def __str__(self) -> str:
        if is_wild(self.card):
            return f"{name(self.card)}:{colour_name(self.colour)}"
        return name(self.card)


@dataclass(frozen=True)
class Draw:
    """UN-4: draw one card instead of playing."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Pass:
    """UN-4: keep the playable card just drawn; the turn passes."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Challenge:
    """UN-6: challenge the Wild Draw Four just played."""

    def __str__(self) -> str:
        return "challenge"


@dataclass(frozen=True)
class Accept:
    """UN-5/UN-6: take the pending penalty (draw it) and lose the turn."""

    def __str__(self) -> str:
        return "accept"


@dataclass(frozen=True)
class NameColour:
    """UN-7: with a Wild turned first, the first player names the colour."""

    colour: int

    def __str__(self) -> str:
        return f"colour:{colour_name(self.colour)}"


Move = Play | Draw | Pass | Challenge | Accept | NameColour
DRAW: Final = Draw()
PASS: Final = Pass()
CHALLENGE: Final = Challenge()
ACCEPT: Final = Accept()


@dataclass(frozen=True)
class State:
    """A round of UNO in progress.

    ``hands[p]`` sorted kinds; ``draw`` the draw pile, next card first; ``discard`` the
    discard pile, bottom first and top last; ``colour`` the colour in force (-1 only
    in phase ``colour``); ``direction`` +1 (to the left) or -1; ``pending`` the
    penalty the player to move faces in phases ``challenge``/``stack``; ``drawn`` the
    card just drawn in phase ``drawn``; ``accused`` the player whose Wild Draw Four
    may be challenged and ``guilty`` whether they held the colour then in force
    (UN-6); ``winner`` the player who emptied their hand (-1 while playing);
    ``seed`` and ``reshuffles`` fix every reshuffle (UN-9).
    """

    options: Options
    hands: tuple[tuple[int, ...], ...]
    draw: tuple[int, ...]
    discard: tuple[int, ...]
    colour: int
    to_move: int
    dealer: int
    direction: int = 1
    phase: Phase = Phase.PLAY
    pending: int = 0
    drawn: int = -1
    accused: int = -1
    guilty: bool = False
    winner: int = -1
    seed: int = 0
    reshuffles: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "hands", tuple(tuple(sorted(h)) for h in self.hands))

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def top(self) -> int:
        return self.discard[-1]

    @property
    def hand(self) -> tuple[int, ...]:
        return self.hands[self.to_move]

    @property
    def is_over(self) -> bool:
        return self.winner >= 0

    def all_cards(self) -> list[int]:
        """Every card of the round, wherever it is (always the 108 of UN-1)."""
        return [c for h in self.hands for c in h] + list(self.draw) + list(self.discard)


@dataclass(frozen=True)
class Deal:
    """UN-2 decision: a deal fixes the dealer, the hands, the full draw order (next
    card first; its first card is turned to start the discard pile) and the seed of
    every later reshuffle."""

    options: Options
    dealer: int
    hands: tuple[tuple[int, ...], ...]
    draw: tuple[int, ...]
    seed: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "hands", tuple(tuple(sorted(h)) for h in self.hands))

    @property
    def players(self) -> int:
        return len(self.hands)

    def start(self) -> State:
        return start(self)


def replace(state: State, **changes: object) -> State:
    """A copy of ``state`` with ``changes`` (like ``dataclasses.replace`` but without
    re-running ``__post_init__``: the rules below keep every hand sorted themselves,
    and searches call this in their inner loop)."""
    new = object.__new__(State)
    fields = dict(state.__dict__)
    fields.update(changes)
    new.__dict__.update(fields)
    return new


def check_players(players: int) -> None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidVariant(f"UNO is for {MIN_PLAYERS}-{MAX_PLAYERS} players, got {players}")


def deal_from_order(
    options: Options, players: int, dealer: int, order: Sequence[int], seed: int
) -> Deal:
    """UN-2: seven cards each, one at a time from the dealer's left; the rest is the
    draw pile in the same order."""
    check_players(players)
    if not 0 <= dealer < players:
        raise InvalidVariant(f"dealer must be 1..{players}, got {dealer + 1}")
    hands: list[list[int]] = [[] for _ in range(players)]
    for i in range(HAND_SIZE * players):
        hands[(dealer + 1 + i) % players].append(order[i])
    return Deal(
        options, dealer, tuple(tuple(h) for h in hands), tuple(order[HAND_SIZE * players :]), seed
    )


def random_deal(options: Options, players: int, seed: int, dealer: int = 0) -> Deal:
    """A uniformly shuffled deal; the same seed gives the same deal (and reshuffles)."""
    order = full_deck()
    random.Random(f"uno-deal:{seed}").shuffle(order)
    return deal_from_order(options, players, dealer, order, seed)


def check_cards(hands: Sequence[Sequence[int]], rest: Sequence[int]) -> None:
    """Raise :class:`InvalidVariant` unless hands and ``rest`` hold the 108 cards (UN-1)."""
    problem = check_deck([c for h in hands for c in h] + list(rest))
    if problem is not None:
        raise InvalidVariant(f"the cards must be the 108-card deck (UN-1): {problem}")


def shuffled(cards: Sequence[int], seed: int, k: int) -> tuple[int, ...]:
    """The k-th reshuffle of a round with ``seed`` (UN-7, UN-9 decision)."""
    order = list(cards)
    random.Random(f"uno:{seed}:{k}").shuffle(order)
    return tuple(order)


def _next(player: int, direction: int, players: int, steps: int = 1) -> int:
    return (player + direction * steps) % players


def start(d: Deal) -> State:
    """UN-3, UN-7: turn the first card and apply its effect.

    The player to the dealer's left starts. Draw Two: that player draws 2 and is
    skipped. Reverse: the dealer starts and play goes the other way. Skip: that
    player is skipped. Wild: that player names the colour first. Wild Draw Four:
    it goes back into the draw pile, which is reshuffled, and a new card is turned.
    """
    check_players(d.players)
    check_cards(d.hands, d.draw)
    n = d.players
    draw = d.draw
    reshuffles = 0
    while draw[0] == WILD_DRAW_FOUR:
        draw = shuffled(draw, d.seed, reshuffles)
        reshuffles += 1
    first_card, draw = draw[0], draw[1:]
    first = _next(d.dealer, 1, n)
    state = State(
        d.options,
        d.hands,
        draw,
        (first_card,),
        colour_of(first_card),
        first,
        d.dealer,
        seed=d.seed,
        reshuffles=reshuffles,
    )
    symbol = symbol_of(first_card)
    if first_card == WILD:
        return replace(state, phase=Phase.COLOUR, colour=-1)
    if symbol == DRAW_TWO:
        state = _give(state, first, 2)
        return replace(state, to_move=_next(first, 1, n))
    if symbol == REVERSE:
        return replace(state, direction=-1, to_move=d.dealer)
    if symbol == SKIP:
        return replace(state, to_move=_next(first, 1, n))
    return state


def _give(state: State, player: int, count: int) -> State:
    """``player`` draws ``count`` cards (see :func:`_take`)."""
    return _take(state, player, count)[0]


def _take(state: State, player: int, count: int) -> tuple[State, list[int]]:
    """``player`` draws ``count`` cards, reshuffling the discard pile when the draw
    pile runs out (UN-9); draws fewer when no card is left anywhere. Returns the new
    state and the cards taken."""
    draw = state.draw
    discard = state.discard
    reshuffles = state.reshuffles
    taken: list[int] = []
    for _ in range(count):
        if not draw:
            if len(discard) <= 1:
                break
            draw = shuffled(discard[:-1], state.seed, reshuffles)
            discard = discard[-1:]
            reshuffles += 1
        taken.append(draw[0])
        draw = draw[1:]
    hands = list(state.hands)
    hands[player] = tuple(sorted(hands[player] + tuple(taken)))
    after = replace(state, hands=tuple(hands), draw=draw, discard=discard, reshuffles=reshuffles)
    return after, taken


def _plays(card: int) -> list[Play]:
    if is_wild(card):
        return [Play(card, c) for c in range(4)]
    return [Play(card)]


def playable(state: State, card: int) -> bool:
    """UN-3: does ``card`` match the top card and the colour in force?"""
    return matches(card, state.top, state.colour)


def legal_moves(state: State) -> list[Move]:
    """Every move the rules allow the player to move (empty once the round is over)."""
    if state.is_over:
        return []
    moves: list[Move] = []
    if state.phase == Phase.PLAY:
        for card in sorted(set(state.hand)):
            if playable(state, card):
                moves += _plays(card)
        moves.append(DRAW)
    elif state.phase == Phase.DRAWN:
        moves += _plays(state.drawn)
        moves.append(PASS)
    elif state.phase == Phase.CHALLENGE:
        moves += [CHALLENGE, ACCEPT]
        if state.options.stacking and WILD_DRAW_FOUR in state.hand:
            moves += _plays(WILD_DRAW_FOUR)
    elif state.phase == Phase.STACK:
        moves += [p for c in sorted(set(state.hand)) if symbol_of(c) == DRAW_TWO for p in _plays(c)]
        moves.append(ACCEPT)
    else:
        moves += [NameColour(c) for c in range(4)]
    return moves


def is_terminal(state: State) -> bool:
    """UN-9: the round is over once a player has gone out."""
    return state.is_over


def apply(state: State, move: Move) -> State:
    """The state after ``move``; raises :class:`IllegalMove` if the rules forbid it."""
    if state.is_over:
        raise IllegalMove("the round is over (UN-9)")
    if move not in legal_moves(state):
        raise IllegalMove(_why_illegal(state, move))
    return apply_legal(state, move)


def _why_illegal(state: State, move: Move) -> str:
    """Why ``move``, not among :func:`legal_moves` of ``state``, is refused: the rule
    of the phase that forbids it, with its id."""
    player = f"player {state.to_move + 1}"
    if state.phase == Phase.PLAY:
        if isinstance(move, Play):
            if move.card not in state.hand:
                return f"{player} does not hold {name(move.card)} (UN-3)"
            top = name(state.top)
            return f"{move} matches neither {top} nor the colour {colour_name(state.colour)} (UN-3)"
        if isinstance(move, Pass):
            return "only a card just drawn may be kept with pass; play a card or draw (UN-4)"
        if isinstance(move, Challenge | Accept):
            return (
                f"no Wild Draw Four or Draw Two is pending: {move} is not a move now (UN-5, UN-6)"
            )
        return "a colour is named alone only for a Wild turned first (UN-7); play W:green"
    if state.phase == Phase.DRAWN:
        drawn = name(state.drawn)
        return f"{player} drew {drawn}: only {drawn} may be played now, or pass (UN-4)"
    if state.phase == Phase.CHALLENGE:
        answers = (
            "challenge, accept or stack a W4" if state.options.stacking else "challenge or accept"
        )
        return f"{player} must answer the Wild Draw Four: {answers} (UN-6)"
    if state.phase == Phase.STACK:
        return f"{player} must answer the Draw Two: stack a Draw Two or accept (UN-5 stacking)"
    return f"a Wild was turned first: {player} names the colour, e.g. colour:red (UN-7)"


def apply_legal(state: State, move: Move) -> State:
    """:func:`apply` for a move taken from :func:`legal_moves` of ``state`` (searches
    use it to skip re-checking legality; anything else must call :func:`apply`)."""
    if isinstance(move, Play):
        return _play(state, move)
    if isinstance(move, Draw):
        return _draw_one(state)
    if isinstance(move, Pass):
        return _end_turn(state)
    if isinstance(move, Accept):
        state = _give(state, state.to_move, state.pending)
        return replace(_end_turn(state), pending=0, accused=-1, guilty=False)
    if isinstance(move, Challenge):
        return _challenge(state)
    return replace(state, colour=move.colour, phase=Phase.PLAY)


def _end_turn(state: State, steps: int = 1) -> State:
    nxt = _next(state.to_move, state.direction, state.players, steps)
    return replace(state, to_move=nxt, phase=Phase.PLAY, drawn=-1)


def _draw_one(state: State) -> State:
    """UN-4: draw one card; if it is playable the player may play it at once (phase
    ``drawn``), otherwise the turn passes."""
    state, taken = _take(state, state.to_move, 1)
    if not taken:  # nothing left to draw anywhere: the turn passes
        return _end_turn(state)
    if playable(state, taken[0]):
        return replace(state, phase=Phase.DRAWN, drawn=taken[0])
    return _end_turn(state)


def _challenge(state: State) -> State:
    """UN-6: guilty, the accused draws the penalty and the challenger plays on
    (decision); innocent, the challenger draws the penalty plus 2 and loses the turn."""
    if state.guilty:
        state = _give(state, state.accused, state.pending)
        return replace(state, pending=0, accused=-1, guilty=False, phase=Phase.PLAY)
    state = _give(state, state.to_move, state.pending + 2)
    return replace(_end_turn(state), pending=0, accused=-1, guilty=False)


def _play(state: State, move: Play) -> State:
    """UN-3, UN-5, UN-9: lay the card, name a colour for a wild, apply its action."""
    card, p, n = move.card, state.to_move, state.players
    hand = list(state.hand)
    hand.remove(card)
    hands = (*state.hands[:p], tuple(hand), *state.hands[p + 1 :])
    guilty = card == WILD_DRAW_FOUR and any(colour_of(c) == state.colour for c in hand)
    colour = move.colour if is_wild(card) else colour_of(card)
    pending = state.pending if state.phase in (Phase.CHALLENGE, Phase.STACK) else 0
    after = replace(
        state,
        hands=hands,
        discard=(*state.discard, card),
        colour=colour,
        phase=Phase.PLAY,
        drawn=-1,
        pending=0,
        accused=-1,
        guilty=False,
    )
    symbol = symbol_of(card)
    victim = _next(p, state.direction, n)
    if not hand:  # UN-9: the round ends; a final Draw Two / Draw Four still draws
        after = replace(after, winner=p)
        if symbol == DRAW_TWO:
            after = _give(after, victim, pending + 2)
        elif card == WILD_DRAW_FOUR:
            after = _give(after, victim, pending + 4)
        return after
    if symbol == SKIP:
        return _end_turn(after, 2)
    if symbol == REVERSE:
        if n == 2 and state.options.reverse_skips:
            return _end_turn(after, 2)  # UN-5 decision: Reverse acts as Skip
        return _end_turn(replace(after, direction=-state.direction))
    if symbol == DRAW_TWO:
        if state.options.stacking:
            return replace(after, to_move=victim, phase=Phase.STACK, pending=pending + 2)
        return _end_turn(_give(after, victim, 2), 2)
    if card == WILD_DRAW_FOUR:
        return replace(
            after,
            to_move=victim,
            phase=Phase.CHALLENGE,
            pending=pending + 4,
            accused=p,
            guilty=guilty,
        )
    return _end_turn(after)


def uno_penalty(state: State, player: int) -> State:
    """UN-8: a player caught not calling UNO draws 2."""
    return _give(state, player, 2)


def hand_points(hand: Sequence[int]) -> int:
    """UN-10: the points of the cards in a hand."""
    return sum(points(c) for c in hand)


def round_scores(state: State) -> list[int]:
    """UN-10: the points each player scores for a finished round.

    Standard: the winner scores every card left in the other hands. Alternative:
    each player scores their own leftovers (the winner 0).
    """
    if not state.is_over:
        raise IllegalMove("the round is not over")
    left = [hand_points(h) for h in state.hands]
    if state.options.scoring == Scoring.ALTERNATIVE:
        return left
    scores = [0] * state.players
    scores[state.winner] = sum(left)
    return scores


def match_winner(totals: Sequence[int], options: Options) -> int | None:
    """UN-10: the winner of the match once someone reaches the target, else None.

    Standard: the player with the highest total at or above the target (only the
    round winner scores, so exactly one player can cross it). Alternative: when
    someone reaches the target, the lowest total wins (ties: the lower seat).
    """
    if max(totals) < options.target:
        return None
    if options.scoring == Scoring.ALTERNATIVE:
        return min(range(len(totals)), key=lambda p: (totals[p], p))
    return max(range(len(totals)), key=lambda p: (totals[p], -p))
