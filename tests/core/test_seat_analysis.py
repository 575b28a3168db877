"""Analysis from one seat (solver/core/seat_analysis.py, docs/seatview.md): it reads
only the view (two positions that look alike from the seat give the same document),
it is repeatable and does not depend on the workers or on resuming from a store, its
per-deal values agree with The Game's brute force, and its figures (counts, sign
test, ranking) are what the values say."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from playable.solver.core.budget import Budget
from playable.solver.core.errors import PlayableError
from playable.solver.core.seat_analysis import SeatBudget, analyse_view, run_sample, sample_seed
from playable.solver.core.seat_stats import mean_interval, sign_test
from playable.solver.core.seat_summary import summarise
from playable.solver.core.seat_value import MoveValue
from playable.solver.core.study import StudyMismatch
from playable.solver.games import game, views
from playable.solver.thegame.bruteforce import optimal
from playable.solver.thegame.rules import State, Variant, apply, deal, legal_moves
from playable.solver.thegame.seatview import VIEWS

BUDGET = SeatBudget(nodes=300)


def late_position(seed: int, players: int, max_card: int, left: int) -> State:
    """A position of random legal play with at most ``left`` cards in the draw pile,
    at the start of a turn of a player who can move (the first such game from
    ``seed`` on)."""
    rng = random.Random(seed)
    variant = Variant(players, max_card=max_card)
    for _ in range(1000):
        order = list(variant.cards)
        rng.shuffle(order)
        state = deal(variant, order)
        while legal_moves(state):
            if len(state.draw) <= left and state.laid == 0:
                return state
            state = apply(state, rng.choice(legal_moves(state)))
    raise AssertionError("no such position from this seed")


def without_time(document: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in document.items() if k != "seconds"}


def test_two_positions_with_the_same_view_give_the_same_document() -> None:
    state = late_position(4, 2, 30, 6)
    partner = 1 - state.to_move
    hidden = [*state.hands[partner], *state.draw]
    rng = random.Random(1)
    while True:  # the same counts, other hidden cards in the partner's hand
        rng.shuffle(hidden)
        other = replace(
            state,
            hands=tuple(
                tuple(hidden[: len(h)]) if p == partner else h for p, h in enumerate(state.hands)
            ),
            draw=tuple(hidden[len(state.hands[partner]) :]),
        )
        if other.hands[partner] != state.hands[partner]:
            break
    seat = state.to_move
    first = VIEWS.view_of(state, seat)
    assert VIEWS.view_of(other, seat) == first
    one = analyse_view("thegame", first, 6, seed=9, budget=BUDGET)
    two = analyse_view("thegame", VIEWS.view_of(other, seat), 6, seed=9, budget=BUDGET)
    assert without_time(one) == without_time(two)
    assert one["view"] == VIEWS.to_json(first)
    three = analyse_view("thegame", first, 6, seed=10, budget=BUDGET)
    assert without_time(three) != without_time(one)  # the seed does choose the deals


def test_workers_and_a_store_give_the_same_document(tmp_path: Path) -> None:
    view = VIEWS.view_of(late_position(2, 1, 40, 8), 0)
    alone = analyse_view("thegame", view, 6, seed=3, budget=BUDGET)
    pooled = analyse_view("thegame", view, 6, seed=3, budget=BUDGET, workers=2)
    assert without_time(pooled) == without_time(alone)
    store = tmp_path / "seat.sqlite"
    seen: list[int] = []
    part = analyse_view("thegame", view, 3, seed=3, budget=BUDGET, store=store)
    assert part["samples"] == 3
    whole = analyse_view(
        "thegame",
        view,
        6,
        seed=3,
        budget=BUDGET,
        store=store,
        on_sample=lambda d, t: seen.append(d),
    )
    assert without_time(whole) == without_time(alone)
    assert len(seen) == 3  # only the three new samples were run
    with pytest.raises(StudyMismatch):
        analyse_view("thegame", view, 6, seed=4, budget=BUDGET, store=store)


def test_sample_values_agree_with_the_brute_force() -> None:
    """On small late positions every move of every sampled deal is valued exactly, and
    as the brute force values it (fewest cards left, TG-8)."""
    checked = 0
    for seed in range(40):
        state = late_position(seed, 1, 20, 4)
        view = VIEWS.view_of(state, 0)
        text = VIEWS.format(view)
        moves = VIEWS.legal_moves(view)
        for index in range(2):
            row = run_sample("thegame", text, 5, SeatBudget(nodes=200_000), index)
            dealt = VIEWS.deal(view, random.Random(sample_seed(5, index)))
            for move, value in zip(moves, row["moves"], strict=True):
                best = optimal(apply(dealt, move)).cards_left
                assert value["exact"] and value["proven"]
                assert value["value"] == -best and value["win"] == (best == 0)
                checked += 1
        if checked >= 30:
            break
    assert checked >= 30


def test_a_seat_not_to_move_or_without_moves_is_refused() -> None:
    state = late_position(4, 2, 30, 6)
    with pytest.raises(PlayableError, match="not to move"):
        analyse_view("thegame", VIEWS.view_of(state, 1 - state.to_move), 2, budget=BUDGET)
    with pytest.raises(PlayableError, match="at least 1"):
        analyse_view("thegame", VIEWS.view_of(state, state.to_move), 0, budget=BUDGET)


def test_sample_seeds_differ_and_repeat() -> None:
    seeds = {sample_seed(s, i) for s in range(5) for i in range(50)}
    assert len(seeds) == 250
    assert sample_seed(3, 7) == sample_seed(3, 7)


def value(win: bool, cards: int, proven: bool = True) -> MoveValue:
    return MoveValue(win, proven, float(-cards), proven, 10)


def test_summary_counts_ranks_and_compares() -> None:
    rules = game("thegame")
    # three moves on five deals: b wins 4, a wins 3, c wins 3 with fewer cards than a
    a = [value(True, 0), value(True, 0), value(True, 0), value(False, 5), value(False, 6)]
    b = [value(True, 0), value(True, 0), value(False, 2), value(True, 0), value(True, 0)]
    c = [value(True, 0), value(True, 0), value(True, 0), value(False, 1), value(False, 1, False)]
    samples = [[a[i], b[i], c[i]] for i in range(5)]
    document = summarise(rules, ["a", "b", "c"], samples)
    assert [row["move"] for row in document["moves"]] == ["b", "c", "a"]
    assert document["recommended"] == "b"
    first = document["moves"][0]
    assert first["wins"]["successes"] == 4 and first["samples"] == 5
    assert document["moves"][1]["proven"]["successes"] == 4
    assert first["cards_left"]["mean"] == pytest.approx(0.4)
    versus_c = document["comparisons"][0]
    assert (versus_c["other"], versus_c["best_only"], versus_c["other_only"]) == ("c", 2, 1)
    assert versus_c["p_value"] == pytest.approx(sign_test(2, 1)) == 1.0
    # cards left, other minus best, deal by deal: c - b = 0 0 -2 1 1; a - b = 0 0 -2 5 6
    assert versus_c["cards_left_difference"]["mean"] == pytest.approx(0.0)
    versus_a = document["comparisons"][1]
    assert (versus_a["other"], versus_a["best_only"], versus_a["other_only"]) == ("a", 2, 1)
    assert versus_a["cards_left_difference"]["mean"] == pytest.approx(9 / 5)
    assert document["proven_share"] == pytest.approx(14 / 15)
    assert "Frank and Basin" in document["caveat"]


def test_sign_test_and_mean_interval() -> None:
    assert sign_test(10, 0) == pytest.approx(2 / 1024)
    assert sign_test(0, 0) == 1.0
    assert sign_test(3, 3) == 1.0
    mean, low, high = mean_interval([1.0, 2.0, 3.0])
    assert mean == 2.0 and low < 2.0 < high
    assert mean_interval([]) == (0.0, 0.0, 0.0)


def test_library_api_analyses_from_a_seat() -> None:
    import playable

    position = playable.load(
        Path(__file__).parents[2] / "examples" / "thegame-solo-late.position.txt"
    )
    document = playable.analyse(position, seat=0, samples=3, seed=2, nodes=300)
    view = VIEWS.view_of(position.state, 0)
    direct = analyse_view("thegame", view, 3, seed=2, budget=SeatBudget(nodes=300, memory_mb=64))
    assert without_time(document) == without_time(direct)
    with pytest.raises(PlayableError, match="seat must be"):
        playable.analyse(position, seat=1, samples=1)


EXAMPLES = Path(__file__).parents[2] / "examples"


@pytest.mark.parametrize(
    ("name", "file", "seat"),
    [
        ("facetoface", "endgame.facetoface.txt", 0),
        ("uno", "endgame.uno.txt", 1),
        ("sequence", "win-in-2.sequence.txt", 0),
    ],
)
def test_every_game_reads_only_the_view(name: str, file: str, seat: int) -> None:
    """A position and another deal of the same view (drawn by the game's dealer) give
    the same document: the analysis of every game reads only the view."""
    rules = game(name)
    seats = views(name)
    state = rules.parse((EXAMPLES / file).read_text("utf-8"))
    view = seats.view_of(state, seat)
    other = next(d for i in range(50) if (d := seats.deal(view, random.Random(i))) != state)
    assert seats.view_of(other, seat) == view
    budget = SeatBudget(nodes=50)
    one = analyse_view(name, seats.view_of(state, seat), 1, seed=1, budget=budget)
    two = analyse_view(name, seats.view_of(other, seat), 1, seed=1, budget=budget)
    assert without_time(one) == without_time(two)


class _Rivals:
    """A stub game of three sides in which every move passes the turn to player 1."""

    cooperative = False

    def apply(self, state: int, move: int) -> int:
        return state + 1

    def is_terminal(self, state: int) -> bool:
        return False

    def to_move(self, state: int) -> int:
        return 1

    def sides(self, state: int) -> tuple[int, ...]:
        return (0, 1, 2)[: self.players]

    def __init__(self, players: int) -> None:
        self.players = players


class _Proves:
    """A stub engine whose solves prove ``bounds`` for the player to move and whose
    play-outs lose for everyone."""

    def __init__(self, bounds: tuple[float, float]) -> None:
        self.proven = bounds

    def solve(self, state: int, budget: Any, options: Any) -> Any:
        return type("Result", (), {"nodes": 1})()

    def bounds(self, result: Any, wins_only: bool) -> tuple[float, float]:
        return self.proven

    def rollout(self, state: int, rng: random.Random) -> tuple[float, ...]:
        return (-1.0, -1.0, -1.0)


@pytest.mark.parametrize(
    ("players", "bounds", "win", "proven"),
    [
        (2, (-2.0, -2.0), True, True),  # the only rival loses: the seat wins
        (2, (2.0, 2.0), False, True),  # the rival wins: the seat loses
        (3, (2.0, 2.0), False, True),  # a rival wins: the seat loses
        (3, (-2.0, -2.0), False, False),  # a rival loses: a third may win, not proven
    ],
)
def test_a_rivals_proof_is_turned_to_the_seats_side(
    players: int, bounds: tuple[float, float], win: bool, proven: bool
) -> None:
    from playable.solver.core.engine import SearchOptions
    from playable.solver.core.seat_value import value_move

    found = value_move(
        _Rivals(players),  # type: ignore[arg-type]
        _Proves(bounds),  # type: ignore[arg-type]
        0,
        0,
        0,
        Budget(nodes=1),
        SearchOptions(),
        random.Random(0),
    )
    assert (found.win, found.proven) == (win, proven)
