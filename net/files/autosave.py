"""Autosave in a background thread that never fails silently: a write that cannot be made
stays queued and is retried, and `problem` says in plain words what is wrong until it works."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from net.files.storage import StorageError, write_atomic

RETRY_SECONDS = (0.5, 1.0, 2.0, 5.0)
"""Waits between retries of a failed write (the last one repeats)."""


class AutoSaver:
    """Writes files in a background thread; a newer write of a path replaces a queued one."""

    def __init__(self, label: str = "Autosave") -> None:
        self.label = label
        self._pending: dict[Path, bytes] = {}
        self._cond = threading.Condition()
        self._busy = False
        self._failures = 0
        self.error: str | None = None
        """The last failure's plain reason, None once every write has succeeded again."""
        self.writes = 0
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    @property
    def problem(self) -> str | None:
        """What the table shows while saving fails (None when all is saved)."""
        if self.error is None:
            return None
        return (f"{self.label} failed: {self.error} — your game is safe in memory; "
                f"{_advice(self.error)}")

    @property
    def saved(self) -> bool:
        """Whether everything written so far is on disk."""
        with self._cond:
            return not self._pending and not self._busy and self.error is None

    def write(self, path: Path, data: bytes) -> None:
        """Queue a write."""
        with self._cond:
            self._pending[path] = data
            self._failures = 0
            self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every queued write is on disk (or has failed once); True if all saved."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while (self._pending or self._busy) and time.monotonic() < deadline:
                if self.error is not None and not self._busy:
                    break
                self._cond.wait(0.05)
        return self.saved

    def _run(self) -> None:
        while True:
            path, data = self._next()
            try:
                write_atomic(path, data)
            except StorageError as exc:
                self._failed(path, data, exc)
                continue
            self._done()

    def _next(self) -> tuple[Path, bytes]:
        with self._cond:
            while not self._pending:
                self._cond.wait()
            path, data = next(iter(self._pending.items()))
            del self._pending[path]
            self._busy = True
            return path, data

    def _done(self) -> None:
        with self._cond:
            self.writes += 1
            self._busy = False
            if not self._pending:
                self.error = None
            self._cond.notify_all()

    def _failed(self, path: Path, data: bytes, exc: StorageError) -> None:
        with self._cond:
            self.error = exc.reason
            self._pending.setdefault(path, data)  # a newer write of the path wins
            self._busy = False
            wait = RETRY_SECONDS[min(self._failures, len(RETRY_SECONDS) - 1)]
            self._failures += 1
            self._cond.notify_all()
            self._cond.wait(wait)


def _advice(reason: str) -> str:
    if "full" in reason:
        return "free some space and it is saved at the next try"
    return "make the saves folder writable again and it is saved at the next try"
