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


def _played(display: pygame.Surface) -> tuple[str, int]:
    """A Mediterranean game of two greedy bots started from New Game, played past its 60th
    entry with the autosave flushed: (state hash, entries)."""
    app, clock = make_app(display)
    start_from_new_game(app, ("bot:greedy", "bot:greedy"), {"mediterranean": True})
    pilot = RttaPilot(app, clock)
    session = pilot.table.session
    files = pilot.table.control.files
    assert files is not None
    pilot.until(lambda: len(session.table.records) > 60, 4000)
    files.saver.flush()
    return state_hash(session.table.state), len(session.table.records)


def test_a_bot_game_resumes_on_its_own_table_after_the_window_closed(
        display: pygame.Surface, private_config: Path) -> None:
    before, count = _played(display)  # the window closes unsaved: the autosave is what is left
    app, _ = make_app(display)
    load_scene = app.open("load")
    app.frame([])
    assert list_saves(saves_dir())
    load_scene.apply(intent("open"))
    resumed = app.stack.top
    assert isinstance(resumed, RttaScene)
    assert resumed.session.config.options == (("mediterranean", True),)
    assert len(resumed.session.table.records) == count
    assert state_hash(resumed.session.table.state) == before
