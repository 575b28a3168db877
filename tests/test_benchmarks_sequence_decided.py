"""benchmarks/sequence_decided.py: the Sequence positions of the calibration benchmark
and their decision both ways, checked against the plain AND/OR oracle over the rules
(:func:`playable.solver.sequence.search.reference_win_within`, SQ-8)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.sequence.rules import State, apply, legal_moves
from playable.solver.sequence.search import reference_win_within
from tests.benchmark_modules import load

decided = load("sequence_decided")


def oracle(state: State, turns: int) -> int | None:
    """The side that forces a win within ``turns`` own turns by the plain search: the
    mover's side, or the other side against every move of the mover; else None."""
    if reference_win_within(state, turns):
        return state.side
    other = 1 - state.side
    return other if reference_win_within(state, turns, other) else None


def test_decides_both_ways_as_the_oracle() -> None:
    """On the positions of deals 0..29, horizon 2: the same answers as the oracle,
    and among them wins and losses of the mover (not all undecided)."""
    answers: list[tuple[int | None, State]] = []
    for deal in range(30):
        state = decided.position(deal)
        if state is not None:
            answers.append((decided.decide(state, 2, 1_000_000), state))
    for got, state in answers:
        assert got == oracle(state, 2)
    outcomes = {None if got is None else got == state.side for got, state in answers}
    assert outcomes == {True, False, None}


@settings(max_examples=15, deadline=None)
@given(deal=st.integers(0, 2**31 - 1), turns=st.integers(1, 2))
def test_decide_matches_the_oracle(deal: int, turns: int) -> None:
    state = decided.position(deal)
    if state is not None:
        assert decided.decide(state, turns, 1_000_000) == oracle(state, turns)


@settings(max_examples=15, deadline=None)
@given(deal=st.integers(0, 2**31 - 1))
def test_positions_are_open_and_not_won_at_once(deal: int) -> None:
    """A position is a game still on whose mover cannot complete its sequences in one
    move (a trivial answer), a few plies before the self-played game's end."""
    state = decided.position(deal)
    if state is not None:
        assert state.winner is None
        assert all(apply(state, m).winner != state.side for m in legal_moves(state))
        assert state in decided.self_play(deal)[-1 - decided.PLIES_BEFORE_END[1] : -2]


def test_a_budget_too_small_decides_nothing() -> None:
    """Out of nodes, no answer is given (never a guess)."""
    state = next(s for s in map(decided.position, range(30)) if s is not None)
    assert decided.decide(state, 3, 1) is None or state.winner is not None
