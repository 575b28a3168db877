"""The compiled greedy play-out (solver/sequence/playout_kernel.py) against
GreedyPlayer through the reference rules: every move it makes is the greedy
player's (the next position compared array by array), and a whole play-out ends with
the same winner after the same number of moves, on openings, random mid-game
positions, 2 and 3 sides, teams, dead cards, Jacks, claims, reshuffles (SQ-9) and
positions one move from a win; and the same for the stronger bot's first-ranked
move (``stronger``: StrongerPlayer without its sampled reply)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.core.errors import IllegalMove
from playable.solver.sequence import playout_kernel as kernel
from playable.solver.sequence.engine import SequenceEngine
from playable.solver.sequence.notation import parse_position
from playable.solver.sequence.players import GreedyPlayer, StrongerPlayer, play_game
from playable.solver.sequence.rules import (
    Place,
    Remove,
    ReplaceDead,
    State,
    Variant,
    apply,
    deal,
    is_terminal,
    legal_moves,
    shuffled_deck,
)
from tests.sequence.test_playouts import VARIANTS

ROOT = Path(__file__).resolve().parents[2]
GREEDY = GreedyPlayer()
#: the stronger bot's first-ranked move, what ``stronger`` play-outs play
STRONGER = StrongerPlayer(candidates=1)


def after_one_move(state: State, stronger: bool = False) -> kernel.Position:
    """The kernel's arrays after it played one move from ``state``."""
    position = kernel.encode(state)
    variant = state.variant
    kernel.greedy_playout(position, variant.players, variant.sides, 1, 0.0, 0, stronger)
    return position


def same_position(got: kernel.Position, want: State) -> bool:
    """The kernel's arrays hold ``want`` (the draw pile from its pointer on)."""
    expected = kernel.encode(want)
    for name in ("chips", "cnt", "blocked", "locked", "seq_n", "hands", "disc_n"):
        if not np.array_equal(getattr(got, name), getattr(expected, name)):
            return False
    for p, n in enumerate(expected.disc_n):
        if not np.array_equal(got.discards[p, :n], expected.discards[p, :n]):
            return False
    ptr, end = got.regs[kernel.R_PTR], got.regs[kernel.R_LEN]
    rest = expected.regs[kernel.R_LEN]
    same_draw = np.array_equal(got.draw[ptr:end], expected.draw[:rest])
    regs = (kernel.R_TO_MOVE, kernel.R_REPLACED, kernel.R_UNKNOWN, kernel.R_SEED)
    return same_draw and all(got.regs[r] == expected.regs[r] for r in regs)


def walk(state: State, max_moves: int = 400, stronger: bool = False) -> dict[str, int]:
    """Play ``state`` out with GreedyPlayer (``stronger``: STRONGER); at every
    position check the kernel's next move and its whole play-out. Counts of what the
    walk met."""
    player = STRONGER if stronger else GREEDY
    path = [state]
    seen = {"positions": 0, "dead": 0, "jacks": 0, "claims": 0, "reshuffles": 0}
    while not is_terminal(state) and len(path) <= max_moves:
        move = player.choose(state)
        after = apply(state, move)
        assert same_position(after_one_move(state, stronger), after), (str(move), state)
        seen["dead"] += isinstance(move, ReplaceDead)
        seen["jacks"] += isinstance(move, Place | Remove) and move.card[0] == "J"
        seen["claims"] += isinstance(move, Place) and bool(move.claims)
        seen["reshuffles"] += after.seed != state.seed
        state = after
        path.append(state)
    winner = state.winner
    for k, position in enumerate(path):
        got = kernel.play_out(position, stronger=stronger)
        if winner is None:  # only a short walk: the kernel goes on further
            assert got.moves >= len(path) - 1 - k or got.winner is None
            continue
        assert (got.outcome, got.winner, got.moves) == (kernel.WON, winner, len(path) - 1 - k)
        seen["positions"] += 1
    return seen


def random_prefix(variant: Variant, seed: int, moves: int) -> State:
    """The deal of ``seed`` after up to ``moves`` uniformly random moves."""
    rng = random.Random(seed)
    state = deal(variant, shuffled_deck(seed), seed % variant.players)
    for _ in range(moves):
        if is_terminal(state):
            break
        state = apply(state, rng.choice(legal_moves(state)))
    return state


def short_draw(state: State, keep: int, seed: int) -> State:
    """``state`` with all but ``keep`` cards of the draw pile moved onto the first
    player's discard pile, so that the play-out reshuffles soon (SQ-9)."""
    moved = state.draw[keep:]
    discards = ((*state.discards[0], *moved), *state.discards[1:])
    return replace(state, draw=state.draw[:keep], discards=discards, seed=seed)


@pytest.mark.parametrize("seed", [0, 1, 7, 2**31 - 1, 2**32, 2**40 + 12345])
def test_shuffle_is_pythons(seed: int) -> None:
    for n in (1, 2, 30, 104):
        items = np.arange(n, dtype=np.int64)
        kernel.shuffle(items, n, seed)
        expected = list(range(n))
        random.Random(seed).shuffle(expected)
        assert items.tolist() == expected


