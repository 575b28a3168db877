"""How a command refuses bad input (README.md, its exit codes): exit code 2 and
one line on stderr that says what is wrong, never a traceback. The check the
command-line tests make of a refusal, whether the command ran in a process
(``subprocess.CompletedProcess``) or in process (:class:`tests.clirun.Ran`)."""

from __future__ import annotations

from typing import Protocol


class Finished(Protocol):
    """What a finished command gives: its exit code and what it wrote on stderr."""

    @property
    def returncode(self) -> int: ...

    @property
    def stderr(self) -> str: ...


def one_error_line(stderr: str, start: str = "") -> str:
    """The one line of ``stderr``, checked to be the only one, to begin with ``start``
    and not to come from a traceback."""
    assert "Traceback" not in stderr, stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(start), stderr
    return lines[0]


def refused(result: Finished, words: str) -> str:
    """The error line of ``result``, checked: exit code 2 and one line that says
    ``words``."""
    assert result.returncode == 2, result
    line = one_error_line(result.stderr)
    assert words in line, result.stderr
    return line
