"""`mare play`: open the window on the title screen and run the client."""

from __future__ import annotations

import gc
import sys
import time
from typing import TYPE_CHECKING

from sprites.settings import load_settings

if TYPE_CHECKING:
    from sprites.app import App


def make_app(size: tuple[int, int] | None = None, fullscreen: bool | None = None) -> App:
    """The client with the saved settings: the defaults and a notice for the title screen
    when they cannot be read."""
    from sprites.app import App

    settings, message = load_settings()
    if size is not None:
        settings = settings.with_(resolution=size, fullscreen=False)
    if fullscreen is not None:
        settings = settings.with_(fullscreen=fullscreen)
    return App(settings, message=message)


def play(scenario: str | None = None, size: tuple[int, int] | None = None,
         fullscreen: bool | None = None, exit_after_title: bool = False) -> int:
    """Run the client until the player quits; 0 on a normal exit."""
    import pygame

    from sprites import content

    shown = None if scenario is None else _offered(scenario)
    app = make_app(size, fullscreen)
    try:
        app.open_display()
    except pygame.error as exc:
        print(f"mare play: error: cannot open a window ({exc}); is there a display?",
              file=sys.stderr)
        return 1
    app.open("title")
    app.frame([])
    if exit_after_title:
        print(f"title-shown {time.time():.6f}", flush=True)
        pygame.quit()
        return 0
    content.preload()
    gc.freeze()  # the content loaded so far lives as long as the app: no full collections over it
    if shown is not None:
        app.open("map", shown)
    app.run()
    pygame.quit()
    return 0


def _offered(scenario: str) -> str:
    """The id of the scenario to show (refused in one line before any window opens)."""
    from sprites import user_content

    return user_content.offer(scenario)


if __name__ == "__main__":
    sys.exit(play())
