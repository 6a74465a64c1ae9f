"""The LAN screens against real network threads on 127.0.0.1: a second service hosts a lobby,
the client's browser finds it by zeroconf, a double click joins it, the room shows both
machines, and the host's claim and readiness reach the screen; the host closing the lobby
sends the screen back to the browser with the reason."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from net.lan.identity import Identity
from net.lan.node import Settings as NodeSettings
from net.lan.service import LanService
from sprites.app import App
from sprites.scenes.lan_browser import LanBrowserScene
from sprites.scenes.lan_room import LanRoomScene
from sprites.settings import Settings
from tests.net.lan.lanproc import LOOPBACK, service_type

WAIT = 30.0


@pytest.fixture
def services(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[LanService]]:
    """The screen's service and a host's, on loopback, one service type of their own."""
    monkeypatch.setenv("MARE_DATA_DIR", str(tmp_path / "data"))
    kind = service_type()
    made = [LanService(Identity.ephemeral(), name, NodeSettings(LOOPBACK, say=lambda t: None),
                       kind, tmp_path / f"{name}.jsonl") for name in ("Cleo", "Hana")]
    try:
        yield made
    finally:
        for service in made:
            service.close()


def until(app: App, done: Callable[[], bool], what: str) -> None:
    """Frames until `done()`; fail naming `what`."""
    deadline = time.monotonic() + WAIT
    while not done():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        app.frame([])
        time.sleep(0.02)


def click(pos: tuple[int, int]) -> list[pygame.event.Event]:
    """A left click at `pos`."""
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def test_the_browser_finds_a_real_lobby_and_the_room_follows_it(
        display: pygame.Surface, services: list[LanService]) -> None:
    mine, host = services
    app = App(Settings(resolution=display.get_size(), player_name="Cleo"),
              save=lambda s: None, lan_factory=lambda app: mine)
    app.screen = display
    app.open("title")
    browser = app.open("lan_browser")
    assert isinstance(browser, LanBrowserScene)
    host.host("Live table", "mediterranean_empires", "3", ())
    until(app, lambda: any(r.name == "Live table" for r in mine.snapshot().lobbies), "the lobby")
    until(app, lambda: bool(browser.rows), "its row")
    app.frame(click(browser.rows[0].center) + click(browser.rows[0].center))
    until(app, lambda: isinstance(app.stack.top, LanRoomScene)
          and mine.snapshot().room is not None, "the room")
    host.claim(0, "Hana")
    host.ready(True)
    until(app, lambda: mine.snapshot().room.seats[0].ready, "the host's claim")  # type: ignore[union-attr]
    room = mine.snapshot().room
    assert room is not None and room.role == "joiner"
    assert {name for _, name in room.machines} == {"Cleo", "Hana"}
    host.leave()
    until(app, lambda: isinstance(app.stack.top, LanBrowserScene), "the way back")
    assert mine.snapshot().notice == "the host closed the lobby"
