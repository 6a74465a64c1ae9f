"""A `Lan` facade over one in-process game peer that holds every seat: its records feed the
client's mirror, a person's answer is signed by it, and the snapshot is whatever the test
sets (a stand-in for the network thread that plays a real game); and an app whose LAN table
shows that game."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, TypeVar

import pygame

from game.core.actions import Action
from net.lan.facade import GameStart, MachineState, Record, Snapshot, TableStatus
from net.lan.genesis import Seat
from net.lan.ledger import Ledger
from net.lan.peer import GamePeer
from sprites.app import App
from sprites.clock import ManualClock
from sprites.scenes.base import Scene
from sprites.table.lan_scene import LanTableScene
from tests.net.lan.lanhelp import CHAIN, table_of
from tests.sprites.pilot import manual_app

OwnTable = TypeVar("OwnTable", bound=Scene)


class PeerLan:
    """The facade over one in-process peer that holds every seat."""

    def __init__(self, *persons: int, template: GamePeer | None = None) -> None:
        """A person at each of `persons`, the template game's bots elsewhere (by default The
        Second Punic War with random bots)."""
        if template is None:
            template = table_of("mediterranean_empires", "second_punic_war", 1,
                                bot="bot:random", seed=b"lan-controller")[0]
        seats = tuple(Seat(s.machine, "human" if k in persons else s.player)
                      for k, s in enumerate(template.genesis.seats))
        genesis = replace(template.genesis, seats=seats)
        self.peer = GamePeer(template.identity, genesis, template.secrets, Ledger(genesis), CHAIN)
        self.records: list[Record] = []
        self.peer.on_record = lambda entry: self.records.append(Record(entry=entry))
        self.acts: list[tuple[int, Action]] = []
        self.start = GameStart(genesis, template.secrets, template.identity.fingerprint)
        self.state = Snapshot(phase="playing", game=self.start)
        self.calls: list[str] = []
        self.peer.advance()

    def snapshot(self) -> Snapshot:
        return self.state

    def set(self, **changes: Any) -> None:
        """Change the snapshot, as the network thread would."""
        self.state = replace(self.state, revision=self.state.revision + 1, **changes)

    def leave(self) -> None:
        self.calls.append("leave")

    def decide(self, choice: str) -> None:
        self.calls.append(choice)

    def take_records(self) -> list[Record]:
        taken, self.records = self.records, []
        return taken

    def act(self, seat: int, action: Action) -> None:
        self.acts.append((seat, action))
        self.peer.act(seat, action)


def lan_app(display: pygame.Surface, lan: PeerLan) -> tuple[App, LanTableScene, ManualClock]:
    """An app showing the LAN table of `lan`'s game, instant animations."""
    app, clock = manual_app(display, lan=lan)
    app.open("title")
    scene = app.open("lan_table")
    assert isinstance(scene, LanTableScene)
    return app, scene, clock


def own_table(display: pygame.Surface, lan: PeerLan, machines: tuple[MachineState, ...],
              table: type[OwnTable]) -> tuple[App, OwnTable, ManualClock]:
    """An app whose LAN table handed `lan`'s game to the rule set's own `table`."""
    app, _, clock = lan_app(display, lan)
    lan.set(table=TableStatus(machines, "", 0.0))
    frames(app, clock, 3)
    scene = app.stack.top
    assert isinstance(scene, table)
    return app, scene, clock


def frames(app: App, clock: ManualClock, count: int = 3) -> None:
    """Some frames, 1/30 s apart."""
    for _ in range(count):
        clock.advance(1 / 30)
        app.frame([])
