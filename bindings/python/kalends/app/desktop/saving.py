"""Writing a calendar file without ever losing it: the bytes go to a temporary file in
the same folder, are flushed to disk, and the temporary file is renamed over the
original (atomic on POSIX); any failure removes the temporary file and leaves the
original as it was."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, data: bytes) -> None:
    """Replaces ``path``'s content by ``data``, all or nothing; OSError when it could not
    (the file unchanged). The file keeps its permission bits."""
    folder = path.parent
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        try:
            os.chmod(temporary, path.stat().st_mode & 0o7777)
        except FileNotFoundError:
            pass
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise
