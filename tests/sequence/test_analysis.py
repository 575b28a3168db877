"""The analyser (open lines, threats, winning and best moves) and the bots."""

from __future__ import annotations

from playable.solver.sequence.analysis import analyse, evaluate, open_lines, threats
from playable.solver.sequence.board import parse_cell, parse_line
from playable.solver.sequence.players import GreedyPlayer, RandomPlayer, StrongerPlayer
from playable.solver.sequence.rules import Place, Remove, Variant
from playable.solver.sequence.simulate import simulate


def test_threats_and_open_lines(make) -> None:  # type: ignore[no-untyped-def]
    s = make("\n.BBBB\n\n..GGG", ["2S", "3S", "4S"], players=3, sides=3)
    blue = threats(s, 0)
    assert {(t.cell, t.line) for t in blue} == {
        (parse_cell("a1"), parse_line("a1-e1")),
        (parse_cell("f1"), parse_line("b1-f1")),
    }
    assert threats(s, 1) == [] and threats(s, 2) == []
    assert open_lines(s, 0)[1] == 2
    assert open_lines(s, 1)[2] == 3  # a3-e3, b3-f3, c3-g3 need two green chips


def test_a_line_overlapping_a_sequence_is_not_open(make) -> None:  # type: ignore[no-untyped-def]
    s = make("\n.BBBBBB", ["2S", "3S"], sequences="B:b1-f1")
    # c1-g1 shares four spaces with b1-f1: it can never be a second sequence (SQ-7)
    assert all(t.line != parse_line("c1-g1") for t in threats(s, 0))


def test_analyse_finds_the_winning_move(make) -> None:  # type: ignore[no-untyped-def]
    s = make("\n.BBBB", ["AH 2S", "3S", "4S"], players=3, sides=3)
    report = analyse(s)
    assert report.winning_moves == [Place("AH", parse_cell("f1"), (parse_line("b1-f1"),))]
    assert report.best == report.winning_moves[0]
    assert report.to_json()["best_move"] == "AH@f1+b1-f1"


def test_best_move_blocks_or_removes_an_opponent_threat(make) -> None:  # type: ignore[no-untyped-def]
    s = make("\n\n\n..GGGG", ["JS 2S", "3S", "4S"], players=3, sides=3)
    best = analyse(s).best
    assert isinstance(best, Remove) and best.cell in {
        parse_cell(x) for x in ("c3", "d3", "e3", "f3")
    }


def test_evaluation_is_antisymmetric_for_two_sides(make) -> None:  # type: ignore[no-untyped-def]
    s = make("\n.BBB\n\n..GG", ["2S", "3S"])
    assert evaluate(s, 0) == -evaluate(s, 1) > 0


def test_bots_choose_legal_moves_and_greedy_beats_random() -> None:
    result = simulate(Variant(2, 2), ["greedy", "random"], games=6, seed=3)
    assert result.wins[0] >= 5 and result.games == 6
    result = simulate(Variant(3, 3), ["stronger", "random", "random"], games=3, seed=4)
    assert result.wins[0] >= 2
    assert sum(result.wins) + result.unfinished == 3
    for bot in (RandomPlayer(), GreedyPlayer(), StrongerPlayer()):
        assert bot.name in ("random", "greedy", "stronger")
