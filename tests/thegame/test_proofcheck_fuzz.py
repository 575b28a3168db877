"""Fuzzing the proof checker (solver/thegame/proofcheck.py) with hypothesis: nothing
but a genuine proof of the given position is accepted.

Genuine proofs come from the prover for small positions whose optimum ``k`` is known
independently (the brute force, tests/data/thegame/search_positions.json or
:func:`playable.solver.thegame.bruteforce.optimal`). Each example mutates one such
proof anywhere (root, variant, claim, draw pile, any node field) or the position
it is checked against, or is random JSON or random bytes, and runs the checker
against the position. The checker may only raise :class:`ProofError` (the CLI's exit
2) or accept (exit 1); and when it accepts, the independent criterion must hold: the
proof is about exactly the given position and variant, and its claim is at most the
brute force's ``k``. So an accepted mutation is one that is still a genuine proof.

Default run: a modest number of examples. ``pytest -m slow`` runs the same
properties on more than 10,000 examples in all.
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import replace
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from playable.cli.main import app
from playable.solver.thegame import proof, proofcheck
from playable.solver.thegame.bruteforce import optimal
from playable.solver.thegame.notation import format_position
from playable.solver.thegame.rules import Play, State, Variant, apply, legal_moves

from .search_cases import STORED, position_from_json, tight_position

#: stored lost positions with small proofs: every reason, 1-3 players, each variant
#: flag, and a proof of 27 nodes (expand, dominated, dead, terminal)
STORED_CASES = (39, 118, 137, 158, 180, 3, 8, 58, 95, 151, 172, 200)
FAST = settings(
    max_examples=60,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
SLOW = settings(FAST, max_examples=6_000)


@cache
def cases() -> tuple[tuple[State, int, str], ...]:
    """(position, its optimum k, its proof's JSON text): the stored cases and two
    positions in the middle of a turn (tight positions after one play; k by the
    brute force)."""
    out = [(position_from_json(STORED[i]), STORED[i]["optimal_cards_left"]) for i in STORED_CASES]
    for variant, seed in ((Variant(1, True, False, 30), 22), (Variant(1, False, False, 25), 153)):
        state = tight_position(variant, seed, 3)
        plays = [m for m in legal_moves(state) if isinstance(m, Play)]
        state = apply(state, random.Random(seed).choice(plays))
        assert state.laid > 0
        out.append((state, optimal(state).cards_left))
    result = []
    for state, k in out:
        assert k > 0
        found = proof.prove(state, k, limit=50_000)
        assert found is not None
        result.append((state, k, json.dumps(found.document(state))))
    return tuple(result)


def sound(document: Any, state: State, k: int) -> None:
    """The property: ``check(document, state)`` raises ProofError or certifies a claim
    of at most the true optimum ``k`` about ``state`` itself."""
    try:
        report = proofcheck.check(document, state)
    except proofcheck.ProofError as error:
        assert "\n" not in str(error)
        event("refused")
        return
    event("accepted")
    assert report.game == state
    assert report.claim <= k, f"accepted a claim of {report.claim} > the optimum {k}"


# ------------------------------------------------------------------ mutations


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a JSON value, the root included, containers and leaves alike."""
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += paths(item, (*prefix, i))
    return out


def at(document: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        document = document[step]
    return document


json_leaf = (
    st.none()
    | st.booleans()
    | st.integers(-3, 110)
    | st.integers()
    | st.text(max_size=6)
    | st.sampled_from(["expand", "dead", "terminal", "dominated", "no", "yes", "1"])
)
json_value = st.recursive(
    json_leaf,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
    ),
    max_leaves=8,
)


@st.composite
def mutated(draw: st.DrawFn) -> tuple[Any, State, int]:
    """One genuine proof with one to three mutations at random paths."""
    state, k, text = draw(st.sampled_from(cases()))
    document = json.loads(text)
    for _ in range(draw(st.integers(1, 3))):
        where = paths(document)
        path = draw(st.sampled_from(where))
        target = at(document, path)
        op = draw(st.sampled_from(["replace", "nudge", "delete", "insert", "swap", "copy"]))
        if op == "nudge" and isinstance(target, int) and not isinstance(target, bool):
            new: Any = target + draw(st.sampled_from([-1, 1, -2, 2, -10, 10, -100]))
        elif op == "nudge" and isinstance(target, bool):
            new = not target
        elif op == "delete" and path:
            parent = at(document, path[:-1])
            del parent[path[-1]]
            continue
        elif op == "insert" and isinstance(target, list):
            target.insert(draw(st.integers(0, len(target))), draw(json_value))
            continue
        elif op == "insert" and isinstance(target, dict):
            target[
                draw(st.sampled_from(["ref", "claim", "laid", "to_move", "x", "deck", "draw"]))
            ] = draw(json_value)
            continue
        elif op == "swap" and isinstance(target, list) and len(target) >= 2:
            i, j = draw(st.integers(0, len(target) - 1)), draw(st.integers(0, len(target) - 1))
            target[i], target[j] = target[j], target[i]
            continue
        elif op == "copy" and path:
            new = copy.deepcopy(at(document, draw(st.sampled_from(where))))
        else:
            new = draw(json_value)
        if path:
            at(document, path[:-1])[path[-1]] = new
        else:
            document = new
    return document, state, k


@st.composite
def raised(draw: st.DrawFn) -> tuple[Any, State, int]:
    """A genuine proof whose claims are raised above the optimum: provably false, so it
    must be refused whatever else is kept."""
    state, k, text = draw(st.sampled_from(cases()))
    document = json.loads(text)
    claim = draw(st.integers(k + 1, k + 3))
    document["claim"] = claim
    for node in document["nodes"]:
        if draw(st.booleans()):
            node["claim"] = max(node["claim"], claim)
    return document, state, k


def _other_position(state: State, draw: st.DrawFn) -> State:
    """A position differing from ``state`` in one respect (variant flag, a card moved,
    player, cards laid, a pile top)."""
    v = state.variant
    choice = draw(st.integers(0, 5))
    if choice == 0:
        return replace(state, variant=replace(v, expert=not v.expert))
    if choice == 1:
        return replace(state, variant=replace(v, expert_hand=not v.expert_hand))
    if choice == 2 and state.draw and state.hands[state.to_move]:
        hand = list(state.hands[state.to_move])
        draw_pile = list(state.draw)
        i, j = draw(st.integers(0, len(hand) - 1)), draw(st.integers(0, len(draw_pile) - 1))
        hand[i], draw_pile[j] = draw_pile[j], hand[i]
        hands = list(state.hands)
        hands[state.to_move] = tuple(hand)
        return replace(state, hands=tuple(hands), draw=tuple(draw_pile))
    if choice == 3:
        return replace(state, to_move=(state.to_move + 1) % v.players)
    if choice == 4:
        return replace(state, laid=state.laid + draw(st.sampled_from([-1, 1])))
    piles = list(state.piles)
    piles[draw(st.integers(0, 3))] += draw(st.sampled_from([-1, 1]))
    return replace(state, piles=(piles[0], piles[1], piles[2], piles[3]))


@st.composite
def elsewhere(draw: st.DrawFn) -> tuple[Any, State, State]:
    """A genuine proof checked against another position."""
    state, _, text = draw(st.sampled_from(cases()))
    other = _other_position(state, draw)
    if other == state:  # one player: passing the turn changes nothing
        other = replace(state, laid=state.laid + 1)
    return json.loads(text), state, other


def _deep(depth: int, opener: str) -> str:
    """``depth`` nested lists, or objects ``{"a": {"a": ... 0}}``."""
    if opener == "[":
        return "[" * depth + "]" * depth
    return opener * depth + "0" + "}" * depth


# ------------------------------------------------------------------ properties


def mutation_property(case: tuple[Any, State, int]) -> None:
    document, state, k = case
    sound(document, state, k)
    # and as a file: the bytes the CLI reads
    sound(proofcheck.read_document(json.dumps(document).encode()), state, k)


def raised_property(case: tuple[Any, State, int]) -> None:
    document, state, _ = case
    with pytest.raises(proofcheck.ProofError):
        proofcheck.check(document, state)


def elsewhere_property(case: tuple[Any, State, State]) -> None:
    document, state, other = case
    assert other != state
    with pytest.raises(proofcheck.ProofError):
        proofcheck.check(document, other)


def random_json_property(value: Any, index: int, keep_header: bool) -> None:
    """Random JSON (optionally under a genuine header, so that the reader goes
    deeper) is refused."""
    state, _, text = cases()[index % len(cases())]
    if keep_header and isinstance(value, dict):
        genuine = json.loads(text)
        value = {**{key: genuine[key] for key in ("format", "variant")}, **value}
    data = json.dumps(value, allow_nan=True).encode()
    with pytest.raises(proofcheck.ProofError):
        proofcheck.check(proofcheck.read_document(data), state)


def random_bytes_property(data: bytes) -> None:
    state = cases()[0][0]
    with pytest.raises(proofcheck.ProofError):
        proofcheck.check(proofcheck.read_document(data), state)


def deep_property(depth: int, opener: str, field: str | None) -> None:
    """Deep nesting, alone or as one field of a genuine proof, is refused."""
    state, _, text = cases()[0]
    if field is None:
        data = _deep(depth, opener)
    else:
        data = text.replace(f'"{field}":', f'"{field}":{_deep(depth, opener)},"x":', 1)
    with pytest.raises(proofcheck.ProofError):
        proofcheck.check(proofcheck.read_document(data.encode()), state)


ANY_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)
FIELDS = st.sampled_from([None, "nodes", "roots", "variant", "claim", "draw"])


