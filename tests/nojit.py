"""Run a script in a fresh interpreter with numba's JIT on or off, for the tests that
check a kernel searches the same compiled and as plain Python (ARCHITECTURE.md:
``NUMBA_DISABLE_JIT=1`` must still run every kernel)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

#: skips a test that compares with the compiled kernels where the JIT is off already
needs_jit = pytest.mark.skipif(
    os.environ.get("NUMBA_DISABLE_JIT") == "1", reason="numba JIT disabled"
)

ROOT = Path(__file__).resolve().parents[1]


def run_script(script: str, jit: bool) -> list[Any]:
    """The JSON list ``script`` prints, run with the JIT on (``jit``) or off."""
    env = {**os.environ, "PYTHONWARNINGS": "ignore"}
    if jit:
        env.pop("NUMBA_DISABLE_JIT", None)
    else:
        env["NUMBA_DISABLE_JIT"] = "1"
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    return list(json.loads(result.stdout))


def same_without_jit(script: str) -> list[Any]:
    """The JSON list ``script`` prints compiled, checked to be the same run as plain
    Python (the JIT off)."""
    compiled = run_script(script, jit=True)
    assert run_script(script, jit=False) == compiled
    return compiled
