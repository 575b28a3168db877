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

from playable.solver.core.stats import brier

JSONL = Path(__file__).parent / "results" / "analysis_calibration.jsonl"
#: Newton steps of the logistic fit (two parameters; it converges in a few)
STEPS = 50


class BadInput(Exception):
    """A JSONL file that cannot be read: one line naming the file, line and column."""


def decided_rows(path: Path, game: str, seed: int) -> list[dict[str, Any]]:
    """The calibrated rows of ``game`` and run seed ``seed``; when rows of several
    settings (the ``options`` key: positions, budgets, solver digest) share the seed,
    those of the setting with the most calibrated rows (an abandoned trial with other
    budgets is left out)."""
    by_options: dict[str, list[dict[str, Any]]] = {}
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
            if row.get("decided") and row.get("trials"):
                by_options.setdefault(str(row.get("options")), []).append(row)
    return max(by_options.values(), key=len, default=[])


def logit_of(row: dict[str, Any]) -> float:
    """The logit of the row's shrunk share of won simulations."""
    trials = int(row["trials"])
    share = (float(row["predicted"]) * trials + 0.5) / (trials + 1)
    return math.log(share / (1 - share))


def sigmoid(z: float) -> float:
    """The logistic function, without overflow for large ``|z|``."""
    if z >= 0:
        return 1 / (1 + math.exp(-z))
    e = math.exp(z)
    return e / (1 + e)


def loss(a: float, b: float, xs: Sequence[float], ys: Sequence[float], ridge: float) -> float:
    """The negative log-likelihood of slope ``a`` and intercept ``b``, plus the ridge."""
    total = ridge * (a * a + b * b) / 2
    for x, y in zip(xs, ys, strict=True):
        z = a * x + b
        # log(1 + e^-z) for a 1, log(1 + e^z) for a 0, written stably
        total += max(0.0, -z if y else z) + math.log1p(math.exp(-abs(z)))
    return total


def fit(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float]:
    """Slope and intercept of the logistic regression of ``ys`` (0 or 1) on ``xs``:
    Newton's method, each step halved until the loss falls (a tiny ridge keeps
    separable data finite)."""
    a, b, ridge = 1.0, 0.0, 1e-3
    current = loss(a, b, xs, ys, ridge)
    for _ in range(STEPS):
        ga, gb = ridge * a, ridge * b
        haa, hab, hbb = ridge, 0.0, ridge
        for x, y in zip(xs, ys, strict=True):
            p = sigmoid(a * x + b)
            ga, gb = ga + (p - y) * x, gb + p - y
            w = p * (1 - p)
            haa, hab, hbb = haa + w * x * x, hab + w * x, hbb + w
        det = haa * hbb - hab * hab
        da, db = (hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det
        scale = 1.0
        while scale > 1e-6:
            trial = loss(a - scale * da, b - scale * db, xs, ys, ridge)
            if trial <= current:
                break
            scale /= 2
        else:
            break  # no step lowers the loss: at the optimum, as far as floats tell
        a, b = a - scale * da, b - scale * db
        if current - trial < 1e-10:
            break
        current = trial
    return a, b


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
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
    mapped = [sigmoid(a * logit_of(r) + b) for r in test]
    base = sum(outcome) / len(outcome)
    print(
        f"{args.game}: fit on seed {args.fit_seed} ({len(train)} positions), "
        f"slope {a:.3f}, intercept {b:.3f}; seed {args.test_seed} ({len(test)} positions): "
        f"Brier raw {brier(raw, outcome):.3f}, mapped {brier(mapped, outcome):.3f}, "
        f"base rate {brier([base] * len(outcome), outcome):.3f}"
    )


if __name__ == "__main__":
    main()
