"""Clocks for the main loop: the real one, and a manual one that tests step by hand."""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    """A monotonic time source in seconds."""

    def now(self) -> float:
        """Seconds since an arbitrary, fixed origin."""
        ...


class SystemClock:
    """Real time (time.perf_counter)."""

    def now(self) -> float:
        """Seconds from the performance counter."""
        return time.perf_counter()


class ManualClock:
    """Time that moves only when a test says so."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start

    def now(self) -> float:
        """The time set so far."""
        return self._now

    def advance(self, seconds: float) -> None:
        """Move time forward (never backward)."""
        if seconds < 0:
            raise ValueError("a clock cannot go backward")
        self._now += seconds


class FrameTimer:
    """Turns clock readings into per-frame steps, capped so a stall never jumps animations."""

    MAX_STEP = 0.1

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self._last = clock.now()

    def tick(self) -> float:
        """Seconds since the previous tick, at most MAX_STEP."""
        now = self.clock.now()
        step, self._last = now - self._last, now
        return min(max(step, 0.0), self.MAX_STEP)
