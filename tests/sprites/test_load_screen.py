"""One damaged save never hides the others: the Load screen lists every save newest first, a
page at a time, shows each damaged one as damaged with its reason (the cases of
tests/hostile/test_files.py, plus seats that do not match the game), opens the good one, and
deletes a save only after asking; the game in play is neither deleted nor reopened over."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.session import GameSession, Secrets
from net.files.saves import GameFiles, SaveError, delete_save, read_info, rename_save
from sprites.app import App
from sprites.scenes.base import intent
from sprites.scenes.load import LoadScene
from sprites.scenes.load_rows import when
from sprites.scenes.title import TitleScene
from sprites.settings import saves_dir
from sprites.table.scene import TableScene
from sprites.ui.text import TextRecorder
from tests.hostile.test_files import CASES, _rechained
from tests.sprites.pilot import manual_app

Damage = Callable[[bytes, bytes], tuple[bytes, bytes]]
KEYS = Secrets((b"one" * 11, b"two" * 11, b"three" * 7), b"chance" * 6, b"b" * 32)
ENTRIES = 40


def _other_players(log: bytes, seats: bytes) -> tuple[bytes, bytes]:
    plain = json.loads(seats)
    plain["players"][1] = "bot:cheater"
    return log, json.dumps(plain).encode()


def _other_seats(log: bytes, seats: bytes) -> tuple[bytes, bytes]:
    return _rechained(log, seats=["rome", "carthage", "egypt"]), seats


def _hostile(case: str) -> Damage:
    """A case of tests/hostile/test_files.py (which leaves the seats file alone or not)."""
    def damage(log: bytes, seats: bytes) -> tuple[bytes, bytes]:
        bad_log, bad_seats = CASES[case](log)
        return bad_log, seats if bad_seats is None else bad_seats
    return damage


DAMAGE: dict[str, Damage] = {**{case: _hostile(case) for case in CASES},
                             "players that are not this game's": _other_players,
                             "seats that are not the scenario's": _other_seats}


@pytest.fixture(scope="module")
def good(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, bytes]:
    """A good save's log and seats file: 40 entries of scenario 3, three bots."""
    folder = tmp_path_factory.mktemp("good")
    session = GameSession.start("mediterranean_empires", "3", ("bot:random",) * 3, KEYS)
    files = GameFiles(folder, "good")
    while len(session.table.records) < ENTRIES:
        session.step()
    files.save(session)
    assert files.saver.flush()
    return files.log_path.read_bytes(), files.seats_path.read_bytes()


def _put(name: str, log: bytes, seats: bytes, age_minutes: float) -> Path:
    """A save in the saves folder, last written `age_minutes` ago."""
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.log"
    path.write_bytes(log)
    (folder / f"{name}.seats.json").write_bytes(seats)
    when = time.time() - age_minutes * 60
    os.utime(path, (when, when))
    return path


def _app(display: pygame.Surface) -> App:
    app, _ = manual_app(display)
    app.open("title")
    return app


def _load(app: App) -> LoadScene:
    scene = app.open("load")
    assert isinstance(scene, LoadScene)
    app.frame([])
    return scene


def _frame(app: App, *intents: str) -> TextRecorder:
    """Post intents (by name, or "key:NAME"), run a frame; the texts drawn."""
    events = [pygame.event.Event(pygame.KEYDOWN, key=getattr(pygame, name[4:]))
              for name in intents if name.startswith("key:")]
    for name in intents:
        if not name.startswith("key:"):
            app.post(intent(name))
    with TextRecorder() as recorder:
        app.frame(events)
    return recorder


def squash(words: str) -> str:
    """Words without spaces (a wrapped sentence is found in the lines drawn this way)."""
    return "".join(words.split())


