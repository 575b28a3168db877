"""The Game reference rules: one or more tests per rule id of docs/rules.md (TG-1 ... TG-12)."""

from __future__ import annotations

import pytest

from playable.solver.core.errors import IllegalMove, InvalidVariant
from playable.solver.thegame.players import GreedyPlayer
from playable.solver.thegame.rules import (
    END_TURN,
    Play,
    State,
    Variant,
    accepts,
    apply,
    deal,
    end_turn,
    is_terminal,
    lay,
    legal_moves,
    shuffled_deck,
)

OFFICIAL = Variant()


def position(
    piles: tuple[int, int, int, int],
    hands: list[list[int]],
    draw: list[int],
    variant: Variant = OFFICIAL,
    to_move: int = 0,
    laid: int = 0,
) -> State:
    return State(variant, piles, tuple(tuple(h) for h in hands), tuple(draw), to_move, laid)


def plays(state: State) -> set[tuple[int, int]]:
    return {(m.card, m.pile) for m in legal_moves(state) if isinstance(m, Play)}


# TG-1 -------------------------------------------------------------------------------


def test_tg1_deck_is_98_cards_2_to_99_and_piles_start_at_1_and_100() -> None:
    assert list(OFFICIAL.cards) == list(range(2, 100))
    assert OFFICIAL.deck_size == 98
    assert OFFICIAL.start_piles == (1, 1, 100, 100)
    assert Variant(max_card=30).start_piles == (1, 1, 31, 31)


def test_tg1_a_deal_must_hold_every_card_once() -> None:
    order = list(range(2, 100))
    with pytest.raises(InvalidVariant):
        deal(OFFICIAL, order[:-1])
    with pytest.raises(InvalidVariant):
        deal(OFFICIAL, [*order[:-1], 2])


# TG-2 and TG-6 ------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(1, 8), (2, 7), (3, 6), (4, 6), (5, 6)])
def test_tg2_hand_size(players: int, size: int) -> None:
    variant = Variant(players=players)
    assert variant.hand_size == size
    state = deal(variant, shuffled_deck(variant, 7))
    assert [len(h) for h in state.hands] == [size] * players
    assert len(state.draw) == 98 - players * size


@pytest.mark.parametrize(("players", "size"), [(1, 7), (2, 6), (3, 5), (5, 5)])
def test_tg6_expert_hand_is_one_card_fewer_and_separate_from_expert_minimum(
    players: int, size: int
) -> None:
    variant = Variant(players=players, expert_hand=True)
    assert variant.hand_size == size
    assert variant.minimum(draw_pile_empty=False) == 2  # the expert minimum is not implied


def test_variant_limits() -> None:
    with pytest.raises(InvalidVariant):
        Variant(players=6)
    with pytest.raises(InvalidVariant):
        Variant(players=0)
    with pytest.raises(InvalidVariant):
        Variant(players=5, max_card=25)  # 24 cards cannot deal 5 hands of 6


# TG-3 -------------------------------------------------------------------------------


def test_tg3_rulebook_examples_backwards_trick() -> None:
    assert accepts(0, 47, 37)  # 37 on ascending 47: exactly 10 lower
    assert accepts(2, 65, 75)  # 75 on descending 65: exactly 10 higher


def test_tg3_only_exactly_ten() -> None:
    assert not accepts(0, 47, 27)  # 20 lower
    assert not accepts(0, 47, 38)  # 9 lower
    assert not accepts(2, 65, 85)
    assert not accepts(2, 65, 74)


def test_tg3_normal_direction() -> None:
    assert accepts(1, 47, 48) and accepts(1, 1, 99)
    assert not accepts(1, 47, 46)
    assert accepts(3, 65, 64) and accepts(3, 100, 2)
    assert not accepts(3, 65, 66)


