"""A client process for the LAN tests: the real app (SDL's dummy drivers), hosting a lobby
through its LAN facade, its person's seat answered through the table scene like a click would
(a random legal action, or the automatic pass), until the end screen. It prints what a test
waits for, one line each: `listening`, `started GAME`, `paused`, `resumed`, `end-screen`,
`final-hash HEX` (the mirror's), `network-hash HEX` (the peer's), `audit LINE`.

Usage: python client_pilot.py LOBBY SCENARIO SEED SECONDS THINK
(THINK: seconds the person takes for each answer, so that a test can act mid-game.)
"""

from __future__ import annotations

import os
import random
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.core.encoding import state_hash
from sprites.app import App
from sprites.scenes.base import intent
from sprites.settings import Settings
from sprites.table.end import EndScene
from sprites.table.lan_scene import LanTableScene
from sprites.table.turn_summary import TurnSummary


def say(text: str) -> None:
    """One line for the test, at once."""
    print(text, flush=True)


def main(lobby: str, scenario: str, seed: int, limit: float, think: float) -> int:
    """Host, play the person's seat, report; 0 when the game reached its end screen."""
    rng = random.Random(seed)
    settings = Settings(resolution=(1280, 720), animation_speed=0, player_name="Pilot")
    app = App(settings, save=lambda s: None)
    app.open_display()
    app.open("title")
    lan = app.lan
    lan.host(lobby, "mediterranean_empires", scenario, ())
    deadline = time.monotonic() + limit
    try:
        table = _lobby(app, lan, deadline)
        return _play(app, table, rng, deadline, think)
    finally:
        app.close_lan()
        pygame.quit()


def _frames(app: App, until: object, deadline: float) -> None:
    while not until() and time.monotonic() < deadline:  # type: ignore[operator]
        app.frame([])
        time.sleep(0.005)


def _lobby(app: App, lan: object, deadline: float) -> LanTableScene:
    snap = lan.snapshot  # type: ignore[attr-defined]
    _frames(app, lambda: snap().room is not None, deadline)
    say(f"listening {snap().room.address}")
    lan.claim(0, "Pilot")  # type: ignore[attr-defined]
    _frames(app, lambda: snap().room.seats[0].machine != "", deadline)
    lan.ready(True)  # type: ignore[attr-defined]
    _frames(app, lambda: snap().room is None or snap().room.can_start, deadline)
    lan.start()  # type: ignore[attr-defined]
    _frames(app, lambda: snap().game is not None, deadline)
    say(f"started {snap().game.genesis.game_id.hex()}")
    scene = app.open("lan_table")
    assert isinstance(scene, LanTableScene)
    return scene


def _play(app: App, table: LanTableScene, rng: random.Random, deadline: float,
          think: float) -> int:
    paused, answered, since = False, 0, time.monotonic()
    while time.monotonic() < deadline:
        app.frame([])
        status = table.lan.snapshot().table
        if status is not None and status.paused != paused:
            paused = status.paused
            if not paused:  # the dialog sees the machine back at its next frame
                _frames(app, lambda: type(app.stack.top).__name__ != "PauseDialog",
                        time.monotonic() + 2)
                think = 0.0  # the pause was what the thinking was for: the rest goes fast
            top = type(app.stack.top).__name__
            states = " ".join(f"{m.name}={m.state.replace(' ', '-')}" for m in status.machines)
            say(f"paused {top} {states}" if paused else f"resumed {top} {states}")
        if isinstance(app.stack.top, EndScene):
            return _report(table)
        if isinstance(app.stack.top, TurnSummary):
            if app.stack.top.ready:
                app.stack.top.apply(intent("continue"))
            continue
        if app.stack.top is table and table.started and time.monotonic() - since >= think \
                and _answer(table, rng):
            answered, since = answered + 1, time.monotonic()
            say(f"answered {answered}")
        time.sleep(0.002)
    say("timed-out")
    return 1


def _answer(table: LanTableScene, rng: random.Random) -> bool:
    """Answer the person's decision as a click would (the auto-pass answers alone)."""
    offered = table.display.offered
    control = table.control
    if offered is None or table.display.timeline.busy or control.covered:
        return False
    if getattr(control, "auto_pass", None) is not None or getattr(control, "sent_at", None):
        return False
    table._act(rng.choice(sorted(offered.labels)))
    return True


def _report(table: LanTableScene) -> int:
    say("end-screen")
    status = table.lan.snapshot().table
    say(f"final-hash {state_hash(table.session.table.state)}")
    if status is not None:
        say(f"network-hash {status.final_hash}")
        for line in status.audit:
            say(f"audit {line}")
    return 0


if __name__ == "__main__":
    args = sys.argv[1:]
    sys.exit(main(args[0], args[1], int(args[2]), float(args[3]), float(args[4])))
