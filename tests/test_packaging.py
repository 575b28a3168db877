"""One top-level name: the folders solver/, puzzles/, cli/ and web/ install as
``playable.solver``, ``playable.puzzles``, ``playable.cli`` and ``playable.web``
(pyproject's package-dir mapping), and the wheel holds nothing else at the top level.

The wheel is built for real (``pip wheel``, no build isolation: setuptools comes
from the test extras) and installed into a plain folder; a command then runs from
that copy alone, so a module or data file missing from the wheel fails here.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = {
    "solver": "playable.solver",
    "puzzles": "playable.puzzles",
    "cli": "playable.cli",
    "web": "playable.web",
}


def _configured() -> dict[str, object]:
    config: dict[str, object] = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    return config["tool"]["setuptools"]  # type: ignore[index, no-any-return]


def _package_folders() -> set[str]:
    """Every folder that holds modules or data under solver/, puzzles/, cli/."""
    names = {"playable"}
    for folder, package in FOLDERS.items():
        for path in (ROOT / folder).rglob("*"):
            if path.is_dir() and path.name != "__pycache__" and any(path.iterdir()):
                relative = path.relative_to(ROOT / folder).as_posix().replace("/", ".")
                names.add(f"{package}.{relative}")
        names.add(package)
    return names


def test_every_package_folder_is_listed_and_mapped() -> None:
    setuptools = _configured()
    assert set(setuptools["packages"]) == _package_folders()  # type: ignore[arg-type]
    mapping = setuptools["package-dir"]
    assert mapping == {"playable": "playable", **{p: f for f, p in FOLDERS.items()}}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    command = [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps"]
    command += ["--no-build-isolation", "--quiet", "-w", str(out)]
    subprocess.run(command, check=True, capture_output=True, cwd=out)
    (built,) = out.glob("playable-*.whl")
    return built


def test_the_wheel_installs_only_playable_at_the_top_level(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    top = {name.split("/")[0] for name in names}
    assert top == {"playable", next(t for t in top if t.endswith(".dist-info"))}
    assert "playable/solver/core/schemas/solve.json" in names
    assert "playable/cli/thegame/solve.py" in names
    assert "playable/web/static/index.html" in names


def test_a_normal_install_runs_without_the_source_tree(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)  # what pip install puts in site-packages
    env = {**os.environ, "PYTHONPATH": str(site)}
    example = ROOT / "examples" / "thegame-solo-late.position.txt"
    script = (
        "import sys, playable, playable.cli.main as m;"
        "print(playable.__file__);"
        f"sys.argv = ['playable', 'solve', {str(example)!r}, '--json', '--seconds', '20'];"
        "m.main()"
    )
    run = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=tmp_path
    )
    assert run.returncode == 0, run.stderr
    first, document = run.stdout.split("\n", 1)
    assert Path(first).is_relative_to(site)  # the installed copy, not the source tree
    assert '"status": "solved"' in document