def test_tg3_trick_any_number_of_times_in_one_turn_mixed_with_normal_plays() -> None:
    state = position((47, 30, 65, 80), [[37, 27, 75, 85, 50, 2, 3, 4]], [90, 91, 92, 93])
    state = lay(state, 37, 0)
    state = lay(state, 27, 0)  # trick twice on the same pile
    state = lay(state, 75, 2)
    state = lay(state, 85, 2)
    state = lay(state, 50, 0)  # a normal play in between
    assert state.piles == (50, 30, 85, 80)


def test_tg3_illegal_card_is_refused() -> None:
    state = position((47, 30, 65, 80), [[20, 21, 75, 85, 50, 2, 3, 4]], [90])
    with pytest.raises(IllegalMove):
        lay(state, 20, 0)
    with pytest.raises(IllegalMove):
        lay(state, 99, 0)  # not in hand


# TG-4 -------------------------------------------------------------------------------


def test_tg4_may_lay_the_whole_hand_and_draws_as_many_as_laid() -> None:
    hand = [10, 20, 30, 40, 50, 60, 70, 80]
    state = position((1, 1, 100, 100), [hand], [*list(range(2, 10)), 11, 12])
    for card in hand:
        state = lay(state, card, 0)
    assert state.hand == () and state.laid == 8
    after = end_turn(state)
    assert after.hand == (2, 3, 4, 5, 6, 7, 8, 9)
    assert after.draw == (11, 12)


def test_tg4_nobody_draws_in_the_middle_of_a_turn() -> None:
    state = position((1, 1, 100, 100), [[10, 20, 30, 40, 50, 60, 70, 80]], [2, 3, 4])
    state = lay(lay(lay(state, 10, 0), 20, 0), 30, 0)
    assert len(state.hand) == 5 and state.draw == (2, 3, 4)


def test_tg4_never_draws_more_than_the_draw_pile_holds() -> None:
    state = position((1, 1, 100, 100), [[10, 20, 30, 40, 50, 60, 70, 80]], [2])
    state = end_turn(lay(lay(lay(state, 10, 0), 20, 0), 30, 0))
    assert len(state.hand) == 6 and state.draw == ()


# TG-5 -------------------------------------------------------------------------------


def test_tg5_two_cards_a_turn_while_the_draw_pile_has_cards() -> None:
    state = position((1, 1, 100, 100), [[10, 20, 30, 40, 50, 60, 70, 80]], [2])
    state = lay(state, 10, 0)
    assert END_TURN not in legal_moves(state)
    with pytest.raises(IllegalMove):
        end_turn(state)
    assert END_TURN in legal_moves(lay(state, 20, 0))


def test_tg5_minimum_one_once_the_draw_pile_is_empty() -> None:
    state = position((1, 1, 100, 100), [[10, 20]], [])
    assert state.minimum == 1
    assert END_TURN in legal_moves(lay(state, 10, 0))


def test_tg5_expert_minimum_three_then_one() -> None:
    expert = Variant(expert=True)
    state = position((1, 1, 100, 100), [[10, 20, 30, 40, 50, 60, 70, 80]], [2], expert)
    state = lay(lay(state, 10, 0), 20, 0)
    assert END_TURN not in legal_moves(state)
    assert END_TURN in legal_moves(lay(state, 30, 0))
    assert position((1, 1, 100, 100), [[10]], [], expert).minimum == 1


# TG-7 -------------------------------------------------------------------------------


def test_tg7_game_over_when_the_player_cannot_lay_the_minimum() -> None:
    # Every pile is blocked for every card but one: one card is not the minimum of 2.
    state = position((98, 98, 3, 3), [[50, 51, 52, 53, 54, 55, 56, 99]], [60])
    assert plays(state) == set()
    assert is_terminal(state) and legal_moves(state) == []
    assert state.cards_left == 9
    with pytest.raises(IllegalMove):
        apply(state, Play(99, 0))  # the turn is not played at all (TG-7 decision)


