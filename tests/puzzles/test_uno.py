"""UNO puzzle kinds: lay-down (play-out order) and ending (two-player win)."""

from __future__ import annotations

import random
from itertools import permutations, product

import pytest

from playable.puzzles.base import Level, Puzzle
from playable.puzzles.uno.ending import parse_first_move
from playable.puzzles.uno.kinds import KINDS
from playable.puzzles.uno.laydown import rate
from playable.puzzles.uno.order import (
    Laid,
    bot_order,
    count_orders,
    format_order,
    greedy_choice,
    lookahead_choice,
    parse_order,
    random_choice,
    replay_order,
)
from playable.solver.core.budget import Budget
from playable.solver.core.errors import NotationError
from playable.solver.core.result import Status
from playable.solver.uno.cards import (
    WILD,
    WILD_DRAW_FOUR,
    colour_of,
    full_deck,
    is_wild,
    parse_card,
)
from playable.solver.uno.notation import PlayoutHand, parse
from playable.solver.uno.playout import brute_force, from_uno, solve
from playable.solver.uno.rules import Play, State, legal_moves
from tests.puzzle_checks import check_level, made, made_at

LAY_DOWN, ENDING = KINDS


def _hand(text: str, top: str, colour: int | None = None) -> PlayoutHand:
    cards = [parse_card(w) for w in text.split()]
    assert all(c is not None for c in cards)
    top_card = parse_card(top)
    assert top_card is not None
    return PlayoutHand(
        tuple(c for c in cards if c is not None),
        top_card,
        colour_of(top_card) if colour is None else colour,
    )


def test_kinds_are_registered_with_lay_down_first() -> None:
    assert [k.name for k in KINDS] == ["lay-down", "ending"]
    assert all(k.game == "uno" for k in KINDS)


# ------------------------------------------------------------------- the order notation


def test_order_notation_round_trips() -> None:
    order = [Laid(1), Laid(WILD, 2), Laid(WILD_DRAW_FOUR, 3), Laid(25)]
    text = format_order(order)
    assert text == "R1 W:green W4:blue YD2"
    assert parse_order(text) == order
    assert parse_order("r1, w:g w4:B yd2") == order


@pytest.mark.parametrize(
    ("text", "column"),
    [("R1 X9", 4), ("R1 W", 5), ("R1 W:pink", 6), ("R1 G5:red", 6), ("", 1)],
)
def test_malformed_orders_name_the_column(text: str, column: int) -> None:
    with pytest.raises(NotationError) as error:
        parse_order(text)
    assert error.value.line == 1 and error.value.column == column


def test_replay_enforces_matching_and_honest_draw_four() -> None:
    hand = _hand("R1 G1 G7 W4", "R5")
    assert replay_order(hand, parse_order("R1 G1 G7 W4:blue")) is None
    # UN-3: G7 does not match R5
    assert "does not match" in str(replay_order(hand, parse_order("G7 G1 R1 W4:red")))
    # UN-5: the Wild Draw Four while still holding a red card
    assert "UN-5" in str(replay_order(hand, parse_order("W4:green R1 G1 G7")))
    # every card exactly once
    assert "never laid" in str(replay_order(hand, parse_order("R1 G1 G7")))
    assert "not in the hand" in str(replay_order(hand, parse_order("R1 G1 G7 W4:red B2")))


def _brute_count(hand: PlayoutHand) -> int:
    """Distinct card sequences with some choice of wild colours that replay."""
    found = 0
    for perm in set(permutations(hand.hand)):
        wilds = [i for i, c in enumerate(perm) if is_wild(c)]
        for named in product(range(4), repeat=len(wilds)):
            colours = dict(zip(wilds, named, strict=True))
            order = [Laid(c, colours.get(i, -1)) for i, c in enumerate(perm)]
            if replay_order(hand, order) is None:
                found += 1
                break
    return found


def test_count_of_orders_agrees_with_brute_force() -> None:
    rng = random.Random(5)
    seen = set()
    for _ in range(80):
        deck = full_deck()
        rng.shuffle(deck)
        # a deck rich in wilds and shared symbols, so every rule is exercised
        pool = [c for c in deck if is_wild(c) or c % 13 < 3][:30]
        top = next(c for c in pool if not is_wild(c))
        pool.remove(top)
        hand = PlayoutHand(tuple(pool[: rng.randint(1, 5)]), top, colour_of(top))
        expected = _brute_count(hand)
        assert count_orders(hand) == expected
        assert (expected > 0) == brute_force(from_uno(hand.hand, hand.top, hand.colour))
        seen.add(min(expected, 2))
    assert seen == {0, 1, 2}


def test_count_and_bots_agree_with_the_exact_search_on_real_hands() -> None:
    """On random 6-10 card hands of the real deck: some order exists iff the exact
    search finds one, and every order a bot completes replays (UN-3, UN-5)."""
    rng = random.Random(9)
    outcomes = set()
    for _ in range(40):
        deck = full_deck()
        rng.shuffle(deck)
        top = deck.pop()
        colour = rng.randrange(4) if is_wild(top) else colour_of(top)
        hand = PlayoutHand(tuple(deck[: rng.randint(6, 10)]), top, colour)
        result = solve(from_uno(hand.hand, hand.top, hand.colour), Budget(nodes=100_000))
        assert result.status != Status.UNKNOWN
        solvable = result.status == Status.SOLVED
        assert (count_orders(hand) > 0) == solvable
        outcomes.add(solvable)
        for choose in (random_choice, greedy_choice, lookahead_choice):
            for _ in range(5):
                order = bot_order(hand, choose, rng)
                if order is not None:
                    assert solvable and replay_order(hand, order) is None
    assert outcomes == {True, False}


