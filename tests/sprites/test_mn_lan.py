"""Mare Nostrum over the LAN in the client, headless: the host form offers the game, the room
steps its boards (5, 4, 3 players) and its display option, and the LAN table hands a game of
it to its own table, which follows a real 3-player game played by an in-process peer — the
person's face-down offers sealed through the network — to the end, shown only once every
machine's audit is in."""

from __future__ import annotations

import random

import pygame

from game.core.sealed import Choice
from net.lan.facade import MachineState, Room, RoomSeat, TableStatus
from sprites.mn.lan_scene import LanMnScene
from sprites.scenes.base import intent
from sprites.scenes.lan_room import LanRoomScene
from tests.net.lan.lanhelp import table_of
from tests.sprites.fake_lan import HOST_FP, JOINER_FP, FakeLan
from tests.sprites.peer_lan import PeerLan, frames, own_table
from tests.sprites.test_lan_scenes import _browser, _click, _key, _room

MN = "mare_nostrum"
MACHINES = (MachineState("a" * 32, "Ana", "this machine", ("Rome", "Greece", "Carthage")),)


class MnPeerLan(PeerLan):
    """The in-process peer's facade over a 3-player game of Mare Nostrum: a person at
    `persons`, greedy bots elsewhere (they end a game in a few rounds)."""

    def __init__(self, *persons: int) -> None:
        self.seals: list[tuple[int, Choice]] = []
        super().__init__(*persons, template=table_of(MN, "3", 1, bot="bot:greedy",
                                                     seed=b"lan-mn")[0])

    def seal(self, seat: int, choice: Choice) -> None:
        self.seals.append((seat, choice))
        self.peer.seal(seat, choice)


def mn_room() -> Room:
    """A host's room of Mare Nostrum on the whole board: five open seats."""
    names = ("Rome", "Greece", "Babylon", "Egypt", "Carthage")
    seats = tuple(RoomSeat(k, name, "", "", "", "", False) for k, name in enumerate(names))
    return Room("host", "Empires", MN, "5", (), seats,
                ((HOST_FP, "Bob"), (JOINER_FP, "Alice")), HOST_FP, "192.168.1.5:40123", False)


def test_the_host_form_chooses_mare_nostrum(display: pygame.Surface) -> None:
    fake = FakeLan()
    app, scene = _browser(display, fake)
    app.post(intent("host"))
    app.frame([])
    while scene.games[scene.game] != MN:
        app.frame([_key(pygame.K_RIGHT)])
    app.frame([_key(pygame.K_RETURN)])
    assert fake.called("host") == [("Bob's table", MN, "5", ())]
    assert isinstance(app.stack.top, LanRoomScene)


def test_the_room_steps_boards_and_the_display_option(display: pygame.Surface) -> None:
    fake = FakeLan()
    app, scene = _room(display, fake)
    fake.set(room=mn_room())
    app.frame([])
    assert scene.rows is not None and [c.key for c in scene.rows.choices] == ["display"]
    app.frame([_click((scene.scenario_rect.right - 4, scene.scenario_rect.centery))])
    options = (("display", "first games"),)
    assert fake.called("set_table") == [("4", options)]
    app.frame([_click((scene.scenario_rect.x + 4, scene.scenario_rect.centery))])
    assert fake.called("set_table")[-1] == ("3", options)
    app.frame([_click((scene.rows.rects[0].right - 4, scene.rows.rects[0].centery))])
    assert fake.called("set_table")[-1] == ("5", (("display", "experienced"),))


def test_the_lan_table_plays_a_game_with_sealed_offers_to_the_audit(
        display: pygame.Surface) -> None:
    lan = MnPeerLan(0)
    app, scene, clock = own_table(display, lan, MACHINES, LanMnScene)
    pick = random.Random(9)
    for _ in range(60_000):
        frames(app, clock, 1)
        if scene.session.over:
            break
        if scene.composing():
            seat = scene.control.person()
            assert seat is not None
            scene.offer.extend(scene.session.sealed_request(seat).sample(pick.randrange))
            scene.apply(intent("seal"))
        elif scene.legal():
            scene.act(pick.choice(scene.legal()))
    assert scene.session.over and lan.seals and all(seat == 0 for seat, _ in lan.seals)
    assert scene.session.table.state == lan.peer.session.table.state
    frames(app, clock, 5)
    assert not scene.end_open, "the end came before the audit"
    audit = tuple(f"{name}: every shuffle and face-down play checked"
                  for name in ("Rome", "Greece", "Carthage"))
    lan.set(phase="ended", table=TableStatus(MACHINES, result="over", audit=audit))
    frames(app, clock, 5)
    assert scene.end_open and app.stack.top is scene
