"""The lobby before a LAN game, without I/O: a star around its host until every machine has
signed the genesis (protocol.md, Identity, lobby and genesis).

`HostLobby` keeps the seats and refuses a machine with a named reason (another protocol,
engine or rules content; a full lobby; a game already started). `JoinerLobby` is a joiner's
side. Both return the frames to send; `net.lan.node` carries them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.log import ENGINE_VERSION
from net.lan.errors import Rejected
from net.lan.frames import Message, encode_frame, hello_body
from net.lan.genesis import (
    PROTOCOL,
    Genesis,
    LanSecrets,
    Machine,
    Seat,
    check_signatures,
    genesis_from_plain,
    new_machine,
    sign_genesis,
)
from net.lan.identity import Identity


@dataclass
class Occupant:
    """Who holds a seat in the lobby ("" = open) and whether they are ready."""

    machine: str = ""
    player: str = ""
    ready: bool = False


@dataclass(frozen=True)
class Table:
    """What the lobby is for: rule set, its rules hash, scenario, options and seat names."""

    ruleset: str
    rules_hash: str
    scenario: str
    seat_names: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = ()


def hello(identity: Identity, hashes: dict[str, str], name: str, address: str,
          purpose: str) -> bytes:
    """A HELLO for the lobby: what this machine runs (the rules hash of every rule set it
    has) and who it is."""
    return encode_frame(identity, "HELLO", hello_body(
        identity, protocol=PROTOCOL, engine=ENGINE_VERSION, hashes=hashes, name=name,
        address=address, purpose=purpose))


def refusal(table: Table, body: dict[str, Any], started: bool, full: bool) -> Rejected | None:
    """Why a machine may not join (None: it may), named as the REFUSE says it."""
    if body.get("protocol") != PROTOCOL:
        return Rejected("protocol", f"protocol differs: yours {body.get('protocol')}, "
                                    f"host's {PROTOCOL}")
    if str(body.get("engine", "")).split(".")[:2] != ENGINE_VERSION.split(".")[:2]:
        return Rejected("engine", f"engine differs: yours {body.get('engine')}, host's "
                                  f"{ENGINE_VERSION}")
    hashes = body.get("hashes")
    theirs = hashes.get(table.ruleset) if isinstance(hashes, dict) else None
    if theirs is None:
        return Rejected("rules-content", f"{table.ruleset} is not installed on your machine")
    if theirs != table.rules_hash:
        return Rejected("rules-content", f"content differs: yours {str(theirs)[:8]}…, host's "
                                         f"{table.rules_hash[:8]}…")
    if started:
        return Rejected("started", "the game has started")
    return Rejected("lobby-full", "the lobby is full") if full else None


@dataclass
class HostLobby:
    """The host's lobby: seats, machines, and the way to a signed genesis."""

    identity: Identity
    table: Table
    name: str
    address: str
    seats: list[Occupant] = field(default_factory=list)
    machines: dict[str, tuple[str, str]] = field(default_factory=dict)
    """fingerprint → (name, address) of every machine in the lobby, the host's included."""
    rev: int = 0
    started: bool = False
    keys: dict[str, Machine] = field(default_factory=dict)
    genesis: Genesis | None = None
    signatures: dict[str, bytes] = field(default_factory=dict)
    secrets: LanSecrets | None = None

    def __post_init__(self) -> None:
        self.seats = [Occupant() for _ in self.table.seat_names]
        self.machines[self.identity.fingerprint] = (self.name, self.address)

    def open_seats(self) -> list[int]:
        """Seats nobody holds."""
        return [s for s, o in enumerate(self.seats) if not o.machine]

    def claim(self, machine: str, seat: int, player: str) -> None:
        """Give an open seat to a machine (a bot is ready at once)."""
        if not 0 <= seat < len(self.seats) or self.seats[seat].machine:
            raise Rejected("seat-taken", f"seat {seat} is not open")
        self.seats[seat] = Occupant(machine, player, player.startswith("bot:"))
        self.rev += 1

    def welcome(self, message: Message) -> list[tuple[str | None, bytes]]:
        """Answer a HELLO: WELCOME and the lobby, or REFUSE with the reason."""
        why = refusal(self.table, message.body, self.started, not self.open_seats())
        if why is not None:
            body = {"reason": why.reason, "text": str(why)}
            return [(message.sender, encode_frame(self.identity, "REFUSE", body))]
        self.machines[message.sender] = (str(message.body.get("name", "?"))[:40],
                                         str(message.body.get("address", "")))
        return [(message.sender, encode_frame(self.identity, "WELCOME", self._lobby()))]

    def handle(self, message: Message) -> list[tuple[str | None, bytes]]:
        """A joiner's CLAIM, RELEASE, READY, LEAVE, KEYS or GENESIS_SIG; frames to send."""
        body = message.body
        if message.type == "CLAIM":
            return self._claimed(message)
        if message.type == "RELEASE":
            self._release(message.sender, int(body["seat"]))
        elif message.type == "READY":
            self._ready(message.sender, int(body.get("rev", -1)))
        elif message.type == "LEAVE":
            self._leave(message.sender)
        elif message.type == "KEYS":
            return self._keys(message)
        elif message.type == "GENESIS_SIG":
            return self._signed(message)
        return [(None, encode_frame(self.identity, "LOBBY", self._lobby()))]

    def _claimed(self, message: Message) -> list[tuple[str | None, bytes]]:
        """A CLAIM: the new lobby to everyone, or (the seat went to another machine first)
        the lobby to the claimant alone, naming the seat it did not get."""
        seat = int(message.body["seat"])
        try:
            self.claim(message.sender, seat, str(message.body.get("player", "bot:random")))
        except Rejected:
            denied = encode_frame(self.identity, "LOBBY", {**self._lobby(), "denied": seat})
            return [(message.sender, denied)]
        return [(None, encode_frame(self.identity, "LOBBY", self._lobby()))]

    def can_start(self) -> bool:
        """Every seat held and every person ready."""
        return all(o.machine and o.ready for o in self.seats) and not self.started

    def start(self) -> list[tuple[str | None, bytes]]:
        """START: every machine sends its KEYS (the host's own are made here)."""
        self.started = True
        mine = tuple(s for s, o in enumerate(self.seats) if o.machine == self.identity.fingerprint)
        machine, self.secrets = new_machine(self.identity, self.name, self.address, mine)
        self.keys[self.identity.fingerprint] = machine
        start = (None, encode_frame(self.identity, "START", {"rev": self.rev}))
        return [start, *self._maybe_genesis()]

    def _lobby(self) -> dict[str, Any]:
        return {"rev": self.rev, "ruleset": self.table.ruleset,
                "rules_hash": self.table.rules_hash, "scenario": self.table.scenario,
                "options": {k: v for k, v in self.table.options},
                "seats": [{"name": n, "machine": o.machine, "player": o.player,
                           "ready": o.ready} for n, o in zip(self.table.seat_names, self.seats,
                                                              strict=True)],
                "machines": {fp: name for fp, (name, _) in self.machines.items()}}

    def _release(self, machine: str, seat: int) -> None:
        if 0 <= seat < len(self.seats) and self.seats[seat].machine == machine:
            self.seats[seat] = Occupant()
            self.rev += 1

    def _ready(self, machine: str, rev: int) -> None:
        if rev == self.rev:
            for occupant in self.seats:
                if occupant.machine == machine:
                    occupant.ready = True

    def _leave(self, machine: str) -> None:
        self.machines.pop(machine, None)
        for seat, occupant in enumerate(self.seats):
            if occupant.machine == machine:
                self.seats[seat] = Occupant()
        self.rev += 1

    def _keys(self, message: Message) -> list[tuple[str | None, bytes]]:
        body = message.body
        name, address = self.machines[message.sender]
        key = bytes.fromhex(str(body["key"]))
        self.keys[message.sender] = Machine(message.sender, name, key,
                                            bytes.fromhex(body["x25519"]),
                                            bytes.fromhex(body["tip"]),
                                            bytes.fromhex(body["nonce"]),
                                            str(body.get("address", address)))
        return self._maybe_genesis()

    def _maybe_genesis(self) -> list[tuple[str | None, bytes]]:
        holders = {o.machine for o in self.seats}
        if self.genesis is not None or not holders <= set(self.keys):
            return []
        machines = tuple(sorted((self.keys[fp] for fp in holders),
                                key=lambda m: m.fingerprint))
        self.genesis = Genesis(self.table.ruleset, self.table.rules_hash, self.table.scenario,
                               self.table.seat_names,
                               tuple(Seat(o.machine, o.player) for o in self.seats), machines,
                               tuple(sorted(self.table.options)))
        self.signatures[self.identity.fingerprint] = sign_genesis(self.identity, self.genesis)
        body = {"genesis": self.genesis.to_plain()}
        return [(None, encode_frame(self.identity, "GENESIS", body)), *self._maybe_signed()]

    def _signed(self, message: Message) -> list[tuple[str | None, bytes]]:
        self.signatures[message.sender] = bytes.fromhex(str(message.body["signature"]))
        return self._maybe_signed()

    def _maybe_signed(self) -> list[tuple[str | None, bytes]]:
        assert self.genesis is not None
        if set(self.signatures) < set(self.genesis.fingerprints()):
            return []
        check_signatures(self.genesis, self.signatures)
        return [(None, encode_frame(self.identity, "SIGNED", {"signatures": self.signatures}))]

    @property
    def done(self) -> bool:
        """Whether the genesis is signed by every machine."""
        return self.genesis is not None and set(self.signatures) >= set(
            self.genesis.fingerprints())


