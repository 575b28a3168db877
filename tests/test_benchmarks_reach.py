"""The reach benchmarks' shared module (benchmarks/reach.py): seeds, resumable runs,
summaries with Wilson intervals, and one real benchmark run small (uno_endgame.py).

The run loop is checked with a toy benchmark whose answers are a function of the
deal seed, so that a resumed run can be compared with an uninterrupted one."""

from __future__ import annotations

import importlib.util
import itertools
import json
import signal
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).parents[1]
BENCHMARKS = ROOT / "benchmarks"


def load_reach() -> ModuleType:
    """benchmarks/reach.py as a module (the folder is not a package)."""
    if "reach" in sys.modules:
        return sys.modules["reach"]
    spec = importlib.util.spec_from_file_location("reach", BENCHMARKS / "reach.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["reach"] = module
    spec.loader.exec_module(module)
    return module


reach = load_reach()
ROWS = ("odd", "any")


def toy(calls: list[int], stop_after: int | None = None) -> object:
    """A benchmark over deal seeds: row ``odd`` decides odd deals, ``any`` every
    third; nodes are the deal modulo 1000. ``stop_after`` solves raise Ctrl-C."""

    def draw(seed: int, count: int) -> Mapping[str, Sequence[object]]:
        out = {}
        for row in ROWS:
            deals = itertools.islice(reach.deal_seeds(f"toy/{row}", seed), count)
            out[row] = [reach.Drawn(row, i, d, (row, d)) for i, d in enumerate(deals)]
        return out

    def solve(item: tuple[str, int], nodes: int) -> object:
        row, deal = item
        if stop_after is not None and len(calls) >= stop_after:
            raise KeyboardInterrupt
        calls.append(deal)
        decided = deal % 2 == 1 if row == "odd" else deal % 3 == 0
        return reach.Outcome(decided, "yes" if decided else "unknown", min(deal % 1000, nodes), 0.0)

    return reach.Spec(
        name="toy",
        title="toy",
        about="toy",
        rows=ROWS,
        draw=draw,
        solve=solve,
        options="toy",
    )


def test_deal_seeds_repeat_per_benchmark_and_seed() -> None:
    first = reach.deal_seeds("a", 5)
    again = reach.deal_seeds("a", 5)
    other = reach.deal_seeds("b", 5)
    a = [next(first) for _ in range(20)]
    assert a == [next(again) for _ in range(20)]
    assert a != [next(other) for _ in range(20)]
    assert all(0 <= d < 2**32 for d in a)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 10**9), min_size=1, max_size=6, unique=True))
def test_parse_seeds_round_trip(seeds: list[int]) -> None:
    assert reach.parse_seeds(",".join(map(str, seeds))) == seeds


@pytest.mark.parametrize("text", ["", "x", "1,,-2", "3,3", "1.5"])
def test_parse_seeds_refuses(text: str) -> None:
    import argparse

    with pytest.raises(argparse.ArgumentTypeError):
        reach.parse_seeds(text)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 10**6)), min_size=1, max_size=40))
def test_summary_counts_and_interval(items: list[tuple[bool, int]]) -> None:
    results = [
        (deal, reach.Outcome(ok, "d" if ok else "u", nodes, nodes / 1000))
        for deal, (ok, nodes) in enumerate(items)
    ]
    s = reach.summarise("row", 7, results)
    assert s.decided.successes == sum(ok for ok, _ in items)
    assert s.decided.trials == len(items)
    low, high = s.decided.interval
    assert low <= s.decided.rate <= high
    assert s.undecided == tuple(d for d, (ok, _) in enumerate(items) if not ok)
    assert min(n for _, n in items) <= s.median_nodes <= max(n for _, n in items)
    assert sum(s.labels.values()) == len(items)


