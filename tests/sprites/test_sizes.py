"""Every screen fits the smaller windows offered: at 1366×768 (a common laptop screen) and
1440×900 (16:10, colour-blind colours) each scene draws without an exception and no line of
text is drawn even partly outside the window, or outside the surface it is drawn on (a
panel's own surface clips what overflows it). Also: the settings offer those sizes, 16:10
ones and the desktop's own. `scenes()` also serves to save the pictures and look at them."""

from __future__ import annotations

import importlib
import sys
import warnings
from collections.abc import Callable, Iterator
from typing import Any, ClassVar

import pygame
import pytest

from game.session import GameSession, Secrets
from net.files.saves import GameFiles
from sprites.app import App
from sprites.clock import ManualClock
from sprites.scenes import settings_scene
from sprites.scenes.base import intent
from sprites.settings import RESOLUTIONS, Settings, saves_dir
from sprites.ui import text
from tests.sprites.fake_lan import LOBBIES, FakeLan, room
from tests.sprites.pilot import Pilot

SIZES = ((1366, 768), (1440, 900))
KNOWN: dict[str, str] = {}
"""Lines known to run out, in files this test does not own: noted as warnings, not failures,
until their owners fix them (then remove the entry)."""
Shot = Callable[[App, ManualClock], None]


class Watched(pygame.Surface):
    """A surface that notes each line of text blitted even partly outside it."""

    texts: ClassVar[dict[int, tuple[pygame.Surface, str]]] = {}
    outside: ClassVar[list[tuple[str, str]]] = []
    """(the line, where it went) for each line that ran out."""

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None,  # type: ignore[override]
             special_flags: int = 0) -> pygame.Rect:
        """Blit, noting a line of text that does not fit this surface."""
        seen = Watched.texts.get(id(source))
        if seen is not None and seen[0] is source:
            size = pygame.Rect(area).size if area is not None else source.get_size()
            where = pygame.Rect(dest if len(dest) == 4 else (*dest, 0, 0))
            placed = pygame.Rect(where.topleft, size)
            if not self.get_rect().contains(placed):
                Watched.outside.append((seen[1], f"at {placed} on {self.get_size()}"))
        return super().blit(source, dest, area, special_flags)


@pytest.fixture
def watched(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, str]]]:
    """Surfaces made from now on are watched, and so is every text `render` returns."""
    for scene in {m.partition(":")[0] for m in App.SCENES.values()}:
        importlib.import_module(scene)
    real = text.render

    def render(*args: Any, **kwargs: Any) -> pygame.Surface:
        out = real(*args, **kwargs)
        Watched.texts[id(out)] = (out, str(args[2] if len(args) > 2 else kwargs["words"]))
        return out

    for name, module in list(sys.modules.items()):
        if name.startswith("sprites") and getattr(module, "render", None) is real:
            monkeypatch.setattr(module, "render", render)
    monkeypatch.setattr(pygame, "Surface", Watched)
    Watched.outside.clear()
    yield Watched.outside
    Watched.texts.clear()


def make_app(size: tuple[int, int], colour_blind: bool = False, lan: FakeLan | None = None
             ) -> tuple[App, ManualClock]:
    """An app on a watched window of `size` (a fake LAN if given), showing the title."""
    clock = ManualClock()
    app = App(Settings(resolution=size, animation_speed=0, colour_blind=colour_blind,
                       player_name="Bob"), clock=clock, save=lambda _s: None,
              lan_factory=lambda _app: lan or FakeLan())
    app.screen = pygame.Surface(size)
    app.open("title")
    return app, clock


