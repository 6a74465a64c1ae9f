"""Screenshots of LAN play for tools/screenshots.py: the lobby browser, a lobby room seen by
its host, the LAN table with its network strip, and the pause after the time-out.

No network is used. `StagedLan` answers the scenes as the real `LanService` would: canned
snapshots for the lobbies, the room and the table's machines, and the records of a real
game played by three `GamePeer`s in this process (Ana, Ben and Cleo's machines), frame by
frame through `_Wire`, which Ana's table mirrors. Every key and secret derives from SEED, so
the pictures are the same each run."""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from game.core.actions import Action
from net.lan.facade import (
    GameStart,
    LobbyListing,
    MachineState,
    Record,
    Resumable,
    Room,
    RoomSeat,
    Snapshot,
    TableStatus,
)
from net.lan.genesis import Genesis, LanSecrets, Machine, Seat
from net.lan.identity import Identity

if TYPE_CHECKING:
    from net.lan.peer import GamePeer, Out
    from sprites.app import App
    from sprites.clock import ManualClock
    from sprites.table.lan_scene import LanTableScene

SEED = b"mare-internum screenshots, LAN"
CHAIN = 1024
"""The dice chains' length: far more rolls than the game staged here makes."""
RULESET = "mediterranean_empires"
SCENARIO = "second_punic_war"
"""Scenario 3: Carthage, Rome and Iberia."""
PEOPLE = {"Carthage": ("Ana", "human"), "Rome": ("Ben", "human"),
          "Iberia": ("Cleo", "bot:greedy")}
"""Who plays each empire at the table: Ana and Ben in person, a bot on Cleo's machine."""
ADDRESS = {"Ana": "192.168.1.5:40123", "Ben": "192.168.1.12:40123",
           "Cleo": "192.168.1.20:40123"}
WAITING = "waiting for Rome — Ben's machine"
FRAME = 1 / 30


def _part(label: str) -> bytes:
    return hashlib.sha256(SEED + b"\0" + label.encode()).digest()


def _rules_hash() -> str:
    from game.rulesets import get_ruleset

    return get_ruleset(RULESET).content_hash()


def identity(name: str) -> Identity:
    """A person's machine, the same every run."""
    return Identity.from_seed(_part(f"identity {name}"))


def fingerprint(name: str) -> str:
    """The fingerprint of a person's machine."""
    return identity(name).fingerprint


# -- the canned pictures: lobbies and a room -----------------------------------------------------

def lobbies() -> tuple[LobbyListing, ...]:
    """Ana's lobby (open), a game in play (it can be watched) and one of other rules content."""
    return (
        LobbyListing("Friday at Ana's", "Ana", fingerprint("Ana"), RULESET, "3", 2, "lobby",
                     ADDRESS["Ana"]),
        LobbyListing("Rome must fall", "Dario", fingerprint("Dario"), RULESET, "8", 0,
                     "playing", "192.168.1.31:40123", game=_part("game").hex()[:32],
                     why_not="started"),
        LobbyListing("Old rules night", "Elena", fingerprint("Elena"), RULESET, "13", 4,
                     "lobby", "192.168.1.44:40123",
                     why_not=f"other rules content (theirs {fingerprint('rules')[:8]}…, ours "
                     f"{_rules_hash()[:8]}…)"),
    )


def host_room() -> Room:
    """Ana's room, seen from her machine: she is ready on Carthage, Ben (not ready yet) on Rome,
    a greedy bot on Ben's machine for Iberia; two optional rules on."""
    ana, ben = fingerprint("Ana"), fingerprint("Ben")
    seats = (RoomSeat(0, "carthage", ana, "Ana", "Ana", "human", True),
             RoomSeat(1, "rome", ben, "Ben", "Ben", "human", False),
             RoomSeat(2, "iberia", ben, "Ben", "", "bot:greedy", True))
    options = (("follow_the_leader", True), ("free_passage", False), ("longer_play", 1),
               ("short_play", False))
    return Room("host", "Friday at Ana's", RULESET, "3", options, seats,
                ((ana, "Ana"), (ben, "Ben")), ana, ADDRESS["Ana"], can_start=False)


