"""Proof files (solver/thegame/proof.py) and their independent checker
(solver/thegame/proofcheck.py): every stored lost position gets a proof that checks,
the claim one card higher is refuted, and tampered proofs are rejected."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from playable.solver.thegame import proof, proofcheck
from playable.solver.thegame.bruteforce import optimal
from playable.solver.thegame.rules import State, Variant

from .search_cases import STORED, position_from_json, tight_position

LOST = [doc for doc in STORED if doc["optimal_cards_left"] > 0]


def proven(state: State, claim: int) -> dict[str, Any]:
    """A checked proof document (through JSON, as a file would hold it)."""
    found = proof.prove(state, claim, limit=50_000)
    assert found is not None
    document: dict[str, Any] = json.loads(json.dumps(found.document(state)))
    report = proofcheck.check(document)
    assert report.claim == claim
    return document


def test_every_stored_lost_position_has_a_checked_proof_of_its_optimum() -> None:
    """The brute force's optimum k of each of the stored lost positions: the proof of
    "at least k cards left" checks, and "at least k + 1" is refuted by a line."""
    assert len(LOST) >= 60
    for doc in LOST:
        state, k = position_from_json(doc), doc["optimal_cards_left"]
        proven(state, k)
        assert proof.prove(state, k + 1, limit=50_000) is None


# tight positions the brute force wins (the first was once "proven" lost: the turn
# that lays the last card has no turn end) and a two-player one
TIGHT = [(Variant(1, True, False, 40), s, 4) for s in (0, 3, 5)] + [
    (Variant(2, False, False, 36), 1, 2)
]


@pytest.mark.parametrize(("variant", "seed", "extra"), TIGHT, ids=str)
def test_tight_positions_proofs_agree_with_the_brute_force(
    variant: Variant, seed: int, extra: int
) -> None:
    state = tight_position(variant, 500 + seed, extra)
    k = optimal(state).cards_left
    if k == 0:
        assert proof.prove(state, 1) is None
        return
    proven(state, k)
    assert proof.prove(state, k + 1) is None


def deep_proof() -> tuple[State, dict[str, Any]]:
    """A stored lost position whose proof expands nodes and uses dominance."""
    for doc in LOST:
        state = position_from_json(doc)
        document = proven(state, doc["optimal_cards_left"])
        reasons = {n["by"] for n in document["nodes"]}
        if {"expand", "dominated"} <= reasons:
            return state, document
    raise AssertionError("no stored proof uses both expand and dominance")


def rejected(document: dict[str, Any], match: str) -> None:
    with pytest.raises(proofcheck.ProofError, match=match):
        proofcheck.check(document)


def test_the_checker_rejects_a_higher_claim() -> None:
    _, document = deep_proof()
    bad = copy.deepcopy(document)
    bad["claim"] += 1
    rejected(bad, "no node proves")


def test_the_checker_rejects_raised_node_claims() -> None:
    _, document = deep_proof()
    bad = copy.deepcopy(document)
    for node in bad["nodes"]:
        node["claim"] += 1
    bad["claim"] += 1
    rejected(bad, "node")


def test_the_checker_rejects_a_missing_subtree() -> None:
    _, document = deep_proof()
    bad = copy.deepcopy(document)
    expanded = [i for i, n in enumerate(bad["nodes"]) if n["by"] == "expand"]
    # drop a node some expansion relies on (not the root's own node)
    victim = expanded[0]
    del bad["nodes"][victim]
    for node in bad["nodes"]:
        if node.get("ref") is not None and node["ref"] > victim:
            node["ref"] -= 1
        elif node.get("ref") == victim:
            node["ref"] = 0
    rejected(bad, "node|root")


def test_the_checker_rejects_a_wrong_reason() -> None:
    _, document = deep_proof()
    for i, node in enumerate(document["nodes"]):
        if node["by"] == "expand":
            bad = copy.deepcopy(document)
            bad["nodes"][i]["by"] = "dead"
            rejected(bad, f"node {i}: fewer than")
            bad["nodes"][i]["by"] = "terminal"
            rejected(bad, f"node {i}: not a finished game")
            return
    raise AssertionError("no expand node")


def test_the_checker_rejects_dominance_forward_or_unfounded() -> None:
    _, document = deep_proof()
    i = next(i for i, n in enumerate(document["nodes"]) if n["by"] == "dominated")
    bad = copy.deepcopy(document)
    bad["nodes"][i]["ref"] = i
    rejected(bad, "earlier node")
    bad["nodes"][i]["ref"] = 0 if bad["nodes"][0]["hands"] != bad["nodes"][i]["hands"] else -1
    rejected(bad, rf"node {i}|nodes\[{i}\]")


def test_the_checker_rejects_bad_files(tmp_path: Path) -> None:
    rejected({"format": "something else"}, "format")
    _, document = deep_proof()
    bad = copy.deepcopy(document)
    bad["nodes"][0]["hands"] = [[2, 2]]
    rejected(bad, r"nodes\[0\]: not a position of the game: .*appears twice")
    path = tmp_path / "p.json"
    path.write_text("{not json")
    with pytest.raises(proofcheck.ProofError, match="not JSON: line 1, column 2"):
        proofcheck.check_file(path)


def test_a_proof_file_round_trips(tmp_path: Path) -> None:
    state, _ = deep_proof()
    found = proof.prove(state, 1, limit=50_000)
    assert found is not None
    path = tmp_path / "lost.proof.json"
    proof.write(found, state, path)
    assert proofcheck.check_file(path).claim == 1


def test_the_prover_stops_at_its_position_limit() -> None:
    state = tight_position(Variant(1, True, False, 40), 500, 4)
    with pytest.raises(proof.ProofBudget):
        proof.prove(state, 1, limit=1)


def test_the_checker_counts_laying_the_last_card_as_a_turn() -> None:
    """Laying the last card wins at once, with no turn end (TG-7): a proof that
    overlooks that turn must be rejected (the prover and checker once missed it)."""
    variant = Variant(1, True, False, 20)
    state = State(variant, (15, 19, 3, 2), ((5,),), (), 0, 0)
    position = proof.position_json(state)
    document = {
        "format": proofcheck.FORMAT,
        "variant": {"players": 1, "expert": True, "expert_hand": False, "max_card": 20},
        "claim": 1,
        "draw": [],
        "roots": [position],
        "nodes": [position | {"claim": 1, "by": "expand"}],
    }
    rejected(document, "node 0: a turn reaches")
    assert proof.prove(state, 1) is None
