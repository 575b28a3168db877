"""Face to Face notation: round trips and located errors."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.core.errors import NotationError
from playable.solver.facetoface import notation
from playable.solver.facetoface.game import GAME
from playable.solver.facetoface.rules import Play, State, Variant, shuffled_decks, turns
from tests.notation_checks import edited, refused_at
from tests.random_play import random_states


def a_deal(seed: int = 1, max_card: int = 59) -> notation.Deal:
    variant = Variant(max_card)
    a, b = shuffled_decks(variant, seed)
    return notation.Deal(variant, tuple(a), tuple(b))


def test_deal_round_trip() -> None:
    d = a_deal()
    assert notation.parse(notation.format_deal(d)) == d


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(12, 59), st.integers(0, 8), st.integers(0, 1))
def test_position_round_trip_along_random_games(
    seed: int, max_card: int, steps: int, first: int
) -> None:
    rng = random.Random(seed)
    state: State = a_deal(seed, max_card).start(first)
    for _ in range(steps):
        options = turns(state)
        if not options:
            break
        plays, after = rng.choice(options)
        # mid-turn positions round trip too
        if plays:
            from playable.solver.facetoface.rules import lay

            mid = lay(state, plays[0].card, plays[0].pile)
            assert notation.parse(notation.format_position(mid)) == mid
        state = after
        assert notation.parse(notation.format_position(state)) == state


def test_moves_and_lines() -> None:
    plays = notation.parse_plays("37@own-up, 12@opp-up 40@own-down")
    assert plays == [Play(37, "own-up"), Play(12, "opp-up"), Play(40, "own-down")]
    line = [(0, plays), (1, [Play(3, "own-up"), Play(4, "own-up")])]
    doc = notation.line_to_json(line)
    assert doc[0] == {
        "player": 0,
        "move": "37@own-up 12@opp-up 40@own-down",
        "plays": [
            {"card": 37, "pile": "own-up"},
            {"card": 12, "pile": "opp-up"},
            {"card": 40, "pile": "own-down"},
        ],
    }
    assert notation.line_from_json(doc) == line
    assert notation.format_line(line) == "1: 37@own-up 12@opp-up 40@own-down / 2: 3@own-up 4@own-up"


POSITION = """playable facetoface position
max-card: 20
piles 1: 5 14
piles 2: 1 21
hand 1: 3 7 9
hand 2: 2 6 8 10 11 12
draw 1: -
draw 2: 13 15
to-move: 1
laid: 0 0
"""


def test_position_example_parses() -> None:
    state = notation.parse(POSITION)
    assert isinstance(state, State)
    assert state.piles == ((5, 14), (1, 21))
    assert state.draws == ((), (13, 15))


def test_a_deal_deck_must_be_complete() -> None:
    text = notation.format_deal(a_deal(max_card=12)).replace("deck 2: ", "deck 2: 2 ", 1)
    with pytest.raises(NotationError, match=r"appears twice|expected 11 cards"):
        notation.parse(text)


def test_a_stranded_mid_turn_position_is_rejected() -> None:
    text = POSITION.replace("hand 1: 3 7 9", "hand 1: 5 6").replace("laid: 0 0", "laid: 1 0")
    text = text.replace("piles 1: 5 14", "piles 1: 9 4")
    text = text.replace("draw 1: -", "draw 1: 16")
    with pytest.raises(NotationError, match="cannot be completed"):
        notation.parse(text)


# ------------------------------------------------------- positions that cannot arise


@pytest.mark.parametrize(
    ("replacements", "line", "column", "words"),
    [
        # FF-5: player 2 (not to move) ended a turn and drew 2 or back up to 6
        ([("hand 2: 2 6 8 10 11 12", "hand 2: -")], 6, 9, "player 2 holds 0 card(s)"),
        ([("hand 2: 2 6 8 10 11 12", "hand 2: 2")], 6, 9, "player 2 holds 1 card(s)"),
        # ... and so did player 1, before laying 1 card this turn
        (
            [
                ("hand 1: 3 7 9", "hand 1: -"),
                ("draw 1: -", "draw 1: 3"),
                ("laid: 0 0", "laid: 1 0"),
            ],
            5,
            9,
            "player 1 held 1 card(s)",
        ),
        # FF-6: the last card wins in its player's own turn
        (
            [("hand 2: 2 6 8 10 11 12", "hand 2: -"), ("draw 2: 13 15", "draw 2: -")],
            6,
            9,
            "has laid every card but is not to move",
        ),
        # a top is a laid card: both players still hold their 9
        (
            [
                ("hand 2: 2 6 8 10 11 12", "hand 2: 2 6 8 9 10 11"),
                ("piles 2: 1 21", "piles 2: 9 21"),
            ],
            4,
            10,
            "9 is shown on 1 pile(s) but 2 player(s) still hold their 9",
        ),
        # no pile has left its start, so nobody has laid a card
        ([("piles 1: 5 14", "piles 1: 1 21")], 5, 9, "no pile has left its start"),
        # the card laid on the opponent's pile this turn would be on top there
        ([("laid: 0 0", "laid: 1 1")], 10, 7, "opponent's piles this turn"),
    ],
)
def test_positions_that_cannot_arise_are_refused(
    replacements: list[tuple[str, str]], line: int, column: int, words: str
) -> None:
    text = POSITION
    for old, new in replacements:
        text = edited(text, old, new)
    refused_at(notation.parse, text, line, column, words)


def test_a_mover_who_laid_their_whole_hand_may_still_have_to_draw() -> None:
    """Hand empty, draw pile not, 2 laid this turn: the turn ends and draws (FF-5)."""
    text = POSITION.replace("hand 1: 3 7 9", "hand 1: -").replace("draw 1: -", "draw 1: 4")
    state = notation.parse(text.replace("laid: 0 0", "laid: 2 0"))
    assert isinstance(state, State) and state.hands[0] == () and state.draws[0] == (4,)
    won = notation.parse(POSITION.replace("hand 1: 3 7 9", "hand 1: -").replace("0 0", "1 0"))
    assert isinstance(won, State) and won.laid_own == 1
    finished = notation.parse(POSITION.replace("hand 1: 3 7 9", "hand 1: -"))
    assert isinstance(finished, State) and finished.laid == 0


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([7, 10, 14, 20, 59]))
def test_every_position_of_a_game_passes_the_checks(seed: int, max_card: int) -> None:
    """Soundness: random games to their end (FF-6), every play and every turn."""
    start = a_deal(seed, max_card).start(seed % 2)
    for state in random_states(GAME, start, random.Random(seed)):
        notation.check_position(state)
