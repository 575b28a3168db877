"""Face to Face ``win-from-here`` puzzles: generation, rating, checking."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playable.puzzles.base import Level, Puzzle
from playable.puzzles.facetoface.kinds import KINDS, WIN_FROM_HERE, parse_answer, position_of
from playable.puzzles.facetoface.rating import analyse, choice_signal, score_of
from playable.puzzles.facetoface.sampling import careful_bot, endgames, greedy_bot, mutate
from playable.puzzles.fileformat import format_puzzle, parse_puzzle
from playable.solver.core.budget import Budget
from playable.solver.core.errors import NotationError
from playable.solver.facetoface import notation
from playable.solver.facetoface.players import play_game
from playable.solver.facetoface.rules import Play, State, has_won, play_turn, turns
from playable.solver.facetoface.search import LOSS, WIN, Solver
from tests.puzzle_checks import check_level, check_regenerated


@cache
def puzzle(level: Level, seed: int = 0) -> Puzzle:
    made = WIN_FROM_HERE.generate(level, seed, 120.0)
    assert made is not None
    return made


def test_kinds_list_win_from_here_first() -> None:
    assert KINDS[0] is WIN_FROM_HERE
    assert (WIN_FROM_HERE.game, WIN_FROM_HERE.name) == ("facetoface", "win-from-here")


@pytest.mark.parametrize("level", [Level.EASY, Level.HARD])
def test_generated_puzzle_is_of_its_level_and_verified(level: Level) -> None:
    p = puzzle(level)
    check_level(p, level)
    state = position_of(p)
    assert isinstance(notation.parse(p.position), State)
    assert WIN_FROM_HERE.check(p, p.solution, 30.0).correct
    assert WIN_FROM_HERE.check(p, p.extra["first_turn"], 30.0).correct
    # the solver agrees the position is won for the player to move
    assert Solver(state, 16).value(state, Budget(seconds=30).start()) == WIN
    metrics = p.rating.metrics
    assert {"greedy_success", "winning_first_moves", "depth", "nodes"} <= metrics.keys()
    assert "careful_success" in p.rating.held_out
    assert p.unique == (metrics["winning_first_moves"] == 1)


def test_generation_is_deterministic() -> None:
    check_regenerated(WIN_FROM_HERE, puzzle(Level.EASY), 120.0)


def test_puzzle_file_round_trip() -> None:
    p = puzzle(Level.HARD)
    assert parse_puzzle(format_puzzle(p)).position.strip() == p.position.strip()


def losing_turn(p: Puzzle) -> tuple[Play, ...]:
    state = position_of(p)
    solver = Solver(state, 16)
    for plays, after in turns(state):
        if solver.value(after, Budget(seconds=30).start()) == WIN:
            return plays
    raise AssertionError("the puzzle has no losing turn")


def test_check_rejects_a_losing_turn() -> None:
    p = puzzle(Level.HARD)
    verdict = WIN_FROM_HERE.check(p, notation.format_turn(losing_turn(p)), 30.0)
    assert not verdict.correct and "wins with perfect play" in verdict.message


def test_check_rejects_illegal_and_out_of_turn_answers() -> None:
    p = puzzle(Level.HARD)
    state = position_of(p)
    missing = next(c for c in range(2, 60) if c not in state.hand)
    assert not WIN_FROM_HERE.check(p, f"{missing}@own-up {missing}@own-down", 5.0).correct
    other = 2 - state.to_move
    turn = p.extra["first_turn"]
    wrong_player = WIN_FROM_HERE.check(p, f"{other}: {turn}", 5.0)
    assert not wrong_player.correct and "turn" in wrong_player.message
    # one card only: the turn does not reach the minimum of 2 (FF-4)
    single = WIN_FROM_HERE.check(p, turn.split()[0], 5.0)
    assert not single.correct


def test_check_without_time_does_not_claim_correct() -> None:
    p = puzzle(Level.HARD)
    verdict = WIN_FROM_HERE.check(p, p.extra["first_turn"], 0.0)
    assert verdict.correct or "could not be verified in time" in verdict.message


@pytest.mark.parametrize(
    ("answer", "column"),
    [("", 1), ("12@nowhere", 1), ("1: 12@own-up x", 14), ("3: 12@own-up 13@own-up", 1)],
)
def test_malformed_answers_raise_notation_errors(answer: str, column: int) -> None:
    with pytest.raises(NotationError) as error:
        WIN_FROM_HERE.check(puzzle(Level.EASY), answer, 5.0)
    assert error.value.column == column


def test_parse_answer_takes_the_first_turn_of_a_line() -> None:
    assert parse_answer("2: 12@own-up 40@opp-down / 1: 3@own-up 4@own-up") == (
        1,
        [Play(12, "own-up"), Play(40, "opp-down")],
    )
    assert parse_answer("12@own-up,13@own-up") == (None, [Play(12, "own-up"), Play(13, "own-up")])


def test_choice_and_score_signals() -> None:
    assert choice_signal(1, 50) == 1.0
    assert choice_signal(50, 50) == 0.0
    assert choice_signal(3, 50) > choice_signal(10, 50)
    assert score_of(1.0, 0.0, 11) == 1.0
    assert score_of(0.0, 1.0, 1) == 0.0
    assert score_of(0.5, 0.5, 3) < score_of(0.5, 0.2, 3)


def test_endgames_are_in_the_size_window_and_mutations_keep_each_players_cards() -> None:
    rng = random.Random(3)
    source = endgames(rng, 6, 9)
    for _ in range(20):
        state = next(source)
        assert all(6 <= state.cards_left(p) <= 9 for p in (0, 1))
        assert state.laid == 0
        changed = mutate(state, rng)
        if changed is None:
            continue
        for p in (0, 1):
            before = sorted(state.hands[p] + state.draws[p])
            assert sorted(changed.hands[p] + changed.draws[p]) == before
            assert len(changed.hands[p]) == len(state.hands[p])
        assert changed.piles == state.piles and changed.to_move == state.to_move
        notation.parse(notation.format_position(changed))


@pytest.mark.slow
def test_expert_puzzle_has_a_single_proven_winning_turn() -> None:
    p = puzzle(Level.EXPERT)
    assert p.unique and p.rating.metrics["winning_first_moves"] == 1
    state = position_of(p)
    solver = Solver(state, 32)
    values = [-solver.value(after, Budget(seconds=60).start()) for _, after in turns(state)]
    assert values.count(WIN) == 1 and values.count(LOSS) == len(values) - 1


def test_bots_play_legal_turns_and_analysis_agrees_with_a_fresh_solver() -> None:
    rng = random.Random(5)
    source = endgames(rng, 4, 7)
    analysed = 0
    while analysed < 3:
        state = next(source)
        for bot in (greedy_bot(rng), careful_bot()):
            play_turn(state, bot.choose_turn(state, rng))  # raises IllegalMove if not legal
        analysis = analyse(state, 300_000)
        if analysis is None:
            continue
        analysed += 1
        assert len(analysis.rows) == len(turns(state))
        assert analysis.winning
        for plays, after, value in analysis.rows[:40]:
            assert play_turn(state, plays) == after
            if has_won(after, state.to_move):  # the last card was laid (FF-6)
                assert value == WIN
                continue
            fresh = Solver(after, 4).value(after, Budget(nodes=300_000))
            assert value == -fresh


def test_rejected_analysis_when_too_many_turns_win() -> None:
    rng = random.Random(5)
    source = endgames(rng, 4, 7)
    for _ in range(10):
        state = next(source)
        full = analyse(state, 300_000)
        if full is not None and len(full.winning) >= 2:
            assert analyse(state, 300_000, max_wins=1) is None
            assert analyse(state, 300_000, max_wins=len(full.winning)) is not None
            return
    raise AssertionError("no sampled endgame with two winning turns")


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_property_mutations_keep_cards_and_noisy_bots_finish_games(seed: int) -> None:
    rng = random.Random(seed)
    state = next(endgames(rng, 5, 10))
    cards = [sorted(state.hands[p] + state.draws[p]) for p in (0, 1)]
    for _ in range(5):
        state = mutate(state, rng) or state
        assert [sorted(state.hands[p] + state.draws[p]) for p in (0, 1)] == cards
    result = play_game(state, (greedy_bot(rng), careful_bot()), rng)
    assert result.winner in (0, 1)
    assert sum(len(plays) for _, plays in result.turns) <= sum(map(len, cards))


def hand_made(position: str) -> Puzzle:
    base = puzzle(Level.EASY)
    return Puzzle(base.game, base.kind, base.level, 0, position, base.goal, "", False, base.rating)


ENDING = """playable facetoface position
piles 1: 1 60
piles 2: 30 31
hand 1: 10 20
hand 2: 2 3 58 59
draw 1: -
draw 2: 4 5
to-move: 1
laid: 0 0
"""


def test_laying_the_last_card_wins_at_once_and_nothing_may_follow() -> None:
    p = hand_made(ENDING)
    verdict = WIN_FROM_HERE.check(p, "10@own-up 20@own-up", 5.0)
    assert verdict.correct and "FF-6" in verdict.message
    # a single card is not a turn unless it is the last one (FF-4, FF-6)
    assert not WIN_FROM_HERE.check(p, "10@own-up", 5.0).correct
    after_win = WIN_FROM_HERE.check(p, "10@own-up 20@own-up 2@opp-up", 5.0)
    assert not after_win.correct and "illegal" in after_win.message
    # the opponent's ascending pile only takes a lower card (FF-3)
    assert not WIN_FROM_HERE.check(p, "20@own-up 10@opp-down", 5.0).correct
