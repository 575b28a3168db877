"""The compiled play-out (solver/facetoface/playout_kernel.py) plays the reference
bots' games: from every position the same winner (FF-6) and the same number of turns
as ``players.play_game`` with two GreedyPlayers (or two CarefulPlayers) through the
reference rules, on positions of random play and bot play with full and small decks,
finished games, movers that are blocked at once, turns in progress, and (hypothesis)
arbitrary positions the rules accept."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from playable.solver.facetoface import playout_kernel
from playable.solver.facetoface.engine import ENGINE
from playable.solver.facetoface.game import GAME
from playable.solver.facetoface.players import (
    CarefulPlayer,
    GreedyPlayer,
    Player,
    play_game,
)
from playable.solver.facetoface.rules import (
    State,
    Variant,
    can_complete,
    deal,
    is_terminal,
    play_turn,
    shuffled_decks,
    winner,
)
from tests.random_play import random_position

RULES: dict[str, tuple[tuple[int, int], type[GreedyPlayer]]] = {
    "greedy": (playout_kernel.GREEDY, GreedyPlayer),
    "careful": (playout_kernel.CAREFUL, CarefulPlayer),
}


def reference(state: State, bot: type[GreedyPlayer]) -> tuple[int, int]:
    """The winner and turns of the reference bots' game from ``state``."""
    players: tuple[Player, Player] = (bot(), bot())
    game = play_game(state, players, random.Random(0))
    return game.winner, len(game.turns)


def positions(count: int, seed: int) -> list[State]:
    """Mid-game positions: random moves or bot turns (or both) from fresh deals of
    full and small decks; some are finished games, many are turns in progress."""
    rng = random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        variant = Variant(rng.choice([7, 9, 12, 20, 30, 59, 59, 59]))
        a, b = shuffled_decks(variant, rng.randrange(10**9))
        state = deal(variant, a, b, rng.randrange(2))
        for _ in range(rng.randrange(0, 25)):  # whole careful turns first
            if is_terminal(state):
                break
            state = play_turn(state, CarefulPlayer().choose_turn(state, rng))
        found.append(random_position(GAME, state, rng, rng.choice([0, 1, 2, 5, 8, 300])))
    return found


def blocked_ends(count: int, seed: int) -> list[State]:
    """Ends of random games of the full deck: nearly all a mover who cannot lay the
    minimum (FF-6)."""
    rng = random.Random(seed)
    ends = []
    for _ in range(count):
        a, b = shuffled_decks(Variant(), rng.randrange(10**9))
        ends.append(random_position(GAME, deal(Variant(), a, b, rng.randrange(2)), rng, 1000))
    return ends


def test_the_compiled_play_out_plays_the_bots_games() -> None:
    kinds: Counter[str] = Counter()
    for state in positions(200, seed=20261127) + blocked_ends(12, seed=3):
        blocked = state.laid == 0 and winner(state) == state.opponent
        kinds["finished" if is_terminal(state) else "live"] += 1
        kinds["blocked"] += blocked
        kinds["mid-turn"] += state.laid > 0 and not is_terminal(state)
        for name, (rule, bot) in RULES.items():
            expected = reference(state, bot)
            assert playout_kernel.winner_and_turns(state, rule) == expected, (name, state)
            if is_terminal(state):
                assert expected[1] == 0
    # the cases the test is for all occur: it could fail on each of them
    assert min(kinds.values()) >= 10, kinds


def test_the_engine_rollout_is_the_careful_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rollout is the careful bots' game (without jitter, as the reference rules
    play it), its costs jittered from a seed drawn from the search's generator."""
    assert ENGINE.rollout_rule == playout_kernel.CAREFUL and ENGINE.rollout_jitter > 0
    for state in positions(20, seed=5):
        seed = random.Random(1).getrandbits(31)
        won, _ = playout_kernel.winner_and_turns(
            state, playout_kernel.CAREFUL, ENGINE.rollout_jitter, seed
        )
        assert ENGINE.rollout(state, random.Random(1)) == ((1.0, -1.0) if won == 0 else (-1.0, 1.0))
    monkeypatch.setattr(ENGINE, "rollout_jitter", 0)
    for state in positions(20, seed=6):
        won, _ = reference(state, CarefulPlayer)
        assert ENGINE.rollout(state, random.Random(1)) == ((1.0, -1.0) if won == 0 else (-1.0, 1.0))


