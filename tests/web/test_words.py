"""The board's plain words and move building, run in node (the front end's modules
web/static/words.js and table.js hold no page code at their top level): results
name players from 1, round seconds and say why an unknown result is unknown; a card
and a target make the legal move, or the one illegal try the rules will refuse.
Skipped, with the reason, without node."""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

import pytest

from tests.web.board import ROOT

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="no node: apt-get install nodejs")

STATIC = ROOT / "web" / "static"
RUNNER = """
import * as words from "WORDS";
import * as table from "TABLE";
import * as analysis from "ANALYSIS";
import * as review from "REVIEW";
let input = "";
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const modules = { words, table, analysis, review };
  const out = JSON.parse(input).map(([module, name, args]) => modules[module][name](...args));
  const plain = (key, value) => (value instanceof Map ? [...value] : value);
  process.stdout.write(JSON.stringify(out, plain));
});
"""


def run(*calls: tuple[str, str, list[Any]]) -> list[Any]:
    """Each ``(module, function, arguments)`` called in node, its results."""
    assert NODE is not None
    script = RUNNER
    for name in ("words", "table", "analysis", "review"):
        script = script.replace(name.upper(), (STATIC / f"{name}.js").as_uri())
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", script],
        input=json.dumps(calls),
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    result: list[Any] = json.loads(done.stdout)
    return result


def view(game: str, position: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"game": game, "position": position, "players": 2, "to_move": 1, **extra}


def test_results_in_plain_words() -> None:
    over = {"is_over": True}
    assert run(
        ("words", "status", [view("thegame", {"cards_left": 0}, **over, returns=[0])]),
        ("words", "status", [view("thegame", {"cards_left": 3}, **over, returns=[-3])]),
        ("words", "status", [view("facetoface", {"winner": 1}, **over, returns=[-1, 1])]),
        ("words", "status", [view("uno", {"winner": 0}, **over, returns=[35, 0])]),
        (
            "words",
            "status",
            [view("sequence", {"winner": 1, "sides": 2}, **over, players=4, returns=[])],
        ),
        ("words", "status", [view("uno", {"winner": None}, is_over=False)]),
        ("words", "seconds", [0.036612]),
        ("words", "seconds", [2.3456]),
    ) == [
        "Game over: every card laid",
        "Game over: 3 cards could not be laid",
        "Game over: player 2 wins",
        "Game over: player 1 wins (35 points)",
        "Game over: green wins (players 2, 4)",
        "Player 2 to move",
        "37 ms",
        "2.3 s",
    ]


#: A job that did not stop in time after Stop (web/jobs.py).
ENDED = "it did not stop within 5 s of Stop: its process was ended"


def test_search_results_say_what_was_proven_or_reached() -> None:
    solved = {"game": "facetoface", "status": "solved", "winner": 0, "nodes": 92, "seconds": 0.25}
    unknown = {
        "game": "thegame",
        "status": "unknown",
        "cards_left": 20,
        "bound": 2,
        "nodes": 3211,
        "seconds": 0.149675,
        "line": [{"player": 0, "move": "5@0 /"}],
    }
    bare = {"game": "facetoface", "status": "unknown", "nodes": 10240, "seconds": 1.025}
    lost = {
        "game": "thegame",
        "status": "unsolvable",
        "cards_left": 6,
        "nodes": 6329,
        "seconds": 0.03,
    }
    uno = {
        "game": "uno",
        "to_move": 1,
        "moves": [
            {"move": "G7", "value": "win"},
            {"move": "G9", "value": "win"},
            {"move": "draw", "value": "loss"},
        ],
    }
    stopped = {"elapsed": 3.21, "progress": {"nodes": 8192, "info": {"best_cards_left": 4}}}
    sentences = run(
        ("words", "solveSentence", [solved, {}]),
        ("words", "solveSentence", [unknown, {}]),
        ("words", "solveSentence", [bare, {}]),
        ("words", "solveSentence", [lost, {}]),
        ("words", "stoppedSentence", ["solve", stopped]),
        ("words", "analyseSentence", [uno]),
        ("words", "solveSentence", [bare, {}, True]),
        ("words", "partialSentence", ["analyse", {"elapsed": 1.94}]),
        ("words", "stoppedSentence", ["solve", {**stopped, "error": ENDED}]),
        ("words", "stoppedSentence", ["review", {"elapsed": 0, "error": "stopped on request"}]),
    )
    assert sentences == [
        "Solved: Player 1 wins with perfect play. 92 positions searched in 0.3 s.",
        "No answer: the budget ran out after 0.1 s and 3,211 positions searched; the best line "
        "found leaves 20 cards; at least 2 stay in hand whatever is played (proven); the best "
        "line found is shown below.",
        "No answer: the budget ran out after 1.0 s and 10,240 positions searched; nothing is "
        "proven yet.",
        "Proven: not every card can be laid; at best 6 stay in hand. 6,329 positions searched "
        "in 30 ms.",
        "Stopped after 3.2 s: 8,192 positions searched; last report: best cards left 4. "
        "Nothing is proven.",
        "Winning with perfect play: G7, G9. Losing: draw.",
        "No answer: stopped after 1.0 s and 10,240 positions searched; nothing is proven yet.",
        "Stopped: partial result. The analysis answered what it had reached after 1.9 s; "
        "what is not labelled proven is not proven.",
        f"Stopped after 3.2 s: {ENDED}; 8,192 positions searched; last report: best cards "
        "left 4. Nothing is proven.",
        "Stopped before it started.",
    ]


