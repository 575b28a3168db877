"""Game records (solver/core/record.py, docs/notation.md "Game records"): written and
read back for every game, every move replayed through the rules, and bad records
refused with file, line and column, whatever the text."""

from __future__ import annotations

import random
from itertools import islice
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.core.errors import NotationError
from playable.solver.core.game import Game
from playable.solver.core.record import format_record, is_record, parse_record
from tests.examples import EXAMPLES, load_example
from tests.notation_checks import refused_at
from tests.random_play import listed_steps

FILES = [
    "thegame-3p.deal.txt",
    "thegame-solo-late.position.txt",
    "deal.facetoface.txt",
    "endgame.uno.txt",
    "deal-3p.uno.txt",
    "start.sequence.txt",
]


def _random_game(name: str, seed: int, limit: int = 25) -> tuple[Game[Any, Any], Any, list[Any]]:
    game, start = load_example(name)
    steps = islice(listed_steps(game, start, random.Random(seed)), limit)
    return game, start, [move for _, move, _ in steps]


@pytest.mark.parametrize("name", FILES)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_record_reads_back_move_by_move(name: str, seed: int) -> None:
    game, start, moves = _random_game(name, seed)
    text = format_record(game, start, moves)
    assert is_record(text)
    record = parse_record(text, "game.txt")
    assert record.start == start
    assert [p.move for p in record.moves] == moves
    state = start
    for played in record.moves:
        assert played.before == state and played.player == game.to_move(state)
        state = game.apply(state, played.move)
        assert played.after == state
        assert text.splitlines()[played.line - 1][played.column - 1 :].startswith(played.text)


def _record(moves: str) -> str:
    return (EXAMPLES / "thegame-solo-late.position.txt").read_text(encoding="utf-8") + moves


@pytest.mark.parametrize(
    ("moves", "line", "column", "says"),
    [
        ("moves: 14@2 63@2", 1, 13, "TG-3"),
        ("moves:\n  1: 14@2 /", 2, 11, "TG-5"),
        ("moves: 2: 14@2", 1, 8, "player 2 is written"),
        ("moves: 14@9", 1, 8, "move '14@9'"),
        ("moves: 14@2 1:", 1, 13, "without a move"),
    ],
)
def test_a_bad_move_names_its_line_and_column(
    moves: str, line: int, column: int, says: str
) -> None:
    """``line`` counts from the 'moves:' line (the position's lines come first)."""
    first = len(_record("").splitlines())
    refused_at(parse_record, _record(moves), first + line, column, says, "game.txt")


def test_a_position_without_moves_is_not_a_record() -> None:
    text = (EXAMPLES / "thegame-solo-late.position.txt").read_text(encoding="utf-8")
    assert not is_record(text)
    with pytest.raises(NotationError, match="moves:"):
        parse_record(text, "game.txt")


def test_player_numbers_may_be_joined_or_apart() -> None:
    apart = parse_record(_record("moves: 1: 14@2 47@0 /"))
    joined = parse_record(_record("moves:\n1:14@2 47@0\n/"))
    assert [p.move for p in apart.moves] == [p.move for p in joined.moves]


@settings(max_examples=150, deadline=None)
@given(tail=st.text(alphabet=st.sampled_from(list("0123456789@:/ \n#-abcxyz")), max_size=40))
def test_any_moves_text_is_a_record_or_one_notation_error(tail: str) -> None:
    """Fuzz: whatever follows 'moves:', the reader returns a record whose moves all
    replay, or raises NotationError with a line and column inside the text."""
    text = _record("moves: " + tail)
    try:
        record = parse_record(text, "fuzz.txt")
    except NotationError as error:
        assert 1 <= error.line <= len(text.splitlines()) + 1
        assert error.column >= 1
        return
    state = record.start
    for played in record.moves:
        state = record.game.apply(state, played.move)
    assert state == record.final
