"""One or more tests per UNO rule id (docs/rules.md UN-1 ... UN-10); each fails if the
rule is broken in solver/uno/rules.py."""

from __future__ import annotations

from collections import Counter

import pytest

from playable.solver.core.errors import IllegalMove, InvalidVariant
from playable.solver.uno.cards import (
    KINDS,
    WILD,
    WILD_DRAW_FOUR,
    colour_of,
    copies,
    full_deck,
    matches,
    name,
    parse_card,
    points,
)
from playable.solver.uno.rules import (
    ACCEPT,
    CHALLENGE,
    DRAW,
    PASS,
    Deal,
    NameColour,
    Options,
    Phase,
    Play,
    Scoring,
    apply,
    deal_from_order,
    legal_moves,
    match_winner,
    random_deal,
    round_scores,
    shuffled,
    start,
    uno_penalty,
)
from tests.uno.helpers import cards, position, rest_of_deck

RED, YELLOW, GREEN, BLUE = range(4)


def card(text: str) -> int:
    c = parse_card(text)
    assert c is not None
    return c


# ------------------------------------------------------------------ UN-1 deck


def test_un1_deck_has_108_cards_25_per_colour_and_8_wilds() -> None:
    deck = full_deck()
    assert len(deck) == 108
    per_colour = Counter(colour_of(c) for c in deck)
    assert per_colour == {RED: 25, YELLOW: 25, GREEN: 25, BLUE: 25, -1: 8}
    assert deck.count(WILD) == 4 and deck.count(WILD_DRAW_FOUR) == 4
    assert copies(card("R0")) == 1 and copies(card("R5")) == 2 and copies(card("GD2")) == 2
    assert {name(c) for c in range(KINDS)} >= {"R7", "GS", "BR", "YD2", "W", "W4"}


# ------------------------------------------------------------------ UN-2 deal


def test_un2_seven_cards_each_dealt_from_the_dealers_left() -> None:
    order = full_deck()
    d = deal_from_order(Options(), 3, 1, order, seed=0)
    assert [len(h) for h in d.hands] == [7, 7, 7]
    # first card to the dealer's left (player 3, index 2), then around
    assert order[0] in d.hands[2] and order[1] in d.hands[0] and order[2] in d.hands[1]
    assert d.draw == tuple(order[21:])
    assert len(d.draw) == 108 - 21


def test_un2_deal_fixes_dealer_hands_and_draw_order() -> None:
    d = _first_card_deal("R5", players=4, dealer=2)
    s = d.start()
    assert s.dealer == 2 and s.to_move == 3
    assert s.hands == d.hands and s.discard == (card("R5"),) and s.draw == d.draw[1:]
    assert random_deal(Options(), 4, seed=5, dealer=2) == random_deal(Options(), 4, 5, 2)
    assert random_deal(Options(), 4, seed=5) != random_deal(Options(), 4, seed=6)
    with pytest.raises(InvalidVariant):
        Deal(Options(), 0, d.hands, d.draw[1:], 5).start()  # a card missing (UN-1)
    with pytest.raises(InvalidVariant):
        random_deal(Options(), 11, seed=0)  # 2-10 players


# ------------------------------------------------------------------ UN-3 matching


def test_un3_matching_by_colour_number_or_symbol_and_wilds_always() -> None:
    assert matches(card("R3"), card("R7"), RED)  # colour
    assert matches(card("G7"), card("R7"), RED)  # number
    assert matches(card("GS"), card("RS"), RED)  # symbol
    assert not matches(card("G3"), card("R7"), RED)
    assert not matches(card("GD2"), card("RS"), RED)
    assert matches(card("W"), card("R7"), RED) and matches(card("W4"), card("R7"), RED)
    assert matches(card("B2"), card("W"), BLUE) and not matches(card("R2"), card("W"), BLUE)


def test_un3_only_matching_cards_are_legal() -> None:
    s = position(["R3 G3 B9 W", "Y1"], "R5")
    moves = legal_moves(s)
    assert Play(card("R3")) in moves and Play(card("B9")) not in moves
    assert Play(card("G3")) not in moves  # 3 on a 5: no match
    assert {Play(WILD, c) for c in range(4)} <= set(moves)
    with pytest.raises(IllegalMove):
        apply(s, Play(card("B9")))


