"""UNO ``lay-down``: lay your whole hand in one uninterrupted sequence (docs/puzzles-uno.md).

The puzzle is the play-out problem of :mod:`playable.solver.uno.playout`: a hand, a top card
and the colour in force; every card must match the one before (UN-3), a wild names
a colour, and a Wild Draw Four may only be laid while no card of the colour in
force is left in the hand (UN-5, the honest rule the play-out solver uses by
default). The answer is the order (:mod:`playable.puzzles.uno.order`).

Generator: a hand of a level-dependent size and a top card from a shuffled deck,
then hill-climbing by card swaps (a hand card for a deck card, or a new top card)
toward the level's score band; a candidate is kept only if the exact search finds
an order. Rating (:func:`rate`): the share of randomized play-outs by two bots that
get stuck (a random legal-card bot and a "stay in colour" greedy bot), the number
of distinct orders (counted exactly), and the hand size; held out: a Warnsdorff
look-ahead bot's success and the solver's nodes.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from playable.puzzles.base import Kind, Level, Puzzle, Rating, Verdict, certified
from playable.puzzles.uno.order import (
    CountBudgetExceeded,
    bot_success,
    count_orders,
    format_order,
    from_steps,
    greedy_choice,
    lookahead_choice,
    parse_order,
    random_choice,
    replay_order,
)
from playable.solver.core.budget import Budget
from playable.solver.core.result import Status
from playable.solver.uno.cards import WILD, colour_of, full_deck, is_wild, names
from playable.solver.uno.notation import PlayoutHand, format_hand, parse
from playable.solver.uno.playout import from_uno, solve

GOAL = (
    "Lay down your whole hand in one go: each card must match the one before by colour, "
    "number or symbol, a wild names a colour, and a Wild Draw Four only while you hold "
    "no card of the colour in force."
)
#: hand sizes sampled per level (the final level is decided by the score band)
SIZES: dict[Level, tuple[int, int]] = {
    Level.EASY: (4, 7),
    Level.MEDIUM: (6, 9),
    Level.HARD: (8, 11),
    Level.EXPERT: (10, 13),
}
#: play-outs per bot when rating
RUNS = 100
#: orders counted up to this many (10^4 or more counts as "many": weight 0)
ORDER_CAP = 10**4
#: node budget of the exact play-out search per candidate
SOLVE_NODES = 50_000
#: hill-climbing steps per attempt
STEPS = 400


def score_of(random_success: float, greedy_success: float, orders: int, cards: int) -> float:
    """0.3 x random bot stuck + 0.3 x greedy bot stuck + 0.25 x few orders (1 - log10(orders)/4,
    clamped) + 0.15 x hand size ((cards - 4) / 8, clamped)."""
    few = 1.0 - min(1.0, math.log10(max(1, orders)) / 4.0)
    size = min(1.0, max(0.0, (cards - 4) / 8.0))
    return 0.3 * (1 - random_success) + 0.3 * (1 - greedy_success) + 0.25 * few + 0.15 * size


@dataclass(frozen=True)
class Rated:
    """A solvable hand with its rating and the solver's order."""

    hand: PlayoutHand
    rating: Rating
    solution: str
    orders: int


def rate(hand: PlayoutHand) -> Rated | None:
    """The rating of ``hand``, or None when no order exists or the search or the
    count runs out of budget (the generator then moves on). Deterministic: bots are
    seeded by the hand's text."""
    result = solve(from_uno(hand.hand, hand.top, hand.colour), Budget(nodes=SOLVE_NODES))
    if result.status != Status.SOLVED:
        return None
    try:
        orders = count_orders(hand, ORDER_CAP)
    except CountBudgetExceeded:
        return None
    key = format_hand(hand)
    rnd = bot_success(hand, random_choice, RUNS, f"random:{key}")
    greedy = bot_success(hand, greedy_choice, RUNS, f"greedy:{key}")
    ahead = bot_success(hand, lookahead_choice, RUNS, f"lookahead:{key}")
    cards = len(hand.hand)
    metrics = {
        "random_success": rnd,
        "greedy_success": greedy,
        "lookahead_success": ahead,
        "orders": float(orders),
        "depth": float(cards),
        "nodes": float(result.nodes),
    }
    score = score_of(rnd, greedy, orders, cards)
    rating = Rating(round(score, 4), metrics, ("lookahead_success", "nodes"))
    return Rated(hand, rating, format_order(from_steps(result.order)), orders)