def test_every_damaged_save_shows_its_reason_and_the_good_one_opens(
        good: tuple[bytes, bytes], display: pygame.Surface) -> None:
    for k, case in enumerate(sorted(DAMAGE)):
        _put(f"damaged-{k:02d}", *DAMAGE[case](*good), age_minutes=k + 1)
    _put("good", *good, age_minutes=len(DAMAGE) // 2 + 0.5)
    app = _app(display)
    scene = _load(app)
    assert [s.path.name for s in scene.saves].count("good.log") == 1
    assert len(scene.saves) == len(DAMAGE) + 1
    assert [s.saved for s in scene.saves] == sorted((s.saved for s in scene.saves),
                                                    reverse=True)
    assert scene.page < len(scene.saves), "the list must scroll at this size"
    reasons: dict[str, str] = {}
    for index, info in enumerate(scene.saves):
        drawn = _frame(app, "key:K_HOME" if index == 0 else "key:K_DOWN")
        assert scene.selected == index and scene.first <= index < scene.first + scene.page
        if info.problem:
            assert squash(info.problem) in drawn.said, info.path.name
            assert any(t.startswith(f"Damaged — {info.problem[:12]}") for t in drawn.texts)
            reasons[info.path.name] = info.problem
        else:
            assert f"{ENTRIES} moves · Bots: Carthage, Rome, Iberia" in drawn.texts
    assert len(reasons) == len(DAMAGE)
    assert any("rule set this version does not have" in r for r in reasons.values())
    assert any("does not match its game" in r for r in reasons.values())
    assert any("are not those of" in r for r in reasons.values())
    scene.apply(intent("open", index=0))  # a damaged one: it says why and stays
    assert app.stack.top is scene and squash(scene.saves[0].problem) in squash(scene.message)
    good_index = next(k for k, s in enumerate(scene.saves) if not s.problem)
    scene.apply(intent("open", index=good_index))
    table = app.stack.top
    assert isinstance(table, TableScene) and len(table.session.table.records) == ENTRIES


def test_delete_asks_first_then_removes_the_log_and_the_seats_file(
        good: tuple[bytes, bytes], display: pygame.Surface) -> None:
    paths = [_put(name, *good, age_minutes=k) for k, name in enumerate(("a", "b", "c"))]
    app = _app(display)
    scene = _load(app)
    _frame(app, "key:K_DOWN")
    assert scene.saves[scene.selected].path.name == "b.log"
    asked = _frame(app, "key:K_DELETE")
    assert scene.asking == ("delete", 1) and "Delete" in asked.said and "forgood" in asked.said
    _frame(app, "key:K_ESCAPE")
    assert scene.asking is None and app.stack.top is scene and all(p.exists() for p in paths)
    _frame(app, "delete")
    yes = next(b for b in scene.buttons if b.text == "Delete")
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=yes.rect.center, button=1)])
    assert not paths[1].exists() and not paths[1].with_name("b.seats.json").exists()
    assert paths[0].exists() and paths[2].exists()
    assert [s.path.name for s in scene.saves] == ["a.log", "c.log"]
    assert scene.message.startswith("Deleted")


def test_the_game_in_play_is_not_deleted_and_opening_it_returns_to_it(
        good: tuple[bytes, bytes], display: pygame.Surface) -> None:
    _put("older", *good, age_minutes=30)
    app = _app(display)
    session = GameSession.start("mediterranean_empires", "3", ("bot:random",) * 3, KEYS)
    files = GameFiles(saves_dir(), "in-play")
    table = app.open_game(session, files)
    assert isinstance(table, TableScene)
    for _ in range(5):
        session.step()
    assert files.saver.flush()
    app.open("game_menu", table.control)
    scene = _load(app)
    assert scene.saves[0].path.name == "in-play.log"
    said = _frame(app, "delete").said
    assert scene.asking is None and files.log_path.exists() and "gameinplay" in said
    scene.apply(intent("open", index=0))
    assert app.stack.top is table and table.session is session


def test_opening_another_save_while_moves_are_unsaved_asks_first(
        good: tuple[bytes, bytes], tmp_path: Path, display: pygame.Surface) -> None:
    _put("other", *good, age_minutes=5)
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the saves folder should be")
    files = GameFiles(blocker / "saves", "in-play")
    app = _app(display)
    session = GameSession.start("mediterranean_empires", "3", ("bot:random",) * 3, KEYS)
    table = app.open_game(session, files)
    assert isinstance(table, TableScene)
    for _ in range(3):
        session.step()
    assert not files.saver.flush(5) and files.saver.problem is not None
    app.open("game_menu", table.control)
    scene = _load(app)
    scene.apply(intent("open", index=0))
    asked = _frame(app)
    assert scene.asking == ("open", 0) and "arenotsaved(afilestands" in asked.said
    _frame(app, "key:K_ESCAPE")
    assert scene.asking is None and app.stack.top is scene and table in list(app.stack)
    scene.apply(intent("open", index=0))
    _frame(app, "confirm")
    opened = app.stack.top
    assert isinstance(opened, TableScene) and opened is not table
    assert opened.save_in_use() == saves_dir() / "other.log" and table not in list(app.stack)


