"""Opening the SQLite files `playable` writes, with one clear error for a bad file.

Three kinds of file exist: a *study* (``playable study``), a *simulation*
(``playable simulate --db``) and a puzzle *library* (``playable generate --db``).
Each new file is marked with the SQLite header fields ``application_id`` (the
ASCII bytes ``PLAY``, same for every kind) and ``user_version`` (the kind), so
``file`` and ``sqlite3`` tools can tell them apart and a command refuses a file
of another kind instead of adding its tables to it. Files written before the
mark existed carry ``application_id`` 0: their tables say what they are (a
``puzzles`` table: a library; ``study`` and ``results``: a study or simulation,
told apart by the stored configuration's ``kind``), and they are marked the
first time they are opened for writing.

Every failure to open (a missing folder, a directory, a file that is not
SQLite or is damaged, a read-only file opened for writing, a file of another
kind) raises :class:`DatabaseFileError`, a :class:`PlayableError` the CLI
prints as one line with exit code 2.
"""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

from playable.solver.core.errors import PlayableError

#: ``PRAGMA application_id`` of every file `playable` writes: b"PLAY" as an int.
APPLICATION_ID = int.from_bytes(b"PLAY", "big")

#: ``PRAGMA user_version`` of each kind of file.
KINDS = {"study": 1, "simulation": 2, "library": 3}
_KIND_OF_VERSION = {version: kind for kind, version in KINDS.items()}

#: Seconds a connection waits for another process's write lock (concurrent studies).
BUSY_TIMEOUT = 30.0


class DatabaseFileError(PlayableError):
    """A --db file that cannot be opened, is damaged, or is of another kind."""


def describe(error: sqlite3.Error) -> str:
    """A short reason for an SQLite error, for the one-line message."""
    text = str(error)
    if "not a database" in text:
        return "not an SQLite database"
    if "malformed" in text or "corrupt" in text:
        return "damaged SQLite database (malformed)"
    if "readonly" in text or "read-only" in text:
        return "read-only: cannot write to it"
    if "locked" in text or "busy" in text:
        return "locked by another process for too long"
    if "disk" in text and "full" in text:
        return "disk full"
    return text


def open_database(path: str | Path, kinds: tuple[str, ...], write: bool) -> sqlite3.Connection:
    """A connection to the ``path`` file, which must hold one of ``kinds`` (or be new).

    ``write``: the command will add rows, so the file may be created, must be
    writable, and is marked with its kind; otherwise it must exist and is opened
    read-only. The connection runs in autocommit mode (``isolation_level=None``):
    callers open their own transactions. The file's kind is checked with
    :func:`file_kind`; the caller marks a new file with :func:`mark`.
    """
    path = Path(path)
    if path.is_dir():
        raise DatabaseFileError(f"{path}: is a directory, not an SQLite file")
    if not path.exists():
        if not write:
            raise DatabaseFileError(f"{path}: no such file")
        folder = path.parent
        if not folder.is_dir():
            raise DatabaseFileError(f"{path}: folder {folder} does not exist")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise DatabaseFileError(f"{path}: cannot create a file in {folder} (permission denied)")
    elif write and not os.access(path, os.W_OK):
        raise DatabaseFileError(f"{path}: read-only: cannot write to it")
    elif not os.access(path, os.R_OK):
        raise DatabaseFileError(f"{path}: cannot read it (permission denied)")
    try:
        if write:
            connection = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None)
        else:
            uri = f"{path.resolve().as_uri()}?mode=ro"
            connection = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT, isolation_level=None)
        kind = file_kind(connection)
        if kind is not None and kind not in kinds:
            connection.close()
            raise DatabaseFileError(f"{path}: {_a(kind)}, not {_a(' or '.join(kinds))}")
        if write:
            _write_ahead_log(connection)
            connection.execute("PRAGMA synchronous=NORMAL")
        elif kind is None:
            connection.close()
            raise DatabaseFileError(f"{path}: empty database, not {_a(' or '.join(kinds))}")
        return connection
    except sqlite3.Error as error:
        raise DatabaseFileError(f"{path}: {describe(error)}") from None


def _write_ahead_log(connection: sqlite3.Connection) -> None:
    """Switch the file to write-ahead logging (it stays so). Two processes opening a
    new file at once may both try: SQLite then answers one of them "database is
    locked" at once, without waiting out the busy timeout, so this retries, with
    short pauses, for up to :data:`BUSY_TIMEOUT` seconds."""
    deadline = time.monotonic() + BUSY_TIMEOUT
    pause = 0.01
    while True:
        try:
            connection.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(pause)
            pause = min(2 * pause, 0.5)


def file_kind(connection: sqlite3.Connection) -> str | None:
    """The kind of an open file (``study``, ``simulation``, ``library``), ``None`` for a
    new empty file; :class:`DatabaseFileError` for a file `playable` did not write."""
    application_id = connection.execute("PRAGMA application_id").fetchone()[0]
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    # ``quick_check`` reads every page: a truncated or damaged file fails here, once,
    # rather than in the middle of a study.
    check = connection.execute("PRAGMA quick_check").fetchone()[0]
    if check != "ok":
        raise sqlite3.DatabaseError(f"malformed ({check})")
    if application_id == APPLICATION_ID and version in _KIND_OF_VERSION:
        return _KIND_OF_VERSION[version]
    if application_id not in (0, APPLICATION_ID):
        raise sqlite3.DatabaseError(
            f"an SQLite file of another program (application_id {application_id:#x})"
        )
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    if not tables:
        return None
    if {"puzzles", "attempts"} <= tables:
        return "library"
    if {"study", "results"} <= tables:
        row = connection.execute("SELECT value FROM study WHERE key='config'").fetchone()
        if row is not None and '"kind": "simulation"' in row[0]:
            return "simulation"
        return "study"
    raise sqlite3.DatabaseError(
        f"an SQLite file of another program (tables: {', '.join(sorted(tables))})"
    )


def mark(connection: sqlite3.Connection, kind: str) -> None:
    """Write the ``application_id`` and ``user_version`` of ``kind`` into the file."""
    connection.execute(f"PRAGMA application_id={APPLICATION_ID}")
    connection.execute(f"PRAGMA user_version={KINDS[kind]}")


def _a(kind: str) -> str:
    names = {"study": "a study", "simulation": "a simulation", "library": "a puzzle library"}
    return " or ".join(names.get(k, k) for k in kind.split(" or "))