def test_tg7_not_over_while_the_minimum_can_still_be_laid() -> None:
    # 99 alone fits pile 0, but 91 on pile 1 and then 99 on pile 0 make a turn of two.
    state = position((98, 90, 3, 3), [[99, 91]], [60])
    assert not is_terminal(state)
    # 99 on pile 1 would leave 91 with no pile: that play is not legal.
    assert plays(state) == {(99, 0), (91, 1)}


def test_tg7_only_plays_that_keep_the_minimum_reachable_are_legal() -> None:
    # Pile 0 at 97: laying 98 on pile 0 leaves 99 playable; laying 99 leaves nothing.
    state = position((97, 99, 2, 2), [[98, 99]], [50])
    assert plays(state) == {(98, 0)}
    with pytest.raises(IllegalMove):
        lay(state, 99, 0)


def test_tg7_an_empty_hand_is_skipped() -> None:
    variant = Variant(players=3, max_card=30)
    state = position((1, 1, 31, 31), [[2], [], [3]], [], variant, to_move=0)
    after = end_turn(lay(state, 2, 0))
    assert after.to_move == 2  # player 2 (index 1) holds nothing: skipped


def test_tg7_won_when_every_card_is_laid() -> None:
    state = position((1, 1, 100, 100), [[50]], [])
    state = end_turn(lay(state, 50, 0))
    assert state.is_won and is_terminal(state) and state.cards_left == 0


# TG-8 -------------------------------------------------------------------------------


def test_tg8_score_counts_every_hand_and_the_draw_pile() -> None:
    variant = Variant(players=2)
    state = deal(variant, shuffled_deck(variant, 3))
    assert state.cards_left == 98
    state = lay(lay(state, *_two_plays(state)[0]), *_two_plays(state)[1])
    assert state.cards_left == 96


def _two_plays(state: State) -> list[tuple[int, int]]:
    first = next(m for m in legal_moves(state) if isinstance(m, Play))
    after = lay(state, first.card, first.pile)
    second = next(m for m in legal_moves(after) if isinstance(m, Play))
    return [(first.card, first.pile), (second.card, second.pile)]


# TG-9 and TG-11 ----------------------------------------------------------------------


def test_tg9_the_team_chooses_the_first_player() -> None:
    variant = Variant(players=3)
    order = shuffled_deck(variant, 1)
    assert deal(variant, order, first=2).to_move == 2
    with pytest.raises(InvalidVariant):
        deal(variant, order, first=3)


def test_tg11_deal_order_hands_then_draw_pile_from_the_front() -> None:
    variant = Variant(players=2)
    order = list(range(99, 1, -1))
    state = deal(variant, order)
    assert state.hands[0] == tuple(sorted(order[:7]))
    assert state.hands[1] == tuple(sorted(order[7:14]))
    assert state.draw == tuple(order[14:])
    state = end_turn(lay(lay(state, 93, 0), 94, 0))
    assert set(order[14:16]) <= set(state.hands[0])


# TG-10 ------------------------------------------------------------------------------


def test_tg10_the_greedy_player_uses_only_its_own_hand_and_the_piles() -> None:
    variant = Variant(players=2)
    state = deal(variant, shuffled_deck(variant, 11))
    other = State(
        variant,
        state.piles,
        (state.hands[0], state.draw[:7]),
        state.hands[1] + state.draw[7:],
        0,
        0,
    )
    assert GreedyPlayer().choose_turn(state) == GreedyPlayer().choose_turn(other)


# TG-12 ------------------------------------------------------------------------------


def test_tg12_piles_0_1_ascend_and_2_3_descend() -> None:
    for pile in (0, 1):
        assert accepts(pile, 50, 51) and not accepts(pile, 50, 49)
    for pile in (2, 3):
        assert accepts(pile, 50, 49) and not accepts(pile, 50, 51)
    with pytest.raises(IllegalMove):
        accepts(4, 50, 51)