# -- a real game between three machines in this process ------------------------------------------

def _machine(person: Identity, name: str, mine: tuple[int, ...]) -> tuple[Machine, LanSecrets]:
    """A machine's public part and its secrets, derived from its key (where `new_machine`
    takes them from the system's randomness)."""
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey

    from net.lan.beacon import HashChain
    from net.lan.sealer import public_bytes

    def part(label: str) -> bytes:
        return hashlib.sha256(person.seed() + b"\0" + label.encode()).digest()

    exchange = X25519PrivateKey.from_private_bytes(part("x25519"))
    secrets = LanSecrets({seat: part(f"seat {seat}") for seat in mine},
                         exchange.private_bytes_raw(), part("chain"), part("bots"))
    machine = Machine(person.fingerprint, name, person.public_key, public_bytes(exchange),
                      HashChain(secrets.chain, CHAIN).tip, part("nonce")[:16], ADDRESS[name])
    return machine, secrets


def genesis() -> tuple[Genesis, dict[str, LanSecrets]]:
    """The game every machine signed (seats as PEOPLE says), and each person's secrets."""
    from game.rulesets import get_ruleset

    ruleset = get_ruleset(RULESET)
    empires = tuple(PEOPLE)
    names = sorted({person for person, _ in PEOPLE.values()}, key=fingerprint)
    made = {name: _machine(identity(name), name, tuple(
        k for k, empire in enumerate(empires) if PEOPLE[empire][0] == name)) for name in names}
    seats = tuple(Seat(fingerprint(person), player, person if player == "human" else "")
                  for person, player in PEOPLE.values())
    agreed = Genesis(ruleset.id, ruleset.content_hash(), SCENARIO, empires, seats,
                     tuple(made[name][0] for name in names))
    return agreed, {name: secrets for name, (_, secrets) in made.items()}


class _SeededKeys:
    """Stands in for `X25519PrivateKey` in net.lan.sealer while the staged game runs: each
    sealed handoff's ephemeral key comes from SEED, not the system's randomness, so its record
    (and every roll seeded after it) is the same each run. For these pictures only: a real
    machine never seals with a key anyone could work out."""

    drawn = 0

    @classmethod
    def generate(cls) -> Any:
        from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey

        cls.drawn += 1
        return X25519PrivateKey.from_private_bytes(_part(f"ephemeral {cls.drawn}"))

    @staticmethod
    def from_private_bytes(raw: bytes) -> Any:
        from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey

        return X25519PrivateKey.from_private_bytes(raw)


@contextmanager
def _seeded_sealing() -> Iterator[None]:
    from unittest import mock

    with mock.patch("net.lan.sealer.X25519PrivateKey", _SeededKeys):
        yield