def test_a_folder_posing_as_a_save_is_listed_and_a_failed_delete_says_why(
        good: tuple[bytes, bytes], display: pygame.Surface) -> None:
    _put("good", *good, age_minutes=60)
    odd = saves_dir() / "odd.log"
    odd.mkdir()
    (odd / "inside").write_text("keeps the folder from being removed")
    app = _app(display)
    scene = _load(app)
    assert [s.path.name for s in scene.saves] == ["odd.log", "good.log"]
    assert "is a folder" in scene.saves[0].problem
    _frame(app, "delete")
    _frame(app, "confirm")
    assert odd.is_dir() and "could not be deleted" in scene.message
    assert [s.path.name for s in scene.saves] == ["odd.log", "good.log"]


# -- telling saves apart, clicks, renames, Continue -----------------------------------------

@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, bytes]:
    """A finished game's log and seats file: scenario 1 played to its end by two bots."""
    folder = tmp_path_factory.mktemp("finished")
    session = GameSession.start("mediterranean_empires", "1", ("bot:greedy", "bot:random"),
                                Secrets((b"one" * 11, b"two" * 11), b"chance" * 6, b"b" * 32))
    session.run()
    files = GameFiles(folder, "finished")
    files.save(session, "Turn 3, round 8")
    assert files.saver.flush() and session.over
    return files.log_path.read_bytes(), files.seats_path.read_bytes()


def _noted(seats: bytes, **notes: object) -> bytes:
    """A seats file with other notes for the load screen."""
    return json.dumps({**json.loads(seats), **notes}).encode()


def _click(app: App, pos: tuple[int, int]) -> None:
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def _typed(app: App, text: str, *keys: str) -> TextRecorder:
    """Type text (SDL's text input event), then press keys; the texts drawn."""
    app.frame([pygame.event.Event(pygame.TEXTINPUT, text=text)])
    return _frame(app, *keys)


def test_when_a_save_was_written_reads_as_a_day_and_a_time() -> None:
    stamp = time.mktime((2026, 11, 26, 14, 5, 0, 0, 0, -1))
    assert when(stamp, now=stamp) == "Thu 26 Nov, 14:05"
    assert when(time.mktime((2024, 3, 5, 9, 7, 0, 0, 0, -1)), now=stamp) == "Tue 5 Mar 2024, 09:07"
    assert when(0.0) == ""


def test_rows_tell_saves_apart_and_finished_games_are_listed_apart(
        good: tuple[bytes, bytes], finished: tuple[bytes, bytes],
        display: pygame.Surface) -> None:
    log, seats = good
    _put("auto", log, _noted(seats, summary="Turn 2, round 3"), age_minutes=1)
    _put("auto-turn1-copy", log, _noted(seats, summary="Turn 1, round 4", copy=True),
         age_minutes=2)
    rename_save(_put("named", *good, age_minutes=3), "Friday with Ana")
    _put("done", *finished, age_minutes=0)
    app = _app(display)
    scene = _load(app)
    assert [s.path.name for s in scene.saves] == ["auto.log", "auto-turn1-copy.log", "named.log"]
    scene.full_redraw = True
    texts = _frame(app).texts
    assert "Unfinished · 3" in texts and "Finished · 1" in texts
    assert texts.count("3. The Second Punic War") == 3 and "Friday with Ana" in texts
    assert texts.count("AUTOSAVE") == 2 and texts.count("COPY") == 1
    people = "Bots: Carthage, Rome, Iberia"
    assert f"Turn 2, round 3 · {people}" in texts and f"Turn 1, round 4 · {people}" in texts
    for info in scene.saves:
        assert when(info.saved) in texts and len(when(info.saved)) <= len("Wed 30 Sep, 23:59")
    done = _frame(app, "key:K_TAB")
    [info] = scene.saves
    assert info.path.name == "done.log" and info.finished and len(info.winners) == 1
    assert f"{info.winners[0]} won · Turn 3, round 8 · Bots: Carthage, Rome" in done.texts
    assert "1. First Punic War" in done.texts
    asked = _frame(app, "key:K_DELETE").said
    assert squash(f"Delete 1. First Punic War (autosave, Turn 3, round 8, saved "
                  f"{when(info.saved)})?") in asked


