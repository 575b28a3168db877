"""UNO seat views (docs/seatview.md, "UNO"): file round trips, views of reachable
states, the dealer against the brute-force list of deals (chi-square), the seat's
legal moves in every deal, and parse errors with their line and column.

The dealer makes every placement of the unseen *physical* cards equally likely, so
the chi-square weighs each listed deal by its placements (:func:`weight`); the
p-value is ``seat_stats.chi_square_p`` (no scipy is installed).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from math import factorial

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from playable.solver.core.errors import NotationError
from playable.solver.core.jsonkeys import schema
from playable.solver.core.limited_deal import Dealer, Limit, Problem
from playable.solver.core.seat_stats import chi_square_p
from playable.solver.games import views
from playable.solver.uno import seatview_deal
from playable.solver.uno.cards import WILD, WILD_DRAW_FOUR, colour_of, kind
from playable.solver.uno.rules import Options, Phase, State, apply, legal_moves, random_deal
from playable.solver.uno.seatview import VIEWS
from playable.solver.uno.seatview_deal import count, deals, layout, undealable, weight
from playable.solver.uno.seatview_view import (
    HIDDEN,
    Holds,
    Lack,
    View,
    bare,
    consistent,
    view_of,
)
from tests.cli.test_json_contract import REGISTRY
from tests.seat_checks import read_or_located_error
from tests.uno.helpers import cards, position


def _valid(document: dict[str, object], kind: str) -> None:
    Draft202012Validator(schema(kind), registry=REGISTRY).validate(document)


# ------------------------------------------------------------------ chi-square


def key(state: State) -> tuple[object, ...]:
    """A deal without its seed (the seed is drawn apart from the cards)."""
    return state.hands, state.draw, state.drawn, state.guilty


def chi_square(view: View, samples: int, seed: int) -> float:
    """The p-value of :func:`deal`'s frequencies against the weights of the brute
    force list (every deal's expected count at least 5)."""
    listed = list(deals(view))
    assert len({key(s) for s in listed}) == len(listed) >= 2
    weights = {key(s): weight(view, s) for s in listed}
    total = sum(weights.values())
    expected = {k: samples * float(w / total) for k, w in weights.items()}
    assert min(expected.values()) >= 5, "too few samples for this view"
    rng = random.Random(seed)
    seen: Counter[tuple[object, ...]] = Counter()
    for _ in range(samples):
        state = VIEWS.deal(view, rng)
        assert key(state) in weights, "the dealer gave a deal the brute force does not list"
        seen[key(state)] += 1
    statistic = sum((seen[k] - e) ** 2 / e for k, e in expected.items())
    return chi_square_p(statistic, len(expected) - 1)


# ------------------------------------------------------------ small late views

# Two players, seat 1 (0-based 0) to move; 5 unseen cards: the opponent's 3 and a
# draw pile of 2. The rest of the deck lies under the top of the discard pile.
G5 = kind(2, 5)
LATE = position(["R1 R2", "G5 G5 B7"], "R3", draw="W Y3", fill_draw=False)


def small_view(
    seen: tuple[tuple[int, ...], ...] = (),
    lacks: tuple[Lack, ...] = (),
    holds: tuple[Holds, ...] = (),
) -> View:
    return replace(view_of(LATE, 0), seen=seen, lacks=lacks, holds=holds)


GREENS = tuple(range(26, 39))
HOLDS_GREEN = Holds(1, GREENS)


def test_the_small_views_have_few_deals() -> None:
    assert sum(small_view().unseen().values()) == 5
    # unseen G5 G5 B7 W Y3: 7 hands of 3 (3 with both G5, 3 with one, 1 with none);
    # the other 2 cards in 2 orders, or 1 when they are the two G5
    assert len(list(deals(small_view()))) == 6 * 2 + 1


@pytest.mark.parametrize(
    ("name", "view"),
    [
        ("plain", small_view()),
        ("lacks green since 1", small_view(lacks=(Lack(1, tuple(cards("G5 G7")), 1),))),
        ("lacks green and wilds", small_view(lacks=(Lack(1, (*range(26, 39), WILD), 2),))),
        ("seen", small_view(seen=((), tuple(cards("G5"))))),
        ("seen and lacks", small_view(seen=((), (G5,)), lacks=(Lack(1, (G5,), 1),))),
        ("holds green", small_view(holds=(HOLDS_GREEN,))),
        ("holds B7 Y3", small_view(holds=(Holds(1, tuple(cards("B7 Y3"))),))),
        (
            "holds green and blue, lacks wilds",
            small_view(
                holds=(HOLDS_GREEN, Holds(1, tuple(cards("B7")))),
                lacks=(Lack(1, (WILD,), 0),),
            ),
        ),
    ],
)
def test_dealer_is_uniform_over_placements(name: str, view: View) -> None:
    assert chi_square(view, 2000, seed=len(name)) > 0.01, name


def test_dealer_is_uniform_for_a_hidden_drawn_card() -> None:
    # Player 2 (0-based 1) drew a card it may play on R3: G5 cannot be it, B7 neither.
    state = position(
        ["R1 R2", "G5 G5 B7 R9"], "R3", draw="W Y3", fill_draw=False, to_move=1,
        phase=Phase.DRAWN, drawn=kind(0, 9),
    )  # fmt: skip
    view = view_of(state, 0)
    assert view.drawn == HIDDEN
    assert chi_square(view, 1500, seed=3) > 0.01
    assert chi_square(replace(view, lacks=(Lack(1, tuple(cards("G5")), 1),)), 1500, seed=4) > 0.01
    assert chi_square(replace(view, holds=(Holds(1, tuple(cards("R9 W"))),)), 1500, seed=9) > 0.01


# Three players; seat 1 sees 6 unseen cards. Players 2 and 3 each held no red card,
# and player 3 no wild either (one card received since): the limits share the red
# cards, where sampling one hand then the other would not be uniform.
THREE = position(["R1", "G5 B7", "Y3 G5"], "R3", draw="R4 W", fill_draw=False, to_move=0)
REDS = tuple(range(13))
OVERLAPPING = replace(view_of(THREE, 0), lacks=(Lack(1, REDS, 0), Lack(2, (*REDS, WILD), 1)))


def test_dealer_is_exact_with_two_overlapping_limits() -> None:
    assert consistent(OVERLAPPING, THREE)
    assert not layout(OVERLAPPING).rejected
    assert chi_square(OVERLAPPING, 2000, seed=5) > 0.01


# Player 3 held a red card (a guilty Wild Draw Four) while player 2 held none: the
# limits share the red cards again, one of them an "at least".
GUILTY = replace(view_of(THREE, 0), lacks=(Lack(1, REDS, 0),), holds=(Holds(2, REDS),))


def test_dealer_is_exact_with_a_lack_and_a_holds_on_the_same_cards() -> None:
    assert not layout(GUILTY).rejected
    assert chi_square(GUILTY, 2000, seed=10) > 0.01


@pytest.mark.parametrize("view", [OVERLAPPING, GUILTY], ids=["lacks", "lacks and holds"])
def test_limits_left_to_rejection_stay_uniform(view: View, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the budget of states a hand's lacks and holds are checked on each draw
    instead of counted: the accepted deals are still uniform."""
    monkeypatch.setattr(seatview_deal, "STATE_BUDGET", 4)
    layout.cache_clear()
    try:
        plan = layout(view)
        assert plan.rejected and len(plan.hand_bucket) < 2
        assert undealable(view) is None
        assert chi_square(view, 2000, seed=8) > 0.01
    finally:
        layout.cache_clear()


def test_guilt_hidden_under_a_wild_is_dealt_by_colour_counts() -> None:
    # A Wild Draw Four on a Wild: the colour it was laid on is lost; player 1 (the
    # accused) may be guilty in proportion to the colours in its hand.
    state = position(
        ["R1 G5", "R2 R9"], "W W4", draw="B7 Y3", fill_draw=False, colour=2, to_move=1,
        phase=Phase.CHALLENGE, pending=4, accused=0, guilty=True,
    )  # fmt: skip
    view = view_of(state, 1)
    assert view.guilty is None
    assert chi_square(view, 2500, seed=6) > 0.01


def test_counting_matches_the_brute_force_exactly() -> None:
    """Every physical placement counted once: the weights of the listed deals add up
    to the dealer's count (times the arrangements of its free pool)."""
    for view in (
        small_view(),
        small_view(lacks=(Lack(1, tuple(cards("G5 G7")), 1),)),
        small_view(seen=((), (G5,)), lacks=(Lack(1, (G5,), 1),)),
        small_view(holds=(HOLDS_GREEN, Holds(1, tuple(cards("W Y3"))))),
    ):
        physical = 1
        for n in view.unseen().values():
            physical *= factorial(n)
        listed = sum((weight(view, s) for s in deals(view)), Fraction(0))
        plan = layout(view)
        free = plan.dealer.problem.total - sum(plan.dealer.problem.sizes)
        arranged = factorial(free)
        for p in plan.free:
            arranged //= factorial(view.hidden_size(p))
        assert listed * physical == count(view) * arranged


def test_weights_count_the_orders_of_the_physical_cards() -> None:
    """``weight`` is the share of the fair shuffles of the unseen physical cards (each
    copy labelled) that give a deal: every order of the 5 labelled cards, cut into
    the opponent's 3 and the draw pile, kept when it agrees with the view."""
    for view in (small_view(), small_view(lacks=(Lack(1, tuple(cards("G5 G7")), 1),))):
        labelled = [(k, i) for k, n in sorted(view.unseen().items()) for i in range(n)]
        shuffles: Counter[tuple[object, ...]] = Counter()
        for order in itertools.permutations(labelled):
            kinds = [k for k, _ in order]
            hands = (view.hand, tuple(sorted(kinds[:3])))
            state = replace(LATE, hands=hands, draw=tuple(kinds[3:]))
            if consistent(view, state):
                shuffles[key(state)] += 1
        weights = {key(s): weight(view, s) for s in deals(view)}
        assert set(shuffles) == set(weights)
        total_shuffles, total_weight = sum(shuffles.values()), sum(weights.values())
        for k, w in weights.items():
            assert Fraction(shuffles[k], total_shuffles) == w / total_weight


def test_dealer_core_counts_small_multisets() -> None:
    # Cards a a b (two copies of 0, one of 1) into buckets of 1 and 1 with "bucket 0
    # holds no 0" and "buckets 0,1 hold at most one 0": bucket 0 must take the 1 and
    # bucket 1 one of the two 0s: 2 placements.
    problem = Problem.of(
        Counter({0: 2, 1: 1}),
        (1, 1),
        (Limit((0,), frozenset({0}), 0), Limit((0, 1), frozenset({0}), 1)),
    )
    dealer = Dealer(problem)
    assert dealer.total() == 2
    buckets, free = dealer.draw(random.Random(0))
    assert buckets == [[1], [0]] and free == [0]
    assert Dealer(Problem.of(Counter({0: 2}), (1,), (Limit((0,), frozenset({0}), 0),))).total() == 0
    # Cards a b b c into a bucket of 2 holding at least one b: of the 6 pairs of the
    # 4 physical cards, all but {a, c}.
    at_least = Limit((0,), frozenset({1}), 2, 1)
    assert Dealer(Problem.of(Counter({0: 1, 1: 2, 2: 1}), (2,), (at_least,))).total() == 5


# --------------------------------------------------------- reachable positions


def reachable(seed: int, players: int, moves: int, stacking: bool) -> State:
    """A position after up to ``moves`` random legal moves of a random deal."""
    rng = random.Random(seed)
    state = random_deal(Options(stacking=stacking), players, seed).start()
    for _ in range(moves):
        if state.is_over:
            break
        state = apply(state, rng.choice(legal_moves(state)))
    return state


states = st.builds(
    reachable,
    st.integers(0, 10**6),
    st.integers(2, 4),
    st.integers(0, 120),
    st.booleans(),
)


def history(state: State, seat: int, rng: random.Random) -> View:
    """The seat's view of ``state`` with history constraints that ``state`` keeps:
    seen cards drawn from a real hand, and lacks a hand keeps (a colour and a wild,
    ``since`` at least the cards of them it holds)."""
    view = view_of(state, seat)
    seen: list[tuple[int, ...]] = [() for _ in range(state.players)]
    lacks = []
    for p in view.others[:2]:  # two players at most: the test stays quick
        hand = list(state.hands[p])
        if state.phase == Phase.DRAWN and p == state.to_move:
            hand.remove(state.drawn)
        seen[p] = tuple(rng.sample(hand, rng.randrange(len(hand) + 1)))
        colour = rng.randrange(4)
        kinds = (*(kind(colour, s) for s in range(13)), rng.choice((WILD, WILD_DRAW_FOUR)))
        held = sum(1 for c in state.hands[p] if c in kinds)
        lacks.append(Lack(p, kinds, held + rng.randrange(2)))
    return replace(view, seen=tuple(seen), lacks=tuple(lacks))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states, st.integers(0, 3), st.integers(0, 2**32))
def test_views_of_reachable_states_round_trip(state: State, seat: int, seed: int) -> None:
    seat %= state.players
    rng = random.Random(seed)
    for view in (view_of(state, seat), history(state, seat, rng)):
        text = VIEWS.format(view)
        assert VIEWS.parse(text) == view
        assert consistent(view, state)
        assert VIEWS.to_json(view)["seat"] == seat
        for _ in range(3):
            dealt = VIEWS.deal(view, rng)
            assert view_of(dealt, seat) == bare(view)
            assert consistent(view, dealt)
            if view.to_move == seat:
                assert VIEWS.legal_moves(view) == legal_moves(dealt)
        if view.to_move != seat:
            assert VIEWS.legal_moves(view) == []


def phase_states() -> dict[str, State]:
    """A reachable state of every phase (UN-4 drawn, UN-6 challenge, UN-5 stack, UN-7
    colour) and a finished round, found along seeded random games."""
    found: dict[str, State] = {}
    for seed in range(200):
        rng = random.Random(seed)
        state = random_deal(Options(stacking=seed % 2 == 1), 2 + seed % 3, seed).start()
        while True:
            label = "over" if state.is_over else state.phase.value
            found.setdefault(label, state)
            if state.is_over or len(found) == 6:
                break
            state = apply(state, rng.choice(legal_moves(state)))
        if len(found) == 6:
            return found
    raise AssertionError(f"phases not reached: {sorted(found)}")


PHASES = phase_states()


@pytest.mark.parametrize("label", sorted(PHASES))
def test_every_phase_from_every_seat(label: str) -> None:
    state = PHASES[label]
    rng = random.Random(len(label))
    for seat in range(state.players):
        view = view_of(state, seat)
        assert VIEWS.parse(VIEWS.format(view)) == view
        _valid(VIEWS.to_json(view), "view")
        if label == "drawn":  # another player's card just drawn is hidden (UN-4)
            assert (view.drawn == HIDDEN) == (seat != state.to_move)
        if label == "challenge":  # only the accused knows its guilt (UN-6)
            assert (view.guilty is None) == (seat != state.accused)
        for _ in range(5):
            dealt = VIEWS.deal(view, rng)
            assert view_of(dealt, seat) == view and consistent(view, dealt)
            if seat == state.to_move:
                assert VIEWS.legal_moves(view) == legal_moves(dealt)


def test_view_hides_what_the_seat_cannot_see() -> None:
    state = reachable(7, 3, 40, False)
    view = view_of(state, 0)
    text = VIEWS.format(view)
    assert "seed" not in text
    for p in (1, 2):
        assert f"hand {p + 1}: {len(state.hands[p])} card" in text
    assert view_of(replace(state, seed=12345), 0) == view


def test_registry_finds_uno_views() -> None:
    assert views("uno") is VIEWS


def test_example_view_parses_and_deals() -> None:
    with open("examples/view.uno.txt", encoding="utf-8") as f:
        view = VIEWS.parse(f.read(), "examples/view.uno.txt")
    assert view.counts == (5, 3) and view.top == cards("R3")[0]
    dealt = VIEWS.deal(view, random.Random(0))
    assert len(dealt.hands[1]) == 3 and len(dealt.draw) == 97
    assert [str(m) for m in VIEWS.legal_moves(view)][:2] == ["R1", "R7"]


def test_innocent_challenge_lack_holds_in_every_deal() -> None:
    # Player 2 held no red card and has drawn one since: at most one red card.
    text = VIEWS.format(small_view(lacks=(Lack(1, tuple(range(13)), 1),)))
    assert "lacks 2: red since 1" in text
    view = VIEWS.parse(text)
    rng = random.Random(2)
    for _ in range(50):
        hand = VIEWS.deal(view, rng).hands[1]
        assert sum(1 for c in hand if colour_of(c) == 0) <= 1


def test_guilty_challenge_holds_in_every_deal() -> None:
    text = VIEWS.format(small_view(holds=(HOLDS_GREEN, Holds(1, tuple(cards("W"))))))
    assert "holds 2: green and W" in text
    view = VIEWS.parse(text)
    assert view.holds == (HOLDS_GREEN, Holds(1, tuple(cards("W"))))
    rng = random.Random(3)
    for _ in range(50):
        hand = VIEWS.deal(view, rng).hands[1]
        assert any(colour_of(c) == 2 for c in hand) and WILD in hand


def test_a_large_hand_avoiding_two_colours_is_dealt_at_once() -> None:
    # Rejection would need about 4**20 tries; counting deals it directly.
    state = reachable(3, 2, 0, False)
    view = view_of(state, 0)
    view = replace(view, counts=(view.counts[0], 20), draw=view.draw - 20 + view.counts[1])
    lack = Lack(1, tuple(range(26)), 0)
    view = replace(view, lacks=(lack,))
    hand = VIEWS.deal(view, random.Random(1)).hands[1]
    assert len(hand) == 20 and all(c >= 26 for c in hand)


# ---------------------------------------------------------------- parse errors

EXAMPLE = """playable uno view
seat: 1
players: 2
dealer: 2
hand 1: R1 R7 G7 B2 W
hand 2: 3 cards
draw: 97 cards
discard: Y7 G3 R3
colour: red
to-move: 1
reshuffles: 1
"""


CHALLENGED = (
    EXAMPLE.replace("discard: Y7 G3 R3", "discard: Y7 G3 W4").replace("colour: red", "colour: blue")
    + "phase: challenge\npending: 4\naccused: 2\n"
)
ACCUSED = (
    CHALLENGED.replace("seat: 1", "seat: 2")
    .replace("hand 1: R1 R7 G7 B2 W", "hand 1: 5 cards")
    .replace("hand 2: 3 cards", "hand 2: R1 R7 G7")
)


def edited(old: str, new: str) -> str:
    assert old in EXAMPLE
    return EXAMPLE.replace(old, new)


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        (edited("hand 2: 3 cards", "hand 2: R5 R6 R8"), (6, 9), "expected a count like '3 cards'"),
        (
            edited("discard: Y7 G3", "discard: R1 R1"),
            (8, 13),
            "a 3rd R1: the 108-card deck holds 2 R1",
        ),
        (edited("draw: 97", "draw: 96"), (7, 7), "hold 107 cards, not the 108"),
        (EXAMPLE + "lacks 1: red\n", (12, 10), "seat 1 sees its own hand"),
        (EXAMPLE + "lacks 2: red purple since 1\n", (12, 14), "got 'purple'"),
        (EXAMPLE + "lacks 2: red since\n", (12, 14), "expected a count after 'since'"),
        (EXAMPLE + "seen 2: R2 R2 R4 R5\n", (12, 9), "4 cards seen, but player 2 holds 3"),
        (EXAMPLE + "seen 2: W4 W4\nlacks 2: W4 since 1\n", (13, 10), "seen holding 2"),
        (EXAMPLE + "holds 1: red\n", (12, 10), "seat 1 sees its own hand"),
        (EXAMPLE + "holds 2: red and\n", (12, 10), "expected the kinds the player holds"),
        (EXAMPLE + "holds 2: and red\n", (12, 10), "'and' joins groups of kinds"),
        (EXAMPLE + "holds 2: red since 1\n", (12, 14), "or 'and', got 'since'"),
        (EXAMPLE + "guilty: ?\n", (12, 9), "guilt is judged only in phase 'challenge'"),
        (EXAMPLE + "seed: 4\n", (12, 1), "unknown field 'seed'"),
        (CHALLENGED + "guilty: yes\n", (15, 9), "hidden from seat 1: write 'guilty: ?'"),
        (ACCUSED + "guilty: no\n", (15, 9), "seat 2 holds a green card"),
        (ACCUSED + "guilty: ?\n", (15, 9), "seat 2 is accused and knows its guilt"),
        (edited("to-move: 1", "to-move: 2\nphase: drawn\ndrawn: G9"), (12, 8), "write 'drawn: ?'"),
    ],
)
def test_parse_errors_name_line_and_column(text: str, where: tuple[int, int], message: str) -> None:
    with pytest.raises(NotationError) as caught:
        VIEWS.parse(text, "v.uno")
    error = caught.value
    assert (error.line, error.column) == where, str(error)
    assert message in error.message and str(error).startswith("v.uno:")


