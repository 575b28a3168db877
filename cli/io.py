"""Input and output helpers shared by every command: reading files or stdin,
printing JSON, reporting input errors with exit code 2."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

#: Results go to stdout; progress and errors to stderr (ARCHITECTURE.md).
stdout = Console(highlight=False)
stderr = Console(stderr=True, highlight=False)

_stdin_text: str | None = None


class InputError(Exception):
    """Bad input from the user: printed as one line, exit code 2."""


def fail(message: str) -> NoReturn:
    """Print one error line on stderr and exit with code 2 (usage or input error)."""
    stderr.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)
    raise typer.Exit(2)


def read_source(path: str) -> tuple[str, str]:
    """The text of ``path`` (``-`` is stdin, read once and kept) and its display name."""
    global _stdin_text
    if path == "-":
        if _stdin_text is None:
            _stdin_text = sys.stdin.read()
        return _stdin_text, "<stdin>"
    file = Path(path)
    try:
        return file.read_text(encoding="utf-8"), path
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a directory") from None
    except UnicodeDecodeError:
        raise InputError(f"{path}: not a UTF-8 text file") from None
    except OSError as error:
        raise InputError(f"{path}: {error.strerror}") from None


def write_dealt(text: str, document: Any, output: Path | None, json: bool) -> None:
    """Output of every `deal` command: the notation text to ``output`` (a file) or to
    stdout, or with ``--json`` the JSON document on stdout (the file is still written)."""
    if output is not None:
        output.write_text(text, encoding="utf-8")
    if json:
        print_json(document)
    elif output is None:
        stdout.out(text, end="")


def print_json(document: Any) -> None:
    """Print exactly one JSON document on stdout."""
    sys.stdout.write(json.dumps(document) + "\n")
