"""Deal, position and hand files of The Game, Face to Face and UNO (docs/notation.md
and its pages per game): a malformed file is refused with one line naming the file,
the line and the column of the fault and saying what is wrong. One table and one test
for the three games, which differ only by their reader and their files."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from playable.solver.facetoface import notation as facetoface
from playable.solver.thegame import notation as thegame
from playable.solver.thegame.notation import Deal
from playable.solver.thegame.rules import Variant, shuffled_deck
from playable.solver.uno import notation as uno
from tests.facetoface.test_notation import POSITION as FF_POSITION
from tests.notation_checks import edited, refused_at
from tests.thegame.test_notation import POSITION as TG_POSITION

#: each game's reader, by its rule ids' prefix (docs/rules.md)
PARSE: dict[str, Callable[[str, str], object]] = {
    "TG": thegame.parse,
    "FF": facetoface.parse,
    "UN": uno.parse,
}

#: a deal of The Game for 3 players, whose deck is its last line
GOOD_DEAL = thegame.format_deal(Deal(Variant(players=3), tuple(shuffled_deck(Variant(), 1))))


def with_deck(deck: str) -> str:
    """GOOD_DEAL with ``deck: DECK`` for its deck line."""
    lines = GOOD_DEAL.splitlines()
    return "\n".join([*lines[:-1], f"deck: {deck}"]) + "\n"


CARDS = GOOD_DEAL.splitlines()[-1].removeprefix("deck: ").split()

#: (game, text, line, column, words): ``text`` is refused at ``line`` and ``column``,
#: saying ``words``
CASES = [
    # The Game: GOOD_DEAL broken
    ("TG", with_deck(" ".join(["104", *CARDS[1:]])), 6, 7, "expected a card 2..99, got '104'"),
    ("TG", with_deck(" ".join(["x1", *CARDS[1:]])), 6, 7, "expected a card 2..99, got 'x1'"),
    (
        "TG",
        with_deck(" ".join([*CARDS[:-1], CARDS[0]])),
        6,
        7 + len(" ".join(CARDS[:-1])) + 1,
        "appears twice",
    ),
    ("TG", with_deck(" ".join(CARDS[:-1])), 6, 7, "expected 98 cards"),
    (
        "TG",
        edited(GOOD_DEAL, "players: 3", "players: 3\ncolour: red"),
        3,
        1,
        "unknown field 'colour'",
    ),
    ("TG", edited(GOOD_DEAL, "players: 3", "players: 7"), 2, 10, "expected a player count 1..5"),
    ("TG", edited(GOOD_DEAL, "expert: no", "expert: maybe"), 3, 9, "expected 'yes' or 'no'"),
    ("TG", edited(GOOD_DEAL, "expert: no", "players: 2"), 3, 1, "given twice"),
    ("TG", edited(GOOD_DEAL, "playable thegame deal", "playable thegame hand"), 1, 18, "kind"),
    ("TG", edited(GOOD_DEAL, "playable thegame deal", "thegame deal"), 1, 1, "first line"),
    ("TG", edited(GOOD_DEAL, "max-card: 99\n", "max-card\n"), 5, 1, "expected 'key: value'"),
    ("TG", "\n".join(GOOD_DEAL.splitlines()[:-1]) + "\n", 5, 1, "missing field 'deck'"),
    ("TG", "", 1, 1, "empty file"),
    # The Game: POSITION of tests/thegame/test_notation.py broken
    ("TG", edited(TG_POSITION, "piles: 5 1 21 12", "piles: 5 1 21"), 4, 8, "expected 4 pile tops"),
    (
        "TG",
        edited(TG_POSITION, "piles: 5 1 21 12", "piles: 5 1 21 2"),
        4,
        15,
        "card 2 is on a pile and also elsewhere",
    ),
    (
        "TG",
        edited(TG_POSITION, "piles: 5 1 21 12", "piles: 5 5 21 12"),
        4,
        10,
        "card 5 is on a pile and also elsewhere",
    ),
    ("TG", edited(TG_POSITION, "hand 2: 9 10", "hand 3: 9 10"), 6, 1, "no player 3"),
    (
        "TG",
        edited(TG_POSITION, "hand 1: 2 3 4 6 7 8", "hand 1: 2 3 4 6 7"),
        5,
        9,
        "must hold exactly 6 cards",
    ),
    ("TG", edited(TG_POSITION, "to-move: 1", "to-move: 3"), 8, 10, "expected a player 1..2"),
    (
        "TG",
        edited(TG_POSITION, "draw: 17 18 19 20", "draw: 17 18 19 20 9"),
        7,
        19,
        "card 9 appears twice",
    ),
    # Face to Face: POSITION of tests/facetoface/test_notation.py broken
    ("FF", "playable thegame deal\n", 1, 10, "expected game 'facetoface'"),
    ("FF", "playable facetoface puzzle\n", 1, 21, "expected kind"),
    ("FF", edited(FF_POSITION, "hand 1: 3 7 9", "hand 1: 3 7 99"), 5, 13, "expected a card 2..20"),
    ("FF", edited(FF_POSITION, "hand 1: 3 7 9", "hand 1: 3 7 3"), 5, 13, "appears twice"),
    ("FF", edited(FF_POSITION, "draw 2: 13 15", "draw 2: 13 2"), 8, 12, "appears twice"),
    ("FF", edited(FF_POSITION, "piles 2: 1 21", "piles 2: 1"), 4, 10, "expected 2 pile tops"),
    ("FF", edited(FF_POSITION, "laid: 0 0", "laid: 0 2"), 10, 9, "opponent's piles"),
    ("FF", edited(FF_POSITION, "laid: 0 0", "laid: 0"), 10, 7, "laid: OWN OPP"),
    ("FF", edited(FF_POSITION, "to-move: 1", "to-move: 3"), 9, 10, "a player 1..2"),
    ("FF", edited(FF_POSITION, "to-move: 1\n", ""), 9, 1, "missing field 'to-move'"),
    (
        "FF",
        edited(FF_POSITION, "hand 2: 2 6 8 10 11 12", "hand 2: 2 6 8 10 11 12 16"),
        6,
        9,
        "at most 6",
    ),
    ("FF", FF_POSITION + "colour: red\n", 11, 1, "unknown field 'colour'"),
    # UNO
    ("UN", "playable uno hand\ntop: R5\nhand: R1 X9\n", 3, 10, "expected a card"),
    ("UN", "playable uno hand\ntop: R5\ncolour: blue\nhand: R1\n", 3, 9, "only a wild names"),
    ("UN", "playable uno deal\nplayers: 11\n", 2, 10, "player count"),
    ("UN", "playable uno hand\nfoo: 1\n", 2, 1, "unknown field"),
    ("UN", "playable uno puzzle\n", 1, 14, "expected kind"),
    ("UN", "playable thegame hand\n", 1, 10, "expected game"),
]


@pytest.mark.parametrize(("game", "text", "line", "column", "words"), CASES)
def test_errors_name_line_and_column(
    game: str, text: str, line: int, column: int, words: str
) -> None:
    refused_at(PARSE[game], text, line, column, words)