def test_interrupted_run_resumes_to_the_same_table(tmp_path: Path) -> None:
    whole_calls: list[int] = []
    whole = reach.run(toy(whole_calls), [3, 9], 7, 500, reach.Store(tmp_path / "a.jsonl", "o"))
    assert len(whole_calls) == 2 * 2 * 7
    calls: list[int] = []
    store = reach.Store(tmp_path / "b.jsonl", "o")
    with pytest.raises(SystemExit) as stopped:
        reach.run(toy(calls, stop_after=11), [3, 9], 7, 500, store)
    assert stopped.value.code == 130
    assert len(calls) == 11
    kept = (tmp_path / "b.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(kept) == 11
    with (tmp_path / "b.jsonl").open("a", encoding="utf-8") as out:
        out.write('{"options": "o", "seed": 3, "row"')  # a line cut short by a kill
    resumed_calls: list[int] = []
    store = reach.Store(tmp_path / "b.jsonl", "o")
    resumed = reach.run(toy(resumed_calls), [3, 9], 7, 500, store)
    assert len(resumed_calls) == 2 * 2 * 7 - 11
    assert resumed == whole
    assert reach.table(toy([]), resumed) == reach.table(toy([]), whole)
    other = reach.Store(tmp_path / "b.jsonl", "other options")
    assert other.done == {}


def test_table_median_row_lists_each_seed() -> None:
    summaries = reach.run(toy([]), [1, 2, 3], 5, 500, reach.Store(Path("/nonexistent"), "o"))
    lines = reach.table(toy([]), summaries)
    medians = [line for line in lines if "median of 3" in line]
    assert len(medians) == len(ROWS)
    for row, line in zip(ROWS, medians, strict=True):
        mine = [s for s in summaries if s.row == row]
        shares = sorted(100 * s.decided.rate for s in mine)
        assert f"**{shares[1]:.0f}%**" in line
        pooled = sum(s.decided.successes for s in mine)
        assert f"pooled {pooled}/15" in line
    assert all(line.count("|") == lines[0].count("|") for line in lines)


def run_script(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(BENCHMARKS / "uno_endgame.py"), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_uno_endgame_small_run_and_rerun(tmp_path: Path) -> None:
    out = tmp_path / "uno.md"
    args = ("--seeds", "11,12", "--positions", "2", "--nodes", "300", "--out", str(out))
    first = run_script(*args, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert "run seeds 11, 12" in first.stderr
    text = out.read_text(encoding="utf-8")
    assert "run seeds 11, 12; budget 300 nodes" in text
    assert text.count("| **median of 2** |") == 4  # a median row per row
    records = [json.loads(x) for x in out.with_suffix(".jsonl").read_text().splitlines()]
    assert len(records) == 2 * 4 * 2
    assert all(r["nodes"] <= 300 + 64 for r in records)
    second = run_script(*args, cwd=tmp_path)
    assert second.returncode == 0, second.stderr
    assert len(out.with_suffix(".jsonl").read_text().splitlines()) == len(records)
    table = [line for line in out.read_text(encoding="utf-8").splitlines() if line.startswith("|")]
    assert table == [line for line in text.splitlines() if line.startswith("|")]


@pytest.mark.parametrize(
    "args",
    [("--seeds", "1,x"), ("--seed", "-1"), ("--positions", "0"), ("--mode", "both"), ("--bad",)],
)
def test_uno_endgame_bad_options_exit_2(tmp_path: Path, args: tuple[str, ...]) -> None:
    done = run_script(*args, "--out", str(tmp_path / "x.md"), cwd=tmp_path)
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert not (tmp_path / "x.md").exists()


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_uno_endgame_stopped_by_a_signal_keeps_its_work(tmp_path: Path, signum: int) -> None:
    """A real signal to a running benchmark (started in the background, where SIGINT
    would be ignored without reach.interruptible): exit 130, every finished position
    kept in order, no table written."""
    out = tmp_path / "uno.md"
    store = out.with_suffix(".jsonl")
    args = ["--seed", "5", "--nodes", "100000", "--out", str(out)]
    process = subprocess.Popen(
        [sys.executable, str(BENCHMARKS / "uno_endgame.py"), *args],
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    deadline = time.monotonic() + 60
    while not (store.exists() and len(store.read_text().splitlines()) >= 3):
        assert time.monotonic() < deadline and process.poll() is None
        time.sleep(0.05)
    process.send_signal(signum)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "finished positions kept" in err
    assert not out.exists()
    kept = store.read_text().splitlines()
    assert len(kept) >= 3
    records = [json.loads(line) for line in kept]
    for row in {r["row"] for r in records}:
        indices = [r["index"] for r in records if r["row"] == row]
        assert indices == list(range(len(indices)))
