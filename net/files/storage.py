"""Atomic, durable files: a save is either the old one or the new one, never half of each."""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from pathlib import Path


class StorageError(OSError):
    """A file could not be written or read; the message names the path, `reason` says why in
    plain words ("the disk is full")."""

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason or message


_REASONS = {errno.ENOSPC: "the disk is full", errno.EDQUOT: "the disk quota is used up",
            errno.EROFS: "the folder is read-only", errno.EACCES: "permission was denied",
            errno.EPERM: "permission was denied", errno.ENOENT: "the folder has vanished",
            errno.ENOTDIR: "a file stands where the folder should be",
            errno.EEXIST: "a file stands where the folder should be"}


def _failure(action: str, path: Path, exc: OSError) -> StorageError:
    reason = _REASONS.get(exc.errno or 0, exc.strerror or str(exc))
    return StorageError(f"cannot {action} {path}: {reason}", reason)


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write `data` to a temp file beside `path`, fsync it, rename over `path`, fsync the dir."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise _failure("write", target, exc) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise _failure("write", target, exc) from None
    _fsync_dir(folder)


READ_LIMIT = 32 * 1024 * 1024
"""The largest file the game reads (a whole 8-player game log is well under 1 MB)."""


def read_bytes(path: str | os.PathLike[str], limit: int = READ_LIMIT) -> bytes:
    """The whole file, at most `limit` bytes; StorageError with a plain message when it cannot
    be read or is larger (also for endless devices such as /dev/zero)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError:
        raise StorageError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise StorageError(f"{path} is a folder, not a file") from None
    except OSError as exc:
        raise StorageError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise StorageError(f"{path} is larger than {_size(limit)}: not a file this game wrote")
    return data


def _size(count: int) -> str:
    """A byte count as a person reads it (64 KB, 32 MB)."""
    return f"{count // (1024 * 1024)} MB" if count >= 1024 * 1024 else f"{count // 1024} KB"


def _fsync_dir(folder: Path) -> None:
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
