"""The Game's seat views (solver/thegame/seatview.py, docs/seatview.md): the view file
reads back what it writes, a dealt position looks like its view from the seat, the
dealer is uniform over the brute-force list of deals (chi-square, also with hints),
the exact check of hints agrees with the brute force, and garbage is one located
NotationError."""

from __future__ import annotations

import math
import random
import re
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.core.errors import NotationError
from playable.solver.core.seat_stats import chi_square_p
from playable.solver.thegame.game import GAME
from playable.solver.thegame.rules import State, Variant, deal, legal_moves
from playable.solver.thegame.seatview import VIEWS, Hint, View, _satisfiable, _split, format_view
from tests.random_play import random_position


def played_position(
    seed: int, players: int, max_card: int, plays: int, expert_hand: bool = False
) -> State:
    """A position reached by ``plays`` random legal moves from a seeded deal."""
    rng = random.Random(seed)
    variant = Variant(players, expert_hand=expert_hand, max_card=max_card)
    order = list(variant.cards)
    rng.shuffle(order)
    return random_position(GAME, deal(variant, order, rng.randrange(players)), rng, plays)


def count_deals(view: View) -> int:
    """How many deals the counts allow (a multinomial times the draw orders)."""
    total, left = 1, len(view.unseen)
    for p in view.others:
        total *= math.comb(left, view.hand_sizes[p])
        left -= view.hand_sizes[p]
    return total * math.factorial(left)


positions = st.builds(
    played_position,
    seed=st.integers(0, 10**6),
    players=st.integers(1, 4),
    max_card=st.integers(30, 99),
    plays=st.integers(0, 60),
)


@settings(max_examples=40, deadline=None)
@given(state=positions, seat_pick=st.integers(0, 4), seed=st.integers(0, 1000))
def test_round_trip_and_deals_look_like_the_view(state: State, seat_pick: int, seed: int) -> None:
    view = VIEWS.view_of(state, seat_pick % state.variant.players)
    assert VIEWS.parse(VIEWS.format(view)) == view
    assert VIEWS.view_of(state, view.seat) == view  # the position is one of its deals
    dealt = VIEWS.deal(view, random.Random(seed))
    assert VIEWS.view_of(dealt, view.seat) == view
    if view.seat == view.to_move:
        assert VIEWS.legal_moves(view) == legal_moves(state)
    else:
        assert VIEWS.legal_moves(view) == []
    document = VIEWS.to_json(view)
    assert document["kind"] == "view" and document["unseen"] == list(view.unseen)


def small_views() -> list[View]:
    """Views with 2..400 consistent deals, from random play on small decks."""
    found: list[View] = []
    for seed in range(400):
        rng = random.Random(seed)
        players = rng.choice((1, 2, 3))
        max_card = {1: 13, 2: 20, 3: 16}[players]
        state = played_position(seed, players, max_card, rng.randrange(4, 30), players == 3)
        view = VIEWS.view_of(state, state.to_move)
        if 2 <= count_deals(view) <= 400 and VIEWS.legal_moves(view):
            found.append(view)
        if len(found) == 6:
            break
    return found


SMALL = small_views()


def chi_square(view: View, draws: int, dealer: object = None) -> float:
    """The p-value of the dealer's counts over the brute-force deals of ``view``."""
    every = list(VIEWS.deals(view))
    assert len(every) == len(set(every))  # each deal once
    counts = Counter(every)
    rng = random.Random(12345)
    sample = dealer if callable(dealer) else (lambda: VIEWS.deal(view, rng))
    for _ in range(draws):
        dealt = sample()
        assert dealt in counts  # only consistent deals
        counts[dealt] += 1
    expected = draws / len(every)
    statistic = sum((counts[d] - 1 - expected) ** 2 / expected for d in every)
    return chi_square_p(statistic, len(every) - 1)


def test_small_views_were_found() -> None:
    assert len(SMALL) >= 4
    assert {v.variant.players for v in SMALL} >= {1, 2}


@pytest.mark.parametrize("index", range(4))
def test_dealer_is_uniform_over_every_deal(index: int) -> None:
    view = SMALL[index]
    every = list(VIEWS.deals(view))
    assert len(every) == count_deals(view)
    assert all(VIEWS.view_of(d, view.seat) == view for d in every)
    assert chi_square(view, 25 * len(every)) > 0.01


def test_the_chi_square_test_catches_a_biased_dealer() -> None:
    view = max(SMALL, key=count_deals)
    rng = random.Random(5)

    def biased() -> State:  # redraw once when the first hidden card is the lowest
        dealt = VIEWS.deal(view, rng)
        hidden = [c for p in view.others for c in dealt.hands[p]] + list(dealt.draw)
        if hidden[0] == min(hidden):
            dealt = VIEWS.deal(view, rng)
        return dealt

    assert chi_square(view, 25 * count_deals(view), biased) < 0.01


