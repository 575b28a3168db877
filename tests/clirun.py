"""Run the `playable` command line from tests, the two ways the tests need it.

* :func:`run` starts a real process (``python -m playable.cli.main``), as a user
  runs it: what only a process shows (the entry point, pipes, exit codes).
* :func:`invoke` runs the root Typer app in process (faster, the same error boundary
  as the installed command); a crash other than a clean exit fails the test at once.
* :func:`run_main` calls the console entry point, ``main``, in process with
  ``sys.argv`` set, and reads what it wrote from pytest's ``capsys``.

Both answer with a return code, stdout and stderr, so a test reads them alike.
"""

from __future__ import annotations

import subprocess
import sys
from typing import NamedTuple

import pytest
from typer.testing import CliRunner

from playable.cli.main import app, main

_RUNNER = CliRunner()


class Ran(NamedTuple):
    """What an in-process run gave: exit code, stdout, stderr."""

    returncode: int
    stdout: str
    stderr: str


def run(
    *args: str,
    stdin: str | None = None,
    env: dict[str, str] | None = None,
    timeout: float = 180,
) -> subprocess.CompletedProcess[str]:
    """``playable ARGS`` in a new process, ``stdin`` piped in, text out; ``env``
    replaces the environment (e.g. to set NO_COLOR)."""
    return subprocess.run(
        [sys.executable, "-m", "playable.cli.main", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
        check=False,
    )


def invoke(*args: str, stdin: str | None = None) -> Ran:
    """``playable ARGS`` in process; an uncaught exception (a traceback for the user)
    fails the calling test."""
    result = _RUNNER.invoke(app, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result
    return Ran(result.exit_code, result.stdout, result.stderr)


def run_main(capsys: pytest.CaptureFixture[str], *args: str) -> Ran:
    """``playable ARGS`` in process through the console entry point (its error
    boundary, as the installed command runs it), what it wrote read from ``capsys``."""
    saved = sys.argv
    sys.argv = ["playable", *args]
    try:
        main()
        code = 0
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    finally:
        sys.argv = saved
    captured = capsys.readouterr()
    return Ran(code, captured.out, captured.err)
