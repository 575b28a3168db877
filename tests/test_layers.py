"""Dependencies point one way (docs/architecture.md): ``cli -> puzzles -> solver``,
the library API on top of solver and puzzles, never on the command line; rules
modules import no search, numba, OR-Tools or rich."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: folder -> packages its modules must never import
FORBIDDEN = {
    "solver": ("playable.cli", "playable.puzzles", "playable.web"),
    "puzzles": ("playable.cli", "playable.web"),
    "playable": ("playable.cli", "playable.web"),
}
RULES_FORBIDDEN = ("numba", "ortools", "rich", "playable.solver.core.tt")


def imports(path: Path) -> list[tuple[int, str]]:
    """Every module ``path`` imports (at any depth: lazy imports count), with its line."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.append((node.lineno, node.module))
    return found


def offences(folder: str, forbidden: tuple[str, ...], pattern: str = "*.py") -> list[str]:
    return [
        f"{path.relative_to(ROOT)}:{line}: imports {module}"
        for path in sorted((ROOT / folder).rglob(pattern))
        for line, module in imports(path)
        if any(module == f or module.startswith(f + ".") for f in forbidden)
    ]


@pytest.mark.parametrize("folder", sorted(FORBIDDEN))
def test_no_import_against_the_layers(folder: str) -> None:
    assert offences(folder, FORBIDDEN[folder]) == []


def test_rules_modules_stay_plain() -> None:
    assert offences("solver", RULES_FORBIDDEN, "rules.py") == []


def test_the_scan_sees_a_forbidden_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from playable.cli.io import fail\n", encoding="utf-8")
    assert imports(module) == [(2, "playable.cli.io")]


def test_the_api_runs_without_loading_the_command_line() -> None:
    script = (
        "import sys, playable\n"
        "p = playable.load('examples/endgame.uno.txt')\n"
        "assert playable.solve(p, seconds=10)['status'] == 'solved'\n"
        "print(sorted(m for m in sys.modules if m.startswith('playable.cli')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


def test_numba_modules_are_named_kernels() -> None:
    """A module of numba functions is called ``kernel.py`` or ``*_kernel.py``, so that
    its name says it (docs/architecture.md); ``solver/core`` keeps the few jitted
    helpers every game shares (bits, tables)."""
    jitted = [
        path.relative_to(ROOT).as_posix()
        for path in sorted((ROOT / "solver").rglob("*.py"))
        if path.parent.name != "core"
        and any(module == "numba" or module.startswith("numba.") for _, module in imports(path))
        and "@njit" in path.read_text(encoding="utf-8")
    ]
    assert jitted  # the scan sees the kernels
    assert [p for p in jitted if not p.endswith(("/kernel.py", "_kernel.py"))] == []
