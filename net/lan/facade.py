"""What the client sees of LAN play and what it may ask, safe to use from the client's thread.

The network runs in a thread of its own (`net.lan.service.LanService`); the client never waits
on it. It reads a `Snapshot` (plain, immutable: the lobbies seen, the room, the table's
machines and whom it waits for) and takes the game's records from a feed in ledger order;
it asks by calling commands that return at once. `Lan` is that surface, so scenes and tests
can drive a fake one (`tests/sprites/fake_lan.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from game.core.actions import Action
from game.core.entries import Entry
from game.core.ruleset import Ruleset
from game.core.sealed import Choice
from game.core.slots import Opening
from net.lan.genesis import Genesis, LanSecrets

PHASES = ("idle", "browsing", "room", "starting", "playing", "spectating", "ended")
"""idle: nothing under way; browsing: looking for lobbies; room: in a lobby (host or joiner);
starting: keys and genesis being exchanged; playing / spectating: a game is on; ended: the
game (or the attempt) is over — `Snapshot.table.result` and `notice` say how."""
WAIT_CHOICES = ("wait", "adjourn", "abandon")
"""What the person may decide once a machine stayed away past the time-out."""


@dataclass(frozen=True)
class LobbyListing:
    """One lobby seen on the network."""

    name: str
    host: str
    """The host machine's name (its player's name)."""
    fingerprint: str
    ruleset: str
    scenario: str
    open_seats: int
    status: str
    """"lobby", "playing" or "over"."""
    address: str
    """HOST:PORT to join or spectate at."""
    game: str = ""
    """The game id (hex) once it is playing."""
    why_not: str = ""
    """Why this program cannot join it, in plain words ("" when it can): "another engine",
    "other rules content", "full", "started"."""
    note: str = ""
    """What joining it brings, in words: "uses Punic Redux, a scenario you don't have — it
    will be sent to you" ("" when nothing)."""
    scenario_name: str = ""
    """The name of the host's own scenario it plays ("" for a bundled one)."""


@dataclass(frozen=True)
class ScenarioOffer:
    """A scenario the lobby plays that this machine lacks: its host offers to send it."""

    name: str
    scenario: str
    """Its id."""
    rules_hash: str
    size: int
    """Bytes of its files."""
    host: str
    """The host machine's name."""


@dataclass(frozen=True)
class RoomSeat:
    """One seat of the lobby room."""

    index: int
    empire: str
    """The seat's name (the empire's id)."""
    machine: str = ""
    """Fingerprint of the machine holding it ("" while open)."""
    machine_name: str = ""
    person: str = ""
    """Who plays it: a person's name, or "" for a bot or an open seat."""
    player: str = ""
    """"human", "bot:NAME", or "" while open."""
    ready: bool = False


@dataclass(frozen=True)
class Room:
    """The lobby this machine is in."""

    role: str
    """"host" or "joiner"."""
    name: str
    """The lobby's name."""
    ruleset: str
    scenario: str
    options: tuple[tuple[str, Any], ...]
    seats: tuple[RoomSeat, ...]
    machines: tuple[tuple[str, str], ...]
    """(fingerprint, name) of every machine in the room, the host's first."""
    me: str
    """This machine's fingerprint."""
    address: str = ""
    """HOST:PORT of the host (what "join by address" takes)."""
    can_start: bool = False
    """Whether every seat is held and every person ready (the host may start)."""
    scenario_name: str = ""
    """The name of the host's own scenario the lobby plays ("" for a bundled one)."""
    lacking: tuple[str, ...] = ()
    """The names of the machines that do not have that scenario yet."""
    offer: ScenarioOffer | None = None
    """This machine lacks the lobby's scenario: Receive or Refuse (`Lan.answer_offer`)."""
    receiving: bool = False
    """This machine asked for the lobby's scenario and waits for it."""


@dataclass(frozen=True)
class MachineState:
    """One machine of the game in progress, as this machine sees it."""

    fingerprint: str
    name: str
    state: str
    """"this machine", "connected", "reconnecting" or "away"."""
    seats: tuple[str, ...]
    """The empires (seat names) it answers for."""


