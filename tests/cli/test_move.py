"""`playable move FILE MOVE...` for every game: each move kind, refusals with their
rule id, all or nothing, stdin, -o, --json, and the round trip move -> solve -> move.

Each command runs in-process through Typer's runner on the root app (the same error
boundary as the installed ``playable``); positions the examples do not hold are made
with the game interface (solver/core/game.py) and written with ``Game.format``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from playable.solver.core.jsonkeys import SCHEMA_DIR
from playable.solver.games import game, game_of
from playable.solver.sequence.board import cell_name
from playable.solver.sequence.rules import CELLS_OF
from playable.solver.uno.cards import WILD_DRAW_FOUR
from playable.solver.uno.rules import Options, Phase, random_deal
from playable.solver.uno.rules import State as UnoState
from tests.clirun import invoke, run

ROOT = Path(__file__).resolve().parents[2]
EX = ROOT / "examples"

TG_DEAL = str(EX / "thegame-solo.deal.txt")
FF_DEAL = str(EX / "deal.facetoface.txt")
FF_END = str(EX / "endgame.facetoface.txt")
UNO_END = str(EX / "endgame.uno.txt")
SQ_WIN2 = str(EX / "win-in-2.sequence.txt")
SQ_NINE = str(EX / "nine-in-a-row.sequence.txt")

_SCHEMAS = [json.loads(p.read_text("utf-8")) for p in SCHEMA_DIR.glob("*.json")]
_REGISTRY: Registry[Any] = Registry().with_resources(
    (s["$id"], Resource.from_contents(s)) for s in _SCHEMAS
)
MOVE_SCHEMA = Draft202012Validator(
    next(s for s in _SCHEMAS if s["$id"].endswith(":move")), registry=_REGISTRY
)


def moved(path: str, *moves: str) -> str:
    """The position file after ``moves``; the command must succeed."""
    code, out, err = invoke("move", path, *moves)
    assert code == 0, err
    return out


def refused(path: str, *moves: str, stdin: str | None = None) -> str:
    """The one error line of a refused ``move`` (exit 2, nothing on stdout)."""
    code, out, err = invoke("move", path, *moves, stdin=stdin)
    assert code == 2, (code, out, err)
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


def as_json(path: str, *moves: str) -> dict[str, Any]:
    code, out, err = invoke("move", path, *moves, "--json")
    assert code == 0, err
    document: dict[str, Any] = json.loads(out)
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in MOVE_SCHEMA.iter_errors(document)]
    assert not errors, errors[:5]
    return document


def reference(path: str, *moves: str) -> str:
    """The position after ``moves`` by the game interface itself, as a file."""
    text = Path(path).read_text("utf-8")
    rules = game_of(text, path)
    state = rules.parse(text, path)
    for move in moves:
        state = rules.apply(state, rules.parse_move(state, move))
    return rules.format(state)


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# --------------------------------------------------------------------- each move kind


def test_thegame_plays_and_end_of_turn() -> None:
    moves = ["5@0", "32@1", "/", "99@0", "97@2", "/"]
    assert moved(TG_DEAL, *moves) == reference(TG_DEAL, *moves)
    after = game("thegame").parse(moved(TG_DEAL, *moves))
    assert after.piles == (99, 32, 97, 100) and after.laid == 0
    assert len(after.hands[0]) == 8 and len(after.draw) == 98 - 8 - 4  # TG-4: drew 2, 2


def test_thegame_trick_on_a_made_position(tmp_path: Path) -> None:
    text = (
        "playable thegame position\nplayers: 1\nmax-card: 20\npiles: 19 18 3 4\n"
        "hand 1: 9 6 7 10 11 12\ndraw: 15 16 17\nto-move: 1\nlaid: 2\n"
    )
    path = write(tmp_path, "trick.txt", text)
    assert game("thegame").parse(moved(path, "9@0")).piles == (9, 18, 3, 4)  # 19 - 10 (TG-3)
    assert "cannot go on ascending pile 1 showing 18 (TG-3)" in refused(path, "9@1")


def test_thegame_moves_as_one_string_equal_separate_arguments() -> None:
    assert moved(TG_DEAL, "5@0 32@1   /") == moved(TG_DEAL, "5@0", "32@1", "/")
    assert moved(TG_DEAL, "5@0 32@1", "/ 99@0") == reference(TG_DEAL, "5@0", "32@1", "/", "99@0")


def test_facetoface_own_and_opponent_piles_and_end_of_turn() -> None:
    # own-up, own-down, then one card on the opponent's up pile (lower, FF-3) and on
    # their down pile (higher, FF-3), each turn ended with '/'
    moves = [
        "12@own-up",
        "14@own-up",
        "/",
        "48@own-down",
        "10@opp-up",
        "/",
        "51@opp-down",
        "18@own-up",
        "/",
    ]
    out = moved(FF_DEAL, *moves)
    assert out == reference(FF_DEAL, *moves)
    state = game("facetoface").parse(out)
    assert state.piles == ((18, 60), (1, 51)) and state.to_move == 1
    assert len(state.hands[0]) == 6  # FF-5: one card on the opponent's piles: back to 6


def test_facetoface_deal_starts_with_player_one() -> None:
    """A deal file starts its game as solve does: player 1 to move (FF-7)."""
    document = as_json(FF_DEAL, "12@own-up")
    assert document["line"] == [{"player": 0, "move": "12@own-up"}]
    assert document["position"]["laid_own"] == 1 and document["to_move"] == 0


def _uno_state(predicate: Callable[[UnoState], bool]) -> UnoState:
    """The first state of seeded random two-player rounds that ``predicate`` accepts."""
    rules = game("uno")
    for seed in range(200):
        rng = random.Random(seed)
        state = random_deal(Options(), 2, seed).start()
        while not rules.is_terminal(state):
            if predicate(state):
                return state
            state = rules.apply(state, rng.choice(rules.legal_moves(state)))
    raise AssertionError("no such state in 200 seeded rounds")


def _holds_w4(state: UnoState) -> bool:
    return state.phase == Phase.PLAY and WILD_DRAW_FOUR in state.hand


def test_uno_plays_draw_and_pass() -> None:
    assert moved(UNO_END, "G9", "GR") == reference(UNO_END, "G9", "GR")
    assert as_json(UNO_END, "G9", "GR")["to_move"] == 0  # UN-5: Reverse skips with 2
    drawn = as_json(UNO_END, "draw")
    assert drawn["position"]["phase"] == "drawn" and drawn["position"]["drawn"] == "G1"
    passed = as_json(UNO_END, "draw", "pass")  # UN-4: keep the drawn card
    assert passed["to_move"] == 0 and passed["position"]["hands"][1] == ["G1", "G7", "G9"]
    assert moved(UNO_END, "draw G1") == reference(UNO_END, "draw", "G1")


def test_uno_wild_challenge_accept_and_colour(tmp_path: Path) -> None:
    rules = game("uno")
    path = write(tmp_path, "w4.txt", rules.format(_uno_state(_holds_w4)))
    played = as_json(path, "W4:red")
    assert played["position"]["phase"] == "challenge"
    sizes = [len(h) for h in played["position"]["hands"]]
    player, challenger = played["line"][0]["player"], played["to_move"]
    challenged = as_json(path, "W4:red", "challenge")
    assert [m["move"] for m in challenged["line"]] == ["W4:red", "challenge"]
    after = [len(h) for h in challenged["position"]["hands"]]
    # UN-6: guilty, the player of the W4 draws 4 and the challenger plays; innocent,
    # the challenger draws 6 and loses the turn
    guilty = after[player] == sizes[player] + 4 and challenged["to_move"] == challenger
    innocent = after[challenger] == sizes[challenger] + 6 and challenged["to_move"] == player
    assert guilty != innocent
    assert moved(path, "W4:red", "challenge") == reference(path, "W4:red", "challenge")
    accepted = as_json(path, "W4:blue", "accept")  # UN-5: draws 4, loses the turn
    assert accepted["position"]["colour"] == "blue"
    assert len(accepted["position"]["hands"][challenger]) == sizes[challenger] + 4
    assert accepted["to_move"] == player
    turned = _uno_state(lambda s: s.phase == Phase.COLOUR)  # UN-7: a Wild turned first
    path = write(tmp_path, "colour.txt", rules.format(turned))
    named = as_json(path, "colour:red")
    assert named["position"]["colour"] == "red" and named["position"]["phase"] == "play"


def _pass_position() -> str:
    """Player 1 holds seven dead spades and has replaced a dead card already: the only
    move is pass (SQ-6, SQ-11)."""
    hand = ["2S", "3S", "4S", "5S", "6S", "7S", "8S"]
    board = [["."] * 10 for _ in range(10)]
    for r, c in ((0, 0), (0, 9), (9, 0), (9, 9)):
        board[r][c] = "*"
    for i, cell in enumerate(sorted(c for card in hand for c in CELLS_OF[card])):
        name = cell_name(cell)
        board[int(name[1])]["abcdefghij".index(name[0])] = "BG"[i % 2]
    rows = "".join(f"row {r}: {' '.join(board[r])}\n" for r in range(10))
    return (
        f"playable sequence position\nplayers: 2\nsides: 2\n{rows}sequences: -\n"
        f"hand 1: {' '.join(hand)}\nhand 2: 9S TS QS KS AS 2H 3H\ndiscard 1: 9C\n"
        "discard 2: -\ndraw: 9H TH\nto-move: 1\nreplaced: yes\nseed: 0\n"
    )


def test_sequence_place_claim_jacks_dead_and_pass(tmp_path: Path) -> None:
    assert moved(SQ_WIN2, "5C@b1", "TD@h5") == reference(SQ_WIN2, "5C@b1", "TD@h5")
    text = Path(SQ_WIN2).read_text("utf-8")
    text = text.replace("row 8: . . . . . . . . . .", "row 8: . . . . . . G . . .")
    text = text.replace("row 0: * . . .", "row 0: * B . .")  # 2S (b0, g8) is dead
    text = text.replace("hand 1: 5C AH 2S 3S 4S 5S 6S", "hand 1: 5C AH 2S 3S JH JD 6S")
    path = write(tmp_path, "jacks.txt", text)
    dead = as_json(path, "dead:2S")  # SQ-6: discard it, draw 9H, still player 1's turn
    assert dead["to_move"] == 0 and "9H" in dead["position"]["hands"][0]
    removed = as_json(path, "dead:2S", "JHxg5")  # SQ-5 one-eyed: g5 loses its chip
    assert removed["position"]["board"][5] == ".........." and removed["to_move"] == 1
    wild = as_json(path, "JD@a1")  # SQ-5 two-eyed: any empty space
    assert wild["position"]["board"][1] == "B.BBB....."
    stuck = write(tmp_path, "stuck.txt", _pass_position())
    passed = as_json(stuck, "pass")
    assert passed["to_move"] == 1 and passed["line"] == [{"player": 0, "move": "pass"}]


def test_sequence_claiming_move_ends_the_game(tmp_path: Path) -> None:
    code, out, err = invoke("move", SQ_NINE, "AH@f1+b1-f1+f1-j1")
    assert code == 0 and "game over: blue has won (SQ-8)" in err
    assert game("sequence").parse(out).winner == 0
    document = as_json(SQ_NINE, "AH@f1+b1-f1+f1-j1")
    assert document["terminal"] is True and document["returns"] == [1, -1]


# --------------------------------------------------------------------- the game ends


def ended(folder: Path, name: str, text: str, moves: str) -> tuple[str, str, str]:
    """The file ``name`` in ``folder`` holding ``text``, moved by ``moves`` to the
    game's end (exit code 0): its path, the position written and the lines said."""
    path = write(folder, name, text)
    code, out, err = invoke("move", path, moves)
    assert code == 0, err
    return path, out, err


