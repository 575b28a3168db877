"""The CP-SAT engine agrees with the exhaustive oracles.

300 random small cases (highest card 20-40, 1-3 players, standard and expert): fresh
deals (the model also picks the first player, TG-9), positions with the draw pile
refilling full hands (TG-4, expert minimum 3, TG-5), end-game positions with empty
hands that are skipped (TG-7), and positions in the middle of a turn. Pile tops are
pushed towards each other so that many cases are unsolvable and the optimal number of
cards left is not always 0. Each case is solved by CP-SAT and by the depth-first engine
(solver/thegame/search.py), every other case also by the brute force
(solver/thegame/bruteforce.py): the same status and the same optimal cards left
whenever both finish, and CP-SAT's bound and line always bracket a known optimum.
"""

from __future__ import annotations

import random

import pytest

from playable.solver.core.budget import Budget
from playable.solver.core.result import SolveResult, Status
from playable.solver.thegame import search
from playable.solver.thegame.bruteforce import PositionLimit, optimal
from playable.solver.thegame.cpsat import solve_cpsat
from playable.solver.thegame.notation import Deal
from playable.solver.thegame.rules import Play, State, Variant, lay, legal_moves, shuffled_deck

CASES = 300
#: CP-SAT's time per case; the brute force may store ORACLE_POSITIONS positions per start
#: before the case is skipped.
CPSAT_SECONDS = 5.0
ORACLE_POSITIONS = 30_000
#: The depth-first engine's time per case.
DFS_SECONDS = 5.0


def random_case(
    seed: int, player_counts: tuple[int, ...] = (1, 2, 3), deal_max: int = 21
) -> Deal | State:
    """One random small case; the seed fixes everything."""
    rng = random.Random(seed)
    players = rng.choice(player_counts)
    expert = rng.random() < 0.5
    kind = seed % 10
    lowest = max(20, players * Variant(players=players).hand_size + 6)
    if kind == 0:  # a fresh deal: small, the model picks the first player
        high = max(lowest, deal_max)
        variant = Variant(players=players, expert=expert, max_card=rng.randint(lowest, high))
        return Deal(variant, tuple(shuffled_deck(variant, seed)))
    variant = Variant(players=players, expert=expert, max_card=rng.randint(lowest, 40))
    order = shuffled_deck(variant, seed)
    tight = rng.random()
    top = variant.max_card
    tops = []
    for pile in range(4):
        low, high = ((0.2 + 0.6 * tight) * top, top) if pile < 2 else (2, (0.8 - 0.6 * tight) * top)
        card = next(c for c in order if low <= c <= high)
        order.remove(card)
        tops.append(card)
    h = variant.hand_size
    to_move = rng.randrange(players)
    if kind <= 5:  # the draw pile still has cards: every hand is full
        hands = [order[p * h : (p + 1) * h] for p in range(players)]
        draw = order[players * h : players * h + rng.randint(1, 4)]
    else:  # end game: empty draw pile, hands of any size, some empty (skipped)
        sizes = [rng.randint(0, h) for _ in range(players)]
        sizes[to_move] = max(sizes[to_move], 1)
        hands, used = [], 0
        for size in sizes:
            hands.append(order[used : used + size])
            used += size
        draw = []
    state = State(
        variant,
        (tops[0], tops[1], tops[2], tops[3]),
        tuple(tuple(hand) for hand in hands),
        tuple(draw),
        to_move,
        0,
    )
    if kind == 9:  # the middle of a turn: one card already laid
        plays = [m for m in legal_moves(state) if isinstance(m, Play)]
        if plays and state.cards_left > 1:  # (laying the very last card wins at once)
            play = rng.choice(plays)
            state = lay(state, play.card, play.pile)
    return state


def oracle(case: Deal | State, positions: int = ORACLE_POSITIONS) -> int | None:
    """The brute force's fewest cards left, or None when it met too many positions."""
    starts = (
        [case.start(p) for p in range(case.variant.players)] if isinstance(case, Deal) else [case]
    )
    try:
        return min(optimal(start, limit=positions).cards_left for start in starts)
    except PositionLimit:
        return None


def check_consistent(result: SolveResult, best: int, label: str) -> bool:
    """The claims of a CP-SAT result against a known optimum; True when it finished."""
    assert result.objective is not None and result.bound is not None, label
    assert result.bound <= best <= result.objective, label
    if result.proven_optimal:
        assert result.objective == best, label
    expected = Status.SOLVED if best == 0 else Status.UNSOLVABLE
    if result.status is not Status.UNKNOWN:
        assert result.status is expected, label
    return result.proven_optimal


def test_cpsat_agrees_with_the_depth_first_engine_and_the_brute_force() -> None:
    """Every case goes to CP-SAT and the depth-first engine; every other case also to
    the brute force (the depth-first engine has its own brute-force tests)."""
    both = dfs_finished = oracle_compared = unsolvable = 0
    for seed in range(CASES):
        case = random_case(seed)
        label = f"seed {seed}: {case}"
        # A third of the cases without the greedy warm start: the model finds lines alone.
        result = solve_cpsat(case, seconds=CPSAT_SECONDS, workers=1, greedy_hint=seed % 3 != 0)
        dfs = search.solve(case, Budget(seconds=DFS_SECONDS))
        if dfs.proven_optimal:
            dfs_finished += 1
            assert dfs.objective is not None, label
            check_consistent(result, dfs.objective, label)
            if result.proven_optimal:
                both += 1
                assert (result.status, result.objective) == (dfs.status, dfs.objective), label
                unsolvable += dfs.objective > 0
        if seed % 2 == 0:
            best = oracle(case)
            if best is not None:
                oracle_compared += 1
                check_consistent(result, best, label)
    assert both >= 0.95 * CASES
    assert oracle_compared >= 0.45 * CASES
    assert unsolvable >= 30  # the comparison is not trivially all-zero


@pytest.mark.slow
def test_cpsat_agrees_with_the_brute_force_extended() -> None:
    """The same comparison on 600 more cases: 1-5 players, fresh deals up to 30 cards,
    longer time limits (a few minutes; excluded from CI)."""
    compared = unsolvable = 0
    for seed in range(10_000, 10_600):
        case = random_case(seed, player_counts=(1, 2, 3, 4, 5), deal_max=31)
        best = oracle(case, positions=10 * ORACLE_POSITIONS)
        if best is None:
            continue
        result = solve_cpsat(case, seconds=30.0, workers=2, greedy_hint=seed % 3 != 0)
        compared += 1
        check_consistent(result, best, f"seed {seed}: {case}")
        unsolvable += best > 0
    assert compared >= 500
    assert unsolvable >= 50
