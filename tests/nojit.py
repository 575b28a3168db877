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
