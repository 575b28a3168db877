"""benchmarks/calibration_refit.py: the logistic fit recovers a known curve, and a
broken rows file is one line naming file, line and column, exit code 2."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.benchmark_modules import BENCHMARKS, load

refit = load("calibration_refit")


@settings(max_examples=10, deadline=None)
@given(slope=st.floats(0.3, 3.0), intercept=st.floats(-1.5, 1.5), seed=st.integers(0, 99))
def test_fit_recovers_a_known_curve(slope: float, intercept: float, seed: int) -> None:
    rng = random.Random(seed)
    xs = [rng.uniform(-4, 4) for _ in range(8000)]
    ys = [1.0 if rng.random() < 1 / (1 + math.exp(-(slope * x + intercept))) else 0.0 for x in xs]
    a, b = refit.fit(xs, ys)
    assert abs(a - slope) < 0.25 * slope + 0.1
    assert abs(b - intercept) < 0.25


def row(seed: int, predicted: float, won: bool) -> dict[str, object]:
    return {
        "game": "sequence",
        "seed": seed,
        "options": "sequence; x; tree nodes=1000; exact nodes=200000; solver 0",
        "decided": True,
        "trials": 10,
        "predicted": predicted,
        "won": won,
    }


def run(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "calibration_refit.py", "sequence", "1", "2", "--jsonl", str(path)],
        cwd=BENCHMARKS,
        capture_output=True,
        text=True,
        check=False,
    )


def test_scores_a_map_fitted_on_another_seed(tmp_path: Path) -> None:
    """Shares that are too hopeful on both seeds: the map fitted on seed 1 lowers
    seed 2's Brier score."""
    rng = random.Random(7)
    lines = []
    for seed in (1, 2):
        for _ in range(200):
            p = rng.random()
            lines.append(row(seed, p, rng.random() < p * p))
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in lines), encoding="utf-8")
    done = run(path)
    assert done.returncode == 0, done.stderr
    text = done.stdout
    raw = float(text.split("Brier raw ")[1].split(",")[0])
    mapped = float(text.split("mapped ")[1].split(",")[0])
    assert mapped < raw


def test_a_broken_row_is_one_line_and_exit_code_2(tmp_path: Path) -> None:
    path = tmp_path / "rows.jsonl"
    path.write_text(json.dumps(row(1, 0.5, True)) + '\n{"game": \n', encoding="utf-8")
    done = run(path)
    assert done.returncode == 2
    assert done.stderr.startswith(f"{path}:2:")
    assert len(done.stderr.strip().splitlines()) == 1