def test_un3_player_left_of_dealer_starts() -> None:
    order = rest_of_deck(cards("R5"))
    order.insert(21, card("R5"))  # the first card turned: a plain number
    d = deal_from_order(Options(), 3, 1, order, seed=0)
    s = start(d)
    assert s.to_move == 2 and s.direction == 1 and s.top == card("R5") and s.colour == RED


# ------------------------------------------------------------------ UN-4 drawing


def test_un4_unplayable_drawn_card_passes_the_turn() -> None:
    s = position(["G1 G2", "Y1", "Y2"], "R5", draw="B9")
    after = apply(s, DRAW)
    assert card("B9") in after.hands[0] and after.to_move == 1 and after.phase == Phase.PLAY


def test_un4_playable_drawn_card_may_be_played_and_only_it() -> None:
    s = position(["R1 G2", "Y1", "Y2"], "R5", draw="R9")
    after = apply(s, DRAW)  # drawing although R1 is playable is allowed
    assert after.phase == Phase.DRAWN and after.to_move == 0
    assert set(legal_moves(after)) == {Play(card("R9")), PASS}
    with pytest.raises(IllegalMove):
        apply(after, Play(card("R1")))
    played = apply(after, Play(card("R9")))
    assert played.top == card("R9") and played.to_move == 1
    kept = apply(after, PASS)
    assert card("R9") in kept.hands[0] and kept.to_move == 1


# ------------------------------------------------------------------ UN-5 actions


def test_un5_draw_two_next_draws_two_and_loses_turn() -> None:
    s = position(["RD2 G1", "Y1", "Y2"], "R5", draw="B1 B2 B3")
    after = apply(s, Play(card("RD2")))
    assert after.hands[1] == tuple(sorted(cards("Y1 B1 B2")))
    assert after.to_move == 2


def test_un5_skip_and_reverse_with_three_players() -> None:
    s = position(["RS RR G1", "Y1", "Y2"], "R5")
    assert apply(s, Play(card("RS"))).to_move == 2
    rev = apply(s, Play(card("RR")))
    assert rev.direction == -1 and rev.to_move == 2
    s2 = position(["Y1", "RR G1", "Y2"], "R5", to_move=1)
    assert apply(s2, Play(card("RR"))).to_move == 0


def test_un5_reverse_acts_as_skip_with_two_players_by_default() -> None:
    s = position(["RR G1", "Y1"], "R5")
    assert apply(s, Play(card("RR"))).to_move == 0  # another turn
    off = position(["RR G1", "Y1"], "R5", options=Options(reverse_skips=False))
    assert apply(off, Play(card("RR"))).to_move == 1


def test_un5_action_cards_give_another_turn_with_two_players() -> None:
    s = position(["RS RD2 G1 G2", "Y1"], "R5")
    assert apply(s, Play(card("RS"))).to_move == 0
    assert apply(s, Play(card("RD2"))).to_move == 0


def test_un5_wild_names_any_colour_including_the_current_one() -> None:
    s = position(["W G1", "Y1"], "R5")
    for colour in range(4):
        after = apply(s, Play(WILD, colour))
        assert after.colour == colour and after.to_move == 1


def test_un5_wild_draw_four_legality_is_judged_on_colour_only() -> None:
    holds_red = position(["W4 R1", "Y1"], "R5")
    assert apply(holds_red, Play(WILD_DRAW_FOUR, GREEN)).guilty
    same_number = position(["W4 G5 BS", "Y1"], "R5")  # a 5 and a symbol do not forbid it
    after = apply(same_number, Play(WILD_DRAW_FOUR, GREEN))
    assert not after.guilty and after.phase == Phase.CHALLENGE and after.pending == 4


def test_un5_stacking_is_off_by_default_and_an_option() -> None:
    s = position(["RD2 G1", "YD2 Y1", "Y2"], "R5", draw="B1 B2 B3 B4 B5 B6")
    assert apply(s, Play(card("RD2"))).phase == Phase.PLAY  # no chance to stack
    on = position(
        ["RD2 G1", "YD2 Y1", "Y2"], "R5", draw="B1 B2 B3 B4", options=Options(stacking=True)
    )
    pending = apply(on, Play(card("RD2")))
    assert pending.phase == Phase.STACK and pending.to_move == 1
    assert Play(card("YD2")) in legal_moves(pending)
    stacked = apply(pending, Play(card("YD2")))
    assert stacked.pending == 4 and stacked.to_move == 2
    taken = apply(stacked, ACCEPT)
    assert len(taken.hands[2]) == 5 and taken.to_move == 0


