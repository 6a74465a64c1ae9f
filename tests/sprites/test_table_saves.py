"""Saves at the table: resume after the window closed, and a damaged save's message shown on
the Load screen."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.core.encoding import state_hash
from net.files.saves import SaveError, list_saves, load
from sprites.app import App
from sprites.clock import ManualClock
from sprites.scenes.base import intent
from sprites.settings import Settings
from tests.net.files.test_saves import _played
from tests.sprites.pilot import Pilot


def _app(display: pygame.Surface) -> tuple[App, ManualClock]:
    from sprites.scenes.title import TitleScene

    clock = ManualClock()
    app = App(Settings(resolution=display.get_size(), animation_speed=0), clock=clock,
              save=lambda s: None)
    app.screen = display
    app.push(TitleScene())
    return app, clock


def test_the_table_resumes_after_the_window_closed(display: pygame.Surface,
                                                   private_config: Path) -> None:
    """Start a game from the players page, let it run, 'close the window', load it from the
    Load screen: same state hash."""
    from sprites.scenes.load import LoadScene, saves_dir
    from sprites.scenes.players import PlayersScene
    from sprites.table.scene import TableScene

    app, clock = _app(display)
    from sprites import content

    players = PlayersScene(content.content().setup("1"))
    app.push(players)
    pilot = Pilot(app, clock)
    pilot.frame()
    players.apply(intent("seat", seat=0, player="bot:greedy"))
    pilot.key(pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, TableScene)
    pilot.until(lambda: len(table.session.table.records) > 80, 2000)
    table.files.saver.flush()
    before = state_hash(table.session.table.state)
    count = len(table.session.table.records)
    del app  # the window is closed without saving: the autosave is what is left

    app, clock = _app(display)
    pilot = Pilot(app, clock)
    load_scene = LoadScene()
    app.push(load_scene)
    pilot.frame()
    assert list_saves(saves_dir())
    load_scene.apply(intent("open"))  # what Enter does, without letting a frame run after it
    resumed = app.stack.top
    assert isinstance(resumed, TableScene)
    assert len(resumed.session.table.records) == count
    assert state_hash(resumed.session.table.state) == before


@pytest.mark.parametrize("damage", ["garbage", "truncated", "edited", "no seats", "bad seats"])
def test_a_damaged_save_gives_a_clear_message(tmp_path: Path, display: pygame.Surface,
                                              damage: str) -> None:
    _, files = _played(tmp_path, 40)
    data = files.log_path.read_bytes()
    if damage == "garbage":
        files.log_path.write_bytes(b"\x00\xffnot a log\n")
    elif damage == "truncated":
        files.log_path.write_bytes(data[:-20])
    elif damage == "edited":
        files.log_path.write_bytes(data.replace(b'"i":7,', b'"i":8,', 1))
    elif damage == "no seats":
        files.seats_path.unlink()
    else:
        files.seats_path.write_text('{"format": 1, "players": ["human"]}')
    with pytest.raises(SaveError) as caught:
        load(files.log_path)
    message = str(caught.value)
    assert message and "Traceback" not in message
    from sprites.scenes.load import LoadScene

    app, _ = _app(display)
    scene = LoadScene()
    app.push(scene)
    app.frame([])
    scene.open(files.log_path)
    app.frame([])
    assert app.stack.top is scene and scene.message == message
