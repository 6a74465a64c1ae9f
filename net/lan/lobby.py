"""The lobby before a LAN game, without I/O: a star around its host until every machine has
signed the genesis (protocol.md, Identity, lobby and genesis).

`HostLobby` keeps the seats, refuses a machine with a named reason (another protocol, engine
or rules content; a full lobby; a game already started) and takes the host's changes: the
table, bots on any machine of the room, any seat opened, the lobby closed; for one of its
own scenarios it seats only machines that have it (`net.lan.scenario_link` sends it to those
that ask). `JoinerLobby` (`net.lan.joiner`) is a joiner's side, automatic (the command line)
or driven by its person in a lobby room. Both return the frames to send; `net.lan.play`
carries them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from net.lan.admission import (
    CLOSED,
    Table,
    body_field,
    is_bot,
    person_name,
    player_spec,
    refusal,
)
from net.lan.errors import Rejected
from net.lan.frames import Message, encode_frame
from net.lan.genesis import (
    Genesis,
    LanSecrets,
    Machine,
    Seat,
    check_signatures,
    new_machine,
    sign_genesis,
)
from net.lan.identity import Identity, fingerprint_of
from net.lan.joiner import JoinerLobby
from net.lan.scenario_link import HostShare
from net.lan.sharing import share_of

Outgoing = list[tuple[str | None, bytes]]
"""Frames to send: (fingerprint, frame) to one machine, (None, frame) to every machine."""



@dataclass
class Occupant:
    """Who holds a seat in the lobby ("" = open), the person's name ("" for a bot), and
    whether they are ready."""

    machine: str = ""
    player: str = ""
    ready: bool = False
    person: str = ""


@dataclass
class HostLobby:
    """The host's lobby: seats, machines, and the way to a signed genesis. Every change
    returns the frames to send and is refused (Rejected "started") once the game starts."""

    identity: Identity
    table: Table
    name: str
    address: str
    seats: list[Occupant] = field(default_factory=list)
    machines: dict[str, tuple[str, str]] = field(default_factory=dict)
    """fingerprint → (name, address) of every machine in the lobby, the host's included."""
    rev: int = 0
    """Rises with every change of the table or of who holds what; a READY counts for the
    current rev only."""
    started: bool = False
    closed: bool = False
    keys: dict[str, Machine] = field(default_factory=dict)
    genesis: Genesis | None = None
    signatures: dict[str, bytes] = field(default_factory=dict)
    secrets: LanSecrets | None = None
    share: HostShare = field(default_factory=HostShare)
    """Which machines have the host's own scenario the lobby plays, and sending it."""
    notice: str = ""
    """Plain words for the host's person: a machine refused the scenario and left."""

    def __post_init__(self) -> None:
        self.seats = [Occupant() for _ in self.table.seat_names]
        self.machines[self.identity.fingerprint] = (self.name, self.address)

    def open_seats(self) -> list[int]:
        """Seats nobody holds."""
        return [s for s, o in enumerate(self.seats) if not o.machine]

    def claim(self, machine: str, seat: int, player: str, person: str = "") -> Outgoing:
        """Give an open seat to a machine of the room, for a person or a bot (ready at once);
        the machine's persons are no longer ready. LOBBY to everyone."""
        self._check_open()
        player = player_spec(player)
        if machine not in self.machines:
            raise Rejected("unknown-machine", f"machine {machine[:8]} is not in the lobby")
        if not 0 <= seat < len(self.seats) or self.seats[seat].machine:
            raise Rejected("seat-taken", f"seat {seat} is not open")
        self._check_holds(machine)
        self._mark(machine, False)
        self._seat(seat, machine, player, person)
        return self._everyone()

    def assign(self, seat: int, machine: str, player: str) -> Outgoing:
        """The host seats a bot ("bot:NAME") of a machine in the room at a seat, open or held;
        machine "" opens the seat. LOBBY to everyone."""
        self._check_open()
        if not 0 <= seat < len(self.seats):
            raise Rejected("no-seat", f"there is no seat {seat}")
        if not machine:
            self._open(seat)
        elif machine not in self.machines:
            raise Rejected("unknown-machine", f"machine {machine[:8]} is not in the lobby")
        elif not is_bot(player):
            raise Rejected("not-a-bot", f"the host places bots only, not {player[:64]!r}")
        else:
            self._check_holds(machine)
            self._seat(seat, machine, player_spec(player), "")
        return self._everyone()

    def set_table(self, table: Table) -> Outgoing:
        """Another scenario (a bundled one or one of the host's own), options or seats for the
        same rule set: every seat opens."""
        self._check_open()
        if (table.ruleset, table.admits) != (self.table.ruleset, self.table.admits):
            raise Rejected("ruleset", "a lobby keeps the rule set its machines were let in for")
        self.table = table
        self.seats = [Occupant() for _ in table.seat_names]
        self.rev += 1
        return self._everyone()

    def claim_own(self, seat: int, person: str) -> Outgoing:
        """The host's person takes an open seat."""
        return self.claim(self.identity.fingerprint, seat, "human", person)

    def release_own(self, seat: int) -> Outgoing:
        """The host gives up one of its own seats."""
        self._check_open()
        if not self._release(self.identity.fingerprint, seat):
            raise Rejected("not-yours", f"seat {seat} is not this machine's")
        return self._everyone()

    def set_ready_own(self, ready: bool) -> Outgoing:
        """The host's persons ready (or not)."""
        self._check_open()
        self._mark(self.identity.fingerprint, ready)
        return self._everyone()

    def close(self, text: str = CLOSED) -> Outgoing:
        """The host leaves: CLOSE to everyone, and the lobby takes no more changes."""
        self.closed = True
        return [(None, encode_frame(self.identity, "CLOSE", {"text": text}))]

    def drop(self, machine: str) -> Outgoing:
        """A joiner's link is gone: as if it had left (nothing once the game has started)."""
        if self.started or machine not in self.machines:
            return []
        self._leave(machine)
        return self._everyone()

    def welcome(self, message: Message) -> Outgoing:
        """Answer a HELLO: WELCOME and the lobby, or REFUSE with the reason."""
        why = refusal(self.table, message.body, self.started, not self.open_seats())
        if why is not None:
            body = {"reason": why.reason, "text": str(why)}
            return [(message.sender, encode_frame(self.identity, "REFUSE", body))]
        self.machines[message.sender] = (str(message.body.get("name", "?"))[:40],
                                         str(message.body.get("address", "")))
        return [(message.sender, encode_frame(self.identity, "WELCOME", self.lobby_body()))]

    def handle(self, message: Message) -> Outgoing:
        """A joiner's CLAIM, RELEASE, READY, LEAVE, KEYS or GENESIS_SIG; the frames to send.
        Rejected("malformed") for a body of the wrong shape; a change after START is ignored
        (one sent before it may still be on its way)."""
        if message.type in ("CLAIM", "RELEASE", "READY", "LEAVE", "HAVE", "FETCH") \
                and self.started:
            return []
        try:
            return self._dispatch(message)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise Rejected("malformed", f"a malformed {message.type}: {exc!r}"[:200]) from None

    def _dispatch(self, message: Message) -> Outgoing:
        body, sender = message.body, message.sender
        if message.type == "CLAIM":
            return self._claimed(message)
        if message.type == "RELEASE":
            self._release(sender, body_field(body, "seat", int))
        elif message.type == "READY":
            self._ready(sender, body_field(body, "rev", int), body_field(body, "ready", bool, True))
        elif message.type == "LEAVE":
            self._left(sender, body)
        elif message.type == "HAVE":
            self.share.has(sender, body_field(body, "rules_hash", str))
        elif message.type == "FETCH":
            return self.share.fetched(self.identity, self.table, sender,
                                      body_field(body, "rules_hash", str))
        elif message.type == "KEYS":
            return self._keys(message)
        elif message.type == "GENESIS_SIG":
            return self._signed(message)
        return self._everyone()

    def _claimed(self, message: Message) -> Outgoing:
        """A CLAIM: the new lobby to everyone, or (the seat went to another machine first)
        the lobby to the claimant alone, naming the seat it did not get."""
        body = message.body
        seat, person = body_field(body, "seat", int), body_field(body, "person", str, "")
        try:
            return self.claim(message.sender, seat, body.get("player", "bot:random"), person)
        except Rejected as why:
            if why.reason not in ("seat-taken", "lacks-scenario"):
                raise
        denied = encode_frame(self.identity, "LOBBY", {**self.lobby_body(), "denied": seat})
        return [(message.sender, denied)]

    def can_start(self) -> bool:
        """Every seat held and every person ready (on machines that have the scenario)."""
        return all(o.machine and o.ready and self.holds(o.machine)
                   for o in self.seats) and not self.started

    def holds(self, machine: str) -> bool:
        """Whether a machine of the room has the lobby's content (a user scenario: said so)."""
        return machine == self.identity.fingerprint or self.share.holds(self.table, machine)

    def _check_holds(self, machine: str) -> None:
        if not self.holds(machine):
            name = self.machines.get(machine, ("another machine",))[0]
            raise Rejected("lacks-scenario", f"{name}'s machine does not have "
                                             f"{self.table.scenario_name} yet")

    def _left(self, machine: str, body: dict[str, Any]) -> None:
        """A LEAVE; one that says the machine refused the lobby's scenario, or could not take
        it, is told to the host's person."""
        name = self.machines.get(machine, ("another machine",))[0]
        self.notice = self.share.left_words(self.table, name, body) or self.notice
        self._leave(machine)

    def start(self) -> Outgoing:
        """START: every machine sends its KEYS (the host's own are made here)."""
        if not self.can_start():
            raise Rejected("not-ready", "every seat must be held and every person ready")
        self.started = True
        mine = tuple(s for s, o in enumerate(self.seats) if o.machine == self.identity.fingerprint)
        machine, self.secrets = new_machine(self.identity, self.name, self.address, mine)
        self.keys[self.identity.fingerprint] = machine
        start = (None, encode_frame(self.identity, "START", {"rev": self.rev}))
        return [start, *self._maybe_genesis()]

    def _check_open(self) -> None:
        if self.started:
            raise Rejected("started", "the game has started")
        if self.closed:
            raise Rejected("closed", CLOSED)

    def _everyone(self) -> Outgoing:
        return [(None, encode_frame(self.identity, "LOBBY", self.lobby_body()))]

    def lobby_body(self) -> dict[str, Any]:
        """The LOBBY body: the table, every seat, and the machines of the room; for a user
        scenario also what it is (`share`) and which machines lack it."""
        body = {"rev": self.rev, "ruleset": self.table.ruleset,
                "rules_hash": self.table.rules_hash, "scenario": self.table.scenario,
                "options": {k: v for k, v in self.table.options},
                "seats": [{"name": n, "machine": o.machine, "player": o.player,
                           "person": o.person, "ready": o.ready}
                          for n, o in zip(self.table.seat_names, self.seats, strict=True)],
                "machines": {fp: name for fp, (name, _) in self.machines.items()}}
        share = share_of(self.table)
        if share is not None:
            body["share"] = share
            body["lacking"] = sorted(fp for fp in self.machines if not self.holds(fp))
        return body

    def _seat(self, seat: int, machine: str, player: str, person: str) -> None:
        bot = is_bot(player)
        self.seats[seat] = Occupant(machine, player, bot, "" if bot else person_name(person))
        self.rev += 1

    def _open(self, seat: int) -> None:
        self.seats[seat] = Occupant()
        self.rev += 1

    def _release(self, machine: str, seat: int) -> bool:
        """Open a seat the machine holds (its persons are no longer ready); whether it did."""
        if not (0 <= seat < len(self.seats) and self.seats[seat].machine == machine):
            return False
        self._open(seat)
        self._mark(machine, False)
        return True

    def _ready(self, machine: str, rev: int, ready: bool) -> None:
        """A READY: "ready" counts for the current rev only; "not ready" always does."""
        if rev == self.rev or not ready:
            self._mark(machine, ready)

    def _mark(self, machine: str, ready: bool) -> None:
        for occupant in self.seats:
            if occupant.machine == machine and not is_bot(occupant.player):
                occupant.ready = ready

    def _leave(self, machine: str) -> None:
        self.machines.pop(machine, None)
        self.share.forget(machine)
        for seat, occupant in enumerate(self.seats):
            if occupant.machine == machine:
                self._open(seat)
        self.rev += 1

    def _keys(self, message: Message) -> Outgoing:
        if not self.started:
            raise Rejected("out-of-order", "KEYS come after START")
        body = message.body
        name, address = self.machines[message.sender]
        key = bytes.fromhex(body["key"])
        if fingerprint_of(key) != message.sender:
            raise Rejected("malformed", "the KEYS carry another machine's key")
        x25519, tip, nonce = (bytes.fromhex(body[k]) for k in ("x25519", "tip", "nonce"))
        self.keys[message.sender] = Machine(message.sender, name, key, x25519, tip, nonce,
                                            str(body.get("address", address)))
        return self._maybe_genesis()

    def _maybe_genesis(self) -> Outgoing:
        holders = {o.machine for o in self.seats}
        if self.genesis is not None or not holders <= set(self.keys):
            return []
        machines = tuple(sorted((self.keys[fp] for fp in holders),
                                key=lambda m: m.fingerprint))
        seats = tuple(Seat(o.machine, o.player, o.person) for o in self.seats)
        self.genesis = Genesis(self.table.ruleset, self.table.rules_hash, self.table.scenario,
                               self.table.seat_names, seats, machines,
                               tuple(sorted(self.table.options)))
        self.signatures[self.identity.fingerprint] = sign_genesis(self.identity, self.genesis)
        body = {"genesis": self.genesis.to_plain()}
        return [(None, encode_frame(self.identity, "GENESIS", body)), *self._maybe_signed()]

    def _signed(self, message: Message) -> Outgoing:
        if self.genesis is None:
            raise Rejected("out-of-order", "a GENESIS_SIG comes after the GENESIS")
        self.signatures[message.sender] = bytes.fromhex(message.body["signature"])
        return self._maybe_signed()

    def _maybe_signed(self) -> Outgoing:
        assert self.genesis is not None
        if not set(self.genesis.fingerprints()) <= set(self.signatures):
            return []
        check_signatures(self.genesis, self.signatures)
        return [(None, encode_frame(self.identity, "SIGNED", {"signatures": self.signatures}))]

    @property
    def done(self) -> bool:
        """Whether the genesis is signed by every machine."""
        return self.genesis is not None and set(self.signatures) >= set(
            self.genesis.fingerprints())


__all__ = ["CLOSED", "HostLobby", "JoinerLobby", "Occupant", "Outgoing"]