# ------------------------------------------------------------------ UN-6 challenge


def test_un6_guilty_player_draws_four_and_challenger_plays_normally() -> None:
    s = position(["W4 R1 G7", "Y1 Y2"], "R5", draw="B1 B2 B3 B4")
    after = apply(s, Play(WILD_DRAW_FOUR, YELLOW))
    assert set(legal_moves(after)) == {CHALLENGE, ACCEPT}
    judged = apply(after, CHALLENGE)
    assert len(judged.hands[0]) == 2 + 4 and len(judged.hands[1]) == 2
    assert judged.to_move == 1 and judged.phase == Phase.PLAY and judged.colour == YELLOW


def test_un6_innocent_challenger_draws_six_and_loses_the_turn() -> None:
    s = position(["W4 G1 G7", "Y1 Y2", "Y3"], "R5", draw="B1 B2 B3 B4 B5 B6")
    after = apply(s, Play(WILD_DRAW_FOUR, YELLOW))
    judged = apply(after, CHALLENGE)
    assert len(judged.hands[1]) == 2 + 6 and judged.to_move == 2
    accepted = apply(after, ACCEPT)
    assert len(accepted.hands[1]) == 2 + 4 and accepted.to_move == 2


# ------------------------------------------------------------------ UN-7 first card


def _first_card_deal(first: str, players: int = 3, dealer: int = 0) -> Deal:
    order = rest_of_deck(cards(first))
    order.insert(7 * players, card(first))
    return deal_from_order(Options(), players, dealer, order, seed=3)


def test_un7_first_draw_two_first_player_draws_two_and_is_skipped() -> None:
    s = start(_first_card_deal("BD2"))
    assert len(s.hands[1]) == 9 and s.to_move == 2


def test_un7_first_reverse_dealer_starts_and_play_goes_right() -> None:
    s = start(_first_card_deal("BR", dealer=1))
    assert s.to_move == 1 and s.direction == -1
    after = apply(s, DRAW)
    if after.phase == Phase.DRAWN:
        after = apply(after, PASS)
    assert after.to_move == 0  # to the dealer's right


def test_un7_first_skip_first_player_is_skipped() -> None:
    s = start(_first_card_deal("GS"))
    assert s.to_move == 2 and len(s.hands[1]) == 7


def test_un7_first_wild_first_player_names_the_colour() -> None:
    s = start(_first_card_deal("W"))
    assert s.phase == Phase.COLOUR and s.to_move == 1
    assert set(legal_moves(s)) == {NameColour(c) for c in range(4)}
    named = apply(s, NameColour(BLUE))
    assert named.colour == BLUE and named.to_move == 1 and named.phase == Phase.PLAY


def test_un7_first_wild_draw_four_goes_back_and_the_deck_is_reshuffled() -> None:
    d = _first_card_deal("W4")
    s = start(d)
    assert s.top != WILD_DRAW_FOUR and s.reshuffles >= 1
    assert WILD_DRAW_FOUR in s.draw  # returned to the deck
    assert s.discard[0] == shuffled(d.draw, d.seed, 0)[0] or s.reshuffles > 1
    assert Counter(s.all_cards()) == Counter(full_deck())


# ------------------------------------------------------------------ UN-8 UNO call


def test_un8_caught_without_calling_uno_draws_two() -> None:
    s = position(["R1 R2", "Y1"], "R5", draw="B1 B2")
    after = apply(s, Play(card("R1")))
    punished = uno_penalty(after, 0)
    assert punished.hands[0] == tuple(sorted(cards("R2 B1 B2")))


# ------------------------------------------------------------------ UN-9 round end


def test_un9_final_draw_two_still_makes_the_next_player_draw() -> None:
    s = position(["RD2", "Y1", "Y2"], "R5", draw="B1 B2")
    after = apply(s, Play(card("RD2")))
    assert after.is_over and after.winner == 0
    assert after.hands[1] == tuple(sorted(cards("Y1 B1 B2")))
    assert round_scores(after)[0] == 1 + 1 + 2 + 2  # the drawn cards count


