"""The client's side of sharing a host's own scenario on a LAN, over a fake `Lan`, headless: the
host's scenario control cycles into the player's own playable scenarios (marked as theirs);
a joiner that lacks the room's scenario is asked to Receive or Refuse it before anything is
stored and cannot claim a seat meanwhile; the host sees who has not got it yet; the browser
does not grey such a lobby but says the scenario will be sent, and asks before following a
game of one."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest
import yaml

from net.lan.facade import LobbyListing, ScenarioOffer
from sprites.scenes.base import intent
from sprites.scenes.lan_browser import LanBrowserScene
from sprites.scenes.lan_room import LanRoomScene
from tests.net.files.user_helpers import book_setup, user_root, write_user
from tests.sprites.fake_lan import HOST_FP, LOBBIES, THIRD_FP, FakeLan, room
from tests.sprites.test_lan_scenes import (
    Recording,
    _browser,
    _click,
    _key,
    _room,
    _said,
    _squash,
)

OFFER = ScenarioOffer("Punic Redux", "punic_redux", "7b" * 32, 12_600, "Bob")
NOTE = "uses Punic Redux, a scenario you don't have — it will be sent to you"
SHARED = LobbyListing("Punic night", "Bob", HOST_FP, "mediterranean_empires", "punic_redux", 2,
                      "lobby", "192.168.1.5:40200", note=NOTE, scenario_name="Punic Redux")
WATCHED = replace(SHARED, name="Punic game", status="playing", address="192.168.1.7:40200",
                  fingerprint=THIRD_FP, why_not="started", game="cd" * 16)


@pytest.fixture
def own_scenarios(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user data folder holding one playable scenario of the player's, and a draft."""
    monkeypatch.setenv("MARE_DATA_DIR", str(tmp_path / "data"))
    root = user_root(tmp_path / "data")
    write_user(root, "punic_redux", book_setup(3, "punic_redux", "Punic Redux"))
    write_user(root, "drafty", yaml.safe_dump({"draft": True, **book_setup(2, "drafty")},
                                              sort_keys=False))
    return root


def _shared_room(display: pygame.Surface, fake: FakeLan, role: str, **more: Any
                 ) -> tuple[Recording, LanRoomScene]:
    """A room of the host's "Punic Redux"; a joiner's has an open seat, and one of its own."""
    app, scene = _room(display, fake, role=role)
    seats = room(role).seats
    if role == "joiner":
        seats = (seats[0], replace(seats[1], machine="", machine_name="", person="",
                                   player="", ready=False), seats[2])
    fake.set(room=replace(room(role), scenario="punic_redux", scenario_name="Punic Redux",
                          seats=seats, **more))
    app.frame([])
    fake.calls.clear()
    return app, scene


def test_the_hosts_scenario_control_offers_its_own_scenarios_marked_as_theirs(
        display: pygame.Surface, own_scenarios: Path) -> None:
    fake = FakeLan()
    app, scene = _room(display, fake)
    fake.set(room=replace(room(), scenario="totum_revolutum"))
    app.frame([_click((scene.scenario_rect.right - 4, scene.scenario_rect.centery))])
    assert [call[0] for call in fake.called("set_table")] == ["punic_redux"]
    fake.set(room=replace(room(), scenario="punic_redux", scenario_name="Punic Redux"))
    assert "PunicRedux(yours)" in _said(app)
    app.frame([_click((scene.scenario_rect.right - 4, scene.scenario_rect.centery))])
    assert fake.called("set_table")[-1][0] == "first_punic_war"
    app.frame([_click((scene.scenario_rect.x + 4, scene.scenario_rect.centery))])
    assert fake.called("set_table")[-1][0] == "totum_revolutum"


def test_a_joiner_sees_whose_scenario_the_room_plays(display: pygame.Surface) -> None:
    fake = FakeLan()
    app, _ = _shared_room(display, fake, "joiner")
    assert "PunicRedux(thehost's)" in _said(app)


def test_a_joiner_that_lacks_the_scenario_is_asked_before_anything_is_stored(
        display: pygame.Surface) -> None:
    fake = FakeLan()
    app, scene = _shared_room(display, fake, "joiner", offer=OFFER)
    said = _said(app)
    assert _squash("This lobby uses Punic Redux, a scenario you don't have (12 KB): Receive "
                   "it from Bob's machine, or Refuse and leave.") in said
    assert [b.text for b in scene.buttons] == ["Leave", "Receive", "Refuse"]
    assert scene.seat_buttons and not any(b.enabled for b in scene.seat_buttons)
    app.post(intent("claim", seat=0))
    app.frame([])
    assert fake.names() == []
    receive = next(b for b in scene.buttons if b.text == "Receive")
    app.frame([_click(receive.rect.center)])
    assert fake.called("answer_offer") == [(True,)]
    offered = fake.state.room
    assert offered is not None
    fake.set(room=replace(offered, offer=None, receiving=True))
    assert _squash("Receiving Punic Redux from the host's machine…") in _said(app)
    receiving = fake.state.room
    assert receiving is not None
    fake.set(room=replace(receiving, receiving=False))
    app.frame([])
    assert all(b.enabled for b in scene.seat_buttons)


def test_refusing_the_scenario_leaves_the_room(display: pygame.Surface) -> None:
    fake = FakeLan()
    app, scene = _shared_room(display, fake, "joiner", offer=OFFER)
    refuse = next(b for b in scene.buttons if b.text == "Refuse")
    app.frame([_click(refuse.rect.center)])
    assert fake.names() == ["answer_offer"] and fake.called("answer_offer") == [(False,)]
    assert isinstance(app.stack.top, LanBrowserScene)
    app, scene = _shared_room(display, fake, "joiner", offer=OFFER)
    app.frame([_key(pygame.K_ESCAPE)])
    assert fake.called("answer_offer") == [(False,)] and "leave" not in fake.names()


def test_the_host_sees_who_has_not_got_its_scenario_yet(display: pygame.Surface) -> None:
    fake = FakeLan()
    app, _ = _shared_room(display, fake, "host", lacking=("Alice",))
    assert _squash("Alice's machine has not got the scenario yet.") in _said(app)


def test_a_lobby_of_a_scenario_to_be_sent_is_not_greyed_and_says_so(
        display: pygame.Surface) -> None:
    fake = FakeLan()
    app, scene = _browser(display, fake, lobbies=(SHARED,))
    said = _said(app)
    assert _squash(NOTE) in said and "cannotjoin" not in said and "PunicRedux" in said
    assert next(b for b in scene.buttons if b.text == "Join").enabled
    app.frame([_key(pygame.K_RETURN)])
    assert fake.called("join") == [(SHARED.address,)]


def test_following_a_game_of_a_scenario_to_be_sent_asks_first(display: pygame.Surface
                                                              ) -> None:
    fake = FakeLan()
    app, scene = _browser(display, fake, lobbies=(WATCHED, *LOBBIES[:1]))
    app.frame([_key(pygame.K_RETURN)])
    assert scene.asking == WATCHED and "spectate" not in fake.names()
    assert "FOLLOWTHISGAME?" in _said(app)
    refuse = next(b for b in scene.buttons if b.text == "Refuse")
    app.frame([_click(refuse.rect.center)])
    assert scene.asking is None and "spectate" not in fake.names()
    assert scene.message == "Not following Punic game: you refused its scenario."
    app.frame([_key(pygame.K_RETURN)])
    app.frame([_key(pygame.K_RETURN)])
    assert fake.called("spectate") == [(WATCHED.address, True)]
    assert app.opened[-1] == "lan_table"
