"""The LAN table scene, headless, over a real game played by an in-process peer: the connecting
page until the game is known, the status strip, the pause dialog that opens while a machine is
away and closes by itself when it is back, the frozen table, and the end screen that waits for
the audit and shows it."""

from __future__ import annotations

import pygame

from net.lan.facade import MachineState, TableStatus
from sprites.app import App
from sprites.clock import ManualClock
from sprites.scenes.base import intent
from sprites.table.end import EndScene
from sprites.table.lan_controller import LanController
from sprites.table.lan_dialogs import FrozenDialog, PauseDialog
from sprites.table.turn_summary import GUARD, TurnSummary
from tests.sprites.peer_lan import PeerLan, frames, lan_app

MACHINES = (MachineState("a" * 32, "Ana", "this machine", ("Carthage", "Rome", "Iberia")),
            MachineState("b" * 32, "Ben", "away", ()))
WAITING = "waiting for Rome — Ben's machine, 0:12"


def past_summary(app: App, clock: ManualClock) -> int:
    """Close the summary of a turn's end if it is up, once Continue works; how many closed."""
    top = app.stack.top
    if not isinstance(top, TurnSummary):
        return 0
    frames(app, clock, round(GUARD * 30) + 1)
    top.apply(intent("continue"))
    return 1


def test_the_table_waits_for_the_game_then_shows_it(display: pygame.Surface) -> None:
    lan = PeerLan(0)
    game = lan.state.game
    lan.set(game=None, phase="spectating")
    app, scene, clock = lan_app(display, lan)
    frames(app, clock)
    assert not scene.started and app.stack.top is scene
    lan.set(game=game, phase="playing")
    frames(app, clock, 30)
    assert scene.started and scene.control.session.table.records


def test_the_strip_shows_the_machines_and_whom_the_table_waits_for(
        display: pygame.Surface) -> None:
    lan = PeerLan(0)
    app, scene, clock = lan_app(display, lan)
    frames(app, clock, 10)
    assert scene._strip(display, 100).h == 0  # no status yet: no strip
    lan.set(table=TableStatus(MACHINES, WAITING, 12.0))
    frames(app, clock)
    strip = scene._strip(display, 100)
    assert strip.h > 0 and strip.top == 100 and scene.display.map.viewport.contains(strip)


def test_a_machine_away_pauses_the_table_until_it_is_back(display: pygame.Surface) -> None:
    lan = PeerLan(0)
    app, scene, clock = lan_app(display, lan)
    frames(app, clock, 10)
    lan.set(table=TableStatus(MACHINES, WAITING, 12.0, paused=True))
    frames(app, clock)
    assert isinstance(app.stack.top, PauseDialog)
    lan.set(table=TableStatus(MACHINES, WAITING, 130.0, paused=True, timed_out=True))
    frames(app, clock)
    assert isinstance(app.stack.top, PauseDialog)
    lan.set(table=TableStatus(MACHINES))
    frames(app, clock)
    assert app.stack.top is scene


def test_a_desync_freezes_the_table_with_its_dump(display: pygame.Surface) -> None:
    lan = PeerLan(0)
    app, _, clock = lan_app(display, lan)
    frames(app, clock, 10)
    lan.set(table=TableStatus(MACHINES, stopped="desync: state hash differs at entry 41",
                              dump="/tmp/games/x/stopped-at-41.json"))
    frames(app, clock)
    assert isinstance(app.stack.top, FrozenDialog)


def test_the_end_screen_waits_for_the_audit_and_shows_it(display: pygame.Surface) -> None:
    lan = PeerLan(0)
    app, scene, clock = lan_app(display, lan)
    summaries = 0
    for _ in range(20_000):
        frames(app, clock, 1)
        summaries += past_summary(app, clock)
        if scene.control.session.over:
            break
        control = scene.control
        assert isinstance(control, LanController)
        if scene.display.offered is not None and not scene.display.timeline.busy \
                and control.auto_pass is None and control.sent_at is None:
            scene._act(sorted(scene.display.offered.labels)[0])
    assert scene.control.session.over
    frames(app, clock, 5)
    summaries += past_summary(app, clock)
    frames(app, clock, 5)
    turns = scene.control.session.table.state.turn
    assert summaries >= 1 and summaries in (turns - 1, turns)  # each ended turn's summary
    assert app.stack.top is scene, "the end screen came before the audit"
    audit = ("Carthage: every shuffle and face-down play checked",
             "Rome: every shuffle and face-down play checked",
             "audit refused by Ben's machine")
    lan.set(phase="ended", table=TableStatus(MACHINES, result="over", audit=audit))
    frames(app, clock, 5)
    top = app.stack.top
    assert isinstance(top, EndScene)
    assert top.audit == audit
