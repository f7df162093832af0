"""Writing a file so that a reader sees the old contents or the new, never a part:
rlx's saved graphs, checkpoints and disk-cache entries go through :func:`write_atomic`."""

from __future__ import annotations

import contextlib
import os
import tempfile


def write_atomic(path: str | os.PathLike, data: bytes, *, durable: bool = False) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same directory renamed
    into place, readable by every user (0644: a shared cache directory). ``durable``
    flushes the file to the disk before the rename. A failure leaves ``path`` as it was
    and removes the temporary file."""
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(os.fspath(path)) or ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            os.fchmod(f.fileno(), 0o644)
            f.write(data)
            if durable:
                f.flush()
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
