"""Face to Face solver: the kernel against the reference rules and a brute force."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from playable.solver.core.budget import Budget
from playable.solver.core.errors import IllegalMove
from playable.solver.core.result import Status
from playable.solver.facetoface import bruteforce, notation
from playable.solver.facetoface.rules import (
    HAND_SIZE,
    Play,
    State,
    Variant,
    apply,
    deal,
    has_won,
    is_terminal,
    lay,
    legal_moves,
    shuffled_decks,
    turns,
    winner,
)
from playable.solver.facetoface.search import Solver, certify, kernel_turns, solve

DATA = Path(__file__).parents[1] / "data" / "facetoface"
SMALL = Budget(seconds=30, memory_mb=2)


def random_position(rng: random.Random, max_card: int = 20, most: int = 7) -> State:
    """A small endgame: 1..most cards per player, some piles already moved."""
    variant = Variant(max_card)
    hands, draws, piles = [], [], []
    for _ in (0, 1):
        n = rng.randint(1, most)
        cards = rng.sample(range(2, max_card + 1), n)
        h = min(HAND_SIZE, n) if rng.random() < 0.7 else min(rng.randint(1, HAND_SIZE), n)
        hands.append(tuple(cards[:h]))
        draws.append(tuple(cards[h:]))
        up = rng.choice([1, *range(2, max_card // 2 + 3)])
        down = rng.choice([max_card + 1, *range(max_card // 2 - 2, max_card + 1)])
        piles.append((up, down))
    return State(
        variant,
        (piles[0], piles[1]),
        (hands[0], hands[1]),
        (draws[0], draws[1]),
        rng.randint(0, 1),
    )


def live_positions(seed: int, count: int, most: int = 7) -> list[State]:
    rng = random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        state = random_position(rng, most=most)
        if not is_terminal(state):
            found.append(state)
    return found


def playout_positions(seed: int, count: int, max_card: int = 12, left: int = 5) -> list[State]:
    """Live positions reached by random play from small deals, ``left`` cards or
    fewer per player on average (a natural mix of won and lost positions)."""
    rng = random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        variant = Variant(max_card)
        a, b = shuffled_decks(variant, rng.randrange(10**9))
        state = deal(variant, a, b, rng.randint(0, 1))
        while not is_terminal(state) and (
            state.laid or state.cards_left(0) + state.cards_left(1) > 2 * left
        ):
            state = apply(state, rng.choice(legal_moves(state)))
        if not is_terminal(state):
            found.append(state)
    return found


def decided_by(verdict: Callable[[State], int], states: list[State]) -> dict[int, list[State]]:
    """The positions a partial verdict decides, by its value (1: the mover wins, -1:
    loses; 0, undecided, is left out), each checked against the brute-force minimax
    over the reference rules (FF-6)."""
    decided: dict[int, list[State]] = {1: [], -1: []}
    for state in states:
        value = verdict(state)
        if value:
            assert bruteforce.wins(state) == (value == 1), state
            decided[value].append(state)
    return decided


def reference_turns(state: State) -> tuple[bool, set[State]]:
    results = turns(state)
    won = any(has_won(after, state.to_move) for _, after in results)
    return won, {after for _, after in results if not has_won(after, state.to_move)}


def test_kernel_turns_equal_the_reference_turns() -> None:
    checked = 0
    for state in live_positions(11, 120):
        won, after = reference_turns(state)
        k_won, k_after = kernel_turns(state)
        assert k_won == won
        if not won:
            assert k_after == after
            checked += len(after)
    assert checked > 1000


def test_kernel_turns_from_the_middle_of_a_turn() -> None:
    rng = random.Random(5)
    checked = 0
    for state in live_positions(12, 80):
        moves = [m for m in legal_moves(state) if isinstance(m, Play)]
        mid = lay(state, *(lambda m: (m.card, m.pile))(rng.choice(moves)))
        if has_won(mid, mid.to_move):
            continue
        won, after = reference_turns(mid)
        assert kernel_turns(mid) == (won, set() if won else after)
        checked += 1
    assert checked > 40


def test_a_full_deal_opening_has_the_reference_turns() -> None:
    a, b = shuffled_decks(Variant(), 4)
    state = deal(Variant(), a, b)
    assert kernel_turns(state) == reference_turns(state)


def test_solver_agrees_with_brute_force_on_220_small_positions() -> None:
    outcomes = {True: 0, False: 0}
    for state in live_positions(21, 120, most=6) + playout_positions(23, 100):
        expected = bruteforce.wins(state)
        result = solve(state, SMALL)
        assert result.extra["value"] == ("win" if expected else "loss"), notation.format_position(
            state
        )
        assert result.status == (Status.SOLVED if expected else Status.UNSOLVABLE)
        assert result.objective == (state.to_move if expected else 1 - state.to_move)
        outcomes[expected] += 1
    assert outcomes[True] >= 20 and outcomes[False] >= 20


def test_solver_agrees_with_brute_force_in_the_middle_of_a_turn() -> None:
    rng = random.Random(8)
    checked = 0
    for state in live_positions(22, 60):
        moves = [m for m in legal_moves(state) if isinstance(m, Play)]
        move = rng.choice(moves)
        mid = lay(state, move.card, move.pile)
        if is_terminal(mid):
            continue
        solver = Solver(mid, 2)
        assert solver.value(mid, SMALL.start()) == (1 if bruteforce.wins(mid) else -1)
        checked += 1
    assert checked > 30


def test_each_analysed_turn_value_matches_brute_force() -> None:
    for state in live_positions(31, 12, most=5):
        solver = Solver(state, 2)
        for _, after, value in solver.analyse(state, SMALL.start()):
            if has_won(after, state.to_move):
                assert value == 1
            else:
                assert value == (-1 if bruteforce.wins(after) else 1)


def test_the_principal_line_is_certified_by_replay() -> None:
    state = live_positions(41, 1, most=6)[0]
    result = solve(state, SMALL)
    line = notation.line_from_json(result.to_json()["line"])
    assert result.objective is not None
    certify(state, line, result.objective)  # does not raise
    with pytest.raises(IllegalMove):
        certify(state, line, 1 - result.objective)
    with pytest.raises(IllegalMove):
        certify(state, line[:-1], result.objective)


def test_a_budget_that_runs_out_says_unknown() -> None:
    a, b = shuffled_decks(Variant(), 9)
    result = solve(deal(Variant(), a, b), Budget(nodes=50, memory_mb=2))
    assert result.status == Status.UNKNOWN
    assert result.objective is None
    assert not result.line
    assert result.nodes <= 50


def test_transposition_table_is_reused_between_calls() -> None:
    state = live_positions(51, 1, most=7)[0]
    solver = Solver(state, 2)
    first = solver.value(state, SMALL.start())
    nodes = solver.counters.nodes
    assert solver.value(state, SMALL.start()) == first
    assert solver.counters.nodes == nodes + 1  # answered by the table at the root


@pytest.mark.parametrize("path", sorted(DATA.glob("*.facetoface.txt")), ids=lambda p: p.name)
def test_regression_positions(path: Path) -> None:
    text = path.read_text()
    expect = next(line for line in text.splitlines() if line.startswith("# expect:"))
    state = notation.parse_position(text, str(path))
    result = solve(state, SMALL)
    assert f"winner {result.objective + 1 if result.objective is not None else '?'}" in expect
    if is_terminal(state):
        assert winner(state) == result.objective


def test_kernel_runs_without_jit() -> None:
    code = (
        "from pathlib import Path\n"
        "from solver.core.budget import Budget\n"
        "from solver.facetoface import bruteforce, notation\n"
        "from solver.facetoface.search import solve\n"
        "for path in sorted(Path('tests/data/facetoface').glob('*.facetoface.txt')):\n"
        "    s = notation.parse_position(path.read_text())\n"
        "    value = solve(s, Budget(memory_mb=1)).extra['value']\n"
        "    assert (value == 'win') == bruteforce.wins(s), path\n"
    )
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    root = Path(__file__).parents[2]
    subprocess.run([sys.executable, "-c", code], check=True, env=env, cwd=root, timeout=300)
