"""The pilot method (solver/thegame/pilot_kernel.py): its moves are the kernel's legal moves,
its lines replay through the reference rules to the score it claims, and a winning
line it reports really lays every card."""

from __future__ import annotations

import numpy as np
import pytest

from playable.solver.core.budget import Budget
from playable.solver.thegame import kernel as K
from playable.solver.thegame import pilot_kernel as P
from playable.solver.thegame.notation import Deal
from playable.solver.thegame.rules import State, Variant, shuffled_deck
from playable.solver.thegame.search import _Pilots, _Run, _Solver, replay

from .search_cases import SMALL_VARIANTS, random_playout_position, tight_position


def run_pilot(
    state: State, noise: int = 0, seed: int = 1, width: int = 0
) -> tuple[int, int, list[int], _Run]:
    """The pilot from ``state`` to its end: (outcome, claimed cards left, line, run);
    ``run.st[K.S_NODES]`` is set to how many moves of the line the pilot followed (its
    position in ``run`` is the one after them)."""
    solver = _Solver([state], Budget(memory_mb=1), False)
    run = solver.runs[0]
    run.reset(1, 0, 0)
    line = np.zeros(K.MAX_DEPTH + 1, dtype=np.int64)
    reg = np.zeros(P.N_REG, dtype=np.int64)
    reg[P.R_BEST] = -1
    reg[P.R_RNG] = seed
    reg[P.R_NOISE] = noise
    reg[P.R_WIDTH] = width
    outcome = P.BUDGET
    while outcome == P.BUDGET:  # resumable: small slices give the same result
        outcome = P.pilot(run.params, run.draw, run.pos, line, reg, 500)
    run.st[K.S_NODES] = reg[P.R_LEN]
    return outcome, int(reg[P.R_BEST]), [int(m) for m in line[: reg[P.R_BEST_LEN]]], run


VARIANTS = [*SMALL_VARIANTS, Variant(1, False, False, 99)]


@pytest.mark.parametrize("variant", VARIANTS, ids=str)
@pytest.mark.parametrize("seed", range(8))
def test_pilot_lines_replay_to_their_claimed_score(variant: Variant, seed: int) -> None:
    """Every move the pilot plays is legal under the reference rules (replay raises
    IllegalMove otherwise) and its line leaves what it claims; the greedy finish of a
    solo endgame leaf (P2 closes piles there) can only lay more."""
    state = (
        tight_position(variant, seed, seed % 5)
        if seed % 2
        else Deal(variant, tuple(shuffled_deck(variant, seed))).start(0)
    )
    outcome, claimed, path, _ = run_pilot(state, 128 * (seed % 3), seed + 1, seed % 4 * 3)
    line = replay(state, path, finish=True)
    assert line.cards_left <= claimed
    if outcome == P.FOUND:
        assert claimed == 0 and line.final.is_won
    unfinished = replay(state, path, finish=False)
    assert unfinished.cards_left == claimed or (
        variant.players == 1 and not unfinished.final.draw and claimed >= line.cards_left
    )


@pytest.mark.parametrize("seed", range(30))
def test_apply_move_matches_the_rules(seed: int) -> None:
    """The pilot's move application reaches the reference rules' position."""
    variant = Variant(players=1 + seed % 3, expert=seed % 2 == 0, max_card=30 + seed)
    state = random_playout_position(variant, seed, seed % 9)
    outcome, _, path, run = run_pilot(state)
    assert outcome in (P.DONE, P.FOUND)
    followed = int(run.st[K.S_NODES])
    assert outcome == P.FOUND or followed == len(path)
    final = replay(state, path[:followed], finish=False).final
    assert tuple(int(t) for t in run.st[K.S_TOP : K.S_TOP + 4]) == final.piles
    assert int(run.st[K.S_TOMOVE]) == final.to_move
    assert int(run.st[K.S_DPOS]) == len(state.draw) - len(final.draw)
    for p, hand in enumerate(final.hands):
        held = [c for c in range(2, variant.max_card + 1) if K.has(run.hands[p], c)]
        assert held == sorted(hand)


def test_the_pilot_wins_an_official_solo_deal() -> None:
    """Deal 7 (solo, standard): the plain discrepancy search does not win it within
    two seconds, the pilot wins it without restarts."""
    variant = Variant()
    state = Deal(variant, tuple(shuffled_deck(variant, 7))).start(0)
    outcome, claimed, path, _ = run_pilot(state)
    assert outcome == P.FOUND and claimed == 0
    assert replay(state, path, finish=False).final.is_won


@pytest.mark.parametrize("seed", range(3))
def test_restarts_after_a_prefix_of_the_best_line_keep_whole_lines(seed: int) -> None:
    """The solver's restarts that begin after a prefix of the best line store the
    prefix plus the new tail: the stored line replays from the start to its score,
    and every line offered to the solver replays too."""
    variant = Variant(1, True)
    state = Deal(variant, tuple(shuffled_deck(variant, 100 + seed))).start(0)
    solver = _Solver([state], Budget(memory_mb=1), True)
    pilots = _Pilots(solver)
    won = False
    for _ in range(12):
        won = pilots.work(50_000)
        if won:
            break
    assert pilots.restarts > 1
    value, path = pilots.best[0]
    if won:
        assert value == 0
    line = replay(state, path, finish=False)
    assert line.cards_left == value or (not line.final.draw and line.cards_left >= value)
    assert solver.best is not None
    assert replay(state, [], finish=True).cards_left >= solver.best.cards_left
