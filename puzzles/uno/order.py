"""UNO lay-down answers: the order notation, its replay, the count of orders, and bots.

An answer to "lay down your whole hand" is the play-out order the CLI prints
(``playable solve uno``: ``order: R1 G1 W:blue B7``): the cards of the hand in the
order they are laid, separated by blanks or commas, each wild with the colour it
names (``W:green``, ``W4:blue``; docs/rules.md UN-5). :func:`parse_order` reads it and
raises :class:`NotationError` with the column of the faulty word;
:func:`replay_order` replays it card by card through UN-3 matching
(:func:`playable.solver.uno.cards.matches`, the function :func:`playable.solver.uno.rules.playable`
applies) and the UN-5 honesty rule, then through the play-out module's certificate
(:func:`playable.solver.uno.playout.check_order`).

:func:`count_orders` counts the distinct orders of a hand (copies of a card are the
same card; the colours wilds name are not counted), and :func:`bot_success` plays
randomized bots that lay one legal card after another without looking ahead.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from playable.solver.core.cardlist import tokens
from playable.solver.core.errors import NotationError
from playable.solver.uno.cards import (
    COLOURS,
    WILD_DRAW_FOUR,
    colour_of,
    is_wild,
    matches,
    name,
    parse_card,
    parse_colour,
)
from playable.solver.uno.notation import PlayoutHand
from playable.solver.uno.playout import FREE, NO_SYMBOL, Step, check_order, from_uno, gen_card


@dataclass(frozen=True)
class Laid:
    """One card of an answer: the card and, for a wild, the colour it names."""

    card: int
    colour: int = -1

    def text(self) -> str:
        return (
            f"{name(self.card)}:{COLOURS[self.colour]}" if is_wild(self.card) else name(self.card)
        )


def parse_order(text: str, source: str = "<answer>") -> list[Laid]:
    """The order ``R1 G1 W:blue B7`` (blanks or commas between cards).

    Every error is a :class:`NotationError` at line 1 and the column of the word."""
    words = list(tokens(text.strip("\n"), 1, 1))
    if not words:
        raise NotationError(
            "expected the cards in the order they are laid, e.g. R1 G1 W:blue", 1, 1, source
        )
    order: list[Laid] = []
    for word in words:
        head, colon, tail = word.text.partition(":")
        card = parse_card(head)
        if card is None:
            raise NotationError(
                f"expected a card like R7, GS, BR, YD2, W:green or W4:blue, got '{word.text}'",
                word.line,
                word.column,
                source,
            )
        if is_wild(card):
            colour = parse_colour(tail) if colon else None
            if colour is None:
                raise NotationError(
                    f"a wild names its colour, e.g. {name(card)}:green, got '{word.text}'",
                    word.line,
                    word.column + len(head) + len(colon),
                    source,
                )
            order.append(Laid(card, colour))
        elif colon:
            raise NotationError(
                f"only a wild names a colour, got '{word.text}'",
                word.line,
                word.column + len(head),
                source,
            )
        else:
            order.append(Laid(card))
    return order


def format_order(order: Sequence[Laid]) -> str:
    return " ".join(step.text() for step in order)


def from_steps(steps: Sequence[Step]) -> list[Laid]:
    """A play-out solver's order (:class:`playable.solver.uno.playout.Step`) as an answer."""
    out = []
    for step in steps:
        card = step.card
        if card.wild:
            kind = 52 if card.wild == 1 else WILD_DRAW_FOUR
            out.append(Laid(kind, step.colour))
        else:
            out.append(Laid(card.colour * 13 + card.symbol))
    return out


def replay_order(hand: PlayoutHand, order: Sequence[Laid]) -> str | None:
    """None when ``order`` lays exactly the hand, every card matching the one before
    (UN-3) and no Wild Draw Four laid while a card of the colour in force is left
    (UN-5); otherwise what is wrong, in one sentence."""
    have = Counter(hand.hand)
    given = Counter(step.card for step in order)
    if given != have:
        missing = have - given
        extra = given - have
        if extra:
            return f"{' '.join(name(c) for c in sorted(extra.elements()))} is not in the hand"
        return f"{' '.join(name(c) for c in sorted(missing.elements()))} is never laid"
    left = Counter(hand.hand)
    top, colour = hand.top, hand.colour
    for i, step in enumerate(order, start=1):
        if not matches(step.card, top, colour):
            return (
                f"card {i} ({step.text()}) does not match {name(top)} "
                f"with {COLOURS[colour]} in force (UN-3)"
            )
        left[step.card] -= 1
        if step.card == WILD_DRAW_FOUR and any(
            n and colour_of(c) == colour for c, n in left.items()
        ):
            return f"card {i} (W4) is laid while holding a {COLOURS[colour]} card (UN-5)"
        top = step.card
        colour = step.colour if is_wild(step.card) else colour_of(step.card)
    problem = from_uno(hand.hand, hand.top, hand.colour)
    steps = [Step(gen_card(s.card), s.colour) for s in order]
    check_order(problem, steps)  # the play-out module's certificate agrees
    return None


# ------------------------------------------------------------------ counting orders


class CountBudgetExceeded(Exception):
    """:func:`count_orders` visited more states than it was allowed."""


