"""Files written whole or not at all, for every layer (the command line's ``-o``,
proof files, figures): a reader never meets an empty or half-written file, even when
the disk fills up or the process is stopped mid-write."""

from __future__ import annotations

import os
import tempfile
from contextlib import suppress
from pathlib import Path


def write_atomic(path: Path, data: str | bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all: into a temporary file in the
    same folder, then :func:`os.replace`. A device or FIFO (``/dev/full``,
    ``/dev/stdout``) is written in place. Raises :class:`OSError`; the temporary
    file is removed on any failure."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    target = Path(os.path.realpath(path))
    if target.exists() and not target.is_file():
        with open(target, "wb") as special:
            special.write(raw)
        return
    handle, temporary = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
    )
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(raw)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, _mode_for(target))
        os.replace(temporary, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary)
        raise


def _mode_for(target: Path) -> int:
    """The permissions of the file being replaced, or those a new file gets."""
    with suppress(OSError):
        return target.stat().st_mode & 0o7777
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
