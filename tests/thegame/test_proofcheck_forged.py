"""Forged and malformed proofs (solver/thegame/proofcheck.py, cli/thegame/check.py):
each is refused with one line on stderr and exit code 2, never exit 1 (the documented
answer "the loss holds") and never a traceback.

The forged roots and variants below were once accepted: a root with ``laid: -100``,
a root in the middle of a turn that cannot be completed, a root whose player to move
holds no cards (the game skips that player, TG-7), the variant flag ``"expert":
"no"`` read as true, and a genuine proof of another position. The malformed files
once ended in a traceback with exit code 1. docs/proof-format.md is the format.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from playable.cli.main import app
from playable.cli.thegame import check as check_cli
from playable.solver.thegame import proof, proofcheck
from playable.solver.thegame.notation import Deal, format_deal, format_position
from playable.solver.thegame.rules import State, Variant, shuffled_deck

from .search_cases import STORED, position_from_json

RUNNER = CliRunner()
#: a stored lost position of the expert variant, optimum 6 cards left
LOST = State(
    Variant(1, True, False, 50),
    (42, 45, 10, 21),
    ((8, 9, 11, 22, 23, 26, 28, 46),),
    (47, 49, 33, 13),
)
#: solo expert, max-card 26, seed 90000: the prover finds a line laying every card
WON_DEAL = Deal(
    Variant(1, True, False, 26), tuple(shuffled_deck(Variant(1, True, False, 26), 90000))
)


def genuine(state: State) -> dict[str, Any]:
    """A proof from the prover (of LOST's optimum, 6), as a file holds it."""
    found = proof.prove(state, 6 if state == LOST else 1, limit=50_000)
    assert found is not None
    document: dict[str, Any] = json.loads(json.dumps(found.document(state)))
    return document


def forge(state: State, claim: int, by: str = "expand", **root: Any) -> dict[str, Any]:
    """A one-node proof whose root (and only node) is ``state`` with ``root``'s fields
    overwritten: what a forger writes."""
    position = proof.position_json(state) | root
    return {
        "format": proofcheck.FORMAT,
        "variant": {
            "players": state.variant.players,
            "expert": state.variant.expert,
            "expert_hand": state.variant.expert_hand,
            "max_card": state.variant.max_card,
        },
        "claim": claim,
        "draw": list(state.draw),
        "roots": [position],
        "nodes": [position | {"claim": claim, "by": by}],
    }


def cli(tmp_path: Path, document: dict[str, Any] | bytes, game: Deal | State) -> tuple[int, str]:
    """``playable check thegame PROOF --position FILE`` through the real app: exit code
    and stderr. Asserts the output is at most one line and no exception escaped."""
    path = tmp_path / "forged.proof.json"
    path.write_bytes(document if isinstance(document, bytes) else json.dumps(document).encode())
    position = tmp_path / "game.thegame"
    position.write_text(format_deal(game) if isinstance(game, Deal) else format_position(game))
    result = RUNNER.invoke(app, ["check", "thegame", str(path), "--position", str(position)])
    assert isinstance(result.exception, SystemExit | None), repr(result.exception)
    assert result.stdout == "", result.stdout
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    return result.exit_code, result.stderr


def refused(document: Any, match: str, expected: Deal | State | None = None) -> None:
    with pytest.raises(proofcheck.ProofError, match=match):
        proofcheck.check(document, expected)


# ----------------------------------------------------------------- forged roots


def mid_turn_stuck() -> State:
    """Solo expert, 25 cards: one card laid this turn and none of the hand fits any
    pile, so the minimum of 3 cannot be reached (no game reaches this, TG-7)."""
    hand = (4, 5, 6, 7, 8, 9, 10)
    return State(Variant(1, True, False, 26), (24, 25, 3, 2), (hand,), (11, 16, 17), 0, 1)


def skipped_player() -> State:
    """Two players, nothing to draw, player 1 holds no cards: the game skips them and
    player 2 lays 5 on the ascending pile showing 4, winning (TG-7)."""
    return State(Variant(2, False, False, 20), (4, 19, 20, 2), ((), (5,)), (), 0, 0)


FORGED: dict[str, Callable[[], tuple[dict[str, Any], State, str]]] = {
    "laid -100, claim 1000": lambda: (
        forge(WON_DEAL.start(0), 1000, laid=-100),
        WON_DEAL.start(0),
        "claim: expected an integer 1..25",
    ),
    "laid -100, claim 1": lambda: (
        forge(WON_DEAL.start(0), 1, laid=-100),
        WON_DEAL.start(0),
        r"roots\[0\].laid: expected an integer 0..8, got -100",
    ),
    "mid-turn root that cannot be completed": lambda: (
        forge(mid_turn_stuck(), 10),
        mid_turn_stuck(),
        "cannot reach the minimum of 3",
    ),
    "mid-turn root, claim 500": lambda: (
        forge(mid_turn_stuck(), 500),
        mid_turn_stuck(),
        "claim: expected an integer",
    ),
    "player to move holds no cards": lambda: (
        forge(skipped_player(), 1, by="terminal"),
        skipped_player(),
        "player 1 has no cards and would be skipped",
    ),
}


@pytest.mark.parametrize("name", list(FORGED))
def test_a_forged_root_is_refused(name: str, tmp_path: Path) -> None:
    document, state, match = FORGED[name]()
    refused(document, match)
    code, _ = cli(tmp_path, document, state)  # the position file may be refused first
    assert code == 2


def test_the_forged_states_are_refused_by_the_position_reader_too() -> None:
    """The same check as the position-file reader: a position file of each forged root
    is refused by `parse` (one validation, notation.check_position)."""
    from playable.solver.core.errors import NotationError
    from playable.solver.thegame.notation import parse

    for state in (mid_turn_stuck(), skipped_player()):
        with pytest.raises(NotationError):
            parse(format_position(state))


def test_a_non_terminal_node_without_a_turn_is_refused() -> None:
    """Even inside the proof: an expand node whose position has no legal turn (and is
    not over) proves nothing; the reader refuses such a position already."""
    document = forge(mid_turn_stuck(), 10)
    document["roots"][0] = proof.position_json(LOST)
    refused(document, "root|node|draw")


def test_the_expert_flag_must_be_a_json_boolean(tmp_path: Path) -> None:
    """The flag "expert": "no" was read as true; now only true and false are flags."""
    document = genuine(LOST)
    for value in ("no", "yes", 1, 0, None, [], "false"):
        bad = copy.deepcopy(document)
        bad["variant"]["expert"] = value
        refused(bad, "variant.expert: expected true or false", LOST)
    bad["variant"]["expert"] = "no"
    code, error = cli(tmp_path, bad, LOST)
    assert code == 2 and "variant.expert: expected true or false, got a string" in error


def test_a_standard_position_refuses_an_expert_proof(tmp_path: Path) -> None:
    """A proof of the expert position is no proof of the standard one (a smaller
    optimum): the variant must be the given file's."""
    document = genuine(LOST)
    standard = State(Variant(1, False, False, 50), LOST.piles, LOST.hands, LOST.draw)
    refused(document, "another variant", standard)
    code, error = cli(tmp_path, document, standard)
    assert code == 2 and "another variant" in error


def test_a_genuine_proof_of_another_position_is_refused(tmp_path: Path) -> None:
    document = genuine(LOST)
    assert proofcheck.check(document, LOST).claim == 6  # genuine: it proves LOST
    other = position_from_json(next(d for d in STORED if d["optimal_cards_left"] > 0))
    assert other != LOST
    refused(document, "another position", other)
    code, error = cli(tmp_path, document, other)
    assert code == 2 and "another position" in error
    # nor is a proof of a position one of a deal, or the other way round
    deal = Deal(LOST.variant, tuple(shuffled_deck(LOST.variant, 1)))
    refused(document, "the proof is of a position, not of the given deal", deal)


def test_first_applies_to_a_deal_and_is_named(tmp_path: Path) -> None:
    """`--first N` takes a deal file only; with it the certified position is the deal
    started by player N (TG-9), and the output names the deal, the player and the
    variant. (Small lost deals are rare and slow to prove, so the naming is checked on
    a report directly.)"""
    path = tmp_path / "p.json"
    path.write_text(json.dumps(genuine(LOST)))
    position = tmp_path / "lost.thegame"
    position.write_text(format_position(LOST))
    args = ["check", "thegame", str(path), "--position", str(position), "--first", "1"]
    result = RUNNER.invoke(app, args)
    assert result.exit_code == 2 and "--first applies to a deal" in result.stderr
    report = proofcheck.CheckReport(1, 1, 1, 0, 0, WON_DEAL.start(0))
    line = check_cli._text(report, "d.thegame", 1)
    assert "deal d.thegame started by player 1" in line and "max-card 26" in line
    document = check_cli._document(report, "d.thegame", 1)
    assert document["first_player"] == 0 and document["root"]["kind"] == "position"


@pytest.mark.slow
def test_the_won_deal_is_won() -> None:
    """The deal a forged root once "proved" lost: the prover finds a line laying every
    card (about 15 s)."""
    assert proof.prove(WON_DEAL.start(0), 1, limit=500_000) is None


# --------------------------------------------------------------- malformed files


def _deep(depth: int) -> bytes:
    return b'{"format":"playable-thegame-proof/1","nodes":' + b"[" * depth + b"]" * depth + b"}"


def _with(change: Callable[[dict[str, Any]], None]) -> Callable[[], bytes]:
    def make() -> bytes:
        document = genuine(LOST)
        change(document)
        return json.dumps(document).encode()

    return make


def _text(edit: Callable[[str], str]) -> Callable[[], bytes]:
    return lambda: edit(json.dumps(genuine(LOST))).encode()


MALFORMED: dict[str, tuple[Callable[[], bytes], str]] = {
    "no claim": (_with(lambda d: d.pop("claim")), "missing key 'claim'"),
    "claim 'two'": (_with(lambda d: d.update(claim="two")), "claim: expected an integer"),
    "claim null": (_with(lambda d: d.update(claim=None)), "got null"),
    "claim true": (_with(lambda d: d.update(claim=True)), "got true"),
    "empty roots": (_with(lambda d: d.update(roots=[])), r"roots: expected 1..1 items"),
    "no draw": (_with(lambda d: d.pop("draw")), "exactly one of 'deck'"),
    "Infinity": (_text(lambda t: t.replace('"claim": 6', '"claim": Infinity')), "finite"),
    "NaN": (_text(lambda t: t.replace('"claim": 6', '"claim": NaN')), "finite"),
    "1e400": (_text(lambda t: t.replace('"claim": 6', '"claim": 1e400')), "not an integer"),
    "6.0": (_text(lambda t: t.replace('"claim": 6', '"claim": 6.0')), "not an integer"),
    "huge integer": (
        _text(lambda t: t.replace('"claim": 6', '"claim": ' + "9" * 5000)),
        "digits|integer",
    ),
    "non-UTF-8": (lambda: b'{"format": "\xff\xfe"}', "not UTF-8"),
    "deep nesting": (lambda: _deep(100_000), "nested too deeply|expected"),
    "deep objects": (lambda: b'{"a":' * 50_000 + b"1" + b"}" * 50_000, "nested too deeply|format"),
    "empty file": (lambda: b"", "not JSON"),
    "a list": (lambda: b"[1, 2]", "format"),
    "truncated": (_text(lambda t: t[: len(t) // 2]), "not JSON"),
    "duplicate claim": (
        _text(lambda t: t.replace('"claim": 6', '"claim": 6, "claim": 1')),
        "twice",
    ),
    "unknown key": (_with(lambda d: d.update(note="trust me")), 'unknown key "note"'),
    "lone surrogate key": (
        _text(lambda t: '{"\\ud800": 1, ' + t[1:]),
        r'unknown key "\\ud800"',
    ),
    "control character reason": (
        _with(lambda d: d["nodes"][0].update(by="\x1b[31mexpand")),
        "unknown reason",
    ),
    "hands a string": (_with(lambda d: d["nodes"][0].update(hands="8 9")), "expected a list"),
}


@pytest.mark.parametrize("name", list(MALFORMED))
def test_a_malformed_file_is_one_line_and_exit_2(name: str, tmp_path: Path) -> None:
    make, match = MALFORMED[name]
    data = make()
    with pytest.raises(proofcheck.ProofError, match=match):
        proofcheck.check(proofcheck.read_document(data), LOST)
    code, error = cli(tmp_path, data, LOST)
    assert code == 2
    assert "proof rejected" in error


def test_a_bad_position_file_is_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps(genuine(LOST)))
    bad = tmp_path / "bad.thegame"
    bad.write_text(format_position(LOST).replace("laid: 0", "laid: -1"))
    result = RUNNER.invoke(app, ["check", "thegame", str(path), "--position", str(bad)])
    assert result.exit_code == 2 and "laid" in result.stderr
    missing = RUNNER.invoke(app, ["check", "thegame", str(path)])
    assert missing.exit_code == 2 and "--position" in missing.stderr


# ------------------------------------------------------------------- deal proofs


def deal_document(deal: Deal) -> dict[str, Any]:
    """A deal proof's header as the prover writes it, with one (false) node per start:
    the tests below must be refused before any node is looked at."""
    v = deal.variant
    starts = [proof.position_json(deal.start(p)) for p in range(v.players)]
    return {
        "format": proofcheck.FORMAT,
        "variant": {
            "players": v.players,
            "expert": v.expert,
            "expert_hand": v.expert_hand,
            "max_card": v.max_card,
        },
        "claim": 1,
        "deck": list(deal.order),
        "roots": [{"first_player": p} for p in range(v.players)],
        "nodes": [s | {"claim": 1, "by": "expand"} for s in starts],
    }


TWO = Deal(Variant(2, True, True, 16), tuple(shuffled_deck(Variant(2, True, True, 16), 4)))


@pytest.mark.parametrize(
    ("edit", "match"),
    [
        (lambda d: d["deck"].__setitem__(0, d["deck"][1]), "deck: not a deal of the game"),
        (lambda d: d["deck"].pop(), "deck: not a deal of the game: expected 15 cards"),
        (lambda d: d.update(roots=[{"first_player": 0}]), "roots"),
        (lambda d: d.update(roots=[{"first_player": 1}, {"first_player": 0}]), "roots"),
        (lambda d: d.update(draw=[]), "exactly one of 'deck'"),
        (lambda d: d["variant"].update(players=3), "deck|roots|hands"),
    ],
)
def test_a_malformed_deal_proof_is_refused(
    edit: Callable[[dict[str, Any]], None], match: str
) -> None:
    document = deal_document(TWO)
    edit(document)
    refused(document, match)


def test_an_unfounded_deal_proof_is_refused() -> None:
    """The header is right but the nodes are only the starts: the turns from the first
    start reach positions no node covers."""
    refused(deal_document(TWO), "node 0: a turn reaches", TWO)


def test_a_checker_failure_is_exit_2_not_proven(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A crash inside the checker (here a simulated one) must not end with exit 1,
    which would read as "the loss holds"."""

    def crash(document: Any, expected: Any = None) -> Any:
        raise RecursionError("simulated")

    monkeypatch.setattr(proofcheck, "check", crash)
    code, error = cli(tmp_path, genuine(LOST), LOST)
    assert code == 2 and "nothing is proven" in error


def test_a_node_gets_the_readers_checks() -> None:
    """Nodes are not read back as text, but the reader's pile-top rule and its
    validation (notation.check_position) refuse a node it would refuse."""
    document = genuine(LOST)
    bad = copy.deepcopy(document)
    bad["nodes"][0]["piles"][0] = 51  # an ascending pile showing the descending start
    refused(bad, r"nodes\[0\]\.piles\[0\]: expected 1 or a card 2..50", LOST)
    bad = copy.deepcopy(document)
    bad["nodes"][0]["to_move"], bad["nodes"][0]["laid"] = 0, 1  # a full hand mid-turn
    refused(bad, r"nodes\[0\]: not a position of the game: hand 1 must hold", LOST)