def test_game_over_is_written_and_said(tmp_path: Path) -> None:
    won_text = (
        "playable thegame position\nplayers: 1\nmax-card: 11\npiles: 4 11 2 12\n"
        "hand 1: 5 6\ndraw: -\nto-move: 1\nlaid: 0\n"
    )
    _, out, err = ended(tmp_path, "won.txt", won_text, "5@0 6@0")
    assert err.strip() == "game over: every card is laid: the team wins (TG-8)"
    assert "hand 1: -" in out
    lost_text = (
        "playable thegame position\nplayers: 1\nmax-card: 20\npiles: 19 18 3 4\n"
        "hand 1: 5 6 7 10 11 12\ndraw: 15 16 17\nto-move: 1\nlaid: 2\n"
    )
    lost, out, err = ended(tmp_path, "lost.txt", lost_text, "/")
    assert "lost with 9 cards not laid (TG-7, TG-8)" in err
    assert as_json(lost, "/")["returns"] == [-9]
    over = write(tmp_path, "over.txt", out)
    assert refused(over, "5@0").endswith(
        "move 1 '5@0': the game is already over: no turn can reach its minimum: "
        "lost with 9 cards not laid (TG-7, TG-8)"
    )
    # Face to Face: laying the last card wins at once (FF-6); UNO: going out (UN-9)
    ff_text = (
        "playable facetoface position\nmax-card: 9\npiles 1: 8 10\npiles 2: 1 10\n"
        "hand 1: 9\nhand 2: 2 3 4 5 6 7\ndraw 1: -\ndraw 2: 8 9\nto-move: 1\nlaid: 0 0\n"
    )
    ff, _, err = ended(tmp_path, "ff.txt", ff_text, "9@own-up")
    assert err.strip() == "game over: player 1 has won (FF-6)"
    assert "move 2 '/': the game is already over: player 1 has won (FF-6)" in refused(
        ff, "9@own-up", "/"
    )
    code, _, err = invoke("move", UNO_END, "G9 GR G0 G7")
    assert code == 0 and "player 2 went out and scores 2 points (UN-9, UN-10)" in err
    assert as_json(UNO_END, "G9 GR G0 G7")["returns"] == [0, 2]
    code, out, err = invoke("move", UNO_END, "G9 GR G0 G7", "--json")
    assert "game over" not in err  # --json: the document says it
    text = Path(UNO_END).read_text("utf-8").replace("scoring: standard", "scoring: alternative")
    alternative, _, err = ended(tmp_path, "alternative.txt", text, "G9 GR G0 G7")
    # UN-10 alternative: own leftovers count
    assert "player 2 went out; leftovers 2, 0 (UN-9, UN-10 alternative)" in err
    assert as_json(alternative, "G9 GR G0 G7")["returns"] == [-2, 0]


