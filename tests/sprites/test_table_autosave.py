"""Saving never fails silently at the table: while the autosave cannot write (a full disk, a
read-only folder, a file where the folder should be) a banner under the decision bar says so
in plain words, the game goes on, the game menu never claims the game is saved, Leave asks
first, and once the disk has room again the save lands with nothing lost. The game menu's
messages wrap inside its plaque."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.core.encoding import state_hash
from game.session import GameSession, Secrets
from net.files.saves import GameFiles, load
from sprites.app import App
from sprites.resources import font
from sprites.scenes.base import intent
from sprites.table.menu import TEXT, GameMenu
from sprites.table.scene import TableScene
from sprites.ui.text import TextRecorder
from tests.net.files.test_autosave import _tmpfs, _wait
from tests.sprites.pilot import Pilot, manual_app

KEYS = Secrets((b"k" * 32, b"l" * 32, b"m" * 32), b"chance" * 6, b"bots" * 8)


def squash(words: str) -> str:
    """Words without spaces (a wrapped sentence is found in the lines drawn this way)."""
    return "".join(words.split())


def _table(display: pygame.Surface, files: GameFiles) -> tuple[App, TableScene, Pilot]:
    """A person and two bots at the table, saved by `files`."""
    app, clock = manual_app(display)
    app.open("title")
    session = GameSession.start("mediterranean_empires", "3",
                                ("human", "bot:greedy", "bot:random"), KEYS)
    table = app.open_game(session, files)
    assert isinstance(table, TableScene)
    return app, table, Pilot(app, clock)


def _play_until(pilot: Pilot, done: Callable[[], bool], limit: int = 400) -> None:
    """The person answers as simply as they can and the bots play, until `done()`; the
    autosave catches up at each of the person's turns (frames here run back to back, with none
    of the idle time between a person's clicks that its thread has at the table)."""
    files = pilot.table.control.files
    for _ in range(limit):
        if files is not None:
            files.saver.flush(2.0)
        if done():
            return
        pilot.wait_turn(2000)
        if not pilot.table.session.over:
            pilot.do(pilot.simple_action())
    session = pilot.table.session
    raise AssertionError(f"never happened: {len(session.table.records)} entries, game over: "
                         f"{session.over}")


def _drawn(pilot: Pilot) -> TextRecorder:
    """The texts of one whole redraw of the table (a turn's summary over it closed first)."""
    pilot.until(lambda: pilot.app.stack.top is pilot.table, 200)
    with TextRecorder() as recorder:
        pilot.table.full_redraw = True
        pilot.frame()
    return recorder


def _banner_shows(pilot: Pilot, problem: str) -> None:
    """The problem is drawn, in a strip under the decision bar that hides none of it."""
    display = pilot.table.display
    assert squash(problem) in _drawn(pilot).said
    strip, bar = display.banner_rect, display.bar
    assert strip.h > 0 and strip.top >= bar.rect.bottom
    assert not any(strip.colliderect(button.rect) for button in bar.buttons)
    assert strip.w == display.map.viewport.w


def _menu_texts(app: App, pilot: Pilot) -> TextRecorder:
    """Open the game menu over the table; the texts it draws."""
    menu = app.open("game_menu", pilot.table.control)
    assert isinstance(menu, GameMenu)
    with TextRecorder() as recorder:
        pilot.frame()
    app.pop()
    return recorder