def count_orders(hand: PlayoutHand, cap: int = 10**6, states: int = 200_000) -> int:
    """The number of distinct orders (sequences of cards; copies of a card are the
    same card, wild colours not counted) in which the whole hand can be laid, at
    most ``cap``. Raises :class:`CountBudgetExceeded` past ``states`` memo entries.

    A dynamic programme over (cards left, what the top accepts), the states of
    :mod:`playable.solver.uno.playout`: after a wild (not the starting top) the colour is
    named when the next card is known (pruning rule 2 there), so "a wild on top"
    accepts any card, and an honest Wild Draw Four after it needs only some colour
    none of the cards left has. Cross-checked against brute force in the tests."""
    kinds = sorted(set(hand.hand))
    counts = [hand.hand.count(k) for k in kinds]
    memo: dict[tuple[tuple[int, ...], tuple[int, int]], int] = {}

    def fits(j: int, prev: tuple[int, int], after: list[int]) -> bool:
        card = kinds[j]
        if card == WILD_DRAW_FOUR:
            held = {colour_of(kinds[i]) for i, n in enumerate(after) if n and not is_wild(kinds[i])}
            if prev == FREE:
                return len(held) < 4
            return prev[0] not in held
        if is_wild(card) or prev == FREE:
            return True
        return colour_of(card) == prev[0] or card % 13 == prev[1]

    def run(prev: tuple[int, int], left: int) -> int:
        if left == 0:
            return 1
        key = (tuple(counts), prev)
        if key in memo:
            return memo[key]
        if len(memo) >= states:
            raise CountBudgetExceeded
        total = 0
        for j, n in enumerate(counts):
            if not n:
                continue
            counts[j] -= 1
            if fits(j, prev, counts):
                card = kinds[j]
                nxt = FREE if is_wild(card) else (colour_of(card), card % 13)
                total += run(nxt, left - 1)
            counts[j] += 1
            if total >= cap:
                total = cap
                break
        memo[key] = total
        return total

    root = (hand.colour, NO_SYMBOL if is_wild(hand.top) else hand.top % 13)
    return run(root, len(hand.hand))


# --------------------------------------------------------------------------- bots

#: a bot picks the next card among the legal ones: (legal, cards left, colour in force, rng)
#: how often the look-ahead bot lays any legal card instead
LOOKAHEAD_EPSILON = 0.1

Chooser = Callable[[list[int], Counter[int], int, random.Random], int]


def _legal(left: Counter[int], top: int, colour: int) -> list[int]:
    out = []
    for card, n in left.items():
        if not n or not matches(card, top, colour):
            continue
        if card == WILD_DRAW_FOUR:
            rest = left.copy()
            rest[card] -= 1
            if any(k and colour_of(c) == colour for c, k in rest.items()):
                continue  # UN-5: never a dishonest Wild Draw Four
        out.append(card)
    return sorted(out)


def random_choice(legal: list[int], left: Counter[int], colour: int, rng: random.Random) -> int:
    """Any legal card, uniformly."""
    return rng.choice(legal)


def greedy_choice(legal: list[int], left: Counter[int], colour: int, rng: random.Random) -> int:
    """Stay in the colour in force while possible, else change colour by number or
    symbol, and keep wilds for when nothing else fits (random among equals)."""
    same = [c for c in legal if colour_of(c) == colour]
    plain = [c for c in legal if not is_wild(c)]
    return rng.choice(same or plain or legal)


def lookahead_choice(legal: list[int], left: Counter[int], colour: int, rng: random.Random) -> int:
    """Warnsdorff's rule: lay the card after which the fewest cards left would fit
    (the hardest to reach later), wilds last; one time in ten any legal card
    (random among equals)."""
    if rng.random() < LOOKAHEAD_EPSILON:
        return rng.choice(legal)

    def options(card: int) -> int:
        rest = left.copy()
        rest[card] -= 1
        after = colour if is_wild(card) else colour_of(card)
        return sum(n for c, n in rest.items() if n and not is_wild(c) and matches(c, card, after))

    plain = [c for c in legal if not is_wild(c)] or legal
    best = min(options(c) for c in plain)
    return rng.choice([c for c in plain if options(c) == best])


def _name_colour(left: Counter[int], rng: random.Random) -> int:
    """A wild names the colour the cards left hold most of (random among equals)."""
    held = Counter(colour_of(c) for c, n in left.items() for _ in range(n) if not is_wild(c))
    if not held:
        return rng.randrange(4)
    most = max(held.values())
    return rng.choice(sorted(c for c, n in held.items() if n == most))


def bot_order(hand: PlayoutHand, choose: Chooser, rng: random.Random) -> list[Laid] | None:
    """One play-out by a bot: the order it laid the whole hand in, or None if it got
    stuck (no legal card left to lay)."""
    left = Counter(hand.hand)
    top, colour = hand.top, hand.colour
    order: list[Laid] = []
    for _ in range(len(hand.hand)):
        legal = _legal(left, top, colour)
        if not legal:
            return None
        card = choose(legal, left, colour, rng)
        left[card] -= 1
        colour = _name_colour(left, rng) if is_wild(card) else colour_of(card)
        order.append(Laid(card, colour if is_wild(card) else -1))
        top = card
    return order


def bot_run(hand: PlayoutHand, choose: Chooser, rng: random.Random) -> bool:
    """One play-out by a bot: True if it lays the whole hand, False if it gets stuck."""
    return bot_order(hand, choose, rng) is not None


def bot_success(hand: PlayoutHand, choose: Chooser, runs: int, seed: str) -> float:
    """The share of ``runs`` randomized play-outs by a bot that lay the whole hand."""
    rng = random.Random(seed)
    return sum(bot_run(hand, choose, rng) for _ in range(runs)) / runs