# --------------------------------------------------------------------- refusals


REFUSALS = [
    # (file, moves, the error line's end: move number, text and reason with rule id)
    (
        TG_DEAL,
        ["5@0", "36@0", "32@0"],
        "move 3 '32@0': 32 cannot go on ascending pile 0 showing 36 (TG-3)",
    ),
    (TG_DEAL, ["5@0", "/"], "move 2 '/': the turn must lay at least 2 cards (TG-5); 1 laid"),
    (TG_DEAL, ["7@1"], "move 1 '7@1': player 1 does not hold 7 (TG-4)"),
    (TG_DEAL, ["5@9"], "move 1 '5@9': expected a move 'card@pile' with pile 0-3, got '5@9'"),
    (
        TG_DEAL,
        ["5@0", "fish"],
        "move 2 'fish': expected a move 'card@pile' with pile 0-3, got 'fish'",
    ),
    (
        FF_DEAL,
        ["12@own-up", "14@opp-up"],
        "move 2 '14@opp-up': 14 cannot go on opp-up showing 1: it must improve that pile (FF-3)",
    ),
    (
        FF_END,
        ["11@opp-up", "12@opp-up"],
        "move 2 '12@opp-up': only one card per turn may go on the opponent's piles (FF-3)",
    ),
    (FF_DEAL, ["14@own-up", "12@own-up"], "12 cannot go on own-up showing 14 (FF-2, TG-3)"),
    (
        FF_DEAL,
        ["12@own-up", "/"],
        "the turn must lay at least 2 cards, at least one on an own pile (FF-4)",
    ),
    (FF_DEAL, ["2@own-up"], "move 1 '2@own-up': player 1 does not hold 2 (FF-4)"),
    (UNO_END, ["R7"], "move 1 'R7': player 2 does not hold R7 (UN-3)"),
    (UNO_END, ["G9", "G7"], "move 2 'G7': player 1 does not hold G7 (UN-3)"),
    (UNO_END, ["pass"], "only a card just drawn may be kept with pass; play a card or draw (UN-4)"),
    (
        UNO_END,
        ["draw", "G9"],
        "move 2 'G9': player 2 drew G1: only G1 may be played now, or pass (UN-4)",
    ),
    (
        UNO_END,
        ["challenge"],
        "no Wild Draw Four or Draw Two is pending: challenge is not a move now (UN-5, UN-6)",
    ),
    (UNO_END, ["colour:red"], "a colour is named alone only for a Wild turned first (UN-7)"),
    (UNO_END, ["W"], "move 1 'W': a wild needs its colour, e.g. W:green"),
    (UNO_END, ["R7:red"], "move 1 'R7:red': only a wild names a colour, got 'R7:red'"),
    (SQ_WIN2, ["5C@a1"], "move 1 '5C@a1': 5C does not show on a1 (SQ-4)"),
    (SQ_WIN2, ["QS@e4"], "move 1 'QS@e4': QS is not in the hand of player 1 (SQ-4)"),
    (SQ_WIN2, ["5C@b1", "5C@d3"], "move 2 '5C@d3': 5C is not in the hand of player 2 (SQ-4)"),
    (SQ_WIN2, ["pass"], "a card can be played, so the turn cannot be passed (SQ-11)"),
    (SQ_WIN2, ["dead:5C"], "5C is not a dead card: one of its spaces is empty (SQ-6)"),
    (SQ_WIN2, ["5C@b1", "7S@b1"], "move 2 '7S@b1': cell b1 is not empty (SQ-4)"),
    (SQ_NINE, ["AH@f1+b1-f1"], "must announce the sequences it completes"),
    (SQ_NINE, ["AH@f1"], "'AH@f1' completes sequences; choose one of AH@f1+b1-f1+f1-j1"),
    (SQ_WIN2, ["hello"], "move 1 'hello': expected a move like QS@e4, JDxe4, dead:9C or pass"),
]


