"""The `playable` command line for The Game, run as a user runs it (a subprocess)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from playable.solver.thegame import notation
from playable.solver.thegame.rules import Variant
from tests.clirun import run
from tests.notation_checks import edited
from tests.refusals import refused


def test_version() -> None:
    result = run("--version")
    assert result.returncode == 0 and result.stdout.startswith("playable ")


def test_deal_piped_into_show() -> None:
    dealt = run("deal", "thegame", "--players", "3", "--seed", "1")
    assert dealt.returncode == 0
    shown = run("show", "-", stdin=dealt.stdout)
    assert shown.returncode == 0, shown.stderr
    assert "draw pile: 80 cards" in shown.stdout
    as_json = json.loads(run("show", "-", "--json", stdin=dealt.stdout).stdout)
    assert as_json["kind"] == "position" and len(as_json["hands"]) == 3
    assert as_json["cards_left"] == 98


def test_deal_is_reproducible_and_json_parses(tmp_path: Path) -> None:
    out = tmp_path / "d.txt"
    assert run("deal", "thegame", "--players", "2", "--seed", "5", "-o", str(out)).returncode == 0
    document = json.loads(run("deal", "thegame", "--players", "2", "--seed", "5", "--json").stdout)
    parsed = notation.parse_deal(out.read_text())
    assert list(parsed.order) == document["deck"]
    assert document["variant"]["hand_size"] == 7


def test_deck_option_is_read_in_deal_order() -> None:
    deck = ",".join(str(c) for c in range(20, 1, -1))
    result = run("deal", "thegame", "--max-card", "20", "--deck", deck, "--json")
    assert json.loads(result.stdout)["deck"] == list(range(20, 1, -1))


def test_play_file_and_inline_deal_agree(tmp_path: Path) -> None:
    deal_file = tmp_path / "d.txt"
    run("deal", "thegame", "--players", "3", "--seed", "1", "-o", str(deal_file))
    from_file = json.loads(run("play", str(deal_file), "--json").stdout)
    inline = json.loads(run("play", "thegame", "--players", "3", "--seed", "1", "--json").stdout)
    assert from_file == inline
    assert from_file["strategy"] == "greedy"
    laid = sum(len(turn["plays"]) for turn in from_file["line"])
    assert laid + from_file["cards_left"] == 98
    text = run("play", str(deal_file))
    assert f"cards left: {from_file['cards_left']}" in text.stdout
    assert from_file["cards_left"] > 0 and text.returncode == 1  # lost (README exit codes)


GOOD = notation.format_deal(notation.Deal(Variant(), tuple(range(2, 100))))


@pytest.mark.parametrize(
    ("old", "new", "line", "column", "words"),
    [
        ("deck: 2 ", "deck: 104 ", 6, 7, "expected a card 2..99, got '104'"),
        ("deck: 2 ", "deck: 3 ", 6, 9, "card 3 appears twice"),
        ("deck: 2 ", "deck: ", 6, 7, "expected 98 cards"),
        ("players: 1", "players: 1\nfoo: 1", 3, 1, "unknown field 'foo'"),
    ],
)
def test_malformed_deal_file_gives_one_line_and_exit_code_2(
    tmp_path: Path, old: str, new: str, line: int, column: int, words: str
) -> None:
    """The one line names the file, the line and the column, then what is wrong."""
    bad = tmp_path / "bad.txt"
    bad.write_text(edited(GOOD, old, new, 1))
    for command in ("show", "play"):
        refused(run(command, str(bad)), f"{bad}:{line}:{column}: {words}")


@pytest.mark.parametrize(
    "args",
    [
        ["show", "/no/such/file"],
        ["play", "thegame", "--players", "9"],
        ["play", "thegame", "--seed", "1", "--deck", "2,3"],
        ["play", "thegame", "--bot", "oracle"],
        ["deal", "thegame", "--max-card", "20", "--deck", "2,3,4"],
        ["simulate", "thegame", "--bot", "sampling", "--signals"],
    ],
)
def test_usage_errors_exit_2(args: list[str]) -> None:
    result = run(*args)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip()


def test_simulate_json() -> None:
    result = run("simulate", "thegame", "--players", "2", "--games", "6", "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["games"] == 6 and summary["strategy"] == "greedy"
    assert 0.0 <= summary["wins"]["low"] <= summary["wins"]["rate"] <= summary["wins"]["high"]
    assert sum(summary["distribution"].values()) == 6


def test_simulate_with_signals() -> None:
    args = ("simulate", "thegame", "--players", "2", "--bot", "planner", "--games", "4")
    result = run(*args, "--signals", "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["signals"] is True and summary["games"] == 4


def test_play_exits_0_when_the_bot_wins_and_1_when_it_loses() -> None:
    """README: 0 won (every card laid, TG-7), 1 lost; the score is printed either way."""
    won = run("play", "thegame", "--max-card", "20", "--seed", "2", "--json")
    assert won.returncode == 0 and json.loads(won.stdout)["cards_left"] == 0
    lost = run("play", "thegame", "--players", "3", "--seed", "1", "--json")
    assert lost.returncode == 1, lost.stderr
    assert json.loads(lost.stdout)["cards_left"] == 11
    text = run("play", "thegame", "--players", "3", "--seed", "1")
    assert text.returncode == 1 and "cards left: 11" in text.stdout


def position(piles: str, hand: str, draw: str, laid: int = 0) -> str:
    return (
        "playable thegame position\nplayers: 1\nmax-card: 20\n"
        f"piles: {piles}\nhand 1: {hand}\ndraw: {draw}\nto-move: 1\nlaid: {laid}\n"
    )


def test_analyse_calls_a_won_position_won_and_a_lost_one_lost(tmp_path: Path) -> None:
    """A finished game has no moves to value: its value is TG-7's verdict (analyse
    used to call every finished game lost)."""
    won = tmp_path / "won.txt"
    won.write_text(position("20 19 2 3", "-", "-"))
    result = run("analyse", str(won), "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["moves"] == []
    assert "won: every card is laid" in run("analyse", str(won)).stdout
    lost = tmp_path / "lost.txt"  # 4..8 fit no pile and the minimum is 1: lost (TG-7)
    lost.write_text(position("20 19 2 3", "4 5 6 7 8", "-"))
    assert run("analyse", str(lost)).returncode == 1


@pytest.mark.parametrize(
    ("text", "where"),
    [
        # a turn under way that cannot reach the minimum (TG-7 decision)
        (position("20 19 2 3", "4 5 6 7 8 11 14", "9 10 12 13 15 16 17 18", laid=1), ":8:7:"),
        # no card laid yet, but 6..20 are nowhere (TG-1)
        (position("1 1 21 21", "2 3 4 5", "-"), ":4:8:"),
    ],
)
def test_solve_and_analyse_refuse_the_same_positions(tmp_path: Path, text: str, where: str) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(text)
    for command in ("solve", "analyse"):
        result = run(command, str(bad))
        assert result.returncode == 2, (command, result.stdout, result.stderr)
        assert f"{bad}{where}" in result.stderr and "Traceback" not in result.stderr


def test_solve_analyse_and_play_refuse_first_on_a_position() -> None:
    """--first chooses who starts a fresh deal (TG-9); on a position they refuse it."""
    example = "examples/thegame-solo-late.position.txt"
    for command in ("solve", "analyse", "play"):
        result = run(command, example, "--first", "1")
        assert result.returncode == 2, (command, result.stderr)
        assert "--first applies to a fresh deal" in result.stderr