def test_a_view_no_deal_fits_is_refused() -> None:
    # Player 2's 3 cards lack every coloured card and W4: they could only be Wilds,
    # and the seat holds 2 of the 4 (UN-1).
    coloured = " ".join(("red", "yellow", "green", "blue", "W4"))
    text = EXAMPLE.replace("hand 1: R1 R7 G7 B2 W", "hand 1: R1 R7 G7 B2 W W") + ""
    text = text.replace("draw: 97", "draw: 96") + f"lacks 2: {coloured}\n"
    with pytest.raises(NotationError) as caught:
        VIEWS.parse(text)
    assert caught.value.line == 12 and "no deal of the 99 unseen cards" in caught.value.message
    # Player 2 holds a Wild, but the seat holds all four.
    text = EXAMPLE.replace("hand 1: R1 R7 G7 B2 W", "hand 1: R1 W W W W") + "holds 2: W\n"
    with pytest.raises(NotationError) as caught:
        VIEWS.parse(text)
    assert caught.value.line == 12 and "no deal of the 100 unseen cards" in caught.value.message


_LINES = (
    EXAMPLE + "phase: play\nseen 2: W4\nlacks 2: red 7 W since 1 blue\nholds 2: green and W\n"
).splitlines()


@settings(max_examples=150, deadline=None)
@given(
    st.integers(0, len(_LINES) - 1),
    st.integers(0, 40),
    st.text(alphabet=st.sampled_from(list("0123456789 :-?,#RGBYWrdsincelackhon\n")), max_size=8),
    st.integers(0, 3),
)
def test_fuzzed_views_fail_with_one_located_error(
    line: int, at: int, insert: str, cut: int
) -> None:
    lines = list(_LINES)
    text = lines[line]
    lines[line] = text[:at] + insert + text[at + cut :]
    view = read_or_located_error(VIEWS, "\n".join(lines) + "\n", "fuzz.uno")
    if view is not None:
        assert undealable(view) is None
