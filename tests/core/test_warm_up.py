"""Loading the kernels is never charged to a search budget (README): after a game's
``warm_up`` a solve and an analysis compile nothing more. Each case runs in a fresh
interpreter, where a numba function has no compiled signature until it is first
called (loaded from numba's disk cache or compiled), so counting signatures shows
what a search would otherwise load inside its budget. ``warm_up`` also moves the
objects alive then out of the garbage collector's full passes, which otherwise
pause a timed search (solver/core/budget.py, ``freeze_loaded_objects``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import gc, importlib, json, pkgutil, sys
from numba.core.registry import CPUDispatcher
import playable
from playable.solver.games import engine

name, files = sys.argv[1], sys.argv[2:]
package = importlib.import_module("playable.solver." + name)
modules = [importlib.import_module(package.__name__ + "." + m.name)
           for m in pkgutil.iter_modules(package.__path__)]

def compiled():
    return {f"{m.__name__}.{k}": len(v.signatures) for m in modules
            for k, v in vars(m).items() if isinstance(v, CPUDispatcher)}

before = compiled()
engine(name).warm_up()
frozen = gc.get_freeze_count()
warm = compiled()
for file in files:
    position = playable.load(file)
    playable.solve(position, seconds=60)
    playable.analyse(position, seconds=2)
after = compiled()
print(json.dumps({
    "warmed": sum(warm.values()) - sum(before.values()),
    "frozen": frozen,
    "later": sorted(k for k in after if after[k] > warm[k]),
}))
"""

CASES = {
    "thegame": ["examples/thegame-lost.position.txt", "examples/thegame-3p.deal.txt"],
    "facetoface": ["examples/endgame.facetoface.txt"],
    "sequence": ["examples/win-in-2.sequence.txt"],
    "uno": ["examples/endgame.uno.txt"],
}


@pytest.mark.skipif(os.environ.get("NUMBA_DISABLE_JIT") == "1", reason="numba JIT disabled")
@pytest.mark.parametrize("game", sorted(CASES))
def test_a_search_after_warm_up_compiles_nothing(game: str) -> None:
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT, game, *CASES[game]],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    found = json.loads(out.stdout.splitlines()[-1])
    assert found["warmed"] > 0  # the count sees the kernels warm_up loads
    assert found["frozen"] > 0  # kept out of the full garbage collections (budget.py)
    assert found["later"] == []
