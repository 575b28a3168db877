"""The player from one seat (solver/core/seat_player.py, docs/seatview.md).

The honesty test of every game: two full positions that look the same from the seat
to move (the second dealt from the first's view, so its hidden cards differ) give
the same decision with the same seed: the same move, candidates, deals and nodes.
A player that peeks at a hidden card fails it (the control below). Small settings
keep every decision to a few hundredths of a second.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playable.solver.core.seat_player import (
    DEFAULTS,
    Decision,
    SeatPlayer,
    Settings,
    beats,
    settled,
)
from playable.solver.core.seat_value import MoveValue
from playable.solver.games import engine, game, views

SMALL = Settings(samples=4, block=2, nodes=40, width=4)
PLAYOUTS = Settings(samples=8, block=4, nodes=None, width=4, playouts_only=True)
NAMES = ("thegame", "facetoface", "uno", "sequence")


def fresh(name: str, seed: int) -> Any:
    """A fresh deal of ``name`` (solo The Game, two players otherwise)."""
    if name == "thegame":
        from playable.solver.thegame.rules import Variant, deal, shuffled_deck

        variant = Variant(players=1)
        return deal(variant, shuffled_deck(variant, seed))
    if name == "facetoface":
        from playable.solver.facetoface.notation import Deal
        from playable.solver.facetoface.rules import Variant as FaceVariant
        from playable.solver.facetoface.rules import shuffled_decks

        face = FaceVariant()
        deck_a, deck_b = shuffled_decks(face, seed)
        return Deal(face, tuple(deck_a), tuple(deck_b)).start(seed % 2)
    if name == "uno":
        from playable.solver.uno.rules import Options, random_deal

        return random_deal(Options(), 2, seed, seed % 2).start()
    from playable.solver.sequence.rules import Variant as SequenceVariant
    from playable.solver.sequence.rules import deal as sequence_deal
    from playable.solver.sequence.rules import shuffled_deck as sequence_deck

    return sequence_deal(SequenceVariant(2, 2), sequence_deck(seed), seed % 2)


def position(name: str, seed: int, moves: int) -> Any:
    """The deal of ``seed`` after up to ``moves`` random legal moves, stopped before
    the game ends."""
    rules = game(name)
    rng = random.Random(seed)
    state = fresh(name, seed)
    for _ in range(moves):
        after = rules.apply(state, rng.choice(rules.legal_moves(state)))
        if rules.is_terminal(after):
            break
        state = after
    return state


def twin(name: str, state: Any, seed: int) -> tuple[Any, int]:
    """A second full position with the same view of the seat to move as ``state``,
    dealt from that view (its hidden cards drawn afresh), and the seat."""
    seats = views(name)
    seat = game(name).to_move(state)
    view = seats.view_of(state, seat)
    other = seats.deal(view, random.Random(seed))
    assert seats.view_of(other, seat) == view
    return other, seat


def decision(player: SeatPlayer, state: Any, seat: int) -> Decision:
    player.choose_move(state, seat)
    assert player.last is not None
    return player.last


@pytest.mark.parametrize("chosen", [SMALL, PLAYOUTS], ids=["solves", "playouts"])
@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 12))
def test_identical_views_give_identical_decisions(
    name: str, chosen: Settings, seed: int, moves: int
) -> None:
    state = position(name, seed, moves)
    other, seat = twin(name, state, seed + 1)
    first = decision(SeatPlayer(name, seed=5, settings=chosen), state, seat)
    second = decision(SeatPlayer(name, seed=5, settings=chosen), other, seat)
    assert first == second
    assert first.move in game(name).legal_moves(state)


@pytest.mark.parametrize("name", NAMES)
def test_hidden_cards_differ_between_the_twins(name: str) -> None:
    """The twin positions really differ where the seat cannot see (else the identical
    view test would prove nothing)."""
    rules = game(name)
    differs = 0
    for seed in range(4):
        state = position(name, seed, 6)
        other, _ = twin(name, state, seed + 1)
        differs += rules.format(state) != rules.format(other)
    assert differs >= 3


@pytest.mark.parametrize("name", NAMES)
def test_the_ordering_ranks_the_legal_moves_alike_on_twins(name: str) -> None:
    """``Engine.order`` (the quick bot's move first) lists every legal move once and
    reads only the seat's view: twin positions get the same order."""
    rules, solver = game(name), engine(name)
    for seed in range(6):
        state = position(name, seed, 2 * seed)
        other, _ = twin(name, state, seed + 1)
        order = solver.order(state, rules.legal_moves(state))
        assert order is not None
        assert sorted(map(str, order)) == sorted(map(str, rules.legal_moves(state)))
        twin_order = solver.order(other, rules.legal_moves(other))
        assert twin_order is not None and [str(m) for m in twin_order] == [str(m) for m in order]


def test_the_game_seat_player_keeps_the_sampling_players_whole_turn() -> None:
    """The Game's default is the sampling player's turn (on the engine's number of
    deals), followed card by card (asked afresh at every card it would lay more cards
    than its whole turns do); early in a deal small budgets prove nothing, so the seat
    player plays that turn."""
    from playable.solver.thegame.engine import PLAN_SAMPLES
    from playable.solver.thegame.sampling import SamplingPlayer

    for seed in range(3):
        state = fresh("thegame", seed)
        turn = SeatPlayer("thegame", settings=SMALL).choose_turn(state)
        plan = SamplingPlayer(samples=PLAN_SAMPLES).choose_turn(state)
        assert [str(m) for m in turn] == [str(m) for m in plan]


def test_uno_orders_the_heuristic_bots_move_first() -> None:
    from playable.solver.uno.players import HeuristicPlayer, view_of

    for seed in range(10):
        state = position("uno", seed, seed)
        order = engine("uno").order(state, game("uno").legal_moves(state))
        assert order is not None and order[0] == HeuristicPlayer().choose(view_of(state))


class PeekingPlayer(SeatPlayer):
    """A dishonest control: it seeds its deals with the full position's text too."""

    def choose_move(self, state: Any, seat: int | None = None) -> Any:
        self.seed = hash(game(self.game_name).format(state)) % 1000
        return super().choose_move(state, seat)


#: The control lets the analysis decide (no quick bot's move kept), else an early UNO
#: position, where 40 nodes prove nothing, keeps the heuristic's move whatever it peeks.
UNGUARDED = Settings(samples=4, block=2, nodes=40, width=4, keep_default=False)


def test_a_peeking_player_fails_the_identical_view_test() -> None:
    failed = 0
    for seed in range(3):
        state = position("uno", seed, 4)
        other, seat = twin("uno", state, seed + 1)
        first = decision(PeekingPlayer("uno", settings=UNGUARDED), state, seat)
        second = decision(PeekingPlayer("uno", settings=UNGUARDED), other, seat)
        failed += first != second
    assert failed >= 1


def test_one_legal_move_is_played_without_analysis() -> None:
    player = SeatPlayer("uno", settings=SMALL)
    seats = views("uno")
    for seed in range(60):
        state = position("uno", seed, seed % 9)
        view = seats.view_of(state, game("uno").to_move(state))
        if len(seats.legal_moves(view)) == 1:
            made = player.decide(view)
            assert (made.deals, made.nodes) == (0, 0)
            return
    pytest.fail("no position with one legal move found")


def _values(rows: list[list[float]]) -> list[list[MoveValue]]:
    return [[MoveValue(v > 0, True, v, True, 0) for v in row] for row in rows]


def test_settled_needs_a_clear_paired_advantage() -> None:
    assert not settled(_values([[1, -1]]), 0)  # one deal settles nothing
    assert settled(_values([[1, -1]] * 4), 0)
    assert not settled(_values([[1, -1]] * 4), 1)
    assert settled(_values([[1, 1]] * 4), 0)  # never different: either will do
    assert not settled(_values([[1, -1], [-1, 1], [1, -1], [-1, 1]]), 0)


def test_the_game_turn_is_a_legal_whole_turn() -> None:
    from playable.solver.thegame.rules import play_turn

    state = position("thegame", 3, 0)
    plays = SeatPlayer("thegame", settings=SMALL).choose_turn(state)
    assert len(plays) >= state.minimum
    play_turn(state, plays)  # raises on an illegal play or a short turn


def test_face_to_face_turn_is_a_legal_whole_turn() -> None:
    from playable.solver.facetoface.rules import play_turn

    state = position("facetoface", 3, 0)
    plays = SeatPlayer("facetoface", settings=SMALL).choose_turn(state, random.Random(0))
    play_turn(state, plays)


def test_every_game_registers_the_seat_bot() -> None:
    from playable.solver.facetoface.players import make_player as face_player
    from playable.solver.sequence.players import STRATEGIES as SEQUENCE
    from playable.solver.thegame.players import STRATEGIES as THEGAME
    from playable.solver.uno.players import decide
    from playable.solver.uno.players import make_player as uno_player

    assert isinstance(THEGAME["seat"](), SeatPlayer)
    assert isinstance(face_player("seat", 3), SeatPlayer)
    assert isinstance(SEQUENCE["seat"](), SeatPlayer)
    bot = uno_player("seat", 3)
    assert isinstance(bot, SeatPlayer)
    assert set(DEFAULTS) == set(NAMES)
    bot.settings = SMALL
    state = position("uno", 2, 3)
    empty: tuple[frozenset[int], ...] = tuple(frozenset() for _ in state.hands)
    assert decide(bot, state, empty) in game("uno").legal_moves(state)


def test_beats_reads_every_deal_when_not_proven_only() -> None:
    """Flat Monte Carlo (``playouts_only``): play-outs count, but only a paired 95%
    interval above zero overrules the default."""
    win, loss = MoveValue(True, False, 1, False, 0), MoveValue(False, False, -1, False, 0)
    assert beats([[win, loss]] * 4, 0, 1, proven_only=False)
    assert not beats([[loss, win]] * 4, 0, 1, proven_only=False)
    mixed = [[win, loss], [loss, win], [win, win], [win, loss]]
    assert not beats(mixed, 0, 1, proven_only=False)  # ahead on the mean, not clearly


def test_the_sequence_player_is_flat_monte_carlo() -> None:
    """Sequence's default values every candidate by the stronger bot's play-out on
    each of its deals, solving nothing, and keeps that bot's move unless clearly
    beaten."""
    chosen = DEFAULTS["sequence"]
    assert chosen.playouts_only and chosen.keep_default
    state = position("sequence", 3, 8)
    seat = game("sequence").to_move(state)
    made = decision(SeatPlayer("sequence", seed=1), state, seat)
    assert made.nodes == 0 and made.deals == chosen.samples
    assert made.move in game("sequence").legal_moves(state)


def test_beats_counts_only_proven_values() -> None:
    proven = _values([[1, -1]] * 4)
    assert beats(proven, 0, 1) and not beats(proven, 1, 0)
    played_out = [[MoveValue(True, False, 1, False, 0), MoveValue(False, False, -1, False, 0)]] * 4
    assert not beats(played_out, 0, 1)  # play-outs alone never overrule the quick bot
    assert beats(played_out, 0, 0)
    # a proven win is never worse than anything: it counts against a play-out
    won = MoveValue(True, True, 1, True, 0)
    assert beats([[won, played_out[0][1]]] * 4, 0, 1)
    assert not beats([[played_out[0][1], won]] * 4, 0, 1)
    assert not beats([[won, played_out[0][0]]] * 4, 0, 1)  # both win: no gain