def _title(app: App, clock: ManualClock) -> None:
    app.stack.top.apply(intent("hover", pos=(app.size[0] // 2, -100)))  # type: ignore[union-attr]


def _settings(app: App, clock: ManualClock) -> None:
    app.open("settings")


def _new_game(app: App, clock: ManualClock) -> None:
    scene = app.open("new_game")
    for k in range(13):
        scene.apply(intent("select", index=k))
        app.frame([])
    scene.apply(intent("select", index=12))


def _players(app: App, clock: ManualClock) -> None:
    from sprites import content

    app.open("players", content.content().setup("13"))


def _load(app: App, clock: ManualClock) -> None:
    for k, (scenario, players) in enumerate((("13", ("human",) + ("bot:random",) * 7),
                                             ("3", ("human", "human", "bot:greedy")))):
        session = GameSession.start("mediterranean_empires", scenario, players,
                                    _keys(len(players), k))
        while len(session.table.records) < 30 and session.step() is not None:
            pass
        files = GameFiles(saves_dir(), f"game-{k}")
        files.save(session)
        files.saver.flush()
    app.open("load")


def _table(app: App, clock: ManualClock) -> None:
    """Scenario 13 hot seat (the widest panel: eight empires), at the first person's turn."""
    players = ("human", "human") + ("bot:greedy",) * 6
    session = GameSession.start("mediterranean_empires", "13", players, _keys(8, 7))
    table = app.open("table", session)
    pilot = Pilot(app, clock)
    pilot.wait_turn(3000)
    while session.table.state.turn < 1 or not table.display.hand.cards:  # type: ignore[attr-defined]
        pilot.do(pilot.simple_action())
        pilot.wait_turn(3000)


def _map(app: App, clock: ManualClock) -> None:
    app.open("map", "13")


def _lan_browser(app: App, clock: ManualClock) -> None:
    lan = app.lan
    assert isinstance(lan, FakeLan)
    lan.set(phase="browsing", lobbies=LOBBIES)
    app.open("lan_browser")


def _lan_room(app: App, clock: ManualClock) -> None:
    _lan_browser(app, clock)
    app.open("lan_room")
    lan = app.lan
    assert isinstance(lan, FakeLan)
    lan.set(phase="room", room=room("host"))


def _keys(seats: int, salt: int) -> Secrets:
    return Secrets(tuple(bytes([salt + k]) * 32 for k in range(seats)), b"sizes" * 8,
                   b"bots" * 8)


SCENES: dict[str, Shot] = {"title": _title, "settings": _settings, "new_game": _new_game,
                           "players": _players, "load": _load, "table": _table, "map": _map,
                           "lan_browser": _lan_browser, "lan_room": _lan_room}


def scenes(size: tuple[int, int], colour_blind: bool = False) -> Iterator[tuple[str, App]]:
    """Each scene shown (two full frames) at `size`: its name and the app showing it."""
    for name, shot in SCENES.items():
        app, clock = make_app(size, colour_blind)
        shot(app, clock)
        for _ in range(2):
            assert app.stack.top is not None
            app.stack.top.full_redraw = True
            clock.advance(0.1)
            app.frame([])
        yield name, app
        app.close_lan()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_scene_fits_the_window(size: tuple[int, int], watched: list[tuple[str, str]],
                                     display: pygame.Surface) -> None:
    drawn = []
    for name, app in scenes(size, colour_blind=size[1] == 900):
        assert app.size == size
        drawn.append(name)
        for words, where in watched:
            if words in KNOWN:
                warnings.warn(f"{name}: {words!r} {where}: {KNOWN[words]}", stacklevel=1)
        unknown = [line for line in watched if line[0] not in KNOWN]
        assert not unknown, f"{name}: text outside its surface: {unknown[:5]}"
        watched.clear()
    assert drawn == list(SCENES)


def test_the_watch_sees_text_running_out(watched: list[tuple[str, str]]) -> None:
    surface = pygame.Surface((100, 40))
    line = text.render("serif", 20, "Far too long a line for the box", (0, 0, 0))
    surface.blit(line, (0, 5))
    assert [words for words, _ in watched] == ["Far too long a line for the box"]
    watched.clear()
    surface.blit(text.render("serif", 20, "Fits", (0, 0, 0)), (2, 2))
    assert not watched


def test_the_settings_offer_laptop_and_16_10_sizes() -> None:
    for size in ((1280, 720), (1366, 768), (1440, 900), (1680, 1050), (1920, 1080),
                 (1920, 1200)):
        assert size in RESOLUTIONS
    assert list(RESOLUTIONS) == sorted(RESOLUTIONS)


def test_the_desktop_size_is_offered_when_large_enough() -> None:
    offered = settings_scene.resolutions((1600, 900), [(2880, 1800), (1024, 768)])
    assert (2880, 1800) in offered and (1024, 768) not in offered
    assert offered == tuple(sorted(offered)) and set(RESOLUTIONS) <= set(offered)
    assert (1000, 700) in settings_scene.resolutions((1000, 700), [])  # the current one stays


def test_the_settings_page_lists_the_desktop_size(monkeypatch: pytest.MonkeyPatch,
                                                  display: pygame.Surface) -> None:
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(3000, 2000)])
    app, _ = make_app((1366, 768))
    scene = app.open("settings")
    rows = scene.rows  # type: ignore[attr-defined]
    choice = next(c for c in rows.choices if c.key == "resolution")
    assert (3000, 2000) in choice.values and (1366, 768) in choice.values
    assert choice.words((3000, 2000)).endswith("(desktop)")
    assert choice.words((1366, 768)) == "1366 × 768"


def test_no_desktop_size_without_a_display(monkeypatch: pytest.MonkeyPatch) -> None:
    def fails() -> list[tuple[int, int]]:
        raise pygame.error("video system not initialized")

    monkeypatch.setattr(pygame.display, "get_desktop_sizes", fails)
    assert settings_scene.desktop_sizes() == []