class _Wire:
    """Ana's, Ben's and Cleo's machines, every frame delivered at once and in order. Ben's
    machine answers for Rome (with the greedy bot) until `away(ben)` says he stepped away;
    Cleo's runs its bot for Iberia; Ana's records feed her table."""

    def __init__(self) -> None:
        from game.rulesets.mediterranean_empires.bots.greedy import GreedyBot
        from net.lan.ledger import Ledger
        from net.lan.peer import GamePeer

        self.genesis, secrets = genesis()
        self.secrets = secrets["Ana"]
        self.peers = {name: GamePeer(identity(name), self.genesis, kept, Ledger(self.genesis),
                                     CHAIN) for name, kept in secrets.items()}
        self.records: list[Record] = []
        ana = self.peers["Ana"]
        ana.on_record = lambda entry: self.records.append(Record(entry=entry))
        ana.on_opening = lambda seat, opening: self.records.append(
            Record(seat=seat, opening=opening))
        self.queue: deque[tuple[str, bytes]] = deque()
        """(recipient, frame) in the order sent."""
        self.rome = tuple(PEOPLE).index("Rome")
        self.ben = GreedyBot(_part("Ben's choices"))
        self.away: Callable[[GamePeer], bool] = lambda _ben: False
        _SeededKeys.drawn = 0
        with _seeded_sealing():
            for name, peer in self.peers.items():
                self._post(name, peer.advance())
        self.run()

    def _post(self, sender: str, outs: list[Out]) -> None:
        for out in outs:
            for name, peer in self.peers.items():
                fp = peer.identity.fingerprint
                if name != sender and fp != out.exclude and out.to in (None, fp):
                    self.queue.append((name, out.frame))

    def act(self, name: str, seat: int, action: Action) -> None:
        """A person answers at a machine; everything that follows is delivered."""
        with _seeded_sealing():
            self._post(name, self.peers[name].act(seat, action))
        self.run()

    def run(self) -> None:
        """Deliver every frame, Ben answering for Rome until he steps away."""
        from net.lan.frames import open_frame

        ben = self.peers["Ben"]
        with _seeded_sealing():
            while True:
                while self.queue:
                    to, frame = self.queue.popleft()
                    peer = self.peers[to]
                    self._post(to, peer.receive(open_frame(frame, peer.genesis.key_of)))
                if ben.over or ben.session.human_turn() != self.rome or self.away(ben):
                    return
                choice = self.ben.choose(ben.session.view(self.rome),
                                         ben.session.legal(self.rome))
                self._post("Ben", ben.act(self.rome, choice))

    def waits_for_ben(self) -> bool:
        """Whether every frame is delivered and the game waits for Ben, who stepped away."""
        ben = self.peers["Ben"]
        return not self.queue and ben.session.human_turn() == self.rome and self.away(ben)

    def machines(self, states: dict[str, str]) -> tuple[MachineState, ...]:
        """Every machine as Ana's sees it (in the genesis's order), in the given states."""
        names = self.genesis.seat_names
        return tuple(MachineState(m.fingerprint, m.name, states[m.name],
                                  tuple(names[s] for s in self.genesis.seats_of(m.fingerprint)))
                     for m in self.genesis.machines)


class StagedLan:
    """The `Lan` facade over canned snapshots, and over a real game once `play()` starts it."""

    def __init__(self) -> None:
        self.state = Snapshot()
        self.wire: _Wire | None = None

    def set(self, **changes: Any) -> Snapshot:
        """Change the snapshot (its revision rises, as the service's does)."""
        self.state = replace(self.state, revision=self.state.revision + 1, **changes)
        return self.state

    def play(self) -> _Wire:
        """Start the game at Ana's machine: the table mirrors it from here on."""
        self.wire = _Wire()
        start = GameStart(self.wire.genesis, self.wire.secrets, fingerprint("Ana"))
        self.set(phase="playing", room=None, lobbies=(), game=start,
                 table=TableStatus(self.wire.machines(
                     {"Ana": "this machine", "Ben": "connected", "Cleo": "connected"})))
        return self.wire

    def snapshot(self) -> Snapshot:
        return self.state

    def take_records(self) -> list[Record]:
        if self.wire is None:
            return []
        taken, self.wire.records = self.wire.records, []
        return taken

    def act(self, seat: int, action: Action) -> None:
        assert self.wire is not None
        self.wire.act("Ana", seat, action)

    def resumable(self) -> list[Resumable]:
        return []

    def browse(self) -> None: ...
    def host(self, lobby: str, ruleset: str, scenario: str,
             options: tuple[tuple[str, Any], ...]) -> None: ...
    def join(self, address: str) -> None: ...
    def set_table(self, scenario: str, options: tuple[tuple[str, Any], ...]) -> None: ...
    def set_seat(self, seat: int, machine: str, player: str) -> None: ...
    def claim(self, seat: int, person: str) -> None: ...
    def release(self, seat: int) -> None: ...
    def ready(self, ready: bool) -> None: ...
    def start(self) -> None: ...
    def leave(self) -> None: ...
    def spectate(self, address: str) -> None: ...
    def resume(self, game: str) -> None: ...
    def decide(self, choice: str) -> None: ...
    def close(self) -> None: ...


