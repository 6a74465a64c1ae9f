"""A Mare Nostrum game started from New Game saves as it goes and resumes from the Load
screen on its own table, at the same state, its hot seat covered until a person takes it."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.core.encoding import state_hash
from net.files.saves import list_saves
from sprites.mn.scene import MnScene
from sprites.scenes.base import intent
from sprites.settings import saves_dir
from tests.sprites.mn_pilot import MnPilot
from tests.sprites.rtta.rtta_pilot import make_app, start_from_new_game


def test_a_hot_seat_resumes_on_its_own_table(display: pygame.Surface,
                                             private_config: Path) -> None:
    app, clock = make_app(display)
    seats = ("human", "human", "nobody", "nobody", "bot:greedy")
    start_from_new_game(app, seats, {}, "mare_nostrum", 5)
    pilot = MnPilot(app, clock)
    session, files = pilot.table.session, pilot.table.control.files
    assert files is not None and session.config.scenario == "3"
    pilot.until(lambda: pilot.table.control.covered)
    files.saver.flush()
    before, count = state_hash(session.table.state), len(session.table.records)
    app, _ = make_app(display)
    load_scene = app.open("load")
    app.frame([])
    assert list_saves(saves_dir())
    load_scene.apply(intent("open"))
    resumed = app.stack.top
    assert isinstance(resumed, MnScene)
    assert len(resumed.session.table.records) == count
    assert state_hash(resumed.session.table.state) == before
    app.frame([])
    assert resumed.control.covered and resumed.view["seat"] is None
