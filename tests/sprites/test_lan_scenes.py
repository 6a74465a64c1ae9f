"""The client's LAN screens over a fake `Lan` (tests/sprites/fake_lan.py), headless: the title
menu opens the browser, the name prompt comes first and stores a name, lobbies appear as the
snapshot changes, a greyed lobby cannot be joined and says why, Join by Address checks what
was typed, Host opens a room; in the room claim, release, ready, start (only when the room
can start), the host's seat and table controls; the game starting gives way to the LAN table,
a closed room goes back to the browser with the notice; and the Resume list."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

import pygame
import pytest

from net.lan.facade import GameStart, Lan, Resumable, Snapshot
from net.lan.identity import IdentityError
from sprites.app import App
from sprites.clock import ManualClock
from sprites.scenes import lan_name
from sprites.scenes.base import Scene, intent
from sprites.scenes.lan_browser import HINT, LOOKING, LanBrowserScene
from sprites.scenes.lan_name import LanNameScene
from sprites.scenes.lan_resume import EMPTY, LanResumeScene
from sprites.scenes.lan_room import STARTING, LanRoomScene
from sprites.scenes.title import TitleScene
from sprites.settings import Settings, load_settings, save_settings
from sprites.ui.text import TextRecorder
from tests.sprites.fake_lan import HOST_FP, JOINER_FP, LOBBIES, FakeLan, room

FRIDAY, PLAYING, GREYED = LOBBIES
SIZE = (1280, 720)


class Table(Scene):
    """Stands in for the LAN table (another module's scene)."""


class Recording(App):
    """The app, noting every scene opened by name; "lan_table" is a stand-in."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.opened: list[str] = []

    def open(self, name: str, *args: Any) -> Scene:
        self.opened.append(name)
        if name == "lan_table":
            scene = Table()
            self.push(scene)
            return scene
        return super().open(name, *args)


@pytest.fixture(autouse=True)
def fingerprint(monkeypatch: pytest.MonkeyPatch) -> None:
    """This machine's fingerprint, without touching a key file."""
    monkeypatch.setattr(lan_name, "machine_fingerprint", lambda: HOST_FP)


def _app(display: pygame.Surface, fake: FakeLan, name: str = "Bob",
         saved: list[Settings] | None = None) -> Recording:
    """The app over the fake, on a 1280×720 page (the smallest window size offered)."""
    app = Recording(Settings(resolution=SIZE, player_name=name), clock=ManualClock(),
                    save=saved.append if saved is not None else lambda _s: None,
                    lan_factory=lambda _app: fake)
    app.screen = pygame.Surface(SIZE)
    app.open("title")
    return app


def _key(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")


def _typed(text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def _click(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def _said(app: App, events: list[pygame.event.Event] | None = None) -> str:
    """Everything drawn in one full frame, spaces removed."""
    assert app.stack.top is not None
    app.stack.top.full_redraw = True
    with TextRecorder() as recorder:
        app.frame(events or [])
    return recorder.said


def _wait(app: App, seconds: float) -> None:
    """Let time pass, a frame every tenth of a second."""
    clock = app.clock
    assert isinstance(clock, ManualClock)
    for _ in range(round(seconds * 10)):
        clock.advance(0.1)
        app.frame([])


def _squash(words: str) -> str:
    return "".join(words.split())


def _browser(display: pygame.Surface, fake: FakeLan, **state: Any) -> tuple[Recording,
                                                                            LanBrowserScene]:
    app = _app(display, fake)
    fake.set(phase="browsing", **state)
    scene = app.open("lan_browser")
    app.frame([])
    assert isinstance(scene, LanBrowserScene) and app.stack.top is scene
    return app, scene


def _room(display: pygame.Surface, fake: FakeLan, role: str = "host", **kw: Any
          ) -> tuple[Recording, LanRoomScene]:
    app, _ = _browser(display, fake)
    scene = app.open("lan_room")
    fake.set(phase="room", room=room(role, **kw))
    app.frame([])
    assert isinstance(scene, LanRoomScene) and app.stack.top is scene
    fake.calls.clear()
    return app, scene


# -- title, handle, settings -------------------------------------------------------------------

def test_the_title_menu_opens_the_browser_and_fits_at_1280x720(display: pygame.Surface
                                                                ) -> None:
    fake = FakeLan()
    app = _app(display, fake)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    words = [item.text for item in title.menu.items]
    assert words[words.index("Load Game") + 1:words.index("Settings")] == ["LAN Game",
                                                                            "Resume LAN Game"]
    app.frame([_key(pygame.K_DOWN)] * 3 + [_key(pygame.K_RETURN)])  # past Learn to Play
    assert isinstance(app.stack.top, LanBrowserScene) and fake.names() == ["browse"]
    app.pop()
    app.frame([_key(pygame.K_DOWN), _key(pygame.K_RETURN)])
    assert isinstance(app.stack.top, LanResumeScene)

    small = App(Settings(resolution=(1280, 720)), save=lambda _s: None)
    small.screen = pygame.Surface((1280, 720))
    menu = small.open("title")
    assert isinstance(menu, TitleScene)
    foot_top = 720 - small.ui(70) - small.ui(20)
    assert menu.menu_area.bottom < foot_top and menu.menu_area.top > 720 * 0.4


def test_the_handle_is_made_once_by_the_factory_and_closed_when_the_app_stops() -> None:
    made: list[FakeLan] = []

    def factory(_app: App) -> Lan:
        made.append(FakeLan())
        return cast(Lan, made[-1])  # the fake stands in for the network thread's handle

    app = App(Settings(), save=lambda _s: None, lan_factory=factory)
    app.close_lan()
    assert made == []
    assert app.lan is app.lan and len(made) == 1
    app.quit()
    app.run()
    assert made[0].names() == ["close"]
    app.close_lan()
    assert made[0].names() == ["close"]


def test_the_player_name_is_saved_checked_and_cleaned(tmp_path: Any) -> None:
    path = tmp_path / "settings.json"
    save_settings(Settings(player_name="Bob"), path)
    assert load_settings(path) == (Settings(player_name="Bob"), None)
    path.write_text('{"player_name": "  Bo\\u0007b\\u202e  "}')
    assert load_settings(path) == (Settings(player_name="Bob"), None)
    for bad in ('"' + "x" * 41 + '"', "7", "null", '["Bob"]'):
        path.write_text(f'{{"player_name": {bad}, "sound": false}}')
        settings, message = load_settings(path)
        assert settings == Settings(sound=False) and message and "player_name" in message


# -- the name prompt ---------------------------------------------------------------------------

def test_with_no_name_the_prompt_comes_first_and_stores_the_name(display: pygame.Surface
                                                                  ) -> None:
    fake, saved = FakeLan(), list[Settings]()
    app = _app(display, fake, name="", saved=saved)
    app.post(intent("open", scene="lan_browser"))
    app.frame([])
    assert isinstance(app.stack.top, LanNameScene)
    assert fake.calls == []
    said = _said(app)
    assert _squash("3fa1c2d4 9c02e7aa") in said and _squash("01b2c3d4 e5f60718") in said
    app.frame([_key(pygame.K_RETURN)])
    assert isinstance(app.stack.top, LanNameScene) and "Typeanamefirst" in _said(app)
    app.frame([_typed("Alicx"), _key(pygame.K_BACKSPACE), _typed("e\x07"), _typed(" ")])
    assert "Alice" in _said(app)
    app.frame([_key(pygame.K_RETURN)])
    app.frame([])
    assert app.settings.player_name == "Alice" and saved[-1].player_name == "Alice"
    assert isinstance(app.stack.top, LanBrowserScene) and "browse" in fake.names()


def test_going_back_from_the_prompt_leaves_the_browser_too(display: pygame.Surface) -> None:
    fake = FakeLan()
    app = _app(display, fake, name="")
    app.open("lan_browser")
    app.frame([])
    assert isinstance(app.stack.top, LanNameScene)
    app.frame([_key(pygame.K_ESCAPE)])
    app.frame([])
    assert isinstance(app.stack.top, TitleScene) and fake.calls == []


def test_a_key_that_cannot_be_read_is_shown_not_raised(display: pygame.Surface,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> str:
        raise IdentityError("cannot read the signing key: permission denied")

    monkeypatch.setattr(lan_name, "machine_fingerprint", broken)
    app = _app(display, FakeLan(), name="")
    app.open("lan_name")
    assert "permissiondenied" in _said(app)


def test_a_handle_that_cannot_be_made_is_shown_not_raised(display: pygame.Surface) -> None:
    def broken(_app: App) -> FakeLan:
        raise IdentityError("cannot read the signing key: permission denied")

    app = Recording(Settings(resolution=SIZE, player_name="Bob"), clock=ManualClock(),
                    save=lambda _s: None, lan_factory=broken)
    app.screen = pygame.Surface(SIZE)
    app.open("title")
    scene = app.open("lan_browser")
    assert isinstance(scene, LanBrowserScene)
    said = _said(app, [_key(pygame.K_RETURN)])
    assert "LANplaycannotstarthere:cannotreadthesigningkey:permissiondenied" in said
    assert not any(b.enabled for b in scene.buttons if b.text != "Back")
    app.post(intent("host"))
    app.frame([_key(pygame.K_ESCAPE)])
    assert isinstance(app.stack.top, TitleScene)
    app.open("lan_resume")
    assert "permissiondenied" in _said(app, [_key(pygame.K_RETURN)])
    assert app.opened == ["title", "lan_browser", "lan_resume"]


# -- the browser -------------------------------------------------------------------------------

def test_lobbies_appear_as_the_snapshot_changes(display: pygame.Surface) -> None:
    fake = FakeLan()
    app, scene = _browser(display, fake)
    assert fake.names() == ["browse"]
    said = _said(app)
    assert _squash(LOOKING) in said and _squash(HINT) not in said
    _wait(app, 5.5)
    assert _squash(HINT) in _said(app)
    fake.set(lobbies=(FRIDAY,))
    said = _said(app)
    assert "Fridaynight" in said and "3fa1c2d4" in said and "MediterraneanEmpires" in said
    assert "TheSecondPunicWar" in said and "2openseats·open" in said
    assert _squash(LOOKING) not in said
    fake.set(lobbies=LOBBIES, notice="the link to the host dropped")
    said = _said(app)
    assert "Carol'stable" in said and "playing" in said and "TotumRevolutum" in said
    assert "cannotjoin:otherrulescontent" in said and "thelinktothehostdropped" in said
    assert scene.selected == FRIDAY.address


def test_a_greyed_lobby_cannot_be_joined_and_says_why(display: pygame.Surface) -> None:
    fake = FakeLan()
    app, scene = _browser(display, fake, lobbies=LOBBIES)
    app.frame([_key(pygame.K_DOWN), _key(pygame.K_DOWN)])
    assert scene.chosen() == GREYED
    join = next(b for b in scene.buttons if b.text == "Join")
    assert not join.enabled
    app.frame([_key(pygame.K_RETURN), _click(scene.rows[2].center)])
    app.post(intent("join"))
    app.frame([])
    assert "join" not in fake.names() and app.stack.top is scene
    assert scene.message.startswith("Old rules")
    assert "cannotjoin:otherrulescontent(theirs9c02e7aa…" in _said(app)


def test_join_and_spectate_the_selected_lobby(display: pygame.Surface) -> None:
    fake = FakeLan()
    app, scene = _browser(display, fake, lobbies=LOBBIES)
    app.frame([_click(scene.rows[1].center)])
    assert scene.chosen() == PLAYING
    app.post(intent("join"))
    app.frame([])
    assert "join" not in fake.names()
    app.frame([_key(pygame.K_RETURN)])
    assert fake.called("spectate") == [(PLAYING.address,)] and app.opened[-1] == "lan_table"
    app.pop()
    app.frame([_click(scene.rows[0].center), _click(scene.rows[0].center)])
    assert fake.called("join") == [(FRIDAY.address,)]
    assert isinstance(app.stack.top, LanRoomScene) and app.stack.top.joining == FRIDAY.address


def test_join_by_address_checks_what_was_typed(display: pygame.Surface) -> None:
    fake = FakeLan()
    app, scene = _browser(display, fake)
    address = next(b for b in scene.buttons if b.text == "Join by Address")
    app.frame([_click(address.rect.center)])
    assert scene.form == "address"
    for typed, words in (("nohost", "HOST:PORT"), (":40123", "needsahost"),
                         ("host:0", "1to65535"), ("host:70000", "1to65535"),
                         ("host:port", "1to65535")):
        app.frame([_typed(typed), _key(pygame.K_RETURN)])
        assert words in _said(app) and "join" not in fake.names()
        scene.field.text = ""
    app.frame([_typed("192.168.1.5:40123"), _key(pygame.K_RETURN)])
    assert fake.called("join") == [("192.168.1.5:40123",)]
    assert isinstance(app.stack.top, LanRoomScene)
    app.pop()
    app.frame([_click(address.rect.center), _key(pygame.K_ESCAPE)])
    assert app.stack.top is scene and not scene.form


def test_host_opens_a_lobby_and_its_room(display: pygame.Surface) -> None:
    fake = FakeLan()
    app, scene = _browser(display, fake)
    app.post(intent("host"))
    app.frame([])
    assert scene.form == "host" and "Bob'stable" in _said(app)
    app.frame([_key(pygame.K_RETURN)])
    assert fake.called("host") == [("Bob's table", "mediterranean_empires", "3", ())]
    assert isinstance(app.stack.top, LanRoomScene) and "Openingyourlobby" in _said(app)


def test_back_leaves_a_room_only_when_in_one(display: pygame.Surface) -> None:
    fake = FakeLan()
    app, _ = _browser(display, fake)
    app.frame([_key(pygame.K_ESCAPE)])
    assert isinstance(app.stack.top, TitleScene) and "leave" not in fake.names()
    app, _ = _browser(display, fake)
    fake.set(phase="room", room=room())
    app.frame([_key(pygame.K_ESCAPE)])
    assert isinstance(app.stack.top, TitleScene) and fake.names()[-1] == "leave"


# -- the room ----------------------------------------------------------------------------------

def test_the_room_shows_seats_machines_bots_and_the_address(display: pygame.Surface) -> None:
    app, scene = _room(display, FakeLan())
    said = _said(app)
    for words in ("Carthage", "Rome", "Iberia", "Bob", "Alice", "3fa1c2d4", "9c02e7aa",
                  "Bot — greedy on Alice's machine (Alice's machine can see its cards)",
                  "Others can join at 192.168.1.5:40123", "The Second Punic War",
                  "OPTIONAL RULES", "Greedy bot · Alice"):
        assert _squash(words) in said, words
    assert scene.rows is not None
    assert scene.rows.values == {"follow_the_leader": False, "free_passage": False,
                                 "longer_play": 1, "short_play": False}


def test_claim_release_and_ready(display: pygame.Surface) -> None:
    fake = FakeLan()
    app, scene = _room(display, fake)
    release = next(b for b in scene.seat_buttons if b.text == "Release")
    assert release.intent.arg("seat") == 0
    app.frame([_click(release.rect.center)])
    assert fake.called("release") == [(0,)]
    seats = list(room().seats)
    seats[0] = replace(seats[0], machine="", machine_name="", person="", player="")
    assert fake.state.room is not None
    fake.set(room=replace(fake.state.room, seats=tuple(seats)))
    app.frame([])
    claim = next(b for b in scene.seat_buttons if b.text == "Claim")
    app.frame([_click(claim.rect.center)])
    assert fake.called("claim") == [(0, "Bob")]
    fake.set(room=room())
    app.frame([])
    ready = next(b for b in scene.buttons if b.text == "Ready")
    app.frame([_click(ready.rect.center)])
    assert fake.called("ready") == [(True,)]
    fake.set(room=room(can_start=True))
    app.frame([_click(ready.rect.center)])
    assert fake.called("ready") == [(True,), (False,)]


def test_start_is_for_the_host_once_the_room_can_start(display: pygame.Surface) -> None:
    fake = FakeLan()
    app, scene = _room(display, fake)
    start = next(b for b in scene.buttons if b.text == "Start")
    assert not start.enabled
    app.frame([_click(start.rect.center)])
    app.post(intent("start"))
    app.frame([])
    assert "start" not in fake.names()
    fake.set(room=room(can_start=True))
    app.frame([])
    start = next(b for b in scene.buttons if b.text == "Start")
    assert start.enabled
    app.frame([_click(start.rect.center)])
    assert fake.names() == ["start"]
    fake.set(phase="starting")
    assert _squash(STARTING) in _said(app)
    app.post(intent("ready"))
    app.frame([])
    assert fake.names() == ["start"]


def test_the_host_gives_seats_to_bots_on_any_machine_and_opens_them(display: pygame.Surface
                                                                    ) -> None:
    fake = FakeLan()
    app, scene = _room(display, fake)
    cycle = scene.cycles[2]
    app.frame([_click((cycle.right - 4, cycle.centery))])
    assert fake.called("set_seat") == [(2, JOINER_FP, "bot:search:easy")]
    app.frame([_click((cycle.x + 4, cycle.centery))])
    assert fake.called("set_seat")[-1] == (2, JOINER_FP, "bot:random")
    seats = list(room().seats)
    seats[2] = replace(seats[2], machine="", machine_name="", person="", player="",
                       ready=False)
    assert fake.state.room is not None
    fake.set(room=replace(fake.state.room, seats=tuple(seats)))
    app.frame([])
    app.frame([_click((cycle.right - 4, cycle.centery))])
    assert fake.called("set_seat")[-1] == (2, HOST_FP, "bot:random")
    app.frame([_key(pygame.K_DOWN), _key(pygame.K_RIGHT)])
    assert fake.called("set_seat")[-1] == (1, "", "")


def test_the_host_changes_the_scenario_and_the_optional_rules(display: pygame.Surface
                                                              ) -> None:
    fake = FakeLan()
    app, scene = _room(display, fake)
    app.frame([_click((scene.scenario_rect.right - 4, scene.scenario_rect.centery))])
    options = (("follow_the_leader", False), ("free_passage", False), ("longer_play", 1),
               ("short_play", False))
    assert fake.called("set_table") == [("medic_wars", options)]
    app.frame([_click((scene.scenario_rect.x + 4, scene.scenario_rect.centery))])
    assert fake.called("set_table")[-1] == ("hegemony_in_hellas", options)
    assert scene.rows is not None
    app.frame([_click((scene.rows.rects[0].right - 4, scene.rows.rects[0].centery))])
    assert fake.called("set_table")[-1] == ("3", (("follow_the_leader", True),
                                                  *options[1:]))


def test_a_joiner_has_no_host_controls(display: pygame.Surface) -> None:
    fake = FakeLan()
    app, scene = _room(display, fake, role="joiner")
    assert scene.cycles == {} and not any(b.text == "Start" for b in scene.buttons)
    assert [b.intent.arg("seat") for b in scene.seat_buttons] == [1, 2]
    app.frame([_click(scene.scenario_rect.center), _key(pygame.K_RIGHT)])
    assert fake.calls == []
    app.post(intent("seat", seat=0, step=1))
    app.post(intent("start"))
    app.frame([])
    assert fake.calls == []


def test_the_game_starting_gives_way_to_the_lan_table(display: pygame.Surface) -> None:
    fake = FakeLan()
    app, scene = _room(display, fake, can_start=True)
    fake.set(phase="playing", game=cast(GameStart, object()))
    app.frame([])
    assert app.opened[-1] == "lan_table" and isinstance(app.stack.top, Table)
    assert scene not in list(app.stack)
    assert isinstance(list(app.stack)[-2], LanBrowserScene)
    assert fake.names().count("browse") == 0


def test_a_closed_room_goes_back_to_the_browser_with_the_notice(display: pygame.Surface
                                                                ) -> None:
    fake = FakeLan()
    app, _ = _room(display, fake, role="joiner")
    fake.set(phase="browsing", room=None, notice="the host closed the lobby")
    app.frame([])
    assert isinstance(app.stack.top, LanBrowserScene)
    assert "thehostclosedthelobby" in _said(app)


def test_a_refused_join_goes_back_but_an_old_notice_does_not(display: pygame.Surface) -> None:
    fake = FakeLan()
    app, browser = _browser(display, fake, lobbies=LOBBIES, notice="an old notice")
    app.frame([_key(pygame.K_RETURN)])
    assert isinstance(app.stack.top, LanRoomScene)
    fake.set(lobbies=LOBBIES[:2])
    app.frame([])
    assert isinstance(app.stack.top, LanRoomScene)
    assert "Joiningthelobbyat192.168.1.5:40123" in _said(app)
    _wait(app, 10.5)
    assert "Noansweryet" in _said(app) and "anoldnotice" in _said(app)
    refusal = "content differs: yours 3fa1…, host's 9c02…"
    fake.set(notice=refusal)
    app.frame([])
    assert app.stack.top is browser and _squash(refusal) in _said(app)


def test_leave_leaves_the_room(display: pygame.Surface) -> None:
    fake = FakeLan()
    app, _ = _room(display, fake)
    app.frame([_key(pygame.K_ESCAPE)])
    assert fake.names()[0] == "leave" and isinstance(app.stack.top, LanBrowserScene)


# -- resume ------------------------------------------------------------------------------------

def test_the_resume_list(display: pygame.Surface) -> None:
    fake = FakeLan()
    fake.games = [Resumable("ab" * 16, "Scenario 3 — Rome, Carthage, Iberia", 412,
                            ("Bob", "Alice")),
                  Resumable("cd" * 16, "Scenario 13 — Totum Revolutum", 88, ("Bob", "Carol"))]
    app = _app(display, fake)
    scene = app.open("lan_resume")
    assert isinstance(scene, LanResumeScene) and fake.names() == ["resumable"]
    said = _said(app)
    assert "Scenario3—Rome,Carthage,Iberia" in said and "412records" in said
    assert "withBob,Carol" in said
    app.frame([_key(pygame.K_DOWN), _key(pygame.K_RETURN)])
    assert fake.called("resume") == [("cd" * 16,)] and app.opened[-1] == "lan_table"
    app.pop()
    app.frame([_key(pygame.K_ESCAPE)])
    assert isinstance(app.stack.top, TitleScene)


def test_an_empty_resume_list_says_so(display: pygame.Surface) -> None:
    fake = FakeLan()
    app = _app(display, fake)
    app.open("lan_resume")
    assert _squash(EMPTY) in _said(app)
    app.frame([_key(pygame.K_RETURN)])
    assert "resume" not in fake.names()


def test_the_fake_records_and_replaces_its_state() -> None:
    fake = FakeLan(Snapshot(phase="browsing"))
    first = fake.state
    assert fake.set(lobbies=LOBBIES).revision == first.revision + 1
    fake.records.append(cast(Any, "record"))
    assert fake.take_records() == ["record"] and fake.take_records() == []