def test_a_card_and_a_target_make_the_move() -> None:
    thegame = {"game": "thegame", "legal_moves": ["66@0", "66@1", "66@3", "/"]}
    sequence = {"game": "sequence", "legal_moves": ["AH@f1+b1-f1", "AH@g4", "JHxe4", "pass"]}
    uno = {"game": "uno", "legal_moves": ["R1", "W:red", "W:green", "draw"]}
    assert run(
        ("table", "movesFor", [thegame, "66", "0"]),
        ("table", "movesFor", [thegame, "66", "2"]),  # an illegal try, for the rules' reason
        ("table", "movesFor", [sequence, "AH", "f1"]),
        ("table", "movesFor", [sequence, "JS", "a1"]),  # a one-eyed jack takes a chip (SQ-5)
        ("table", "movesFor", [sequence, "5C", "b1"]),
        ("table", "movesFor", [uno, "W", "green"]),
        ("table", "movesFor", [uno, "Y6", ""]),
        ("table", "targetsOf", [thegame, "66"]),
        ("table", "actionsOf", [sequence]),
        ("table", "lineCells", ["j0-f4"]),
        ("table", "directionText", [1, 3]),
        ("table", "directionText", [-1, 3]),
    ) == [
        ["66@0"],
        ["66@2"],
        ["AH@f1+b1-f1"],
        ["JSxa1"],
        ["5C@b1"],
        ["W:green"],
        ["Y6"],
        [["0", ["66@0"]], ["1", ["66@1"]], ["3", ["66@3"]]],
        ["pass"],
        [[0, 9], [1, 8], [2, 7], [3, 6], [4, 5]],
        "left ↻ (1 → 2 → 3 → 1)",
        "right ↺ (3 → 2 → 1 → 3)",
    ]


def test_the_moves_played_are_written_as_a_game_record_the_parser_reads() -> None:
    """review.js's record: one line a turn, a player's steps in a row joined until a
    '/' ends the turn (The Game for two: player 1's turn, then player 2's)."""
    from playable.solver.core.record import parse_record
    from playable.web.deal import deal_text

    start = playable_loads(deal_text("thegame", 2, 11))
    steps, position = [], start
    for _ in range(2):  # two turns of two cards each, played one step a card
        for _ in range(2):
            move = next(m for m in position.legal_moves() if m != "/")
            steps.append({"player": position.to_move, "moves": [move]})
            position = position.play(move)
        steps.append({"player": position.to_move, "moves": ["/"]})
        position = position.play("/")
    (text,) = run(("review", "recordText", [{"text": start.text()}, steps]))
    record = parse_record(text, "<board record>")
    assert [m.text for m in record.moves] == [w for s in steps for w in s["moves"]]
    assert record.final == position.state
    rows = text.split("moves:\n")[1].splitlines()
    assert [row.split(":")[0].strip() for row in rows] == ["1", "2"]


def playable_loads(text: str) -> Any:
    import playable

    return playable.loads(text)


def test_analysis_rows_proven_apart_from_estimates_best_first() -> None:
    proven = {"move": "8@own-up", "proven": True, "value": 2.0, "samples": 0, "line": ["8@own-up"]}
    estimated = {
        "move": "12@own-up",
        "proven": False,
        "value": None,
        "estimate": 0.4,
        "basis": "samples",
        "samples": 120,
        "successes": {"rate": 0.62, "low": 0.551, "high": 0.69, "trials": 120},
        "line": ["12@own-up", "13@own-up"],
    }
    lost = {**proven, "move": "46@own-up", "value": -2.0}
    unseen = {**estimated, "move": "50@own-up", "samples": 0}
    doc = {
        "game": "facetoface",
        "recommended": "8@own-up",
        "estimates": {"moves": [unseen, lost, estimated, proven]},
    }
    rows, best, cards = run(
        ("analysis", "rowsOf", [doc]),
        ("analysis", "bestOf", [doc]),
        ("analysis", "provenText", ["thegame", -3]),
    )
    assert [(r["move"], r["proven"], r["badge"]) for r in rows] == [
        ("8@own-up", True, "proven win"),
        ("12@own-up", False, "est. 62% [55%–69%] of 120"),
        ("46@own-up", True, "proven loss"),
        ("50@own-up", False, "not searched"),
    ]
    assert best == "8@own-up" and cards == "proven: 3 cards left"
    exact = {
        "game": "facetoface",
        "moves": [{"move": f"{n}@own-up /", "value": "win"} for n in (3, 4, 5, 6)],
    }
    (sentence,) = run(("analysis", "verdictSentence", [exact]))
    assert sentence == (
        "Winning with perfect play (proven): 3@own-up /, 4@own-up /, 5@own-up / and 1 more."
        " Best: 3@own-up /."
    )


def test_review_verdicts_in_words() -> None:
    doc = {
        "kind": "review",
        "complete": False,
        "moves": [{"verdict": "best"}, {"verdict": "blunder"}],
        "lost_at": 2,
        "winning_line": "1: 5@0 6@0 /",
    }
    proven = {"proven": True, "samples": 0}
    sampled = {"proven": False, "samples": 22}
    seat = {"wins": {"rate": 0.5, "trials": 30}}
    assert run(
        ("review", "reviewSentence", [doc, 3]),
        ("review", "chanceText", [proven, 0.0]),
        ("review", "chanceText", [sampled, 0.6363]),
        ("review", "chanceText", [seat, 0.5]),
    ) == [
        "So far: 2 of 3 moves judged (1 best, 1 blunder). The deal could be won until move 2"
        " (proven); a line that wins from there: 1: 5@0 6@0 /.",
        "lost (proven)",
        "64% of 22 simulations",
        "50% of 30 deals",
    ]
