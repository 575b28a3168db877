"""One or more tests per rule SQ-1 ... SQ-10, each failing when the rule is broken."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from playable.solver.core.errors import IllegalMove, InvalidVariant
from playable.solver.sequence import board as b
from playable.solver.sequence.board import CELLS_OF, GRID, LINES, cell_name, parse_cell, parse_line
from playable.solver.sequence.notation import apply_text
from playable.solver.sequence.rules import (
    DECK,
    EMPTY,
    PASS,
    Place,
    Remove,
    ReplaceDead,
    Variant,
    apply,
    claim_choices,
    deal,
    is_dead,
    is_terminal,
    legal_moves,
    shuffled_deck,
)

REFERENCE = Path("/work/shared/reference/sequence-board.txt")


def cell(name: str) -> int:
    c = parse_cell(name)
    assert c is not None
    return c


def line(name: str) -> int:
    x = parse_line(name)
    assert x is not None
    return x


# ------------------------------------------------------------------ SQ-1 board


@pytest.mark.skipif(not REFERENCE.exists(), reason="shared reference not present")
def test_sq1_embedded_grid_equals_the_reference_file() -> None:
    text = REFERENCE.read_text(encoding="utf-8")
    assert b._parse_grid(text) == GRID


def test_sq1_every_card_twice_and_four_free_corners() -> None:
    counts = Counter(GRID)
    assert counts.pop("XX") == 4
    assert len(counts) == 48 and set(counts.values()) == {2}
    assert not any(card[0] == "J" for card in counts)
    assert [i for i, c in enumerate(GRID) if c == "XX"] == [0, 9, 90, 99]
    assert CELLS_OF["QS"] == (29, 41)


def test_sq1_check_rejects_a_broken_grid() -> None:
    broken = list(GRID)
    broken[1] = "3S"  # 2S now once, 3S three times
    with pytest.raises(ValueError):
        b._check_grid(tuple(broken))
    moved = list(GRID)
    moved[0], moved[1] = moved[1], moved[0]
    with pytest.raises(ValueError):
        b._check_grid(tuple(moved))


def test_sq1_sq7_there_are_192_lines_of_five() -> None:
    assert len(LINES) == 192 == 6 * 10 + 6 * 10 + 2 * 36
    assert len(set(LINES)) == 192
    names = {b.line_name(i) for i in range(192)}
    assert {"a0-e0", "a0-a4", "a0-e4", "e0-a4", "f9-j9"} <= names
    assert all(parse_line(b.line_name(i)) == i for i in range(192))
    assert all(parse_cell(cell_name(c)) == c for c in range(100))


def test_sq1_corner_counts_for_every_side(make) -> None:  # type: ignore[no-untyped-def]
    # Row 0: a0 is a corner; b0-d0 blue, and the same for green on the other corner.
    s = make("*BBB..GGG*", ["5S"], to_move=0)
    moves = [m for m in legal_moves(s) if isinstance(m, Place) and m.cell == cell("e0")]
    assert moves == [Place("5S", cell("e0"), (line("a0-e0"),))]
    s = make("*BBB..GGG*", ["5S", "6S"], to_move=1)
    s = apply_text(s, "6S@f0+f0-j0")
    assert [str(q) for q in s.sequences] == ["G:f0-j0"]


# ------------------------------------------------------------------- SQ-2 deck


def test_sq2_two_decks_of_52_no_jokers() -> None:
    counts = Counter(DECK)
    assert len(DECK) == 104 and len(counts) == 52 and set(counts.values()) == {2}
    with pytest.raises(InvalidVariant):
        deal(Variant(), [*DECK[:-1], "AS"])


# ---------------------------------------------------------------- SQ-3 players


@pytest.mark.parametrize(
    ("players", "sides", "hand"),
    [
        (2, 2, 7),
        (3, 3, 6),
        (4, 2, 6),
        (6, 2, 5),
        (6, 3, 5),
        (8, 2, 4),
        (9, 3, 4),
        (10, 2, 3),
        (12, 2, 3),
        (12, 3, 3),
    ],
)
def test_sq3_hand_sizes(players: int, sides: int, hand: int) -> None:
    s = deal(Variant(players, sides), shuffled_deck(1))
    assert [len(h) for h in s.hands] == [hand] * players
    assert len(s.draw) == 104 - players * hand


@pytest.mark.parametrize(("players", "sides"), [(5, 2), (7, 2), (4, 3), (3, 2), (2, 3), (4, 4)])
def test_sq3_invalid_player_counts(players: int, sides: int) -> None:
    with pytest.raises(InvalidVariant):
        Variant(players, sides)


def test_sq3_seats_alternate_by_side() -> None:
    v = Variant(6, 3)
    assert [v.side_of(p) for p in range(6)] == [0, 1, 2, 0, 1, 2]
    assert [Variant(4, 2).side_of(p) for p in range(4)] == [0, 1, 0, 1]


# ------------------------------------------------------------------- SQ-4 turn


def test_sq4_place_on_either_space_then_draw(make) -> None:  # type: ignore[no-untyped-def]
    s = make("", ["QS 2D", "3D"], draw="4D 5D")
    targets = sorted(m.cell for m in legal_moves(s) if isinstance(m, Place) and m.card == "QS")
    assert targets == [29, 41]
    after = apply(s, Place("QS", 41))
    assert after.chips[41] == 0 and after.to_move == 1
    assert after.hands[0] == ("2D", "4D") and after.discards[0] == ("QS",)
    assert after.draw == ("5D",)


def test_sq4_cannot_place_on_a_wrong_or_occupied_space(make) -> None:  # type: ignore[no-untyped-def]
    s = make("", ["QS"], draw="4D")
    with pytest.raises(IllegalMove):
        apply(s, Place("QS", 30))
    s = make("\n\n.........G", ["QS"], draw="4D")  # j2 = QS occupied
    assert all(m.cell != 29 for m in legal_moves(s) if isinstance(m, Place))
    with pytest.raises(IllegalMove):
        apply(s, Place("QS", 29))


# ------------------------------------------------------------------ SQ-5 Jacks


def test_sq5_two_eyed_jacks_diamonds_clubs_are_wild(make) -> None:  # type: ignore[no-untyped-def]
    for jack in ("JD", "JC"):
        s = make(".B", [jack])
        cells = {m.cell for m in legal_moves(s) if isinstance(m, Place)}
        assert cells == set(range(100)) - {0, 9, 90, 99, 1}
        assert not any(isinstance(m, Remove) for m in legal_moves(s))


def test_sq5_one_eyed_jacks_hearts_spades_remove(make) -> None:  # type: ignore[no-untyped-def]
    for jack in ("JH", "JS"):
        s = make(".BG", [jack])
        moves = legal_moves(s)
        assert moves == [Remove(jack, 2)]  # the green chip only; never place
        after = apply(s, moves[0])
        assert after.chips[2] == EMPTY and after.chips[1] == 0
        with pytest.raises(IllegalMove):
            apply(s, Place(jack, 3))
        with pytest.raises(IllegalMove):
            apply(s, Remove(jack, 1))  # own chip


def test_sq5_sq7_locked_chips_cannot_be_removed(make) -> None:  # type: ignore[no-untyped-def]
    s = make(".GGGG.G", ["JS"], sequences="G:a0-e0")
    assert legal_moves(s) == [Remove("JS", 6)]
    with pytest.raises(IllegalMove):
        apply(s, Remove("JS", 2))


# ------------------------------------------------------------------ SQ-6 dead


def test_sq6_dead_card_replaced_once_then_play(make) -> None:  # type: ignore[no-untyped-def]
    # QS sits on j2 and b4: both occupied -> dead.
    s = make("\n\n.........G\n\n.B", ["QS 3S", "2S"], draw="4S 5S 6S")
    assert is_dead(s.chips, "QS") and not is_dead(s.chips, "3S")
    assert ReplaceDead("QS") in legal_moves(s)
    assert ReplaceDead("3S") not in legal_moves(s)
    after = apply(s, ReplaceDead("QS"))
    assert after.to_move == 0 and after.replaced
    assert after.hands[0] == ("3S", "4S") and after.discards[0] == ("QS",)
    assert not any(isinstance(m, ReplaceDead) for m in legal_moves(after))
    with pytest.raises(IllegalMove):
        apply(s, ReplaceDead("3S"))


def test_sq6_only_one_dead_card_per_turn(make) -> None:  # type: ignore[no-untyped-def]
    s = make("\n\n.........G\n\n.B", ["QS QS", "2S"], draw="QS 5S")
    after = apply(s, ReplaceDead("QS"))
    with pytest.raises(IllegalMove):
        apply(after, ReplaceDead("QS"))
    assert after.hand == ("QS", "QS")  # the replacement was the other QS: still dead
    assert legal_moves(after) == [PASS]
    after = apply(after, PASS)
    assert after.to_move == 1 and not after.replaced


# -------------------------------------------------------------- SQ-7 sequence


def test_sq7_five_in_a_row_completes_and_locks(make) -> None:  # type: ignore[no-untyped-def]
    s = make("\n.BBBB", ["2C"])  # row 1: b1-e1 blue; a1 is 6C, f1 is AH
    s = make("\nBBBB", ["2C"])
    assert legal_moves(s)[0] == Place("2C", cell("e1"), (line("a1-e1"),))
    after = apply(s, legal_moves(s)[0])
    assert after.locked == {10, 11, 12, 13, 14}


def test_sq7_must_announce_the_completed_sequence(make) -> None:  # type: ignore[no-untyped-def]
    s = make("\nBBBB", ["2C"])
    with pytest.raises(IllegalMove):
        apply(s, Place("2C", cell("e1")))


def test_sq7_vertical_and_diagonal(make) -> None:  # type: ignore[no-untyped-def]
    s = make("*\nB\nB\nB", ["9C"])  # a1 a2 a3 blue + corner a0; 9C on a4
    assert Place("9C", cell("a4"), (line("a0-a4"),)) in legal_moves(s)
    s = make("*\n.B\n..B\n...B", ["5H"])  # diagonal a0-e4; e4 is 5H
    assert Place("5H", cell("e4"), (line("a0-e4"),)) in legal_moves(s)


def test_sq7_second_sequence_may_share_exactly_one_space(make) -> None:  # type: ignore[no-untyped-def]
    # First sequence b1-f1, blue run on to i1; TS goes on j1.
    s = make("\n.BBBBBBBB.", ["TS"], sequences="B:b1-f1")
    # TS on j1: line f1-j1 shares f1 with b1-f1 -> allowed, a win (two sequences).
    assert Place("TS", cell("j1"), (line("f1-j1"),)) in legal_moves(s)
    s = make("\n.BBBBBBB.B", ["TH"], sequences="B:b1-f1")
    # TH on i1: e1-i1 shares two spaces with b1-f1, f1-j1 shares one.
    moves = [m for m in legal_moves(s) if isinstance(m, Place) and m.cell == cell("i1")]
    assert moves == [Place("TH", cell("i1"), (line("f1-j1"),))]
    s = make("\n.BBBBBBB.", ["TH"], sequences="B:b1-f1")
    moves = [m for m in legal_moves(s) if isinstance(m, Place) and m.cell == cell("i1")]
    assert moves == [Place("TH", cell("i1"), ())]  # d1-h1 etc. overlap too much


def test_sq7_run_of_nine_counts_two(make) -> None:  # type: ignore[no-untyped-def]
    s = make("\n.BBBB.BBBB", ["AH"])  # AH on f1 makes b1..j1: nine in a row
    moves = [m for m in legal_moves(s) if isinstance(m, Place)]
    two = Place("AH", cell("f1"), (line("b1-f1"), line("f1-j1")))
    assert two in moves
    after = apply(s, two)
    assert after.sequence_count(0) == 2 and after.winner == 0


def test_sq7_player_chooses_the_five_in_a_longer_run(make) -> None:  # type: ignore[no-untyped-def]
    s = make("\n.BBBB.B", ["AH"])  # b1..g1 six in a row after AH on f1
    choices = {m.claims for m in legal_moves(s) if isinstance(m, Place) and m.cell == cell("f1")}
    assert choices == {(line("b1-f1"),), (line("c1-g1"),)}
    assert claim_choices((), 0, [line("b1-f1"), line("c1-g1")]) == [
        (line("b1-f1"),),
        (line("c1-g1"),),
    ]


# ------------------------------------------------------------------- SQ-8 win


def test_sq8_two_sides_need_two_sequences(make) -> None:  # type: ignore[no-untyped-def]
    s = make("\nBBBB", ["2C", "3D"])
    after = apply(s, legal_moves(s)[0])
    assert after.winner is None and not is_terminal(after) and after.to_move == 1


def test_sq8_three_sides_need_one(make) -> None:  # type: ignore[no-untyped-def]
    s = make("\nBBBB", ["2C", "3D", "4D"], players=3, sides=3)
    after = apply(s, Place("2C", cell("e1"), (line("a1-e1"),)))
    assert after.winner == 0 and is_terminal(after) and legal_moves(after) == []
    assert len(after.hands[0]) == 0  # SQ-8: the game ends, no card is drawn
    with pytest.raises(IllegalMove):
        apply(after, Place("3D", cell("d2")))


# -------------------------------------------------------------- SQ-9 reshuffle


def test_sq9_discards_are_reshuffled_into_a_new_pile(make) -> None:  # type: ignore[no-untyped-def]
    s = make("", ["2S 3S", "4S"], draw="", fill=False)
    s = type(s)(s.variant, s.chips, s.sequences, s.hands, (("KD", "KC"), ("QD",)), (), 0, 0)
    after = apply(s, Place("2S", cell("b0")))
    # The discards 2S KD KC QD were shuffled; one was drawn, three remain.
    assert after.discards == ((), ())
    assert len(after.draw) == 3 and after.seed == 1
    assert sorted((*after.draw, *after.hands[0])) == sorted(["2S", "3S", "KC", "KD", "QD"])
    again = apply(s, Place("2S", cell("b0")))
    assert again == after  # deterministic with the seed


def test_sq9_unknown_cards_are_never_guessed(make) -> None:  # type: ignore[no-untyped-def]
    s = make("", ["2S", "4S"], draw="")
    assert s.unknown > 0
    with pytest.raises(IllegalMove):
        apply(s, Place("2S", cell("b0")))


# -------------------------------------------------------------- SQ-10 table


def test_sq10_engine_always_draws(make) -> None:  # type: ignore[no-untyped-def]
    s = deal(Variant(2, 2), shuffled_deck(5))
    for _ in range(10):
        s = apply(s, legal_moves(s)[-1])
        assert all(len(h) == 7 for h in s.hands)


def test_pass_only_when_nothing_can_be_played(make) -> None:  # type: ignore[no-untyped-def]
    full = "\n".join(
        "".join(
            "*" if (r, c) in ((0, 0), (0, 9), (9, 0), (9, 9)) else "BG"[(r + c) % 2]
            for c in range(10)
        )
        for r in range(10)
    )
    s = make(full, ["2S", "3S"])
    assert legal_moves(s) == [ReplaceDead("2S"), PASS]
    after = apply(s, PASS)
    assert after.to_move == 1 and after.hands == s.hands
    s = make("", ["2S", "3S"])
    with pytest.raises(IllegalMove):
        apply(s, PASS)
