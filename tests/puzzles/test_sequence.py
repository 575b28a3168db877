"""Sequence win-in-N puzzles: generation hits the level, check() replays and proves."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playable.puzzles.base import Level, Puzzle
from playable.puzzles.fileformat import format_puzzle, parse_puzzle
from playable.puzzles.sequence.generate import mutate
from playable.puzzles.sequence.kinds import KINDS, first_move
from playable.puzzles.sequence.proof import prove, wins_within
from playable.puzzles.sequence.rating import greedy_success, score_of
from playable.solver.core.errors import NotationError
from playable.solver.sequence.notation import format_position, parse_position
from playable.solver.sequence.rules import Variant, apply, deal, legal_moves, shuffled_deck
from playable.solver.sequence.search import reference_win_within
from tests.puzzle_checks import check_level, check_regenerated, made_at

KIND = KINDS[0]
EXAMPLE = Path(__file__).parents[2] / "examples" / "win-in-2.sequence.txt"
#: (level, seed) pairs that generate within the budget on this machine.
CASES = {Level.EASY: 0, Level.MEDIUM: 0, Level.HARD: 1, Level.EXPERT: 1}


@pytest.fixture(scope="module")
def puzzles() -> dict[Level, Puzzle]:
    return made_at(KIND, CASES.items(), 60)


def first_of(puzzle: Puzzle) -> str:
    return puzzle.solution.split()[0].split(":", 1)[1]


@pytest.mark.parametrize("level", list(CASES))
def test_generated_puzzle_is_at_its_level_and_parses(
    puzzles: dict[Level, Puzzle], level: Level
) -> None:
    puzzle = puzzles[level]
    state = parse_position(puzzle.position)
    check_level(puzzle, level)
    assert puzzle.game == "sequence" and puzzle.kind == "win-in-n"
    assert state.sequence_count(state.side) == 1 and state.winner is None
    for name in ("depth", "winning_first_moves", "greedy_success", "stronger_success", "nodes"):
        assert name in puzzle.rating.metrics
    assert "greedy_success" not in puzzle.rating.held_out
    assert parse_puzzle(format_puzzle(puzzle)).position == puzzle.position


@pytest.mark.parametrize("level", list(CASES))
def test_the_stated_n_is_exact(puzzles: dict[Level, Puzzle], level: Level) -> None:
    """SQ-8: a forced win within N own turns, and none within N - 1."""
    puzzle = puzzles[level]
    state = parse_position(puzzle.position)
    n = int(puzzle.rating.metrics["depth"])
    assert wins_within(state, n, state.side, 10) is True
    assert wins_within(state, n - 1, state.side, 10) is False


@pytest.mark.parametrize("level", list(CASES))
def test_check_accepts_the_solution_and_its_first_move(
    puzzles: dict[Level, Puzzle], level: Level
) -> None:
    puzzle = puzzles[level]
    assert KIND.check(puzzle, puzzle.solution, 10).correct
    assert KIND.check(puzzle, first_of(puzzle), 10).correct
    assert KIND.check(puzzle, f"# my answer\n  {first_of(puzzle)}  # first move", 10).correct


@pytest.mark.parametrize("level", list(CASES))
def test_check_rejects_every_losing_first_move(puzzles: dict[Level, Puzzle], level: Level) -> None:
    puzzle = puzzles[level]
    state = parse_position(puzzle.position)
    winning = set(puzzle.extra["winning_first_moves"].split())
    verdicts = {str(m): KIND.check(puzzle, str(m), 10).correct for m in legal_moves(state)}
    assert {m for m, ok in verdicts.items() if ok} == winning
    assert len(winning) == puzzle.rating.metrics["winning_first_moves"]
    assert puzzle.unique == (len(winning) == 1)


@pytest.mark.parametrize("level", list(CASES))
def test_a_greedy_line_needs_a_greedy_first_move(
    puzzles: dict[Level, Puzzle], level: Level
) -> None:
    metrics = puzzles[level].rating.metrics
    assert 0 <= metrics["greedy_line_success"] <= metrics["greedy_success"] <= 1
    if metrics["depth"] == 1:  # a win at once has the highest gain of all (SQ-8)
        assert metrics["greedy_line_success"] == 1


def test_expert_puzzle_is_unique_and_fools_greedy(puzzles: dict[Level, Puzzle]) -> None:
    puzzle = puzzles[Level.EXPERT]
    assert puzzle.unique
    assert puzzle.rating.metrics["greedy_success"] < 1


def test_check_rejects_illegal_and_wrong_player(puzzles: dict[Level, Puzzle]) -> None:
    puzzle = puzzles[Level.EXPERT]
    state = parse_position(puzzle.position)
    other = 2 - state.to_move
    assert not KIND.check(puzzle, f"{other}:{first_of(puzzle)}", 10).correct
    assert not KIND.check(puzzle, "pass", 10).correct  # a card can be played
    assert not KIND.check(puzzle, "dead:2S", 10).correct


@pytest.mark.parametrize("answer", ["", "  # nothing", "QS@k4", "hello", "QS-e4", "1:"])
def test_malformed_answer_raises(puzzles: dict[Level, Puzzle], answer: str) -> None:
    with pytest.raises(NotationError):
        KIND.check(puzzles[Level.EASY], answer, 10)


def test_malformed_answer_error_has_its_column() -> None:
    with pytest.raises(NotationError) as error:
        first_move("\n   ZZ@a1 QS@e4")
    assert (error.value.line, error.value.column) == (2, 4)
    assert first_move("1:QS@e4+a4-e4 2:pass") == (1, "QS@e4+a4-e4", 1, 3)


def test_unverifiable_answer_is_not_accepted(puzzles: dict[Level, Puzzle]) -> None:
    """A position that lists too few draws cannot prove the answer: never 'correct'."""
    puzzle = puzzles[Level.EXPERT]
    state = parse_position(puzzle.position)
    short = replace(state, draw=(), unknown=state.unknown + len(state.draw))
    cut = replace(puzzle, position=format_position(short))
    verdict = KIND.check(cut, first_of(puzzle), 10)
    assert not verdict.correct and "could not be verified" in verdict.message


def test_generation_is_deterministic(puzzles: dict[Level, Puzzle]) -> None:
    check_regenerated(KIND, puzzles[Level.EXPERT], 60)


def test_prove_agrees_with_the_reference_oracle() -> None:
    """The example is a win in 2 (SQ-8); every first move is judged like the plain
    AND/OR oracle over the reference rules judges it."""
    state = parse_position(EXAMPLE.read_text())
    proof = prove(state, 3, 10)
    assert proof is not None and proof.turns == 2
    assert {str(m) for m in proof.winning} == {"5C@b1", "AH@f1"}
    for move in legal_moves(state):
        child = apply(state, move)
        expected = reference_win_within(child, 1, state.side)
        assert (move in proof.winning) == expected, move


@pytest.mark.parametrize("level", list(CASES))
def test_generated_facts_agree_with_the_reference_oracle(
    puzzles: dict[Level, Puzzle], level: Level
) -> None:
    """N and the winning first moves, as the plain AND/OR oracle over the reference
    rules (no kernel, no table, no cuts) judges them."""
    puzzle = puzzles[level]
    _agree_with_oracle(puzzle)


def test_a_win_in_three_agrees_with_the_reference_oracle() -> None:
    puzzle = KIND.generate(Level.EXPERT, 2, seconds=60)
    assert puzzle is not None and puzzle.rating.metrics["depth"] == 3
    _agree_with_oracle(puzzle)


def _agree_with_oracle(puzzle: Puzzle) -> None:
    state = parse_position(puzzle.position)
    n = int(puzzle.rating.metrics["depth"])
    assert reference_win_within(state, n)
    assert n == 1 or not reference_win_within(state, n - 1)
    winning = set(puzzle.extra["winning_first_moves"].split())
    for move in legal_moves(state):
        after = apply(state, move)
        expected = after.winner == state.side or (
            n > 1 and reference_win_within(after, n - 1, state.side)
        )
        assert (str(move) in winning) == expected, move


def test_greedy_success_counts_ties_and_score_is_ordered() -> None:
    state = parse_position(EXAMPLE.read_text())
    proof = prove(state, 3, 10)
    assert proof is not None
    assert 0 <= greedy_success(state, proof) <= 1
    assert score_of(1, 1.0, 5) < score_of(2, 1.0, 1) < score_of(2, 0.0, 1) < score_of(3, 0.0, 1)
    assert score_of(3, 0.0, 1) == 1.0 and Level.of(score_of(1, 1.0, 2)) == Level.EASY


def test_mutations_keep_the_cards_and_chips() -> None:
    """Hill-climbing moves a card between a hand and the deep draw pile, or a chip:
    the 104 cards (SQ-2) and the chip count of each side are conserved."""
    import random

    state = deal(Variant(2, 2), shuffled_deck(3))
    for _ in range(6):
        state = apply(state, legal_moves(state)[0])
    rng = random.Random(1)
    for _ in range(40):
        changed = mutate(state, rng)
        if changed is None:
            continue
        cards = sorted(c for h in changed.hands for c in h) + sorted(changed.draw)
        before = sorted(c for h in state.hands for c in h) + sorted(state.draw)
        assert sorted(cards) == sorted(before)
        assert sorted(changed.chips) == sorted(state.chips)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 60))
def test_every_legal_move_text_is_read_back_by_first_move(seed: int, plies: int) -> None:
    """Every move the rules allow (placements with claims, removals, dead cards,
    pass) is written in a form :func:`first_move` reads back unchanged."""
    import random

    rng = random.Random(seed)
    state = deal(Variant(2, 2), shuffled_deck(seed))
    for _ in range(plies):
        if state.winner is not None:
            break
        state = apply(state, rng.choice(legal_moves(state)))
    for move in legal_moves(state):
        text = str(move)
        assert first_move(f"{state.to_move + 1}:{text} 2:pass")[:2] == (state.to_move + 1, text)
