"""Sequence seat views after a reshuffle (solver/sequence/seatview_reshuffle.py,
docs/seatview.md): the views along played games keep what the seat saw go into the
new draw pile, the true position is always one the dealer can deal, and the dealer
matches the brute-force weights of the physical cards (chi-square)."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from jsonschema import Draft202012Validator

from playable.solver.core.errors import NotationError
from playable.solver.core.jsonkeys import schema
from playable.solver.core.seat_stats import chi_square_p
from playable.solver.sequence import rules
from playable.solver.sequence.rules import Move, State, Variant, empty_board
from playable.solver.sequence.seatview import VIEWS, View
from playable.solver.sequence.seatview_reshuffle import Posterior, Reshuffle
from tests.cli.test_json_contract import REGISTRY
from tests.seat_checks import damaged_files, read_or_located_error


def long_game(seed: int, players: int, sides: int) -> list[tuple[State, Move]]:
    """Random play that avoids a winning move while another move is legal: long
    enough for the draw pile to run out (SQ-9)."""
    rng = random.Random(seed)
    state = rules.deal(Variant(players, sides), rules.shuffled_deck(seed), seed % players)
    steps: list[tuple[State, Move]] = []
    while not rules.is_terminal(state):
        options = rules.legal_moves(state)
        rng.shuffle(options)
        for move in options:
            after = rules.apply(state, move)
            if after.winner is None:
                break
        steps.append((state, move))
        state = after
    return steps


def drew(post: Posterior, hands: dict[int, tuple[str, ...]], player: int) -> Counter[str]:
    """With one opponent its hand at the reshuffle is U0: what it drew since is its hand
    now plus what it laid, less U0 (negative counts: it cannot have held that)."""
    got = Counter(hands[player]) + Counter(post.seen.discards[player])
    got.subtract(post.u0)
    return got


@pytest.mark.parametrize(("players", "sides"), [(2, 2), (3, 3)])
def test_views_along_games_keep_the_reshuffle(players: int, sides: int) -> None:
    reshuffled = 0
    for seed in range(3):
        steps = long_game(seed, players, sides)
        for seat in range(players):
            along = list(zip(VIEWS.views_along(steps, seat), steps, strict=True))
            for view, (before, _) in along[seat :: 4 * players]:
                assert replace(view, reshuffle=None) == VIEWS.view_of(before, seat)
                if view.reshuffle is None:
                    continue
                reshuffled += 1
                assert VIEWS.parse(VIEWS.format(view)) == view
                Draft202012Validator(schema("view"), registry=REGISTRY).validate(
                    VIEWS.to_json(view)
                )
                post = view.posterior()
                post.check()
                assert post.pile_size() == len(before.draw) == view.draw_size
                assert not Counter(before.draw) - post.m  # the pile is reshuffled cards
                truth = {p: before.hands[p] for p in view.others}
                dealt = VIEWS.deal(view, random.Random(seed))
                assert VIEWS.view_of(dealt, seat) == replace(view, reshuffle=None)
                assert not Counter(dealt.draw) - post.m
                if players == 2:
                    other = view.others[0]
                    for hands in (truth, {other: dealt.hands[other]}):
                        got = drew(post, hands, other)
                        assert min(got.values(), default=0) >= 0 and not got - post.m
    assert reshuffled >= 10


def small_view() -> View:
    """A view built so that the brute force stays small (not a reachable history: the
    seat laid and drew 86 cards since the reshuffle while the opponent laid 2): the
    opponent, who drew first from the new pile, holds 7 cards, 5 reshuffled cards the
    seat did not draw make its 3 draws and the draw pile of 2, and one card it laid
    came from the new pile. The dealer's arithmetic does not depend on how turns alternate."""
    order = rules.shuffled_deck(0)  # both TC in M: the laid one and another
    seat_hand, opp_then, pile = order[:7], order[7:13], order[13:]
    # the opponent drew pile[0] first; the seat drew pile[1:87]; the opponent drew
    # pile[87] and pile[88]; pile[89:91] are the draw pile now
    opp_laid = (opp_then[0], pile[0])
    seat_laid = tuple(pile[1:87])
    view = View(
        Variant(2, 2),
        0,
        empty_board(),
        (),
        tuple(seat_hand),
        (seat_laid, opp_laid),
        0,
        reshuffle=Reshuffle(tuple(pile), 1, tuple(pile[1:87])),
    )
    return view


def placements(post: Posterior, hand: tuple[str, ...], draw: tuple[str, ...]) -> int:
    """How many placements of the physical cards of M give the opponent ``hand`` and
    the pile ``draw``: its draws D are its hand plus what it laid less U0; the copies of
    each card in M go to D in C(m, d) ways and the rest to the pile's order in
    (m - d)! ways (each distinct order of the pile names which copy lies where)."""
    got = Counter(hand) + Counter(post.seen.discards[1])
    got.subtract(post.u0)
    ways = 1
    for card, m in post.m.items():
        d = got[card]
        ways *= math.comb(m, d) * math.factorial(m - d)
    return ways


def test_the_dealer_after_a_reshuffle_matches_the_brute_force() -> None:
    view = small_view()
    post = view.posterior()
    post.check()
    assert sum(post.m.values()) == 5 and post.draws(1) == 3 and post.pile_size() == 2
    every = list(VIEWS.deals(view))
    keys = [(s.hands[1], s.draw) for s in every]
    assert len(set(keys)) == len(keys) >= 3
    weights = [placements(post, hand, draw) for hand, draw in keys]
    rng = random.Random(4)
    samples = 3000
    dealt = Counter((s.hands[1], s.draw) for s in (VIEWS.deal(view, rng) for _ in range(samples)))
    assert set(dealt) <= set(keys), "every dealt position is listed"
    total = sum(weights)
    statistic = sum(
        (dealt[k] - samples * w / total) ** 2 / (samples * w / total)
        for k, w in zip(keys, weights, strict=True)
    )
    assert chi_square_p(statistic, len(keys) - 1) > 0.01


def test_a_reshuffle_that_does_not_fit_is_refused_with_its_line() -> None:
    text = VIEWS.format(small_view())
    assert "reshuffled-by: 2" in text
    broken = text.replace("reshuffled-by: 2", "reshuffled-by: 1")
    with pytest.raises(NotationError) as caught:
        VIEWS.parse(broken, "v.seq")
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("reshuffled:")) + 1
    assert "SQ-9" in caught.value.message and caught.value.line == at
    without = "\n".join(line for line in text.splitlines() if not line.startswith("drawn")) + "\n"
    with pytest.raises(NotationError) as caught:
        VIEWS.parse(without, "v.seq")
    assert "'drawn' is missing" in caught.value.message


def reshuffled_text() -> str:
    """The view file of a two-player game's seat some moves after its reshuffle."""
    steps = long_game(0, 2, 2)
    views = [v for v in VIEWS.views_along(steps, 0) if v.reshuffle is not None]
    return VIEWS.format(views[len(views) // 2])


@settings(max_examples=60, deadline=None)
@given(damaged_files(reshuffled_text(), "0123456789 -:,#SHDCAKQJT\t"))
def test_damaged_reshuffle_views_are_read_or_refused_with_their_line(text: str) -> None:
    read_or_located_error(VIEWS, text, "fuzz.seq")
