"""Work cut into steps: a generator that yields between steps of a few milliseconds each and
returns its result, so that a frame can do a little of it and the next frame carry on."""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar

T = TypeVar("T")
Steps = Generator[None, None, T]
"""Yields between steps; returns the result."""


def finish(steps: Steps[T]) -> T:
    """Run every step now; the result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
