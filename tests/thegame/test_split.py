"""Split proofs (solver/thegame/split.py): the parts of a position decide it as the
brute force does, the joined proofs pass the independent checker, and a part not
searched yet only counts with its dead cards."""

from __future__ import annotations

import json
from typing import Any

import pytest

from playable.solver.core.result import Status
from playable.solver.thegame.bruteforce import optimal
from playable.solver.thegame.proofcheck import check
from playable.solver.thegame.pruning import dead_cards
from playable.solver.thegame.rules import State
from playable.solver.thegame.split import (
    PartJob,
    Split,
    SplitTooLarge,
    combine,
    game_json,
    merge_proofs,
    split,
)

from .search_cases import STORED, position_from_json

# stored positions with at most 60 parts at depth 1 and 2: lost ones (optimum 1-10
# cards left) and a won one
CASES = [12, 39, 63, 70, 95, 134, 137, 180, 194, 174]


def solved_parts(
    state: State, turns: int, optimum: bool = False
) -> tuple[Split, dict[int, dict[str, Any]]]:
    parts = split(state, turns)
    root = json.dumps(game_json(state))
    job = PartJob(state.variant, root, turns, None, 200_000, 1, 50_000, optimum)
    return parts, {i: job(i) for i in range(len(parts.parts))}


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("turns", [1, 2])
@pytest.mark.parametrize("optimum", [False, True])
def test_split_agrees_with_the_brute_force_and_its_proof_checks(
    case: int, turns: int, optimum: bool
) -> None:
    """With each part's optimum the root's is exact; without, the verdict is, and the
    bound proven lies between 1 and the optimum. The joined proof checks."""
    doc = STORED[case]
    state, k = position_from_json(doc), doc["optimal_cards_left"]
    parts, rows = solved_parts(state, turns, optimum)
    result = combine(state, parts, rows)  # the line is replayed from the root
    assert result.status is (Status.SOLVED if k == 0 else Status.UNSOLVABLE)
    assert result.objective is not None and result.bound is not None
    assert min(k, 1) <= result.bound <= k <= result.objective
    if optimum:
        assert (result.objective, result.bound, result.proven_optimal) == (k, k, True)
    found = merge_proofs(state, parts, rows, 50_000)
    if k == 0:
        assert isinstance(found, str)
        return
    assert not isinstance(found, str), found
    report = check(json.loads(json.dumps(found.document(state))))
    assert report.claim == result.bound


@pytest.mark.parametrize("case", [12, 63, 134, 174, 194])
def test_the_parts_optimum_is_the_roots(case: int) -> None:
    """Without the solver: the least brute-force optimum over the parts (P3's short
    turns only, solo) is the root's."""
    doc = STORED[case]
    state = position_from_json(doc)
    for turns in (1, 2):
        parts = split(state, turns).parts
        best = min(optimal(part.state).cards_left for part in parts)
        assert best == doc["optimal_cards_left"]


def test_a_part_not_searched_counts_only_its_dead_cards() -> None:
    doc = STORED[12]
    state = position_from_json(doc)
    parts, rows = solved_parts(state, 1)
    missing = len(parts.parts) - 1
    del rows[missing]
    result = combine(state, parts, rows)
    dead = len(dead_cards(parts.parts[missing].state))
    assert result.bound == min(dead, doc["optimal_cards_left"])
    assert result.extra["split"]["searched"] == len(parts.parts) - 1
    assert merge_proofs(state, parts, rows, 1000) == f"part {missing} has not been searched"
    if dead == 0:
        assert result.status is Status.UNKNOWN


def test_a_proof_missing_for_one_part_means_no_proof() -> None:
    state = position_from_json(STORED[39])
    parts, rows = solved_parts(state, 1)
    rows[0] = {**rows[0], "proof": {"missing": "the prover met more than 1 positions"}}
    assert merge_proofs(state, parts, rows, 1000) == (
        "part 0: the prover met more than 1 positions"
    )


def test_a_split_with_too_many_parts_is_refused() -> None:
    state = position_from_json(STORED[12])
    assert len(split(state, 1).parts) == 45
    split(state, 1, limit=45)
    with pytest.raises(SplitTooLarge, match="more than 44 parts"):
        split(state, 1, limit=44)