@pytest.mark.parametrize(("path", "moves", "message"), REFUSALS)
def test_refused_moves_name_move_and_rule(path: str, moves: list[str], message: str) -> None:
    line = refused(path, *moves)
    assert line.startswith("error: move ")
    assert message in line


def test_sequence_jack_refusals(tmp_path: Path) -> None:
    text = Path(SQ_WIN2).read_text("utf-8")
    text = text.replace("hand 1: 5C AH 2S 3S 4S 5S 6S", "hand 1: 5C AH 2S 3S JH JD 6S")
    path = write(tmp_path, "jacks.txt", text)
    assert "only a one-eyed Jack removes a chip, not JD (SQ-5)" in refused(path, "JDxg5")
    assert "JH is a one-eyed Jack: it removes a chip, it places none (SQ-5)" in refused(
        path, "JH@a1"
    )
    assert "c1 holds no opponent chip that is free to remove (SQ-5, SQ-7)" in refused(path, "JHxc1")
    unknown = write(tmp_path, "unknown.txt", text.replace("draw: 9H TH QH KH", "draw: -"))
    assert refused(unknown, "5C@b1").endswith(
        "move 1 '5C@b1': the next card of the draw pile is unknown: the position does not "
        "list it (SQ-4)"
    )
    assert "only one dead card may be replaced per turn (SQ-6)" in refused(
        write(tmp_path, "stuck.txt", _pass_position()), "dead:2S"
    )