def test_un9_final_wild_draw_four_makes_the_next_player_draw_four() -> None:
    s = position(["W4", "Y1"], "R5", draw="B1 B2 B3 B4")
    after = apply(s, Play(WILD_DRAW_FOUR, RED))
    assert after.is_over and len(after.hands[1]) == 5
    assert legal_moves(after) == []


def test_un9_empty_draw_pile_reshuffles_the_discard_pile_but_its_top() -> None:
    s = position(["G1 G2", "Y1"], "R5", fill_draw=False, seed=11)
    assert s.draw == ()
    under = s.discard[:-1]
    after = apply(s, DRAW)
    assert after.discard == (card("R5"),) and after.reshuffles == 1
    expected = shuffled(under, 11, 0)
    assert expected[0] in after.hands[0]
    assert after.draw == expected[1:]
    assert Counter(after.all_cards()) == Counter(full_deck())


def test_un9_nothing_to_draw_passes_the_turn() -> None:
    s = position(["G1", "Y1"], "R5", fill_draw=False)
    only_top = s.__class__(
        s.options,
        (s.hands[0], s.hands[1] + s.discard[:-1]),
        (),
        (s.top,),
        RED,
        0,
        1,
    )
    after = apply(only_top, DRAW)
    assert after.hands[0] == only_top.hands[0] and after.to_move == 1


# ------------------------------------------------------------------ UN-10 scoring


def test_un10_points_per_card() -> None:
    assert [points(card(t)) for t in ("R0", "R7", "GD2", "BR", "YS", "W", "W4")] == [
        0,
        7,
        20,
        20,
        20,
        50,
        50,
    ]


def test_un10_standard_winner_scores_the_other_hands() -> None:
    s = position(["R1", "G9 W", "BS Y3"], "R5")
    done = apply(s, Play(card("R1")))
    assert round_scores(done) == [9 + 50 + 20 + 3, 0, 0]


def test_un10_alternative_each_scores_own_leftovers() -> None:
    opts = Options(scoring=Scoring.ALTERNATIVE)
    s = position(["R1", "G9 W", "BS Y3"], "R5", options=opts)
    done = apply(s, Play(card("R1")))
    assert round_scores(done) == [0, 59, 23]


def test_un10_match_to_500_both_scorings() -> None:
    assert match_winner([499, 10], Options()) is None
    assert match_winner([120, 505], Options()) == 1
    alt = Options(scoring=Scoring.ALTERNATIVE)
    assert match_winner([120, 505, 90], alt) == 2
    assert match_winner([120, 300], alt) is None


def test_un5_un6_stacked_wild_draw_fours_and_the_challenge_of_the_last() -> None:
    opts = Options(stacking=True)
    s = position(["W4 R1 G7", "W4 Y1", "Y2 B3"], "R5", options=opts)
    first = apply(s, Play(WILD_DRAW_FOUR, GREEN))  # guilty: player 1 held red
    assert first.phase == Phase.CHALLENGE and first.guilty
    assert Play(WILD_DRAW_FOUR, BLUE) in legal_moves(first)
    stacked = apply(first, Play(WILD_DRAW_FOUR, BLUE))  # player 2 held no green: innocent
    assert stacked.pending == 8 and stacked.to_move == 2 and not stacked.guilty
    innocent = apply(stacked, CHALLENGE)
    assert len(innocent.hands[2]) == 2 + 8 + 2 and innocent.to_move == 0
    taken = apply(stacked, ACCEPT)
    assert len(taken.hands[2]) == 2 + 8
    guilty_stack = position(["W4 R1 G7", "W4 G1", "Y2 B3"], "R5", options=opts)
    stacked = apply(apply(guilty_stack, Play(WILD_DRAW_FOUR, GREEN)), Play(WILD_DRAW_FOUR, BLUE))
    assert stacked.guilty  # player 2 held green, the colour then in force
    judged = apply(stacked, CHALLENGE)
    assert len(judged.hands[1]) == 1 + 8 and judged.to_move == 2 and judged.phase == Phase.PLAY