# -- the shots ---------------------------------------------------------------------------------

@dataclass
class LanShots:
    """What the LAN shots need from tools/screenshots.py: the app (made over `lan`), its
    clock, and how to save the screen."""

    app: App
    clock: ManualClock
    lan: StagedLan
    save: Callable[[App, str], None]

    def shoot(self) -> None:
        """The browser, the room, the table and the pause, in that order."""
        self.browser()
        self.room()
        self.table()

    def _name(self, name: str) -> None:
        self.app.settings = self.app.settings.with_(player_name=name)

    def browser(self) -> None:
        """Ben looks for lobbies: Ana's is selected."""
        from sprites.scenes.base import intent

        app = self.app
        app.back_to("title")
        self._name("Ben")
        self.lan.set(phase="browsing", lobbies=lobbies())
        scene = app.open("lan_browser")
        scene.apply(intent("select", step=0))
        scene.apply(intent("hover", pos=(0, 0)))
        self.save(app, "lan_browser")

    def room(self) -> None:
        """Ana hosts: Ben has joined, not ready yet; Start waits for him."""
        app = self.app
        app.back_to("title")
        self._name("Ana")
        self.lan.set(phase="room", lobbies=(), room=host_room())
        app.open("lan_room")
        self.save(app, "lan_room")

    def table(self) -> None:
        """Ana's table a few rounds in, Ben away while the table waits for Rome; then the
        pause after the time-out."""
        from sprites.table.lan_scene import LanTableScene

        app = self.app
        app.back_to("title")
        wire = self.lan.play()
        wire.away = lambda ben: (ben.session.table.state.turn >= 2
                                 and ben.session.table.state.round >= 2)
        scene = app.open("lan_table")
        assert isinstance(scene, LanTableScene)
        self._play(scene, wire)
        away = wire.machines({"Ana": "this machine", "Ben": "away", "Cleo": "connected"})
        self.lan.set(table=TableStatus(away, f"{WAITING}, 0:12", 12.0))
        self._settle(scene)
        self.save(app, "lan_table")
        self.lan.set(table=TableStatus(away, f"{WAITING}, 2:04", 124.0, paused=True,
                                       timed_out=True))
        self._settle(scene)
        self.save(app, "lan_pause")

    def _tick(self) -> None:
        self.clock.advance(FRAME)
        self.app.frame([])

    def _play(self, scene: LanTableScene, wire: _Wire, limit: int = 40000) -> None:
        """Ana plays Carthage with the greedy bot through the table's intents (fast) until
        the game waits for Ben and her table has shown every record."""
        from game.rulesets.mediterranean_empires.bots.greedy import GreedyBot
        from sprites.scenes.base import intent
        from sprites.table.lan_controller import LanController
        from sprites.table.turn_summary import TurnSummary

        control, display = scene.control, scene.display
        assert isinstance(control, LanController)
        bot = GreedyBot(_part("Ana's choices"))
        control.fast = True
        for _ in range(limit):
            if wire.waits_for_ben() and not wire.records and not control.feed \
                    and not display.timeline.busy:
                break
            top = self.app.stack.top
            if isinstance(top, TurnSummary):
                if top.ready:
                    top.apply(intent("continue"))
                self._tick()
                continue
            seat = scene.session.human_turn()
            if display.offered is not None and not display.timeline.busy and seat is not None \
                    and control.sent_at is None:
                choice = bot.choose(scene.session.view(seat), scene.session.legal(seat))
                self.app.post(intent("choose", action=choice))
            self._tick()
        else:
            raise RuntimeError("the staged LAN game never came to wait for Ben")
        scene.apply(intent("fast"))  # back to normal speed, as the bar then says

    def _settle(self, scene: LanTableScene) -> None:
        """Let the table (and a dialog it opens) take the new status in; draw it whole."""
        for _ in range(30):
            self._tick()
        scene.full_redraw = True
