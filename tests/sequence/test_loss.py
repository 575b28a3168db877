"""Losses proven from the other side's forced wins (solver/sequence/loss.py, SQ-8),
checked against the brute-force oracle on positions one move before games' ends."""

from __future__ import annotations

import random

from playable.solver.core.budget import Budget
from playable.solver.sequence import rules
from playable.solver.sequence.loss import LossSearch
from playable.solver.sequence.players import GreedyPlayer
from playable.solver.sequence.rules import State
from playable.solver.sequence.search import reference_win_within


def _before_the_last_move(seed: int) -> State | None:
    """The position two plies before the end of a greedy game with a third of its
    moves random (seeded): the loser to move, the winner to finish next."""
    rng = random.Random(seed)
    state = rules.deal(rules.Variant(2, 2), rules.shuffled_deck(seed), seed % 2)
    states = [state]
    greedy = GreedyPlayer()
    while not rules.is_terminal(state) and len(states) < 400:
        moves = rules.legal_moves(state)
        state = rules.apply(
            state, rng.choice(moves) if rng.random() < 0.3 else greedy.choose(state)
        )
        states.append(state)
    if state.winner is None or len(states) < 3:
        return None
    before = states[-3]
    return before if before.side != state.winner and before.winner is None else None


def test_a_proven_loss_is_a_forced_win_of_the_other_side_and_the_reverse() -> None:
    """Within one own turn of the winner the proof is complete: it says lost exactly
    where the plain AND/OR search says every move lets the other side win at once."""
    proven = escaped = 0
    for seed in range(40):
        state = _before_the_last_move(seed)
        if state is None:
            continue
        search = LossSearch(Budget(nodes=2_000_000).start(), 1)
        lost = search.loses(state)
        assert lost == reference_win_within(state, 1, side=1 - state.side), seed
        proven += lost
        escaped += not lost
    assert proven >= 3 and escaped >= 3  # both answers were checked


def test_nothing_is_proven_without_budget() -> None:
    state = next(s for s in map(_before_the_last_move, range(40)) if s is not None)
    assert not LossSearch(Budget(nodes=1).start(), 1).loses(state)


def test_the_first_move_of_a_forced_win_leaves_the_other_side_lost() -> None:
    """examples/win-in-2.sequence.txt: after the winning line's first move the other
    side moves and loses (every move lets the winner complete in one turn), which the
    engine's loss proof shows and its win search cannot (it proves only wins of the
    side to move)."""
    from pathlib import Path

    from playable.solver.core.engine import SearchOptions
    from playable.solver.games import engine
    from playable.solver.sequence.notation import parse_position
    from playable.solver.sequence.search import forced_win

    path = Path(__file__).resolve().parents[2] / "examples" / "win-in-2.sequence.txt"
    state = parse_position(path.read_text(encoding="utf-8"))
    first = forced_win(state, 2, Budget(nodes=200_000)).line.steps[0]
    sequence = engine("sequence")
    options = SearchOptions(depth=2)
    assert (
        sequence.bounds(sequence.solve(first.after, Budget(nodes=200_000), options), True) is None
    )
    assert sequence.prove_loss(first.after, Budget(nodes=200_000), options) == (-2.0, -2.0)
    assert sequence.prove_loss(state, Budget(nodes=200_000), options) is None  # it wins
