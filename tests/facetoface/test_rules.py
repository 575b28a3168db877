"""Face to Face reference rules: one or more tests per rule id (docs/rules.md FF-1 ... FF-7)."""

from __future__ import annotations

import pytest

from playable.solver.core.errors import IllegalMove, InvalidVariant
from playable.solver.facetoface.rules import (
    END_TURN,
    Play,
    State,
    Variant,
    apply,
    deal,
    end_turn,
    is_terminal,
    lay,
    legal_moves,
    play_turn,
    shuffled_decks,
    turns,
    winner,
)

OFFICIAL = Variant()


def position(
    piles: tuple[tuple[int, int], tuple[int, int]],
    hands: tuple[list[int], list[int]],
    draws: tuple[list[int], list[int]] = ([], []),
    to_move: int = 0,
    laid_own: int = 0,
    laid_opp: int = 0,
) -> State:
    return State(
        OFFICIAL,
        piles,
        (tuple(hands[0]), tuple(hands[1])),
        (tuple(draws[0]), tuple(draws[1])),
        to_move,
        laid_own,
        laid_opp,
    )


def plays(state: State) -> set[tuple[int, str]]:
    return {(m.card, m.pile) for m in legal_moves(state) if isinstance(m, Play)}


FAR = [30, 31, 32, 33]  # cards that fit anywhere on fresh own piles
OPEN = (1, 60)


# FF-1 -------------------------------------------------------------------------------


def test_ff1_each_player_has_58_cards_draws_6_and_own_piles_start_at_1_and_60() -> None:
    assert (OFFICIAL.ascending_start, OFFICIAL.descending_start) == (1, 60)
    assert list(OFFICIAL.cards) == list(range(2, 60))
    a, b = shuffled_decks(OFFICIAL, 3)
    state = deal(OFFICIAL, a, b)
    assert state.piles == ((1, 60), (1, 60))
    assert state.hands == (tuple(sorted(a[:6])), tuple(sorted(b[:6])))
    assert state.draws == (tuple(a[6:]), tuple(b[6:]))
    assert [len(d) for d in state.draws] == [52, 52]


def test_ff1_a_deck_must_hold_every_card_once() -> None:
    a, b = shuffled_decks(OFFICIAL, 3)
    with pytest.raises(InvalidVariant):
        deal(OFFICIAL, a[:-1], b)
    with pytest.raises(InvalidVariant):
        deal(OFFICIAL, a, [*b[:-1], b[0]])
    with pytest.raises(InvalidVariant):
        Variant(max_card=60)


# FF-2 -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("own", "pile", "hand", "fits", "refused"),
    [
        # Tomás: normally above 27 on his own ascending pile, but 17 is exactly 10
        # lower; 7 is not (only exactly 10, never 20).
        pytest.param((27, 60), "own-up", [17, 26, 28, 7, 50], [17, 28], [26, 7], id="up"),
        # Sara: normally below 35 on her own descending pile, but 45 is exactly 10
        # higher; 55 is not.
        pytest.param((1, 35), "own-down", [45, 34, 36, 55, 2], [45, 34], [36, 55], id="down"),
    ],
)
def test_ff2_own_piles_take_cards_their_way_or_exactly_10_back(
    own: tuple[int, int], pile: str, hand: list[int], fits: list[int], refused: list[int]
) -> None:
    legal = plays(position((own, OPEN), (hand, FAR)))
    assert all((card, pile) in legal for card in fits), (fits, legal)
    assert not any((card, pile) in legal for card in refused), (refused, legal)


def test_ff2_the_trick_can_be_used_several_times_in_one_turn() -> None:
    state = position(((27, 35), OPEN), ([17, 45, 40, 3], FAR))
    after = play_turn(state, [Play(17, "own-up"), Play(45, "own-down"), Play(40, "own-down")])
    assert after.piles[0] == (17, 40)


# FF-3 -------------------------------------------------------------------------------


def test_ff3_tomas_lays_12_on_saras_ascending_29() -> None:
    tomas = position((OPEN, (29, 40)), ([12, 30, 39, 41, 33, 34], FAR))
    legal = plays(tomas)
    assert (12, "opp-up") in legal
    assert (30, "opp-up") not in legal  # must improve: strictly lower than 29
    assert (39, "opp-up") not in legal  # no trick on the opponent's piles
    assert (41, "opp-down") in legal  # strictly higher than her descending 40
    assert (30, "opp-down") not in legal  # no trick there either
    after = lay(tomas, 12, "opp-up")
    assert after.piles[1] == (12, 40)


def test_ff3_at_most_one_card_per_turn_on_the_opponents_piles() -> None:
    state = position((OPEN, (29, 40)), ([12, 13, 45, 50, 33, 34], FAR))
    after = lay(state, 12, "opp-up")
    assert not any(pile.startswith("opp") for _, pile in plays(after))
    with pytest.raises(IllegalMove):
        lay(after, 45, "opp-down")


# FF-4 -------------------------------------------------------------------------------


def test_ff4_at_least_two_cards_and_one_on_own_piles() -> None:
    state = position((OPEN, (29, 40)), ([12, 30, 31, 32, 33, 34], FAR), ([2, 3], [4, 5]))
    one = lay(state, 30, "own-up")
    assert END_TURN not in legal_moves(one)
    with pytest.raises(IllegalMove):
        end_turn(one)
    opp_only = lay(state, 12, "opp-up")
    assert END_TURN not in legal_moves(opp_only)
    with pytest.raises(IllegalMove):
        end_turn(opp_only)
    both = lay(opp_only, 30, "own-up")
    assert END_TURN in legal_moves(both)


