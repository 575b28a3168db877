"""UNO views along a played round (solver/uno/seatview_history.py, docs/seatview.md):
what a challenge revealed stays in the views, every view agrees with the position it
was taken from (so the dealer can deal the true one), and the review from a seat
reads these views."""

from __future__ import annotations

import random

from playable.solver.uno.rules import (
    Challenge,
    Move,
    Options,
    Play,
    State,
    apply,
    legal_moves,
    random_deal,
)
from playable.solver.uno.seatview import VIEWS
from playable.solver.uno.seatview_deal import deal
from playable.solver.uno.seatview_view import consistent


def challenged_round(seed: int, players: int, moves: int = 120) -> list[tuple[State, Move]]:
    """Random legal play that challenges every Wild Draw Four it can."""
    rng = random.Random(seed)
    state = random_deal(Options(), players, seed, seed % players).start()
    steps: list[tuple[State, Move]] = []
    while not state.is_over and len(steps) < moves:
        options = legal_moves(state)
        challenges = [m for m in options if isinstance(m, Challenge)]
        move = challenges[0] if challenges else rng.choice(options)
        steps.append((state, move))
        state = apply(state, move)
    return steps


def test_views_along_a_round_agree_with_its_positions() -> None:
    seen = lacks = holds = 0
    for seed in range(40):
        players = 2 + seed % 3
        steps = challenged_round(seed, players)
        for seat in range(players):
            views = VIEWS.views_along(steps, seat)
            assert len(views) == len(steps)
            for view, (before, _) in zip(views, steps, strict=True):
                assert consistent(view, before), (seed, seat)
                seen += any(view.seen)
                lacks += bool(view.lacks)
                holds += bool(view.holds)
    assert seen > 0 and lacks > 0 and holds > 0  # challenges happened, innocent and not


def test_a_challenger_keeps_the_hand_it_saw_until_the_cards_are_played() -> None:
    for seed in range(200):
        steps = challenged_round(seed, 2)
        at = next((i for i, (_, m) in enumerate(steps) if isinstance(m, Challenge)), None)
        if at is None or at + 2 >= len(steps):
            continue
        before, _ = steps[at]
        challenger, accused = before.to_move, before.accused
        after = VIEWS.views_along(steps, challenger)[at + 1]
        shown = sorted(before.hands[accused])
        still = [c for c in after.seen[accused] if c in shown]
        assert sorted(still) == sorted(after.seen[accused])  # only cards it was shown
        assert len(after.seen[accused]) == len(shown)  # nothing played in between
        other = VIEWS.views_along(steps, accused)[at + 1]
        assert not any(other.seen)  # the accused saw nothing new
        assert not other.lacks  # the accused knows its own hand
        if not before.guilty:  # innocent: it held no card of the colour in force
            assert [lack.player for lack in after.lacks] == [accused]
        return
    raise AssertionError("no challenge in 200 random rounds")


def test_a_guilty_verdict_holds_until_the_colour_is_laid() -> None:
    """A guilty accused held a card of the colour in force (UN-6): every other seat
    keeps that until the accused lays a card of that colour."""
    checked = 0
    for seed in range(300):
        steps = challenged_round(seed, 3)
        at = next(
            (i for i, (s, m) in enumerate(steps) if isinstance(m, Challenge) and s.guilty), None
        )
        if at is None:
            continue
        before, _ = steps[at]
        accused = before.accused
        bystander = next(p for p in range(3) if p not in (accused, before.to_move))
        views = VIEWS.views_along(steps, bystander)
        (target,) = (h for h in views[at + 1].holds if h.player == accused)
        kinds = set(target.kinds)
        laid = next(
            (
                j
                for j in range(at + 1, len(steps))
                if steps[j][0].to_move == accused
                and isinstance(steps[j][1], Play)
                and steps[j][1].card in kinds
            ),
            None,
        )
        end = len(steps) if laid is None else laid + 1
        assert all(target in view.holds for view in views[at + 1 : end])
        if laid is not None and laid + 1 < len(steps):
            assert target not in views[laid + 1].holds
        assert not VIEWS.views_along(steps, accused)[at + 1].holds  # it knows its hand
        checked += 1
    assert checked >= 5


def test_the_dealer_deals_views_with_history() -> None:
    for seed in range(30):
        steps = challenged_round(seed, 2)
        views = VIEWS.views_along(steps, 0)
        for view in views[:: max(1, len(views) // 5)]:
            if view.seen or view.lacks or view.holds:
                dealt = deal(view, random.Random(seed))
                assert consistent(view, dealt)
