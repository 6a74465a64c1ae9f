"""The network thread under `LanService`: one asyncio loop in a daemon thread of its own.

Commands from the client's thread are handed to the loop and return at once; a refused or
failed command becomes the notice, never a dead thread. The loop publishes a new immutable
`Snapshot` after every change, and the client only takes the lock to copy a reference.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Coroutine
from typing import Any

from net.lan.errors import LanError, Rejected
from net.lan.facade import Snapshot


class LoopThread:
    """An asyncio loop in a daemon thread, the state it publishes, and its background tasks."""

    def __init__(self, name: str) -> None:
        self._lock = threading.Lock()
        self._snapshot = Snapshot()
        self._state: dict[str, Any] = {"phase": "idle", "lobbies": (), "room": None,
                                       "game": None, "table": None, "notice": ""}
        self._background: set[asyncio.Future[None]] = set()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    def snapshot(self) -> Snapshot:
        """The latest state."""
        with self._lock:
            return self._snapshot

    def _stop(self, closing: Coroutine[Any, Any, None]) -> None:
        """Run `closing` in the loop, then stop the loop and end the thread (within seconds)."""
        future = asyncio.run_coroutine_threadsafe(closing, self._loop)
        with contextlib.suppress(Exception):
            future.result(timeout=5)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_forever()
        left = asyncio.all_tasks(self._loop)
        for task in left:
            task.cancel()
        self._loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
        self._loop.close()

    def _call(self, action: Callable[[], object]) -> None:
        self._loop.call_soon_threadsafe(self._guarded, action)

    def _guarded(self, action: Callable[[], object]) -> None:
        """Run a command; a refusal or failure becomes the notice, never a dead thread."""
        try:
            action()
        except (Rejected, LanError, OSError, ValueError, KeyError) as exc:
            self._set(notice=str(exc))

    def _set(self, **changes: Any) -> None:
        self._state.update(changes)
        with self._lock:
            self._snapshot = Snapshot(revision=self._snapshot.revision + 1, **self._state)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)