@FAST
@given(mutated())
def test_mutated_proofs_are_refused_or_still_genuine(case: tuple[Any, State, int]) -> None:
    mutation_property(case)


@FAST
@given(raised())
def test_a_claim_above_the_optimum_is_refused(case: tuple[Any, State, int]) -> None:
    raised_property(case)


@FAST
@given(elsewhere())
def test_a_genuine_proof_of_another_position_is_refused(case: tuple[Any, State, State]) -> None:
    elsewhere_property(case)


@FAST
@given(ANY_JSON, st.integers(0, 100), st.booleans())
def test_random_json_is_refused(value: Any, index: int, keep_header: bool) -> None:
    random_json_property(value, index, keep_header)


@FAST
@given(st.binary(max_size=200))
def test_random_bytes_are_refused(data: bytes) -> None:
    random_bytes_property(data)


@settings(FAST, max_examples=10)
@given(st.integers(1, 200_000), st.sampled_from(["[", '{"a":']), FIELDS)
def test_deep_nesting_is_refused(depth: int, opener: str, field: str | None) -> None:
    deep_property(depth, opener, field)


def test_every_genuine_proof_is_accepted() -> None:
    """The baseline the properties mutate: each case checks, with its optimum."""
    for state, k, text in cases():
        assert proofcheck.check(json.loads(text), state).claim == k


