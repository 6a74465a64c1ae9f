"""Saves: autosave after every entry, resume at the same state hash after the window closed,
the menu's copy, and corrupt or incomplete saves giving a clear message, never a crash."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.core.encoding import state_hash
from game.core.log import dumps
from sprites.app import App
from sprites.clock import ManualClock
from sprites.scenes.base import intent
from sprites.settings import Settings
from sprites.table.saves import GameFiles, LogEncoder, SaveError, list_saves, load
from sprites.table.session import GameSession, Secrets
from tests.sprites.pilot import Pilot

KEYS = Secrets((b"seat one" * 4, b"seat two" * 4, b"seat 3!!" * 4), b"chance" * 6, b"b" * 32)


def _app(display: pygame.Surface) -> tuple[App, ManualClock]:
    from sprites.scenes.title import TitleScene

    clock = ManualClock()
    app = App(Settings(resolution=display.get_size(), animation_speed=0), clock=clock,
              save=lambda s: None)
    app.screen = display
    app.push(TitleScene())
    return app, clock


def _played(folder: Path, entries: int) -> tuple[GameSession, GameFiles]:
    session = GameSession.new("3", ("human", "bot:random", "bot:greedy"), secrets=KEYS)
    files = GameFiles(folder, "game")
    session.on_entry = files.save
    while len(session.table.records) < entries:
        if session.step() is None:
            seat = session.human_turn()
            assert seat is not None
            session.act(seat, session.legal(seat)[0])
    files.saver.flush()
    return session, files


def test_the_encoder_writes_what_dumps_writes(tmp_path: Path) -> None:
    session, files = _played(tmp_path, 60)
    assert files.log_path.read_bytes() == dumps(session.table.log())
    encoder = LogEncoder()
    assert encoder.encode(session.table.log()) == dumps(session.table.log())
    session.on_entry = None
    for _ in range(5):
        if session.step() is None:
            seat = session.human_turn()
            session.act(seat, session.legal(seat)[0])
    assert encoder.encode(session.table.log()) == dumps(session.table.log())


def test_autosave_and_resume_at_the_same_state_hash(tmp_path: Path) -> None:
    session, files = _played(tmp_path, 150)
    resumed = load(files.log_path)
    assert state_hash(resumed.table.state) == state_hash(session.table.state)
    assert resumed.players == session.players
    seat = 0
    hand = tuple(session.table.state.seats[seat].hand)
    assert resumed.cards_of(seat, hand) == session.cards_of(seat, hand)
    [info] = list_saves(tmp_path)
    assert info.entries == 150 and not info.problem and info.scenario == "second_punic_war"


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
