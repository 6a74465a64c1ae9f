"""The animation timeline: steps played one after another (dice, flights, marches, flips),
calls that change what is shown at the right moment, and parallel flourishes (VP changes).

Durations are in seconds at normal speed; `speed` multiplies time (0 = instant: every step
finishes at once). `skip()` finishes everything queued, running its calls in order.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

import pygame


class Stage(Protocol):
    """What animations draw on: the screen plus where things are."""

    def board_to_screen(self, node: str) -> tuple[float, float] | None:
        """Screen position of a city or area (None when off the map)."""

    def point_to_screen(self, point: tuple[float, float]) -> tuple[float, float]:
        """Screen position of a board point."""

    def seat_anchor(self, seat: int) -> tuple[int, int]:
        """Where a seat's row is in the HUD."""

    def ui(self, px: float) -> int:
        """Design pixels to screen pixels."""


class Step:
    """One animation: `duration` seconds; draw returns the rectangle it covered."""

    duration = 0.5
    parallel = False
    """Runs beside the queue instead of holding it up."""

    def __init__(self) -> None:
        self.elapsed = 0.0

    @property
    def t(self) -> float:
        """Progress 0..1."""
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)

    @property
    def done(self) -> bool:
        """Whether it has finished."""
        return self.elapsed >= self.duration

    def start(self) -> None:
        """Called when it begins."""

    def finish(self) -> None:
        """Called once when it ends (also when skipped)."""

    def draw(self, surface: pygame.Surface, stage: Stage) -> pygame.Rect | None:
        """Draw the current frame."""
        return None


class Call(Step):
    """A change to what is shown, made when the queue reaches it."""

    duration = 0.0

    def __init__(self, fn: Callable[[], Any]) -> None:
        super().__init__()
        self.fn = fn

    def start(self) -> None:
        """Run it."""
        self.fn()


class Timeline:
    """Plays steps in order; parallel steps run alongside."""

    def __init__(self, speed: float = 1.0) -> None:
        self.queue: deque[Step] = deque()
        self.current: Step | None = None
        self.parallel: list[Step] = []
        self.speed = speed

    @property
    def busy(self) -> bool:
        """Whether anything that holds up the game is still to play."""
        return self.current is not None or bool(self.queue)

    @property
    def moving(self) -> bool:
        """Whether anything at all is on screen."""
        return self.busy or bool(self.parallel)

    def add(self, *steps: Step) -> None:
        """Queue steps (parallel ones start when the queue reaches them)."""
        self.queue.extend(steps)

    def update(self, dt: float) -> None:
        """Advance by dt seconds of real time."""
        if self.speed <= 0:
            self.skip()
            return
        dt *= self.speed
        for step in list(self.parallel):
            step.elapsed += dt
            if step.done:
                step.finish()
                self.parallel.remove(step)
        while dt >= 0:
            if self.current is None:
                if not self.queue:
                    return
                self._begin(self.queue.popleft())
                continue
            step = self.current
            left = step.duration - step.elapsed
            if dt < left:
                step.elapsed += dt
                return
            step.elapsed = step.duration
            dt -= max(0.0, left)
            step.finish()
            self.current = None

    def _begin(self, step: Step) -> None:
        step.start()
        if step.parallel:
            self.parallel.append(step)
        else:
            self.current = step

    def skip(self) -> None:
        """Finish everything now, in order."""
        while self.current is not None or self.queue:
            if self.current is None:
                self._begin(self.queue.popleft())
                continue
            self.current.elapsed = self.current.duration
            self.current.finish()
            self.current = None
        for step in self.parallel:
            step.finish()
        self.parallel.clear()

    def draw(self, surface: pygame.Surface, stage: Stage) -> list[pygame.Rect]:
        """Draw what is playing; the rectangles covered."""
        rects = []
        for step in [*self.parallel, *([self.current] if self.current else [])]:
            rect = step.draw(surface, stage)
            if rect is not None:
                rects.append(rect)
        return rects