RUNNER = CliRunner()


@settings(FAST, max_examples=15)
@given(mutated())
def test_the_cli_exits_1_only_for_a_genuine_proof(
    tmp_path_factory: pytest.TempPathFactory, case: tuple[Any, State, int]
) -> None:
    """Through `playable check thegame PROOF --position FILE`: exit 1 or 2 only, 1
    only when the checker's criterion holds, one line on stderr for 2."""
    document, state, k = case
    folder = tmp_path_factory.mktemp("cli")
    (folder / "p.json").write_text(json.dumps(document))
    (folder / "s.thegame").write_text(format_position(state))
    args = ["check", "thegame", str(folder / "p.json"), "--position", str(folder / "s.thegame")]
    result = RUNNER.invoke(app, [*args, "--json"])
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (1, 2)
    if result.exit_code == 1:
        assert json.loads(result.stdout)["claim"] <= k
    else:
        assert len(result.stderr.strip().splitlines()) == 1


# ------------------------------------------------------- the long run (-m slow)


@pytest.mark.slow
@SLOW
@given(mutated())
def test_slow_mutations(case: tuple[Any, State, int]) -> None:
    mutation_property(case)


@pytest.mark.slow
@settings(SLOW, max_examples=1_500)
@given(raised())
def test_slow_raised_claims(case: tuple[Any, State, int]) -> None:
    raised_property(case)


@pytest.mark.slow
@settings(SLOW, max_examples=1_500)
@given(elsewhere())
def test_slow_other_positions(case: tuple[Any, State, State]) -> None:
    elsewhere_property(case)


@pytest.mark.slow
@settings(SLOW, max_examples=2_000)
@given(ANY_JSON, st.integers(0, 100), st.booleans())
def test_slow_random_json(value: Any, index: int, keep_header: bool) -> None:
    random_json_property(value, index, keep_header)


@pytest.mark.slow
@settings(SLOW, max_examples=1_000)
@given(st.binary(max_size=400))
def test_slow_random_bytes(data: bytes) -> None:
    random_bytes_property(data)


@pytest.mark.slow
@settings(SLOW, max_examples=100)
@given(st.integers(1, 200_000), st.sampled_from(["[", '{"a":']), FIELDS)
def test_slow_deep_nesting(depth: int, opener: str, field: str | None) -> None:
    deep_property(depth, opener, field)
