"""The examples of docs/api.md run as written (doctest, from the repository root, where
their example files are)."""

from __future__ import annotations

import doctest
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_api_page_examples_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    failures, attempted = doctest.testfile(
        os.fspath(ROOT / "docs" / "api.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        report=True,
        verbose=False,
    )
    assert attempted > 20
    assert failures == 0
