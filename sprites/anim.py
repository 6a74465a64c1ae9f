"""Pure animation helpers: easing curves, interpolation and tweens stepped by the caller."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

Easing = Callable[[float], float]


def clamp01(t: float) -> float:
    """t limited to [0, 1]."""
    return 0.0 if t < 0 else 1.0 if t > 1 else t


def linear(t: float) -> float:
    """No easing."""
    return clamp01(t)


def ease_in_out_cubic(t: float) -> float:
    """Slow start, slow end."""
    t = clamp01(t)
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle stop (camera moves)."""
    return 1 - (1 - clamp01(t)) ** 3


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles (markers landing)."""
    t = clamp01(t)
    c1 = 1.70158
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_in_out_sine(t: float) -> float:
    """A soft sinusoidal curve."""
    return -(math.cos(math.pi * clamp01(t)) - 1) / 2


def lerp(a: float, b: float, t: float) -> float:
    """The value t of the way from a to b."""
    return a + (b - a) * t


def lerp_point(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    """The point t of the way from a to b."""
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


@dataclass
class Tween:
    """A value moving from `start` to `end` over `duration` seconds along an easing curve."""

    start: float
    end: float
    duration: float
    easing: Easing = ease_in_out_cubic
    elapsed: float = 0.0

    def step(self, dt: float) -> float:
        """Advance by dt seconds; the new value."""
        self.elapsed = min(self.elapsed + dt, self.duration)
        return self.value

    @property
    def progress(self) -> float:
        """Fraction of the duration elapsed, 0..1."""
        return 1.0 if self.duration <= 0 else clamp01(self.elapsed / self.duration)

    @property
    def value(self) -> float:
        """The current value."""
        return lerp(self.start, self.end, self.easing(self.progress))

    @property
    def done(self) -> bool:
        """Whether the tween has reached its end."""
        return self.progress >= 1.0


def scaled_duration(seconds: float, speed_percent: int) -> float:
    """An animation's duration under the animation-speed setting (0 = instant)."""
    return 0.0 if speed_percent <= 0 else seconds * 100 / speed_percent