def test_ff4_minimum_stays_two_with_an_empty_draw_pile() -> None:
    state = position((OPEN, OPEN), ([30, 31, 32], FAR))
    one = lay(state, 30, "own-up")
    assert END_TURN not in legal_moves(one)
    with pytest.raises(IllegalMove):
        end_turn(one)


def test_ff4_a_play_that_leaves_the_turn_unfinishable_is_not_offered() -> None:
    # Own up 50, down 10: 55 fits only on the ascending pile, 51 too; after 55 the 51
    # no longer fits anywhere, so 55 first would strand the turn (FF-4, FF-6 decision).
    state = position(((50, 10), OPEN), ([51, 55], FAR), ([2, 3, 4], [5]))
    assert plays(state) == {(51, "own-up")}
    with pytest.raises(IllegalMove):
        lay(state, 55, "own-up")


# FF-5 -------------------------------------------------------------------------------


def test_ff5_own_piles_only_draw_exactly_two_whatever_was_laid() -> None:
    draw = [2, 3, 4, 5, 6, 7, 8]
    state = position((OPEN, OPEN), ([30, 31, 32, 33, 50, 51], FAR), (draw, []))
    after = play_turn(state, [Play(30, "own-up"), Play(31, "own-up"), Play(32, "own-up")])
    assert after.hands[0] == (2, 3, 33, 50, 51)
    assert after.draws[0] == (4, 5, 6, 7, 8)
    assert after.to_move == 1


def test_ff5_a_card_on_the_opponents_pile_refills_to_six() -> None:
    draw = [2, 3, 4, 5, 6, 7, 8]
    state = position((OPEN, (29, 40)), ([12, 30, 31, 32, 50, 51], FAR), (draw, []))
    after = play_turn(
        state, [Play(12, "opp-up"), Play(30, "own-up"), Play(31, "own-up"), Play(32, "own-up")]
    )
    assert after.hands[0] == (2, 3, 4, 5, 50, 51)
    assert after.draws[0] == (6, 7, 8)


def test_ff5_never_more_than_the_draw_pile_holds() -> None:
    state = position((OPEN, (29, 40)), ([12, 30, 31, 32, 50, 51], FAR), ([2], []))
    after = play_turn(state, [Play(12, "opp-up"), Play(30, "own-up"), Play(31, "own-up")])
    assert after.hands[0] == (2, 32, 50, 51)
    assert after.draws[0] == ()


# FF-6 -------------------------------------------------------------------------------


def test_ff6_laying_the_last_card_wins_at_once_mid_turn() -> None:
    state = position((OPEN, OPEN), ([30, 31, 32], FAR))
    after = lay(lay(lay(state, 30, "own-up"), 31, "own-up"), 32, "own-up")
    assert winner(after) == 0
    assert is_terminal(after)
    assert legal_moves(after) == []


def test_ff6_a_single_last_card_wins_although_the_minimum_is_two() -> None:
    state = position((OPEN, OPEN), ([30], FAR))
    assert plays(state) == {(30, "own-up"), (30, "own-down")}
    assert winner(lay(state, 30, "own-down")) == 0


def test_ff6_the_last_card_may_go_on_the_opponents_pile() -> None:
    state = position(((40, 10), (29, 40)), ([12], FAR))
    assert plays(state) == {(12, "opp-up")}
    assert winner(apply(state, Play(12, "opp-up"))) == 0


def test_ff6_a_player_who_cannot_lay_the_minimum_loses_at_once() -> None:
    # Own piles at 50 and 10, fresh opponent piles: only 55 fits anywhere, and one
    # card is not the minimum.
    state = position(((50, 10), OPEN), ([55, 25, 44], FAR), ([2, 3], [4]))
    assert winner(state) == 1
    assert is_terminal(state)
    assert legal_moves(state) == []
    assert turns(state) == []
    with pytest.raises(IllegalMove):
        lay(state, 55, "own-up")


def test_ff6_the_minimum_may_be_reached_with_the_opponents_pile() -> None:
    # Only 55 fits the own piles, but 12 improves the opponent's ascending 29.
    state = position(((50, 10), (29, 40)), ([55, 35, 12], FAR), ([2, 3], [4]))
    assert winner(state) is None
    assert [frozenset(str(p) for p in plays) for plays, _ in turns(state)] == [
        frozenset({"12@opp-up", "55@own-up"}),
    ]


# FF-7 -------------------------------------------------------------------------------


def test_ff7_either_player_may_start_a_deal() -> None:
    a, b = shuffled_decks(OFFICIAL, 5)
    assert deal(OFFICIAL, a, b, first=0).to_move == 0
    second = deal(OFFICIAL, a, b, first=1)
    assert second.to_move == 1
    assert {card for card, _ in plays(second)} <= set(b[:6])
    with pytest.raises(InvalidVariant):
        deal(OFFICIAL, a, b, first=2)


def test_turns_are_distinct_and_commuting_orders_are_merged() -> None:
    state = position((OPEN, OPEN), ([10, 50], FAR), ([2, 3], [4]))
    results = turns(state)
    after_states = [after for _, after in results]
    assert len(after_states) == len(set(after_states))
    # 10 up then 50 down and 50 down then 10 up are one turn.
    both = [p for p, after in results if after.piles[0] == (10, 50)]
    assert len(both) == 1
