"""Roll Through the Ages over the LAN in the client, headless: the host form chooses the game,
the room steps its number of players and its options, and the LAN table hands a game of it
to its own table, which follows a real game played by an in-process peer (a person's answers
signed by it), shows the machines' strip, and opens the end with the audit only once every
machine's audit is in."""

from __future__ import annotations

import pygame
import pytest

from net.lan.facade import MachineState, Room, RoomSeat, TableStatus
from sprites.app import App
from sprites.clock import ManualClock
from sprites.rtta import end, look
from sprites.rtta.lan_scene import LanRttaScene
from sprites.scenes.base import intent
from sprites.scenes.lan_room import LanRoomScene
from sprites.table.lan_dialogs import FrozenDialog, PauseDialog
from sprites.ui.text import TextRecorder
from tests.net.lan.lanhelp import table_of
from tests.sprites.fake_lan import HOST_FP, JOINER_FP, FakeLan
from tests.sprites.peer_lan import PeerLan, frames, own_table
from tests.sprites.test_lan_scenes import _browser, _click, _key, _room

RTTA = "roll_through_the_ages"
MACHINES = (MachineState("a" * 32, "Ana", "this machine", ("Seat 0", "Seat 1")),)


class RttaPeerLan(PeerLan):
    """The in-process peer's facade over a 2-seat game of Roll Through the Ages: a person at
    `persons`, greedy bots elsewhere."""

    def __init__(self, *persons: int) -> None:
        super().__init__(*persons, template=table_of(RTTA, "standard", 1, seats=2,
                                                     bot="bot:greedy", seed=b"lan-rtta")[0])


def rtta_room() -> Room:
    """A host's room of Roll Through the Ages: two open seats, the short game."""
    seats = (RoomSeat(0, "Seat 0", "", "", "", "", False),
             RoomSeat(1, "Seat 1", "", "", "", "", False))
    return Room("host", "Dice", RTTA, "standard", (), seats,
                ((HOST_FP, "Bob"), (JOINER_FP, "Alice")), HOST_FP, "192.168.1.5:40123", False)


def test_the_host_form_chooses_roll_through_the_ages(display: pygame.Surface) -> None:
    fake = FakeLan()
    app, scene = _browser(display, fake)
    app.post(intent("host"))
    app.frame([])
    while scene.games[scene.game] != RTTA:
        app.frame([_key(pygame.K_RIGHT)])
    app.frame([_key(pygame.K_RETURN)])
    assert fake.called("host") == [("Bob's table", RTTA, "standard", (), 2)]
    assert isinstance(app.stack.top, LanRoomScene)


def test_the_room_steps_players_and_options_of_roll_through_the_ages(
        display: pygame.Surface) -> None:
    fake = FakeLan()
    app, scene = _room(display, fake)
    fake.set(room=rtta_room())
    app.frame([])
    assert scene.rows is not None and [c.key for c in scene.rows.choices] == [
        "length", "mediterranean"]
    app.frame([_click((scene.scenario_rect.right - 4, scene.scenario_rect.centery))])
    options = (("length", "short"), ("mediterranean", False))
    assert fake.called("set_table") == [("standard", options, 3)]
    app.frame([_click((scene.scenario_rect.x + 4, scene.scenario_rect.centery))])
    assert fake.called("set_table")[-1] == ("standard", options, 1)
    app.frame([_click((scene.rows.rects[1].right - 4, scene.rows.rects[1].centery))])
    assert fake.called("set_table")[-1] == ("standard", (("length", "short"),
                                                         ("mediterranean", True)), 2)


def rtta_table(display: pygame.Surface, lan: RttaPeerLan) -> tuple[App, LanRttaScene,
                                                                    ManualClock]:
    """An app whose LAN table was handed `lan`'s game, instant animations."""
    return own_table(display, lan, MACHINES, LanRttaScene)


def test_a_machine_away_pauses_the_table_and_a_desync_freezes_it(
        display: pygame.Surface) -> None:
    lan = RttaPeerLan(0)
    app, scene, clock = rtta_table(display, lan)
    lan.set(table=TableStatus(MACHINES, "waiting for Seat 1 — Ben's machine, 0:12", 12.0,
                              paused=True))
    frames(app, clock, 3)
    assert isinstance(app.stack.top, PauseDialog)
    lan.set(table=TableStatus(MACHINES))
    frames(app, clock, 3)
    assert app.stack.top is scene
    lan.set(table=TableStatus(MACHINES, stopped="desync: state hash differs at entry 9"))
    frames(app, clock, 3)
    assert isinstance(app.stack.top, FrozenDialog)


def test_the_panel_names_who_decides_and_an_answer_on_its_way(display: pygame.Surface
                                                              ) -> None:
    lan = RttaPeerLan(1)
    held, lan.records = lan.records, []  # the bot's set-up has not reached the screen yet
    app, scene, clock = rtta_table(display, lan)
    assert scene.prompt_words(())[0] == "Player 1 (a bot on M0's machine) is deciding"
    lan.records = held
    lan.peer.act = lambda seat, action: []  # type: ignore[method-assign]
    for _ in range(100):
        frames(app, clock, 1)
        if scene.legal():
            break
    scene.act(scene.legal()[0])
    assert lan.acts and scene.prompt_words(())[2] == "Sent — waiting for the table"


def test_the_lan_table_hands_the_game_to_its_own_table_which_plays_it_to_the_audit(
        display: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:
    lan = RttaPeerLan(0)
    app, scene, clock = rtta_table(display, lan)
    scene.full_redraw = True
    with TextRecorder() as recorder:
        app.frame([])
    assert "Ana" in recorder.said  # the machines' strip
    for _ in range(60_000):
        frames(app, clock, 1)
        if scene.session.over:
            break
        legal = scene.legal()
        if legal:
            scene.act(legal[-1])
    assert scene.session.over and lan.acts and all(seat == 0 for seat, _ in lan.acts)
    assert scene.session.table.state == lan.peer.session.table.state
    for _ in range(5):
        app.frame([])
    assert not scene.end_open, "the end came before the audit"
    audit = ("Seat 0: every shuffle and face-down play checked",
             "Seat 1: every shuffle and face-down play checked")
    lan.set(phase="ended", table=TableStatus(MACHINES, result="over", audit=audit))
    frames(app, clock, 5)
    assert scene.end_open and app.stack.top is scene
    said: list[str] = []
    monkeypatch.setattr(end, "text", lambda *a, **k: said.append(a[3]) or look.text(*a, **k))
    scene.full_redraw = True
    with TextRecorder() as recorder:
        app.frame([])
    assert "THE GAME IS OVER" in said
    assert "Player 1: every shuffle and face-down play checked" in recorder.texts