@dataclass(frozen=True)
class TableStatus:
    """The game's network side: machines, whom the table waits for, faults and the end."""

    machines: tuple[MachineState, ...]
    waiting: str = ""
    """"waiting for Carthage — Bob's machine, 0:12" while the table waits for another
    machine (how long it has waited: for that decision, or, when paused, since the machine
    was last heard); "" when it waits for nobody else."""
    waited: float = 0.0
    """Those seconds."""
    paused: bool = False
    """A machine the table needs has dropped out: the table is paused."""
    timed_out: bool = False
    """It stayed away past the time-out: offer WAIT_CHOICES."""
    stopped: str = ""
    """Why the table froze (a desync, equivocation, a withheld card), "" while it is fine."""
    dump: str = ""
    """Where the frozen table's state was saved."""
    result: str = ""
    """How the game ended here: "over", "adjourned", "abandoned", "stopped", "failed"."""
    audit: tuple[str, ...] = ()
    """Per seat: "Carthage: all 35 cards and 4 face-down plays checked" or "audit refused
    by Bob's machine"."""
    final_hash: str = ""


@dataclass(frozen=True)
class GameStart:
    """What the client needs to set its own table once the genesis is signed."""

    genesis: Genesis
    secrets: LanSecrets
    fingerprint: str
    """This machine's fingerprint ("" seats for a spectator)."""
    spectator: bool = False
    ruleset: Ruleset | None = None
    """The rule set the game is played with (None: the genesis's rule set's own content)."""


@dataclass(frozen=True)
class Snapshot:
    """Everything the client shows of LAN play, as of the network thread's last change."""

    phase: str = "idle"
    lobbies: tuple[LobbyListing, ...] = ()
    room: Room | None = None
    game: GameStart | None = None
    table: TableStatus | None = None
    notice: str = ""
    """The latest message for the person, in plain words (a refusal, "the host closed the
    lobby", "the link to the host dropped"); "" when there is none."""
    revision: int = 0
    """Rises with every change (a scene redraws when it moved)."""


@dataclass(frozen=True)
class Record:
    """One item of the game feed, in ledger order: an entry, or a card one of this machine's
    seats took from a public reopen (`opening` set, `seat` the seat that takes it)."""

    entry: Entry | None = None
    seat: int = -1
    opening: Opening | None = None


@dataclass(frozen=True)
class Resumable:
    """An unfinished LAN game on this machine's disk."""

    game: str
    """Its id (hex)."""
    title: str
    """"Scenario 3 — Rome, Carthage, Egypt"."""
    records: int
    machines: tuple[str, ...]


class Lan(Protocol):
    """The client's handle on LAN play: every command returns at once."""

    def snapshot(self) -> Snapshot:
        """The latest state."""

    def take_records(self) -> list[Record]:
        """The game records that arrived since the last call, in ledger order."""

    def browse(self) -> None:
        """Look for lobbies (until host, join, spectate or close)."""

    def host(self, lobby: str, ruleset: str, scenario: str,
             options: tuple[tuple[str, Any], ...], seats: int | None = None) -> None:
        """Open and advertise a lobby; this machine holds no seat yet (`seats`: how many,
        where the scenario leaves the count open)."""

    def join(self, address: str) -> None:
        """Enter the lobby at HOST:PORT (a refusal comes back in `notice`)."""

    def set_table(self, scenario: str, options: tuple[tuple[str, Any], ...],
                  seats: int | None = None) -> None:
        """Host: change the scenario, optional rules or number of seats (every seat is open
        again)."""

    def set_seat(self, seat: int, machine: str, player: str) -> None:
        """Host: give a seat to a bot ("bot:NAME") on a machine of the room, or open it
        (machine "")."""

    def claim(self, seat: int, person: str) -> None:
        """Take an open seat for a person at this machine."""

    def release(self, seat: int) -> None:
        """Give back a seat this machine holds."""

    def ready(self, ready: bool) -> None:
        """Mark this machine's people ready (or not)."""

    def start(self) -> None:
        """Host: start the game (when `Room.can_start`)."""

    def leave(self) -> None:
        """Leave the room (a host closes it for everyone)."""

    def answer_offer(self, receive: bool) -> None:
        """Receive the lobby's scenario this machine lacks (`Room.offer`), or refuse it and
        leave the lobby."""

    def spectate(self, address: str, receive: bool = False) -> None:
        """Follow the game played at HOST:PORT (`receive`: take its scenario if this machine
        lacks it; else such a game is not followed, and `notice` says why)."""

    def resume(self, game: str) -> None:
        """Rejoin an unfinished LAN game of this machine."""

    def resumable(self) -> list[Resumable]:
        """The unfinished LAN games on this machine's disk (reads the disk; call rarely)."""

    def act(self, seat: int, action: Action) -> None:
        """A person at this machine answers for their seat (checked again by the peer)."""

    def seal(self, seat: int, choice: Choice) -> None:
        """A person at this machine seals their seat's choice (checked again by the peer)."""

    def decide(self, choice: str) -> None:
        """After the time-out: one of WAIT_CHOICES."""

    def close(self) -> None:
        """Stop everything and end the thread (leaves a room, adjourns a game)."""
