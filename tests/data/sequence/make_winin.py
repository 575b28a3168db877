"""Regenerate winin.txt: positions from simulated games with the reference answers.

Each case is a position file preceded by a comment line
``# case K: win1=yes|no win2=yes|no win3=yes|no|- ref2=SECONDS``, where ``winN`` is
the answer of :func:`reference_win_within` (the plain search over the rules) for N
own turns, and ``ref2`` how long the N=2 reference took (tests re-run the cheap
ones). Run: ``python tests/data/sequence/make_winin.py`` (a few minutes).
"""

from __future__ import annotations

import time
from pathlib import Path

from playable.solver.sequence.notation import format_position
from playable.solver.sequence.search import reference_win_within
from playable.solver.sequence.simulate import sample_positions

COUNT = 200
CANDIDATES = 1400
WITH_N3 = 40
VARIANTS = ((3, 3), (6, 3), (12, 3), (2, 2), (9, 3), (4, 2))


def main() -> None:
    """Half of the cases have a forced win within two turns, half not (the
    candidates come from games; wins are rarer, so more candidates are drawn)."""
    positions = sample_positions(CANDIDATES, seed=20261122, variants=VARIANTS, threat_share=0.9)
    wins: list[tuple[object, ...]] = []
    others: list[tuple[object, ...]] = []
    for state in positions:
        win1 = reference_win_within(state, 1)
        started = time.perf_counter()
        win2 = reference_win_within(state, 2)
        ref2 = time.perf_counter() - started
        bucket = wins if win2 else others
        if len(bucket) < COUNT // 2:
            bucket.append((state, win1, win2, ref2))
        if len(wins) + len(others) == COUNT:
            break
    yn = {True: "yes", False: "no", None: "-"}
    blocks = []
    n3 = 0
    for k, (state, win1, win2, ref2) in enumerate(wins + others):
        win3 = None
        # N=3 on 40 cheap non-wins within 2 and on 20 wins within 2
        if (n3 < WITH_N3 and not win2 and float(ref2) < 0.05) or k < 20:  # type: ignore[arg-type]
            win3 = reference_win_within(state, 3)  # type: ignore[arg-type]
            n3 += 0 if win2 else 1
        blocks.append(
            f"# case {k}: win1={yn[win1]} win2={yn[win2]} win3={yn[win3]} "  # type: ignore[index]
            f"ref2={ref2:.3f}\n" + format_position(state)  # type: ignore[arg-type]
        )
        print(k, win1, win2, win3, f"{ref2:.2f}", flush=True)
    out = Path(__file__).with_name("winin.txt")
    out.write_text("\n".join(blocks), encoding="utf-8")


if __name__ == "__main__":
    main()
