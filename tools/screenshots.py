"""Render the client's scenes at 1920×1080 into docs/screenshots/ (under Xvfb if no display).

    python -m tools.screenshots [OUT_DIR]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, cast

from tools.xvfb import virtual_display

if TYPE_CHECKING:
    from net.lan.facade import Lan
    from sprites.app import App
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
    from tools.screenshots_lan import LanShots, StagedLan
    from tools.shots_editor import shoot_editor
    from tools.shots_expedition import shoot_expedition
    from tools.shots_mn import shoot_mn
    from tools.shots_rtta import shoot_rtta
    from tools.shots_table import shoot_table
    from tools.shots_tutorial import shoot_tutorial

    clock = ManualClock()
    lan = StagedLan()
    app = App(Settings(resolution=SIZE), clock=clock, save=lambda _settings: None,
              lan_factory=lambda _app: cast("Lan", lan))  # staged: answers as a Lan would
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
    shoot_expedition(app, clock, save)
    _load_shot(app, save)
    shoot_tutorial(app, clock, save)
    shoot_rtta(app, clock, save)
    shoot_mn(app, clock, save)
    shoot_editor(app, clock, save)
    LanShots(app, clock, lan, save).shoot()
    pygame.quit()
    return written


SAVES = (("1", ("human", "bot:greedy"), 40),
         ("08", ("human", "human", "bot:greedy", "bot:random"), 160),
         ("3", ("bot:greedy", "human", "bot:random"), 90),
         ("5", ("human", "human", "human"), 60),
         ("2", ("human", "bot:random"), 120),
         ("12", ("human",) + ("bot:greedy",) * 6, 30),
         ("7", ("human", "bot:greedy", "bot:greedy", "bot:random"), 200),
         ("9", ("human", "human") + ("bot:random",) * 3, 80),
         ("4", ("human", "bot:greedy", "bot:greedy"), 20))
"""Saves for the Load screen: scenario, players, entries played."""
SAVED = 1_742_040_000
"""When the newest save was made (15 March 2025), so the pictures do not change by the day."""


def _load_shot(app: App, save: Callable[[App, str], None]) -> None:
    """The Load screen over a folder of saves, one of them damaged (and selected)."""
    from sprites.scenes.base import intent
    from sprites.settings import saves_dir

    app.back_to("title")
    folder = saves_dir()
    for k, (scenario, players, entries) in enumerate(SAVES):
        _saved_game(folder, f"game-{k}", scenario, players, entries, hours=k * 20 + 2)
    damaged, dated = folder / "game-2.log", (folder / "game-2.log").stat().st_mtime
    damaged.write_bytes(damaged.read_bytes()[:-40])
    os.utime(damaged, (dated, dated))
    scene = app.open("load")
    scene.apply(intent("select", step=2))
    save(app, "load")


def _saved_game(folder: Path, name: str, scenario: str, players: tuple[str, ...],
                entries: int, hours: float) -> None:
    """Play a seeded game a while (people answer with their first legal action) and save
    it, dated `hours` before SAVED."""
    from game.session import GameSession, Secrets
    from net.files.saves import GameFiles
    from sprites.table.controller import summary

    seed = name.encode()
    keys = Secrets(tuple(seed + bytes([k]) * 24 for k in range(len(players))), seed * 4,
                   seed * 4)
    session = GameSession.start("mediterranean_empires", scenario, players, keys)
    while len(session.table.records) < entries and not session.over:
        if session.step() is None:
            seat = session.human_turn()
            assert seat is not None
            session.act(seat, session.legal(seat)[0])
    files = GameFiles(folder, name)
    files.save(session, summary(session))
    files.saver.flush()
    when = SAVED - hours * 3600
    for path in (files.log_path, files.seats_path):
        os.utime(path, (when, when))


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