@st.composite
def arbitrary_positions(draw: st.DrawFn) -> State:
    """Any position the State accepts: cards of a small deck shared out at random
    among the hands and draw piles, any pile tops, any player to move and any counts
    laid this turn (many such positions are lost at once, or won by one turn)."""
    max_card = draw(st.integers(7, 24))
    cards = draw(st.permutations(range(2, max_card + 1)))
    cuts = sorted(draw(st.lists(st.integers(0, len(cards)), min_size=3, max_size=3)))
    h0, h1 = cards[: min(cuts[0], 6)], cards[cuts[0] : cuts[0] + min(cuts[1] - cuts[0], 6)]
    d0, d1 = cards[cuts[1] : cuts[2]], cards[cuts[2] :]
    tops = [draw(st.integers(1, max_card + 1)) for _ in range(4)]
    laid_own, laid_opp = draw(st.sampled_from([(0, 0), (0, 0), (1, 0), (0, 1), (1, 1), (2, 0)]))
    return State(
        Variant(max_card),
        ((tops[0], tops[1]), (tops[2], tops[3])),
        (tuple(h0), tuple(h1)),
        (tuple(d0), tuple(d1)),
        draw(st.integers(0, 1)),
        laid_own,
        laid_opp,
    )


@settings(max_examples=60, deadline=None)
@given(arbitrary_positions())
def test_arbitrary_positions_play_out_alike(state: State) -> None:
    assume(state.laid == 0 or can_complete(state))  # the rules never start a lost turn
    for rule, bot in RULES.values():
        assert playout_kernel.winner_and_turns(state, rule) == reference(state, bot)


def test_leaf_solves_wait_for_the_late_game() -> None:
    """The tree search's leaf solver is asked only below ``LEAF_CARDS`` cards left
    (engine.LEAF_CARDS): a fresh deal gets no leaf solve, the example endgame (9
    cards left each) is proven by one."""
    from pathlib import Path

    from playable.solver.core.mcts_leaf import engine_leaf_solver
    from playable.solver.facetoface.engine import LEAF_CARDS

    leaf = engine_leaf_solver("facetoface", wins_only=True)
    a, b = shuffled_decks(Variant(), 9)
    state = deal(Variant(), a, b, 0)
    assert not ENGINE.leaf_worth(state) and leaf(state) is None
    rng = random.Random(0)
    while state.cards_left(0) + state.cards_left(1) >= LEAF_CARDS:
        state = play_turn(state, CarefulPlayer().choose_turn(state, rng))
    assert ENGINE.leaf_worth(state)
    text = (Path(__file__).parents[2] / "examples" / "endgame.facetoface.txt").read_text()
    assert leaf(GAME.parse(text)) is not None


def test_jittered_play_outs_finish_and_repeat() -> None:
    """With random costs (``jitter``) every play-out still ends with a winner (no
    position the rules never reach), the same seed gives the same game, and the games
    differ from the bot's own."""
    for state in positions(40, seed=7):
        for seed in (1, 2):
            got = playout_kernel.winner_and_turns(state, playout_kernel.CAREFUL, 6, seed)
            assert got[0] in (0, 1)
            assert got == playout_kernel.winner_and_turns(state, playout_kernel.CAREFUL, 6, seed)
            if is_terminal(state):
                assert got == reference(state, CarefulPlayer)
    a, b = shuffled_decks(Variant(), 3)
    fresh = deal(Variant(), a, b, 0)
    careful = playout_kernel.CAREFUL
    jittered = {playout_kernel.winner_and_turns(fresh, careful, 6, s) for s in range(20)}
    assert len(jittered) > 1