def _distance(rated: Rated, level: Level) -> float:
    """How far a rated hand is from what ``level`` asks: the distance of its score to
    the band, plus, at expert, log10 of its number of orders (expert hands are
    driven to a unique order)."""
    low, high = level.band
    score = rated.rating.score
    off = max(0.0, low - score, score - high + 1e-9)
    if level is Level.EXPERT:
        off += math.log10(max(1, rated.orders))
    return off


def _neighbour(hand: PlayoutHand, rng: random.Random) -> PlayoutHand:
    """Swap one hand card for a card of the rest of the deck, or (one time in six)
    change the top card."""
    pool = full_deck()
    for card in (*hand.hand, hand.top):
        pool.remove(card)
    cards = list(hand.hand)
    if rng.random() < 1 / 6:
        top = rng.choice(pool)
        colour = rng.randrange(4) if is_wild(top) else colour_of(top)
        return PlayoutHand(tuple(cards), top, colour)
    cards[rng.randrange(len(cards))] = rng.choice(pool)
    return PlayoutHand(tuple(cards), hand.top, hand.colour)


def _sample(size: int, rng: random.Random) -> PlayoutHand:
    deck = full_deck()
    rng.shuffle(deck)
    top = deck.pop()
    colour = rng.randrange(4) if is_wild(top) else colour_of(top)
    return PlayoutHand(tuple(deck[:size]), top, colour)


def generate_lay_down(kind: Kind, level: Level, seed: int, seconds: float) -> Puzzle | None:
    """Sample a hand and hill-climb by card swaps toward ``level``'s band (a step is
    kept if the hand stays solvable and comes no farther from the band; at expert
    also toward a unique order, see :func:`_distance`)."""
    rng = random.Random(f"uno:{kind.name}:{level.value}:{seed}")
    deadline = time.perf_counter() + seconds
    hand = _sample(rng.randint(*SIZES[level]), rng)
    current = rate(hand)
    for _ in range(STEPS):
        if current is not None and _distance(current, level) == 0.0:
            return _puzzle(kind, level, seed, current)
        if time.perf_counter() > deadline:
            return None
        candidate = _neighbour(hand if current is None else current.hand, rng)
        rated = rate(candidate)
        if rated is None:
            if current is None:
                hand = candidate  # wander until something solvable turns up
            continue
        if current is None or _distance(rated, level) <= _distance(current, level):
            current = rated
    return None


def _puzzle(kind: Kind, level: Level, seed: int, rated: Rated) -> Puzzle:
    wild_top = (
        " The top card is a wild: the colour it named is in force."
        if rated.hand.top >= WILD
        else ""
    )
    position = (
        f"# {GOAL}\n"
        f"# Answer: the cards in the order you lay them, wilds with the colour they name,"
        f" e.g. R1 G1 W:blue B7.{wild_top}\n" + format_hand(rated.hand)
    )
    extra = {"hand": names(rated.hand.hand), "orders": str(rated.orders)}
    unique = rated.orders == 1
    return kind.made(level, seed, GOAL, position, rated.solution, unique, rated.rating, extra)


class LayDown(Kind):
    """Lay the whole hand in one uninterrupted sequence (UN-3, UN-5)."""

    def generate(self, level: Level, seed: int, seconds: float) -> Puzzle | None:
        """A puzzle whose certificate is the solver's order, replayed (UN-3, UN-5)."""
        return certified(self, generate_lay_down(self, level, seed, seconds), seconds)

    def check(self, puzzle: Puzzle, answer: str, seconds: float) -> Verdict:
        """Replay the order through UN-3 matching and the UN-5 honesty rule; no search
        is needed, so ``seconds`` is unused."""
        hand = parse(puzzle.position, f"{puzzle.kind} puzzle")
        if not isinstance(hand, PlayoutHand):
            raise ValueError("a lay-down puzzle's position is a 'playable uno hand'")
        fault = replay_order(hand, parse_order(answer))
        if fault is not None:
            return Verdict(False, fault)
        return Verdict(True, "the whole hand is laid down")
