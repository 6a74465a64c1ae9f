"""What the client benchmarks share: the screen size they measure at and the frame timer."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sprites.app import App

SIZE = (1920, 1080)
ROOT = Path(__file__).resolve().parents[1]


def timed(app: App, frames: int, before: Callable[[], None] | None = None,
          until: Callable[[], bool] | None = None) -> list[float]:
    """Per-frame seconds of `frames` whole frames (fewer if `until` says stop first)."""
    times: list[float] = []
    for _ in range(frames):
        if until is not None and until():
            break
        start = time.perf_counter()
        if before is not None:
            before()
        app.frame([])
        times.append(time.perf_counter() - start)
    return times


def close_summary(app: App) -> None:
    """Continue past a turn's summary once it may be closed (a player who has read it)."""
    from sprites.scenes.base import intent
    from sprites.table.turn_summary import TurnSummary

    top = app.stack.top
    if isinstance(top, TurnSummary) and top.ready:
        top.apply(intent("continue"))
