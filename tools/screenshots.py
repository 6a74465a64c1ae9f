"""Render the client's scenes at 1920×1080 into docs/screenshots/ (under Xvfb if no display).

    python -m tools.screenshots [OUT_DIR]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tools.xvfb import virtual_display

if TYPE_CHECKING:
    from sprites.map.pane import MapPane

SIZE = (1920, 1080)
ROOT = Path(__file__).resolve().parents[1]
SCENARIO = "08"
"""Great Powers: four empires spread over the whole sea."""


def shoot(out: Path) -> list[Path]:
    """Render every scene; the files written."""
    import pygame

    from sprites.app import App
    from sprites.scenes.base import intent
    from sprites.scenes.map_scene import MapScene
    from sprites.scenes.scenarios import ScenarioScene
    from sprites.settings import Settings

    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(app: App, name: str, frames: int = 2) -> None:
        for _ in range(frames):
            app.frame([])
        path = out / f"{name}.jpg"  # JPEG keeps the committed pictures small
        assert app.screen is not None
        pygame.image.save(app.screen, str(path))
        written.append(path)

    from sprites.clock import ManualClock
    from tools.shots_table import shoot_table

    clock = ManualClock()
    app = App(Settings(resolution=SIZE), clock=clock, save=lambda _settings: None)
    app.open_display()
    app.open("title").apply(intent("hover", pos=(SIZE[0] // 2, -100)))
    save(app, "title")
    app.open("settings")
    save(app, "settings")
    app.pop()
    scenarios = app.open("new_game")
    assert isinstance(scenarios, ScenarioScene)
    scenarios.apply(intent("select", index=int(SCENARIO) - 1))
    save(app, "new_game")
    scene = app.open("map", scenarios.setups[int(SCENARIO) - 1].id)
    assert isinstance(scene, MapScene)
    save(app, "map")
    _zoom_and_hover(scene.map, "athenai", 4)
    save(app, "map_zoomed")
    app.pop()
    app.pop()
    shoot_table(app, clock, save)
    pygame.quit()
    return written


def _zoom_and_hover(pane: MapPane, city: str, levels: int) -> None:
    """Zoom towards a city level by level, let the tiles sharpen, rest the pointer on it."""
    from sprites.scenes.base import intent

    view = pane.map_view
    for _ in range(levels):
        pane.apply(intent("zoom", steps=1, at=pane.to_screen(city)))
        view.update(1.0)
    view.sharpen()
    pane.apply(intent("pointer", pos=tuple(round(v) for v in pane.to_screen(city) or (0, 0))))


def main(argv: Sequence[str] | None = None) -> int:
    """Write the screenshots; print their paths."""
    parser = argparse.ArgumentParser(prog="screenshots", description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(ROOT / "docs" / "screenshots"))
    args = parser.parse_args(argv)
    os.environ.setdefault("MARE_CONFIG_DIR", tempfile.mkdtemp(prefix="mare-shots-"))
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with virtual_display(SIZE):
        for path in shoot(Path(args.out)):
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
