"""The `playable ... uno` commands, run as a user runs them (a subprocess)."""

from __future__ import annotations

import json
from pathlib import Path

from playable.solver.uno import notation
from playable.solver.uno.cards import parse_card, parse_colour
from playable.solver.uno.playout import Step, check_order, from_uno, gen_card
from tests.clirun import invoke, run

EXAMPLES = Path(__file__).parents[2] / "examples"


def _steps(order: list[str]) -> list[Step]:
    steps = []
    for text in order:
        head, _, colour = text.partition(":")
        card = parse_card(head)
        assert card is not None
        steps.append(Step(gen_card(card), parse_colour(colour) if colour else -1))
    return steps


def test_inline_solve_json_order_replays() -> None:
    result = run("solve", "uno", "--hand", "R1,G1,W,B7,W4", "--top", "R5", "--json")
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["status"] == "solved"
    assert any(t.startswith("W:") for t in document["order"])
    hand = [parse_card(t) for t in ("R1", "G1", "W", "B7", "W4")]
    problem = from_uno([c for c in hand if c is not None], 4, 0)
    check_order(problem, _steps(document["order"]))


def test_unsolvable_exits_1_and_bad_card_exits_2() -> None:
    unsolvable = run("solve", "uno", "--hand", "R1,R2,B7,B8", "--top", "R5", "--json")
    assert unsolvable.returncode == 1
    assert json.loads(unsolvable.stdout)["status"] == "unsolvable"
    bad = run("solve", "uno", "--hand", "R1,Q2", "--top", "R5")
    assert bad.returncode == 2 and "Q2" in bad.stderr
    wild_top = run("solve", "uno", "--hand", "B2", "--top", "W")
    assert wild_top.returncode == 2 and "--colour" in wild_top.stderr
    cpsat = run(
        "solve",
        "uno",
        "--hand",
        "B2,R2",
        "--top",
        "W",
        "--colour",
        "blue",
        "--engine",
        "cpsat",
        "--json",
    )
    assert cpsat.returncode == 0 and json.loads(cpsat.stdout)["order"] == ["B2", "R2"]


def test_node_budget_gives_exit_3_or_an_answer() -> None:
    hand = "R1,R2,R3,R4,G1,G2,G3,G4,B1,B2,B3,B4,Y1,Y2,Y3,Y4,R6,G6,B6,Y6"
    result = run("solve", "uno", "--hand", hand, "--top", "R5", "--nodes", "2", "--json")
    assert result.returncode in (0, 3)
    if result.returncode == 3:
        assert json.loads(result.stdout)["status"] == "unknown"


def test_deal_show_round_trip_and_json() -> None:
    dealt = run("deal", "uno", "--players", "3", "--seed", "4", "--dealer", "2")
    assert dealt.returncode == 0
    deal = notation.parse(dealt.stdout)
    assert isinstance(deal, notation.Deal) and deal.dealer == 1
    shown = run("show", "-", "--json", stdin=dealt.stdout)
    document = json.loads(shown.stdout)
    assert document["kind"] == "deal" and len(document["hands"]) == 3
    drawn = run("show", "-", stdin=dealt.stdout)
    assert drawn.returncode == 0 and "UNO" in drawn.stdout


def test_files_dispatch_on_their_header() -> None:
    playout = run("solve", str(EXAMPLES / "playout.uno.txt"), "--json")
    assert playout.returncode == 0 and json.loads(playout.stdout)["status"] == "solved"
    endgame = run("solve", str(EXAMPLES / "endgame.uno.txt"), "--json")
    assert endgame.returncode == 0 and json.loads(endgame.stdout)["status"] == "solved"
    analysed = json.loads(run("analyse", str(EXAMPLES / "endgame.uno.txt"), "--json").stdout)
    assert {m["value"] for m in analysed["moves"]} <= {"win", "loss", "unknown"}
    broken = run("show", "-", stdin="playable uno hand\ntop: R5\nhand: R1 ZZ\n")
    assert broken.returncode == 2 and "<stdin>:3:10" in broken.stderr


def test_simulate_json_has_wilson_intervals() -> None:
    result = run(
        "simulate",
        "uno",
        "--players",
        "2",
        "--bot",
        "heuristic",
        "--bot",
        "random",
        "--games",
        "4",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    bots = document["bots"]
    assert [b["strategy"] for b in bots] == ["heuristic", "random"]
    assert sum(b["wins"]["successes"] for b in bots) == 4
    assert all(0 <= b["wins"]["low"] <= b["wins"]["rate"] <= b["wins"]["high"] <= 1 for b in bots)


def test_hands_beyond_the_deck_exit_2_with_one_line() -> None:
    """UN-1 on the command line: seven R1 (the deck has two) reached the numba
    kernel and crashed it; five R0 (the deck has one) were 'solved'."""
    for engine in ("kernel", "dfs"):
        sevens = invoke(
            "solve",
            "uno",
            "--hand",
            "R1,R1,R1,R1,R1,R1,R1",
            "--top",
            "R5",
            "--engine",
            engine,
        )
        assert sevens.returncode == 2, sevens.stderr
        assert "Traceback" not in sevens.stderr
        assert (
            sevens.stderr.count("\n") == 1
            and "--hand:1:7: a 3rd R1: the 108-card deck holds 2 R1" in sevens.stderr
        )
    zeros = invoke("solve", "uno", "--hand", "R0,R0,R0,R0,R0", "--top", "R5", "--json")
    assert zeros.returncode == 2 and zeros.stdout == "" and "holds 1 R0 (UN-1)" in zeros.stderr


def test_wild_top_written_with_its_colour_and_the_w4_rule_in_json() -> None:
    """``--top W:green`` as docs/notation-uno.md writes it; the JSON says which Wild
    Draw Four rule applied (UN-6: strict by default, lax with --lax-w4)."""
    strict = invoke("solve", "uno", "--hand", "G1,R1", "--top", "W:green", "--json")
    assert strict.returncode == 0, strict.stderr
    document = json.loads(strict.stdout)
    assert document["order"] == ["G1", "R1"] and document["w4_rule"] == "strict"
    lax = invoke("solve", "uno", "--hand", "G1,R1", "--top", "W:green", "--lax-w4", "--json")
    assert json.loads(lax.stdout)["w4_rule"] == "lax"
    clash = invoke("solve", "uno", "--hand", "G1", "--top", "W:green", "--colour", "red")
    assert clash.returncode == 2 and "already names green" in clash.stderr
    coloured = invoke("solve", "uno", "--hand", "G1", "--top", "R5", "--colour", "green")
    assert coloured.returncode == 2 and "only a wild names a colour" in coloured.stderr


def test_options_that_do_not_apply_are_refused() -> None:
    """--engine and --lax-w4 choose the play-out engine and rule; an endgame file
    ignored them silently. A bogus engine is refused before any search."""
    endgame = str(EXAMPLES / "endgame.uno.txt")
    for option in (["--engine", "bogus"], ["--engine", "dfs"], ["--lax-w4"]):
        result = invoke("solve", endgame, *option, "--json")
        assert result.returncode == 2 and result.stdout == "", option
        assert "play-out hand only" in result.stderr
    bogus = invoke("solve", "uno", "--hand", "R1", "--top", "R5", "--engine", "bogus")
    assert bogus.returncode == 2 and "--engine must be dfs, kernel, cpsat" in bogus.stderr
    playout = str(EXAMPLES / "playout.uno.txt")
    seeded = invoke("solve", playout, "--seeded-reshuffles")
    assert seeded.returncode == 2 and "deal or position" in seeded.stderr
