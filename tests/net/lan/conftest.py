"""LAN tests end everything they start: a test fails if an asyncio task it created is still
pending when its `asyncio.run(...)` body returns, or if a thread it started outlives it."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from typing import Any, TypeVar

import pytest

T = TypeVar("T")
THREAD_GRACE = 3.0
"""Seconds a finished test's threads get to end (a subprocess watcher ends with its child)."""


@pytest.fixture(autouse=True)
def no_leaks(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Check every `asyncio.run` body for pending tasks, and the test for surviving threads."""
    before = set(threading.enumerate())
    monkeypatch.setattr(asyncio, "run", _checked_run(asyncio.run))
    yield
    leaked = _surviving_threads(before)
    assert not leaked, f"threads left running: {leaked}"


def _checked_run(real_run: Callable[..., Any]) -> Callable[..., Any]:
    def run(main: Coroutine[Any, Any, T], *, debug: bool | None = None) -> T:
        result: T = real_run(_async_checked(main), debug=debug)
        return result
    return run


async def _async_checked(main: Coroutine[Any, Any, T]) -> T:
    result = await main
    for _ in range(3):  # let done-callbacks and just-cancelled tasks finish their last step
        await asyncio.sleep(0)
    pending = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
    assert not pending, f"asyncio tasks left pending: {pending}"
    return result


def _surviving_threads(before: set[threading.Thread]) -> list[threading.Thread]:
    deadline = time.monotonic() + THREAD_GRACE
    while True:
        alive = [t for t in threading.enumerate() if t not in before and t.is_alive()]
        if not alive or time.monotonic() > deadline:
            return alive
        time.sleep(0.01)