@dataclass
class JoinerLobby:
    """A joiner's side: claim seats, mark ready, send keys, sign the genesis."""

    identity: Identity
    name: str
    address: str
    want: int
    player: str
    lobby: dict[str, Any] = field(default_factory=dict)
    pending: set[int] = field(default_factory=set)
    """Seats claimed whose outcome no LOBBY has shown yet."""
    secrets: LanSecrets | None = None
    genesis: Genesis | None = None
    signatures: dict[str, bytes] = field(default_factory=dict)
    refused: Rejected | None = None

    def handle(self, message: Message) -> list[bytes]:
        """A message from the host; the frames to send back."""
        body = message.body
        if message.type == "REFUSE":
            self.refused = Rejected(str(body.get("reason", "refused")), str(body.get("text")))
            return []
        if message.type in ("WELCOME", "LOBBY"):
            self.lobby = body
            return self._claim()
        if message.type == "START":
            return self._keys()
        if message.type == "GENESIS":
            return self._sign(body)
        if message.type == "SIGNED":
            self._signed(body)
        return []

    def mine(self) -> tuple[int, ...]:
        """The seats this machine holds in the lobby."""
        return tuple(s for s, seat in enumerate(self.lobby.get("seats", []))
                     if seat.get("machine") == self.identity.fingerprint)

    def _claim(self) -> list[bytes]:
        """Claim open seats until this machine holds (or waits for) as many as it wants; then
        mark them ready on the lobby's current rev. Several joiners may claim one seat at
        once: the host gives it to the first and tells the others it was `denied`."""
        self.pending -= {self.lobby.get("denied"), *self.mine()}
        seats = self.lobby.get("seats", [])
        wanted = self.want - len(self.mine()) - len(self.pending)
        free = [s for s, seat in enumerate(seats)
                if not seat.get("machine") and s not in self.pending][:max(wanted, 0)]
        self.pending.update(free)
        if free or self.pending:
            return [encode_frame(self.identity, "CLAIM", {"seat": seat, "player": self.player})
                    for seat in free]
        if all(seats[s].get("ready") for s in self.mine()):
            return []
        return [encode_frame(self.identity, "READY", {"rev": self.lobby.get("rev", 0)})]

    def _keys(self) -> list[bytes]:
        machine, self.secrets = new_machine(self.identity, self.name, self.address, self.mine())
        body = {"key": machine.key, "x25519": machine.x25519, "tip": machine.tip,
                "nonce": machine.nonce, "address": machine.address}
        return [encode_frame(self.identity, "KEYS", body)]

    def _sign(self, body: dict[str, Any]) -> list[bytes]:
        genesis = genesis_from_plain(body["genesis"])
        assert self.secrets is not None
        if set(genesis.seats_of(self.identity.fingerprint)) != set(self.secrets.seat_keys):
            raise Rejected("bad-genesis", "the genesis does not give this machine its seats")
        self.genesis = genesis
        signature = sign_genesis(self.identity, genesis)
        return [encode_frame(self.identity, "GENESIS_SIG", {"signature": signature})]

    def _signed(self, body: dict[str, Any]) -> None:
        assert self.genesis is not None
        signatures = {fp: bytes.fromhex(s) for fp, s in body["signatures"].items()}
        check_signatures(self.genesis, signatures)
        self.signatures = signatures