def test_a_click_only_selects_and_a_double_click_or_enter_opens(
        good: tuple[bytes, bytes], display: pygame.Surface) -> None:
    for k, name in enumerate(("a", "b", "c")):
        _put(name, *good, age_minutes=k)
    app = _app(display)
    scene = _load(app)
    now = [100.0]
    scene.now = lambda: now[0]
    _click(app, scene.rows[1].center)
    assert app.stack.top is scene and scene.selected == 1
    now[0] += 1.0  # a second click on it, but not soon after: it stays selected
    _click(app, scene.rows[1].center)
    now[0] += 0.2  # soon after, but on another save
    _click(app, scene.rows[2].center)
    assert app.stack.top is scene and scene.selected == 2
    now[0] += 0.2
    _click(app, scene.rows[2].center)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.save_in_use() == saves_dir() / "c.log"
    app.back_to("title")
    scene = _load(app)  # c.log is the newest now: the table went on saving it
    down = [s.path.name for s in scene.saves].index("b.log")
    _frame(app, *["key:K_DOWN"] * down, "key:K_RETURN")
    table = app.stack.top
    assert isinstance(table, TableScene) and table.save_in_use() == saves_dir() / "b.log"


def test_rename_keeps_a_clean_name_beside_the_save_and_a_failed_one_changes_nothing(
        good: tuple[bytes, bytes], display: pygame.Surface) -> None:
    path = _put("game", *good, age_minutes=1)
    app = _app(display)
    scene = _load(app)
    _frame(app, "key:K_F2")
    assert scene.asking == ("rename", 0) and scene.field is not None
    _typed(app, "Ana/Ben\\\x07 night!x", "key:K_BACKSPACE", "key:K_DELETE")
    assert scene.field.text == "AnaBen night!" and path.exists()
    drawn = _frame(app, "key:K_RETURN")
    assert scene.field is None and scene.saves[0].name == "AnaBen night!"
    assert "AnaBen night!" in drawn.texts and "Renamed to “AnaBen night!”." in drawn.texts
    assert path.read_bytes() == good[0]
    assert path.with_name("game.seats.json").read_bytes() == good[1]
    assert json.loads(path.with_name("game.info.json").read_text())["name"] == "AnaBen night!"
    _frame(app, "key:K_F2")
    _typed(app, " and more", "key:K_ESCAPE")
    assert scene.asking is None and read_info(path).name == "AnaBen night!"
    path.with_name("game.info.json").unlink()
    path.with_name("game.info.json").mkdir()  # a folder where the name goes: the write fails
    _frame(app, "rename")
    said = _typed(app, "Another", "key:K_RETURN").said
    assert "Thenewnamecouldnotbekept" in said and scene.message.count("\n") == 0
    assert path.with_name("game.info.json").is_dir() and path.read_bytes() == good[0]


def test_continue_opens_the_latest_unfinished_game_as_load_would(
        good: tuple[bytes, bytes], finished: tuple[bytes, bytes], display: pygame.Surface,
        monkeypatch: pytest.MonkeyPatch) -> None:
    _put("older", *good, age_minutes=60)
    _put("latest", *good, age_minutes=30)
    _put("done", *finished, age_minutes=1)
    (saves_dir() / "damaged.log").write_bytes(b"not a log\n")
    app = _app(display)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    assert [i.text for i in title.menu.items][:2] == ["Continue", "New Game"]
    assert title.menu.selected == 0 and title.latest == saves_dir() / "latest.log"
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN)])
    table = app.stack.top
    assert isinstance(table, TableScene) and table.save_in_use() == saves_dir() / "latest.log"
    assert len(table.session.table.records) >= ENTRIES  # the bots go on at once
    app.back_to("title")
    # the autosave thread may still be writing latest.log: deleting it first would race
    assert table.control.files is not None and table.control.files.saver.flush()

    def broken(path: Path) -> None:
        raise SaveError("The save could not be read: permission was denied.")

    monkeypatch.setattr("net.files.saves.load", broken)
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN)])
    assert app.stack.top is title and app.message == ("The save could not be read: permission "
                                                      "was denied.")
    for name in ("older", "latest"):
        delete_save(saves_dir() / f"{name}.log")
    again = _app(display).stack.top
    assert isinstance(again, TitleScene) and again.menu.items[0].text == "New Game"
