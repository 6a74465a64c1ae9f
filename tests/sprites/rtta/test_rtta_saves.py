"""A Roll Through the Ages game saves as it goes and resumes from the Load screen on its own
table, at the same state."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.core.encoding import state_hash
from net.files.saves import list_saves
from sprites.rtta.scene import RttaScene
from sprites.scenes.base import intent
from sprites.settings import saves_dir
from tests.sprites.rtta.rtta_pilot import RttaPilot, make_app, start_from_new_game


def test_a_bot_game_resumes_on_its_own_table_after_the_window_closed(
        display: pygame.Surface, private_config: Path) -> None:
    app, clock = make_app(display)
    start_from_new_game(app, ("bot:greedy", "bot:greedy"), {"mediterranean": True})
    pilot = RttaPilot(app, clock)
    table = pilot.table
    assert table.control.files is not None
    pilot.until(lambda: len(table.session.table.records) > 60, 4000)
    table.control.files.saver.flush()
    before = state_hash(table.session.table.state)
    count = len(table.session.table.records)
    del app, pilot, table  # the window is closed without saving: the autosave is what is left

    app, clock = make_app(display)
    load_scene = app.open("load")
    app.frame([])
    assert list_saves(saves_dir())
    load_scene.apply(intent("open"))
    resumed = app.stack.top
    assert isinstance(resumed, RttaScene)
    assert resumed.session.config.options == (("mediterranean", True),)
    assert len(resumed.session.table.records) == count
    assert state_hash(resumed.session.table.state) == before
