"""The tree search from one seat (solver/core/seat_search.py) and its player
(solver/core/seat_search_player.py, docs/seatview.md "Tree search from one seat").

The honesty test of every two-sided game: two full positions that look the same from
the seat to move (the second dealt from the first's view) give the same search, move
for move and visit for visit, with the same seed; a player that peeks fails it (the
control). The search itself: every simulation is counted at the root, a move that
wins at once is found, a node's moves are only those legal in the deal at hand.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playable.solver.core.seat_search import InfoNode, SeatSearch, search
from playable.solver.core.seat_search_player import SeatSearchPlayer
from playable.solver.games import game, views
from tests.core.test_seat_player import position, twin

NAMES = ("facetoface", "uno", "sequence")
SMALL = 40  # simulations: a few hundredths of a second a decision


def answer(player: SeatSearchPlayer) -> list[tuple[str, int, float | None]]:
    assert player.last is not None
    return [(str(m.move), m.visits, m.mean) for m in player.last.moves]


def decided(name: str, state: Any) -> tuple[Any, Any]:
    """A position after random moves where the seat to move has a choice."""
    rules = game(name)
    rng = random.Random(0)
    while len(rules.legal_moves(state)) < 2:
        state = rules.apply(state, rng.choice(rules.legal_moves(state)))
    return state, rules.to_move(state)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 12))
def test_identical_views_give_identical_searches(name: str, seed: int, moves: int) -> None:
    state, seat = decided(name, position(name, seed, moves))
    other, _ = twin(name, state, seed + 1)
    first = SeatSearchPlayer(name, seed=3, simulations=SMALL)
    second = SeatSearchPlayer(name, seed=3, simulations=SMALL)
    move = first.choose_move(state, seat)
    assert second.choose_move(other, seat) == move
    assert answer(first) == answer(second)
    assert move in game(name).legal_moves(state)


class PeekingPlayer(SeatSearchPlayer):
    """A dishonest control: it seeds its search with the full position's text too."""

    def choose_move(self, state: Any, seat: int | None = None) -> Any:
        self.seed = hash(game(self.game_name).format(state)) % 1000
        return super().choose_move(state, seat)


def test_a_peeking_player_fails_the_identical_view_test() -> None:
    failed = 0
    for seed in range(3):
        state, seat = decided("uno", position("uno", seed, 4))
        other, _ = twin("uno", state, seed + 1)
        first = PeekingPlayer("uno", simulations=SMALL)
        second = PeekingPlayer("uno", simulations=SMALL)
        first.choose_move(state, seat)
        second.choose_move(other, seat)
        failed += answer(first) != answer(second)
    assert failed >= 1


@pytest.mark.parametrize("name", NAMES)
def test_every_simulation_reaches_the_root_and_one_move(name: str) -> None:
    state, seat = decided(name, position(name, 7, 6))
    view = views(name).view_of(state, seat)
    found = search(name, view, 60, seed=1)
    assert found.simulations == 60
    assert sum(m.visits for m in found.moves) == 60  # every play-out finishes
    assert sorted(str(m.move) for m in found.moves) == sorted(
        str(m) for m in views(name).legal_moves(view)
    )
    assert found.recommended == found.moves[0].move
    for estimate in found.moves:
        assert estimate.wins.trials == estimate.visits
        assert estimate.mean is None or 0.0 <= estimate.mean <= 1.0


def test_a_move_that_wins_at_once_is_recommended() -> None:
    """UNO: the seat holds one card and may lay it (UN-9: the round is won), or draw."""
    rules, seats = game("uno"), views("uno")
    for seed in range(400):
        state = position("uno", seed, 80)
        if rules.is_terminal(state):
            continue
        mover = rules.to_move(state)
        winning = [m for m in rules.legal_moves(state) if rules.is_terminal(rules.apply(state, m))]
        if len(state.hands[mover]) == 1 and winning and len(rules.legal_moves(state)) > 1:
            found = search("uno", seats.view_of(state, mover), 30, seed=seed)
            assert str(found.recommended) in {str(m) for m in winning}
            best = found.moves[0]
            assert best.mean == 1.0 and best.wins.successes == best.visits
            return
    pytest.fail("no position with a winning last card found")


def test_only_moves_legal_in_the_deal_are_selected() -> None:
    """Below the root the moves differ between deals: a node's child is followed only
    in deals where its move is legal, and counted available only there."""
    name = "uno"
    state, seat = decided(name, position(name, 11, 10))
    run = SeatSearch(name, views(name).view_of(state, seat), seed=2)
    rules = game(name)
    for _ in range(30):
        deal = run.views.deal(run.view, run.rng)
        legal = rules.legal_moves(deal)
        chosen = run.select(run.root, deal, legal)
        assert str(chosen.move) in {str(m) for m in legal}
    assert all(child.available == 30 for child in run.root.children.values())


def test_selection_prefers_the_prior_until_the_values_speak() -> None:
    """PUCT: unvisited moves are ranked by their priors; a visited move's mean then
    counts (a move that always lost gives way to an untried one)."""
    node = InfoNode()
    node.children = {"a": InfoNode("a", 0.6), "b": InfoNode("b", 0.4)}
    run = SeatSearch.__new__(SeatSearch)
    run.exploration = 1.5
    assert run.select(node, None, ["a", "b"]).move == "a"
    lost = node.children["a"]
    lost.visits, lost.total, node.visits, node.total = 5, 0.0, 5, 0.0
    assert run.select(node, None, ["a", "b"]).move == "b"


def test_the_cooperative_game_is_refused() -> None:
    with pytest.raises(ValueError, match="two-sided"):
        SeatSearchPlayer("thegame")


def test_the_document_stops_between_simulations() -> None:
    """``search_document``: blocks reported as they finish; once ``stop()`` is true no
    further simulation starts, and the document says so."""
    from playable.solver.core.seat_search import BLOCK, search_document

    state, seat = decided("facetoface", position("facetoface", 5, 4))
    view = views("facetoface").view_of(state, seat)
    reached: list[int] = []
    asked = [0]

    def stop() -> bool:
        asked[0] += 1
        return asked[0] > BLOCK + 7

    document = search_document("facetoface", view, 3 * BLOCK, 2, reached.append, stop)
    assert document["stopped"] and document["simulations"] == BLOCK + 7
    assert reached == [BLOCK, BLOCK + 7]
    assert sum(m["visits"] for m in document["moves"]) == BLOCK + 7
    whole = search_document("facetoface", view, BLOCK + 7, 2)
    assert not whole["stopped"] and whole["moves"] == document["moves"]
