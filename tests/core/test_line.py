"""The typed line (solver/core/line.py): built by one replay through the reference
rules, for every game alike.

Random play-outs of each game's example positions are cut into turns (a pile game's
turn ends with ``/``, TG-4 and FF-4; elsewhere every move is a turn) and replayed:
the line's states must be the ones the play-out went through, its JSON must name
the same moves, and a line that breaks a rule (a move out of turn, an illegal move,
a turn that cannot end, an empty UNO turn) must be refused with ``IllegalMove``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.core.errors import IllegalMove
from playable.solver.core.game import Game
from playable.solver.core.line import replay
from tests.examples import load_example
from tests.random_play import listed_steps

FILES = [
    "thegame-solo-late.position.txt",
    "thegame-3p.deal.txt",
    "endgame.facetoface.txt",
    "endgame.uno.txt",
    "win-in-2.sequence.txt",
]

AnyGame = Game[Any, Any]


def _play_out(game: AnyGame, state: Any, rng: random.Random, limit: int = 60) -> tuple[
    list[tuple[int, list[Any]]], list[Any]
]:  # fmt: skip
    """Random legal moves cut into turns, and the state after each turn."""
    turns: list[tuple[int, list[Any]]] = []
    afters: list[Any] = []
    moves: list[Any] = []
    player = game.to_move(state)
    for _, move, after in listed_steps(game, state, rng):
        if game.turn_end is not None and str(move) == game.turn_end:
            turns.append((player, moves))
        elif game.turn_end is None:
            turns.append((player, [move]))
        else:
            moves.append(move)
            if not game.is_terminal(after):
                continue
            turns.append((player, moves))  # the game ended in the turn (a won deal)
        afters.append(after)
        moves, player = [], game.to_move(after)
        if len(turns) == limit:
            break
    return turns, afters


@pytest.mark.parametrize("name", FILES)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_line_keeps_the_states_of_its_replay(name: str, seed: int) -> None:
    game, start = load_example(name)
    turns, afters = _play_out(game, start, random.Random(seed))
    line = replay(game, start, turns)
    assert [s.after for s in line] == afters
    assert line.start == start and line.final == (afters[-1] if afters else start)
    items = line.to_json()
    assert [(i["player"], i["move"]) for i in items] == [
        (p, " ".join(str(m) for m in moves)) for p, moves in turns
    ]
    assert line.text() == " / ".join(f"{p + 1}: {i['move']}" for p, i in zip(
        [p for p, _ in turns], items, strict=True
    ))  # fmt: skip


@pytest.mark.parametrize("name", [f for f in FILES if "solo" not in f])
def test_a_turn_out_of_turn_is_refused(name: str) -> None:
    game, start = load_example(name)
    turns, _ = _play_out(game, start, random.Random(1), limit=2)
    player, moves = turns[0]
    other = (player + 1) % game.players(start)
    with pytest.raises(IllegalMove, match="out of turn"):
        replay(game, start, [(other, moves)])


@pytest.mark.parametrize("name", FILES)
def test_a_move_of_another_position_is_refused(name: str) -> None:
    """A move legal after some turns of a play-out but not at the start, written as
    the first move: the replay refuses it."""
    game, start = load_example(name)
    player = game.to_move(start)
    at_start = {str(m) for m in game.legal_moves(start)}
    for seed in range(20):
        _, afters = _play_out(game, start, random.Random(seed), limit=6)
        for later in afters:
            foreign = [m for m in game.legal_moves(later) if str(m) not in at_start]
            if foreign:
                with pytest.raises(IllegalMove):
                    replay(game, start, [(player, [foreign[0]])])
                return
    pytest.fail("no play-out reached a move that is illegal at the start")


def test_a_pile_turn_below_its_minimum_cannot_end() -> None:
    """TG-5: one card laid where two are due; the replay refuses to end the turn."""
    game, start = load_example("thegame-solo-late.position.txt")
    first = next(m for m in game.legal_moves(start) if str(m) != game.turn_end)
    with pytest.raises(IllegalMove, match="TG-5"):
        replay(game, start, [(0, [first])])


def test_an_empty_turn_is_refused_where_every_move_is_a_turn() -> None:
    game, start = load_example("endgame.uno.txt")
    with pytest.raises(IllegalMove, match="empty turn"):
        replay(game, start, [(game.to_move(start), [])])
