"""Running one screenshot function on its own (`python -m tools.shots_tutorial`): an app at
1920×1080 on the title screen (under Xvfb when there is no display), pictures saved as JPG."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from tools.xvfb import virtual_display

if TYPE_CHECKING:
    from sprites.app import App
    from sprites.clock import ManualClock

ROOT = Path(__file__).resolve().parents[1]
Save = Callable[["App", str], None]
Shoot = Callable[["App", "ManualClock", Save], None]


def run_shot(prog: str, shoot: Shoot, name: str, argv: list[str] | None = None) -> int:
    """Render `shoot`'s pictures into OUT (default docs/screenshots); print `name`'s path."""
    parser = argparse.ArgumentParser(prog=prog)
    parser.add_argument("out", nargs="?", default=str(ROOT / "docs" / "screenshots"))
    out = Path(parser.parse_args(argv).out)
    with virtual_display():
        import pygame

        from sprites.app import App
        from sprites.clock import ManualClock
        from sprites.settings import Settings

        clock = ManualClock()
        app = App(Settings(resolution=(1920, 1080)), clock=clock, save=lambda _s: None)
        app.open_display()
        app.open("title")
        out.mkdir(parents=True, exist_ok=True)

        def save(shown: App, picture: str) -> None:
            shown.frame([])
            assert shown.screen is not None
            pygame.image.save(shown.screen, str(out / f"{picture}.jpg"))

        shoot(app, clock, save)
        pygame.quit()
    print(out / f"{name}.jpg")
    return 0