def hinted(view: View, rng: random.Random) -> View:
    """``view`` with a random hint about a partner whose hand can decide it."""
    others = [p for p in view.others if view.hand_sizes[p] > 0]
    if not others:
        return view
    hint = Hint(rng.choice(others), rng.randrange(4), rng.random() < 0.5)
    return replace(view, hints=(hint,))


def test_hinted_dealer_is_uniform_and_honours_hints() -> None:
    rng = random.Random(3)
    tried = 0
    for view in SMALL:
        if not any(view.hand_sizes[p] for p in view.others):
            continue
        for _ in range(20):
            with_hint = hinted(view, rng)
            every = list(VIEWS.deals(with_hint))
            if 2 <= len(every) < count_deals(view):  # the hint rules some deals out
                break
        else:
            continue
        assert all(with_hint.honours(d.hands) for d in every)
        assert chi_square(with_hint, 25 * len(every)) > 0.01
        dealt = VIEWS.deal(with_hint, rng)
        assert VIEWS.view_of(dealt, view.seat) == replace(with_hint, hints=())
        text = format_view(with_hint)
        assert VIEWS.parse(text) == with_hint
        tried += 1
    assert tried >= 2


@settings(max_examples=40, deadline=None)
@given(
    index=st.integers(0, 3),
    picks=st.lists(
        st.tuples(st.integers(0, 4), st.integers(0, 3), st.booleans()), min_size=1, max_size=4
    ),
)
def test_hint_check_agrees_with_the_brute_force(
    index: int, picks: list[tuple[int, int, bool]]
) -> None:
    view = SMALL[index]
    if not view.others:
        return
    hints = {(view.others[p % len(view.others)], pile): fits for p, pile, fits in picks}
    with_hints = replace(view, hints=tuple(Hint(p, q, f) for (p, q), f in hints.items()))
    possible = any(with_hints.honours(d.hands) for d in VIEWS.deals(replace(view, hints=())))
    assert _satisfiable(with_hints) == possible
    text = format_view(with_hints)
    if possible:
        assert VIEWS.parse(text) == with_hints
    else:
        with pytest.raises(NotationError, match="no deal satisfies"):
            VIEWS.parse(text)


EXAMPLE = format_view(VIEWS.view_of(played_position(7, 3, 99, 25), 0))


@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=300))
def test_garbage_is_one_located_error(text: str) -> None:
    try:
        VIEWS.parse(text, "junk.txt")
    except NotationError as error:
        assert error.line >= 1 and error.column >= 1
        assert str(error).startswith("junk.txt:")


@settings(max_examples=200, deadline=None)
@given(
    line=st.integers(0, 40),
    start=st.integers(0, 80),
    cut=st.integers(0, 6),
    insert=st.sampled_from(
        ["", "0", "1", "x", "-", "99", "100", " ", ":", "hand 2: 5", "#", "7 7"]
    ),
)
def test_damaged_views_are_one_located_error(line: int, start: int, cut: int, insert: str) -> None:
    lines = EXAMPLE.splitlines()
    i = line % len(lines)
    at = start % (len(lines[i]) + 1)
    lines[i] = lines[i][:at] + insert + lines[i][at + cut :]
    try:
        view = VIEWS.parse("\n".join(lines), "damaged.txt")
    except NotationError as error:
        assert 1 <= error.line <= len(lines) + 1 and error.column >= 1
        return
    assert VIEWS.parse(VIEWS.format(view)) == view  # whatever still reads is a view


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("seat: 1", "seat: 4"), "expected a player 1..3"),
        ((r"draw-count: \d+", "draw-count: 1"), "cards are unseen"),
        ((r"hand-sizes: 6", "hand-sizes: 5"), "holds 6 cards"),
        (("laid: 0", "laid: 9"), "expected a count"),
        (("players: 3", "players: 3\nreserve 1: 2"), "cannot name the seat"),
        (("players: 3", "players: 3\nreserve 2: 4"), "expected a pile 0..3"),
    ],
)
def test_errors_name_line_and_column(change: tuple[str, str], message: str) -> None:
    text = re.sub(change[0], change[1], EXAMPLE, count=1)
    with pytest.raises(NotationError, match=message) as caught:
        VIEWS.parse(text, "bad.txt")
    assert str(caught.value).startswith("bad.txt:")


def test_a_hidden_turn_under_way_is_dealt_only_hands_that_can_go_on() -> None:
    """TG-7 decision: a turn that cannot reach its minimum is not played, so while a
    partner is partway through a turn every deal of the view lets that turn go on,
    and the view reads back although some deals of the unseen cards would not."""
    state = played_position(238, 4, 44, 17)  # player 4 has laid 1 of 2 cards
    assert state.laid == 1 and state.to_move == 3
    view = VIEWS.view_of(state, 0)
    assert VIEWS.parse(VIEWS.format(view)) == view
    cards = list(view.unseen)
    rng = random.Random(1)
    stuck = 0
    for _ in range(200):  # plain shuffles: some leave the turn stuck
        rng.shuffle(cards)
        stuck += not legal_moves(_split(view, cards))
    assert stuck > 0
    for seed in range(200):
        assert legal_moves(VIEWS.deal(view, random.Random(seed)))