def test_a_single_order_is_counted_once() -> None:
    # R5 -> R1 -> G1 -> G7 -> Y7: every step forced
    assert count_orders(_hand("R1 G1 G7 Y7", "R5")) == 1
    # two copies of a card are the same card
    assert count_orders(_hand("R1 R1", "R5")) == 1


# ---------------------------------------------------------------------------- lay-down


@pytest.mark.parametrize("level", [Level.EASY, Level.EXPERT])
def test_lay_down_puzzle_is_of_its_level_and_checks(level: Level) -> None:
    puzzle = made(LAY_DOWN, level, 0, 60.0)
    check_level(puzzle, level)
    assert isinstance(parse(puzzle.position), PlayoutHand)
    assert LAY_DOWN.check(puzzle, puzzle.solution, 5.0).correct
    assert puzzle.unique == (puzzle.rating.metrics["orders"] == 1)
    if level is Level.EXPERT:  # the generator drives expert hands to a unique order
        assert puzzle.unique
    # a wrong answer: the solution backwards (its first card does not fit, or the
    # last card of the solution cannot follow the top), or one card left out
    words = puzzle.solution.split()
    assert not LAY_DOWN.check(puzzle, " ".join(words[:-1]), 5.0).correct
    with pytest.raises(NotationError):
        LAY_DOWN.check(puzzle, "R1 Q7", 5.0)


def test_lay_down_is_deterministic() -> None:
    assert LAY_DOWN.generate(Level.EASY, 0, 60.0) == made(LAY_DOWN, Level.EASY, 0, 60.0)


def test_lay_down_score_counts_orders_and_size() -> None:
    easy = rate(_hand("R1 R2 R3 R4", "R5"))
    hard = rate(_hand("R1 G1 G7 Y7 Y3 B3 B9", "R5"))
    assert easy is not None and hard is not None
    assert easy.rating.score < hard.rating.score
    assert easy.orders == 24 and hard.orders == 1


def test_lay_down_rejects_an_unsolvable_hand() -> None:
    assert rate(_hand("G7 B9", "R5")) is None


# ------------------------------------------------------------------------------ ending


#: the seed of the ending puzzle of each level the tests use
ENDING_SEEDS = {Level.EASY: 1, Level.HARD: 4}


@pytest.fixture(scope="module")
def ending_puzzles() -> dict[Level, Puzzle]:
    return made_at(ENDING, ENDING_SEEDS.items(), 60.0)


@pytest.mark.parametrize("level", list(ENDING_SEEDS))
def test_ending_puzzle_is_of_its_level_and_checks(
    ending_puzzles: dict[Level, Puzzle], level: Level
) -> None:
    puzzle = ending_puzzles[level]
    check_level(puzzle, level)
    state = parse(puzzle.position)
    assert isinstance(state, State) and state.players == 2
    assert ENDING.check(puzzle, puzzle.solution, 10.0).correct
    first = puzzle.solution.split()[0].split(":", 1)[1]
    assert ENDING.check(puzzle, first, 10.0).correct
    assert puzzle.rating.metrics["winning_first_moves"] >= 1
    with pytest.raises(NotationError):
        ENDING.check(puzzle, "Q7", 5.0)


def test_ending_rejects_losing_and_illegal_moves(ending_puzzles: dict[Level, Puzzle]) -> None:
    from playable.puzzles.uno.ending import MOVE_NODES, Values

    for puzzle in ending_puzzles.values():
        state = parse(puzzle.position)
        assert isinstance(state, State)
        values = Values({}, 20 * MOVE_NODES)
        losing = [m for m in legal_moves(state) if values.after(state, m) == -1]
        for move in losing:
            assert not ENDING.check(puzzle, str(move), 10.0).correct
        undecided = [m for m in legal_moves(state) if values.after(state, m) == 0]
        for move in undecided[:1]:  # never called correct without a proof
            verdict = ENDING.check(puzzle, str(move), 0.5)
            assert not verdict.correct and "could not be verified" in verdict.message
        illegal = next(Play(c) for c in range(52) if Play(c) not in legal_moves(state))
        verdict = ENDING.check(puzzle, str(illegal), 10.0)
        assert not verdict.correct and "legal" in verdict.message


def test_ending_is_deterministic(ending_puzzles: dict[Level, Puzzle]) -> None:
    assert ENDING.generate(Level.EASY, 1, 60.0) == ending_puzzles[Level.EASY]


def test_first_move_notation() -> None:
    assert parse_first_move("1:R7 2:draw") == Play(7)
    assert parse_first_move("  W:green") == Play(WILD, 2)
    assert str(parse_first_move("draw")) == "draw"
    with pytest.raises(NotationError) as error:
        parse_first_move("  1:W")
    assert error.value.column == 5