def test_uno_phase_refusals(tmp_path: Path) -> None:
    rules = game("uno")
    path = write(tmp_path, "w4.txt", rules.format(_uno_state(_holds_w4)))
    line = refused(path, "W4:red", "draw")
    assert (
        "move 2 'draw':" in line
        and "must answer the Wild Draw Four: challenge or accept (UN-6)" in line
    )
    turned = write(
        tmp_path, "colour.txt", rules.format(_uno_state(lambda s: s.phase == Phase.COLOUR))
    )
    assert "names the colour, e.g. colour:red (UN-7)" in refused(turned, "draw")


def test_bad_files_and_no_moves(tmp_path: Path) -> None:
    assert refused(str(tmp_path / "nope.txt"), "5@0").endswith("nope.txt: no such file")
    junk = write(tmp_path, "junk.txt", "hello world\n")
    assert "junk.txt:1:" in refused(junk, "5@0")
    assert "unknown game 'chess'" in refused(
        write(tmp_path, "c.txt", "playable chess deal\n"), "e4"
    )
    broken = write(
        tmp_path, "b.txt", Path(TG_DEAL).read_text("utf-8").replace("deck: 5 ", "deck: 5 5 ")
    )
    assert "b.txt:" in refused(broken, "5@0")
    puzzle = str(EX / "thegame-lay-all-easy.puzzle.txt")
    assert "a puzzle file asks a question" in refused(puzzle, "16@0")
    assert "a play-out hand is a one-player puzzle" in refused(str(EX / "playout.uno.txt"), "R1")
    assert "no move given; The Game moves look like 37@0" in refused(TG_DEAL, "  ")
    code, _, err = invoke("move", TG_DEAL)  # MOVE is required
    assert code == 2 and "Missing argument" in err


