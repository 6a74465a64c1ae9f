"""The Learn to Play screenshot for tools/screenshots.py: a step of the extended example (the
pirates' assault on Neapolis, Carthage to move), its panel and the highlighted button.

    python -m tools.shots_tutorial [OUT_DIR]     just this picture (docs/screenshots/)
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from tools.shots_run import run_shot

if TYPE_CHECKING:
    from sprites.app import App
    from sprites.clock import ManualClock

LESSON, STEP = "extended_example", 9
"""The lesson and the step (1-based) on screen: Carthage passes in the assault on Neapolis."""
FRAME = 1 / 30


def shoot_tutorial(app: App, clock: ManualClock, save: Callable[[App, str], None]) -> None:
    """Play the lesson to its step (the person's moves as the lesson asks, the script's at
    once) and save the picture as "tutorial"."""
    from sprites.scenes.base import intent
    from sprites.tutorial.scene import TutorialScene

    app.back_to("title")
    app.open("lessons")
    scene = app.open("lesson", LESSON)
    assert isinstance(scene, TutorialScene)
    for _ in range(20000):
        clock.advance(FRAME)
        app.frame([])
        expected = scene.control.expected()
        busy = scene.display.timeline.busy
        if scene.run.index >= scene.run.start + STEP - 1 and scene.light is not None:
            break
        if expected is not None and scene.display.offered is not None and not busy:
            scene.apply(intent("choose", action=expected))
        elif not busy:
            scene.apply(intent("next"))
    for _ in range(12):  # the pulse near its widest
        clock.advance(FRAME)
        app.frame([])
    save(app, "tutorial")


def main(argv: list[str] | None = None) -> int:
    """Render the picture at 1920×1080 (under Xvfb if there is no display)."""
    return run_shot("python -m tools.shots_tutorial", shoot_tutorial, "tutorial", argv)


if __name__ == "__main__":
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.exit(main())