@pytest.mark.parametrize("stronger", [False, True])
def test_openings_and_mid_games_of_every_size(stronger: bool) -> None:
    total: dict[str, int] = {}
    for i, (players, sides) in enumerate(VARIANTS * 3):
        start = random_prefix(Variant(players, sides), 500 + i, (i * 17) % 70)
        for name, count in walk(start, stronger=stronger).items():
            total[name] = total.get(name, 0) + count
    assert total["positions"] >= 300
    assert total["dead"] > 0 and total["jacks"] > 0 and total["claims"] > 0


@pytest.mark.parametrize("stronger", [False, True])
def test_reshuffles_follow_pythons_generator(stronger: bool) -> None:
    total = 0
    for i, seed in enumerate((3, 2**33 + 5)):
        start = random_prefix(Variant(2, 2), 900 + i, 20)
        total += walk(short_draw(start, 3, seed), stronger=stronger)["reshuffles"]
    assert total >= 2


@pytest.mark.parametrize(
    "name",
    ["examples/nine-in-a-row.sequence.txt", "examples/win-in-2.sequence.txt"]
    + [f"tests/data/sequence/perft-{n}.position.txt" for n in ("dead", "locked", "one-eyed")],
)
def test_example_positions(name: str) -> None:
    state = parse_position((ROOT / name).read_text(), name)
    try:
        record = play_game(state, [GREEDY] * state.variant.players)
    except IllegalMove:  # GreedyPlayer would draw an unknown card
        assert kernel.play_out(state).outcome == kernel.STUCK
        return
    got = kernel.play_out(state)
    assert (got.winner, got.moves) == (record.winner, record.turns)


def test_one_move_from_a_win() -> None:
    """Positions where the player to move completes the winning sequence at once."""
    found = 0
    for seed in range(40):
        state = random_prefix(Variant(3, 3), 700 + seed, 0)
        while not is_terminal(state):
            move = GREEDY.choose(state)
            after = apply(state, move)
            if after.winner is not None:
                assert kernel.play_out(state) == kernel.Playout(kernel.WON, after.winner, 1)
                found += 1
            state = after
        if found >= 5:
            break
    assert found >= 5


def test_a_board_where_nobody_can_play_is_a_deadlock() -> None:
    start = deal(Variant(2, 2), shuffled_deck(1))
    empty = replace(start, hands=((), ()), draw=())
    assert kernel.play_out(empty) == kernel.Playout(kernel.DEADLOCK, None, 2)
    assert play_game(empty, [GREEDY, GREEDY], max_turns=50).winner is None


def test_an_unknown_card_to_draw_is_stuck() -> None:
    start = random_prefix(Variant(2, 2), 11, 10)
    hidden = replace(start, draw=(), unknown=5)
    with pytest.raises(IllegalMove):
        GREEDY.choose(hidden)
    assert kernel.play_out(hidden).outcome == kernel.STUCK


def test_epsilon_greedy_plays_legal_games() -> None:
    """With exploration the play-out still ends (a won game or a deadlock), and a
    random choice changes some games."""
    start = deal(Variant(2, 2), shuffled_deck(5))
    greedy = kernel.play_out(start)
    results = {kernel.play_out(start, epsilon=0.3, seed=s) for s in range(20)}
    assert all(r.outcome in (kernel.WON, kernel.DEADLOCK) for r in results)
    assert any(r != greedy for r in results)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(VARIANTS), st.integers(0, 80), st.booleans())
def test_random_positions(
    seed: int, players_sides: tuple[int, int], moves: int, stronger: bool
) -> None:
    start = random_prefix(Variant(*players_sides), seed, moves)
    player = STRONGER if stronger else GREEDY
    record = play_game(start, [player] * start.variant.players, max_turns=600)
    got = kernel.play_out(start, max_moves=600, stronger=stronger)
    assert got.winner == record.winner
    if record.winner is not None:
        assert got.moves == record.turns


def test_leaf_solves_skipped_by_the_engine_prove_nothing() -> None:
    """SequenceEngine.leaf_worth is sound: where it skips the tree search's leaf
    solve, the solve (the forced win of the side to move within the depth) finds
    nothing, so skipping changes no answer."""
    from playable.solver.core.mcts_leaf import engine_leaf_solver
    from playable.solver.sequence.engine import ENGINE

    leaf = engine_leaf_solver("sequence", nodes=5_000, wins_only=True)
    skipped = proven = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = deal(Variant(*VARIANTS[seed % 3]), shuffled_deck(300 + seed))
        while not is_terminal(state):
            bounds = leaf(state)
            proven += bounds is not None
            if not ENGINE.leaf_worth(state):
                skipped += 1
                assert bounds is None
            moves = legal_moves(state)
            state = apply(state, GREEDY.choose(state) if rng.random() < 0.7 else rng.choice(moves))
    assert skipped > 30 and proven > 10


@pytest.mark.parametrize("seed", range(8))
def test_the_engines_strong_rollout_is_the_stronger_bots_game(seed: int) -> None:
    """``strong_rollout`` returns who won the game STRONGER plays out at every seat
    (the reference rules), +1 for the winner's side and -1 for the other."""
    start = random_prefix(Variant(2, 2), seed, 6)
    record = play_game(start, [STRONGER, STRONGER], max_turns=400)
    returns = SequenceEngine().strong_rollout(start, random.Random(0))
    assert record.winner is not None and returns is not None
    assert returns == tuple(1.0 if p % 2 == record.winner else -1.0 for p in range(2))
