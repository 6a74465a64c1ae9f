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
from sprites.scenes.load import LoadScene
from sprites.settings import saves_dir
from tests.net.files.test_saves import _played
from tests.sprites.pilot import Pilot, manual_app


def _app(display: pygame.Surface) -> tuple[App, ManualClock]:
    app, clock = manual_app(display)
    app.open("title")
    return app, clock


def test_the_table_resumes_after_the_window_closed(display: pygame.Surface,
                                                   private_config: Path) -> None:
    """Start a game from the players page, let it run, 'close the window', load it from the
    Load screen: same state hash."""
    from sprites import content
    from sprites.table.scene import TableScene

    app, clock = _app(display)
    players = app.open("players", content.content().setup("1"))
    pilot = Pilot(app, clock)
    pilot.frame()
    players.apply(intent("set", key="seat:0", value="bot:greedy"))
    pilot.key(pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.control.files is not None
    assert [type(s).__name__ for s in app.stack] == ["TitleScene", "TableScene"]
    assert table.session.players == ("bot:greedy", "bot:greedy")
    pilot.until(lambda: len(table.session.table.records) > 80, 2000)
    table.control.files.saver.flush()
    before = state_hash(table.session.table.state)
    count = len(table.session.table.records)
    del app  # the window is closed without saving: the autosave is what is left

    app, clock = _app(display)
    pilot = Pilot(app, clock)
    load_scene = app.open("load")
    pilot.frame()
    assert list_saves(saves_dir())
    load_scene.apply(intent("open"))  # what Enter does, without letting a frame run after it
    resumed = app.stack.top
    assert isinstance(resumed, TableScene)
    assert len(resumed.session.table.records) == count
    assert state_hash(resumed.session.table.state) == before


@pytest.mark.parametrize("damage", ["truncated", "no seats"])
def test_a_damaged_save_gives_a_clear_message(tmp_path: Path, display: pygame.Surface,
                                              damage: str) -> None:
    """The Load screen shows the message `load` gives (tests/net/files covers each damage)."""
    _, files = _played(tmp_path, 40)
    if damage == "truncated":
        files.log_path.write_bytes(files.log_path.read_bytes()[:-20])
    else:
        files.seats_path.unlink()
    with pytest.raises(SaveError) as caught:
        load(files.log_path)
    app, _ = _app(display)
    scene = app.open("load")
    assert isinstance(scene, LoadScene)
    app.frame([])
    scene.open(files.log_path)
    app.frame([])
    assert app.stack.top is scene and scene.message == str(caught.value)