def test_bad_output_is_refused_before_anything(tmp_path: Path) -> None:
    assert "is a directory" in refused(TG_DEAL, "5@0", "-o", str(tmp_path))
    missing = tmp_path / "no" / "out.txt"
    assert "does not exist" in refused(TG_DEAL, "5@0", "-o", str(missing))
    # OUT is checked first: even a file that cannot be read is not read
    assert "is a directory" in refused(str(tmp_path / "nope.txt"), "5@0", "-o", str(tmp_path))


def test_all_or_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    refused(TG_DEAL, "5@0", "32@1", "/", "7@1", "-o", str(out))
    assert not out.exists()
    out.write_text("before\n")
    refused(TG_DEAL, "5@0 32@1 / 7@1", "-o", str(out))
    assert out.read_text() == "before\n"
    code, stdout, _ = invoke("move", TG_DEAL, "5@0 32@1 /", "-o", str(out))
    assert code == 0 and stdout == ""
    assert out.read_text("utf-8") == reference(TG_DEAL, "5@0", "32@1", "/")


def test_stdin_and_output_file(tmp_path: Path) -> None:
    text = Path(UNO_END).read_text("utf-8")
    code, out, _ = invoke("move", "-", "G9", stdin=text)
    assert code == 0 and out == reference(UNO_END, "G9")
    code, out, _ = invoke("move", "-", "G9", "--json", "-o", str(tmp_path / "o.txt"), stdin=text)
    assert code == 0 and json.loads(out)["line"] == [{"player": 1, "move": "G9"}]
    assert (tmp_path / "o.txt").read_text("utf-8") == reference(UNO_END, "G9")
    assert "<stdin>" in refused("-", "5@0", stdin="junk\n")