def test_a_full_disk_shows_a_banner_the_game_goes_on_and_nothing_is_lost(
        tmp_path: Path, display: pygame.Surface) -> None:
    with _tmpfs(tmp_path / "small", "256k") as folder:
        filler = folder / "filler"
        with contextlib.suppress(OSError):
            filler.write_bytes(b"x" * 250_000)
        files = GameFiles(folder, "game")
        app, table, pilot = _table(display, files)
        session = table.session
        _play_until(pilot, lambda: files.saver.problem is not None)
        problem = files.saver.problem
        assert problem is not None and problem.startswith(
            "Autosave failed: the disk is full — your game is safe in memory; free some space")
        _banner_shows(pilot, problem)
        menu = _menu_texts(app, pilot)
        assert squash(problem) in menu.said and "Saved:" not in menu.said
        count = len(session.table.records)
        _play_until(pilot, lambda: len(session.table.records) >= count + 15)
        assert not table.control.stuck and files.saver.problem is not None
        filler.unlink()
        assert _wait(lambda: files.saver.saved), files.saver.problem
        assert "Autosavefailed" not in _drawn(pilot).said
        assert table.display.banner_rect.h == 0
        assert files.saver.flush()  # that redraw's frame may have played a move: saved too
        assert "Saved:every move so far is on disk.".replace(" ", "") in _menu_texts(
            app, pilot).said
        assert state_hash(load(files.log_path).table.state) == state_hash(session.table.state)


def test_a_read_only_folder_shows_a_banner_and_the_game_goes_on(tmp_path: Path,
                                                               display: pygame.Surface) -> None:
    with _tmpfs(tmp_path / "ro", "64k", read_only=True) as folder:
        files = GameFiles(folder, "game")
        app, table, pilot = _table(display, files)
        session = table.session
        _play_until(pilot, lambda: files.saver.problem is not None)
        problem = files.saver.problem
        assert problem is not None and "the folder is read-only" in problem
        _banner_shows(pilot, problem)
        count = len(session.table.records)
        _play_until(pilot, lambda: len(session.table.records) >= count + 15)
        assert not table.control.stuck
        _banner_shows(pilot, problem)
        menu = _menu_texts(app, pilot)
        assert squash(problem) in menu.said and "Saved:" not in menu.said


def _blocked(tmp_path: Path) -> GameFiles:
    """Saves in a folder that cannot be made: a file with a long name stands in its way."""
    blocker = tmp_path / "-".join(["a-folder-with-a-very-long-name"] * 4)
    blocker.write_text("a file where the saves folder should be")
    return GameFiles(blocker / "saves", "game")


def test_leaving_with_unsaved_moves_asks_first(tmp_path: Path, display: pygame.Surface
                                               ) -> None:
    files = _blocked(tmp_path)
    app, table, pilot = _table(display, files)
    _play_until(pilot, lambda: files.saver.problem is not None)
    menu = app.open("game_menu", table.control)
    menu.apply(intent("leave"))
    assert app.stack.top is menu and "not saved" in menu.note  # type: ignore[attr-defined]
    menu.apply(intent("leave"))
    assert [type(s).__name__ for s in app.stack] == ["TitleScene"]


def test_the_save_a_copy_error_wraps_inside_the_menu(tmp_path: Path, display: pygame.Surface
                                                     ) -> None:
    files = _blocked(tmp_path)
    app, table, pilot = _table(display, files)
    _play_until(pilot, lambda: files.saver.problem is not None)
    table.full_redraw = True
    pilot.frame()
    menu = app.open("game_menu", table.control)
    assert isinstance(menu, GameMenu)
    menu.apply(intent("save"))
    note = menu.note
    assert note.startswith("Could not save a copy: a file stands where the folder should be")
    assert str(files.folder) in note
    before = display.copy()
    with TextRecorder() as recorder:
        drawn = menu.draw(display)
    assert drawn is not None
    box = drawn[0]
    assert display.get_rect().contains(box)
    assert _outside(before, box) == _outside(display, box), "the menu drew outside its plaque"
    lines = [t for t in recorder.texts if t and squash(t) in squash(note)]
    assert len(lines) >= 3 and squash(note) in recorder.said
    face = font(TEXT[0], app.ui(TEXT[1]))
    assert all(face.size(line)[0] <= menu.box.w - app.ui(56) for line in lines)


def _outside(surface: pygame.Surface, box: pygame.Rect) -> bytes:
    """The pixels of a surface with a box blanked out."""
    copy = surface.copy()
    copy.fill((0, 0, 0), box)
    return pygame.image.tobytes(copy, "RGB")


@pytest.fixture(autouse=True)
def _no_stray_recorders() -> None:
    """A failed test leaves no recorder active for the next one."""
    TextRecorder.active.clear()
