"""The web board tests' one-puzzle library (tests/web/board.py), made once per test
module."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.board import puzzle_library


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A library holding the README's easy The Game puzzle as puzzle 1."""
    return puzzle_library(tmp_path_factory.mktemp("web") / "lib.sqlite")