def test_json_document() -> None:
    document = as_json(TG_DEAL, "5@0 32@1", "/")
    assert document["game"] == "thegame"
    assert [i["move"] for i in document["line"]] == ["5@0", "32@1", "/"]
    assert document["terminal"] is False and document["returns"] is None
    assert document["position"]["piles"] == [5, 32, 100, 100]
    assert document["to_move"] == document["position"]["to_move"] == 0


# --------------------------------------------------------------------- round trip


def _line_moves(name: str, line: list[dict[str, Any]]) -> list[str]:
    """A solver's line as move texts: a turn of a pile game ends with '/'; its last
    turn ends the game by laying the last card (TG-7, FF-6)."""
    if name in ("thegame", "facetoface"):
        turns = [item["move"] for item in line]
        return " / ".join(turns).split()
    return [item["move"] for item in line]


ROUND_TRIPS = [
    (str(EX / "thegame-solo-late.position.txt"), ["76@1"]),
    (FF_END, ["11@own-up"]),
    (UNO_END, ["G9"]),
    (SQ_WIN2, ["5C@b1", "TD@h5"]),
]


@pytest.mark.parametrize(
    ("path", "moves"), ROUND_TRIPS, ids=["thegame", "facetoface", "uno", "sequence"]
)
def test_round_trip_move_solve_move(tmp_path: Path, path: str, moves: list[str]) -> None:
    """The written position is accepted by show, solve and analyse of its game, and
    the solver's line, played on it with `move`, ends the game as the solver said."""
    after = tmp_path / "after.txt"
    code, _, err = invoke("move", path, *moves, "-o", str(after))
    assert code == 0, err
    code, _, err = invoke("show", str(after))
    assert code == 0, err
    code, out, err = invoke("solve", str(after), "--seconds", "20", "--json")
    assert code in (0, 1), err
    solved = json.loads(out)
    name = solved["game"]
    code, _, err = invoke("analyse", str(after), "--nodes", "2000", "--json")
    assert code in (0, 1, 3), err
    document = as_json(str(after), *_line_moves(name, solved["line"]))
    assert document["terminal"] is True
    if name == "thegame":
        assert document["returns"] == [-solved["cards_left"]]
    else:
        winner = solved["winner"]
        returns = document["returns"]
        assert returns.index(max(returns)) == winner == document["position"]["winner"]


def test_real_process_pipe() -> None:
    """What only a process shows: the installed entry point, a pipe, the exit code."""
    text = Path(TG_DEAL).read_text("utf-8")
    result = run("move", "-", "5@0", "7@1", stdin=text)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip() == "error: move 2 '7@1': player 1 does not hold 7 (TG-4)"


# --------------------------------------------------------------------- junk moves

_TOKENS = ["/", "pass", "draw", "challenge", "accept", "colour:red", "colour:", "dead:", "+"]
_TOKENS += ["5@0", "99@3", "37@own-up", "12@opp-down", "W:green", "W4:blue", "R7", "G9"]
_TOKENS += ["QS@e4", "JHxg5", "JD@a1", "dead:9C", "5C@b1", "AH@f1+b1-f1", "5C@b1+a0-e0"]
JUNK_MOVES = st.lists(st.sampled_from(_TOKENS) | st.text(max_size=8), min_size=1, max_size=4)
EXAMPLES = [TG_DEAL, FF_DEAL, FF_END, UNO_END, SQ_WIN2, SQ_NINE]


@settings(max_examples=60, deadline=None, derandomize=True)
@given(path=st.sampled_from(EXAMPLES), moves=JUNK_MOVES)
def test_junk_moves_end_cleanly(path: str, moves: list[str]) -> None:
    """Any move text on any game: written (0) or one error line (2), never a crash."""
    moves = [m for m in moves if "\x00" not in m]
    if not moves or any(m.startswith("-") for m in moves):
        return  # no argument to give, or an option's name: not a move
    result = invoke("move", path, "--", *moves)
    assert result.returncode in (0, 2), result.stderr
    assert "Traceback" not in result.stderr
    if result.returncode == 2:
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
