"""One name for one idea in every game (cli/options.py): bots are ``--bot`` (one for
all seats or one per seat). The old spellings still work for one release, print a
deprecation line, and give the same answer as the new one."""

from __future__ import annotations

import json

import pytest

from tests.clirun import invoke

#: (old arguments, new arguments) of the same run
RENAMED = [
    (
        ["simulate", "thegame", "--strategy", "greedy", "--games", "2"],
        ["simulate", "thegame", "--bot", "greedy", "--games", "2"],
    ),
    (
        ["play", "examples/thegame-solo.deal.txt", "--strategy", "greedy"],
        ["play", "examples/thegame-solo.deal.txt", "--bot", "greedy"],
    ),
    (
        ["simulate", "uno", "--strategy", "greedy", "--strategy", "random", "--games", "2"],
        ["simulate", "uno", "--bot", "greedy", "--bot", "random", "--games", "2"],
    ),
    (
        ["simulate", "facetoface", "--a", "careful", "--b", "greedy", "--games", "2"],
        ["simulate", "facetoface", "--bot", "careful", "--bot", "greedy", "--games", "2"],
    ),
    (
        ["simulate", "sequence", "--strategies", "greedy,random", "--games", "2"],
        ["simulate", "sequence", "--bot", "greedy", "--bot", "random", "--games", "2"],
    ),
    (
        ["solve", "examples/win-in-2.sequence.txt", "--turns", "2"],
        ["solve", "examples/win-in-2.sequence.txt", "--depth", "2"],
    ),
]


def _answer(document: dict[str, object]) -> dict[str, object]:
    """The document without its timings."""
    return {k: v for k, v in document.items() if k not in ("seconds", "nodes_per_second")}


@pytest.mark.parametrize(("old", "new"), RENAMED, ids=[" ".join(o[:2]) for o, _ in RENAMED])
def test_an_old_spelling_still_works_and_says_so(old: list[str], new: list[str]) -> None:
    before = invoke(*old, "--json")
    after = invoke(*new, "--json")
    assert before.returncode == after.returncode, before.stderr
    assert _answer(json.loads(before.stdout)) == _answer(json.loads(after.stdout))
    assert "the old spelling goes in the next release" in before.stderr
    assert "warning" not in after.stderr
    hidden = invoke(*old[:2], "--help").stdout
    assert old[2] not in hidden.split() and new[2] in hidden


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "uno", "--players", "3", "--bot", "greedy", "--bot", "random"], "per seat"),
        (["simulate", "sequence", "--bot", "nobody"], "unknown bot 'nobody'"),
        (["simulate", "thegame", "--bot", "greedy", "--bot", "planner"], "one team"),
        (["simulate", "facetoface", "--bot", "a", "--bot", "b", "--bot", "c"], "unknown bot"),
    ],
)
def test_bots_that_do_not_fit_the_seats_are_one_line(args: list[str], message: str) -> None:
    refused = invoke(*args)
    assert refused.returncode == 2 and message in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1
