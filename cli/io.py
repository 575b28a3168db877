"""Input and output helpers shared by every command: reading files or stdin,
printing JSON, reporting input errors with exit code 2, writing output files
whole (:mod:`playable.cli.output` guards the streams themselves)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from playable.cli.output import SaneEnviron
from playable.solver.core.errors import PlayableError
from playable.solver.core.files import write_atomic

#: Results go to stdout; progress and errors to stderr (ARCHITECTURE.md).
#: Both read the terminal size through SaneEnviron: an unusable COLUMNS is ignored.
stdout = Console(highlight=False, _environ=SaneEnviron())
stderr = Console(stderr=True, highlight=False, _environ=SaneEnviron())

#: Every input read by the current command, by the path it was given as: a file is
#: read once even when two steps need it (the dispatcher sniffs the game, the
#: command parses it), so ``<(cat deal.txt)``, FIFOs and stdin work.
_read: dict[str, tuple[str, str]] = {}


class InputError(Exception):
    """Bad input from the user: printed as one line, exit code 2."""


def one_line(message: str) -> str:
    """``message`` on one line: a newline or other control character the user typed
    (in an option value or a file) is shown escaped, as ``\\n``."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)


def print_error(message: str) -> None:
    """Print ``error: message`` as one line on stderr."""
    stderr.print(f"[bold red]error:[/] {escape(one_line(message))}", soft_wrap=True)


def fail(message: str) -> NoReturn:
    """Print one error line on stderr and exit with code 2 (usage or input error)."""
    print_error(message)
    raise typer.Exit(2)


def forget_inputs() -> None:
    """Start a new command: forget the inputs read by the previous one (tests run
    several commands in one process)."""
    _read.clear()


def read_source(path: str) -> tuple[str, str]:
    """The text of ``path`` (``-`` is stdin) and its display name, read once per
    command and kept: a pipe or FIFO cannot be read twice."""
    if path not in _read:
        _read[path] = _read_once(path)
    return _read[path]


def _read_once(path: str) -> tuple[str, str]:
    if path == "-":
        if sys.stdin is None:
            raise InputError("<stdin>: closed (no standard input to read)")
        try:
            return sys.stdin.read(), "<stdin>"
        except UnicodeDecodeError:
            raise InputError("<stdin>: not a UTF-8 text") from None
        except (OSError, ValueError) as error:
            reason = getattr(error, "strerror", None) or "closed"
            raise InputError(f"<stdin>: {reason}") from None
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


def check_output_file(path: Path, option: str = "-o") -> None:
    """Refuse an output file path that cannot be written, before any work is done:
    a directory, a missing folder, a folder or file without write permission."""
    if path.is_dir():
        raise InputError(f"{option} {path}: is a directory; give a file name")
    folder = path.parent
    if not folder.is_dir():
        raise InputError(f"{option} {path}: folder {folder} does not exist")
    if path.exists() and not os.access(path, os.W_OK):
        raise InputError(f"{option} {path}: file is read-only")
    if not path.exists() and not os.access(folder, os.W_OK | os.X_OK):
        raise InputError(f"{option} {path}: cannot create a file in {folder}")


def check_output_folder(path: Path, option: str = "-o") -> None:
    """Refuse an output folder that is an existing file or cannot be created or written."""
    if path.exists() and not path.is_dir():
        raise InputError(f"{option} {path}: is a file, not a folder")
    existing = path
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir():
        raise InputError(f"{option} {path}: {existing} is a file, not a folder")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise InputError(f"{option} {path}: cannot write in {existing} (permission denied)")


def make_folder(path: Path, option: str = "-o") -> None:
    """Create the output folder ``path`` (and its parents), or one clear error."""
    check_output_folder(path, option)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InputError(f"{option} {path}: {error.strerror}") from None


def write_text(path: Path, text: str | bytes, option: str = "-o") -> None:
    """Write an output file whole or not at all (a temporary file in the same folder,
    then renamed), or one clear error (exit code 2) and no file."""
    check_output_file(path, option)
    try:
        write_atomic(path, text)
    except OSError as error:
        raise InputError(f"{option} {path}: {error.strerror or error}") from None


def check_dealt(text: str) -> None:
    """Refuse a deal that `show` would refuse: the written text is parsed back by its
    game's reader first, so every `deal` option that makes an unreadable file (a
    seed out of the file's range, ...) is one error line and no file."""
    from playable.solver.games import game_of

    try:
        game_of(text, "<deal>").parse(text, "<deal>")
    except PlayableError as error:
        reason = getattr(error, "message", str(error))
        raise InputError(f"these options make a deal no reader accepts: {reason}") from None


def write_dealt(text: str, document: Any, output: Path | None, json: bool) -> None:
    """Output of every `deal` command: the notation text to ``output`` (a file) or to
    stdout, or with ``--json`` the JSON document on stdout (the file is still written).
    The text is checked by its reader first (:func:`check_dealt`)."""
    check_dealt(text)
    if output is not None:
        write_text(output, text)
    if json:
        print_json(document)
    elif output is None:
        stdout.out(text, end="")


def print_json(document: Any) -> None:
    """Print exactly one JSON document on stdout."""
    sys.stdout.write(json.dumps(document) + "\n")
    sys.stdout.flush()
