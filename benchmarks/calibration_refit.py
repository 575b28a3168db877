"""Would a fitted map from the tree search's share to a probability calibrate it?
(benchmarks/results/analysis_calibration.md, docs/analysis.md)

Reads the rows of benchmarks/analysis_calibration.py (its JSONL), fits Platt scaling
(a logistic curve on the logit of the share) on the decided positions of one run
seed and scores it on another: Brier score of the raw share, of the mapped share and
of the test seed's base rate. Fitting on one seed and scoring on a second keeps the
map from being tuned to the positions it is judged on. The share is first shrunk
as (wins + 1/2) / (simulations + 1), so that a share of 0 or 1 has a finite logit.

Run: ``python benchmarks/calibration_refit.py GAME FIT_SEED TEST_SEED [--jsonl FILE]``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from analysis_calibration import EXACT_NODES, TREE_NODES

JSONL = Path(__file__).parent / "results" / "analysis_calibration.jsonl"
#: Newton steps of the logistic fit (two parameters; it converges in a few)
STEPS = 50


class BadInput(Exception):
    """A JSONL file that cannot be read: one line naming the file, line and column."""


def decided_rows(path: Path, game: str, seed: int) -> list[dict[str, Any]]:
    """The calibrated rows of ``game`` and run seed ``seed`` made with the benchmark's
    default budgets (rows of other budgets in the file are left out)."""
    budgets = f"tree nodes={TREE_NODES[game]}; exact nodes={EXACT_NODES[game]};"
    rows: list[dict[str, Any]] = []
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as error:
                raise BadInput(f"{path}:{number}:{error.colno}: {error.msg}") from None
            if not isinstance(row, dict):
                raise BadInput(f"{path}:{number}:1: a row must be a JSON object")
            if row.get("game") != game or row.get("seed") != seed:
                continue
            if budgets in str(row.get("options")) and row["decided"] and row.get("trials"):
                rows.append(row)
    return rows


def logit_of(row: dict[str, Any]) -> float:
    """The logit of the row's shrunk share of won simulations."""
    trials = int(row["trials"])
    share = (float(row["predicted"]) * trials + 0.5) / (trials + 1)
    return math.log(share / (1 - share))


def fit(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float]:
    """Slope and intercept of the logistic regression of ``ys`` (0 or 1) on ``xs``,
    by Newton's method (with a tiny ridge so that separable data stay finite)."""
    a, b = 1.0, 0.0
    ridge = 1e-3
    for _ in range(STEPS):
        ga = gb = 0.0
        haa, hab, hbb = ridge, 0.0, ridge
        for x, y in zip(xs, ys, strict=True):
            p = 1 / (1 + math.exp(-(a * x + b)))
            ga += (p - y) * x
            gb += p - y
            w = p * (1 - p)
            haa, hab, hbb = haa + w * x * x, hab + w * x, hbb + w
        ga, gb = ga + ridge * a, gb + ridge * b
        det = haa * hbb - hab * hab
        a -= (hbb * ga - hab * gb) / det
        b -= (haa * gb - hab * ga) / det
    return a, b


def brier(predicted: Sequence[float], outcome: Sequence[float]) -> float:
    return sum((p - o) ** 2 for p, o in zip(predicted, outcome, strict=True)) / len(outcome)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(TREE_NODES))
    parser.add_argument("fit_seed", type=int)
    parser.add_argument("test_seed", type=int)
    parser.add_argument("--jsonl", type=Path, default=JSONL)
    args = parser.parse_args()
    try:
        train = decided_rows(args.jsonl, args.game, args.fit_seed)
        test = decided_rows(args.jsonl, args.game, args.test_seed)
        if not train or not test:
            raise BadInput(f"{args.jsonl}: no calibrated rows of {args.game} for a seed")
    except (BadInput, OSError, KeyError, ValueError, TypeError) as error:
        text = str(error) if isinstance(error, BadInput) else f"{args.jsonl}: {error!r}"
        print(text, file=sys.stderr)
        raise SystemExit(2) from None
    a, b = fit([logit_of(r) for r in train], [1.0 if r["won"] else 0.0 for r in train])
    outcome = [1.0 if r["won"] else 0.0 for r in test]
    raw = [float(r["predicted"]) for r in test]
    mapped = [1 / (1 + math.exp(-(a * logit_of(r) + b))) for r in test]
    base = sum(outcome) / len(outcome)
    print(
        f"{args.game}: fit on seed {args.fit_seed} ({len(train)} positions), "
        f"slope {a:.3f}, intercept {b:.3f}; seed {args.test_seed} ({len(test)} positions): "
        f"Brier raw {brier(raw, outcome):.3f}, mapped {brier(mapped, outcome):.3f}, "
        f"base rate {brier([base] * len(outcome), outcome):.3f}"
    )


if __name__ == "__main__":
    main()
