"""A joiner's side of a lobby, without I/O (`net.lan.lobby` has the host's): claim seats, mark
ready, take the lobby's user scenario when this machine lacks it, send keys, sign the genesis.
Automatic for the command line, driven by a person in the client's lobby room."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from net.lan.admission import CLOSED, person_name
from net.lan.errors import Rejected
from net.lan.frames import Message, encode_frame
from net.lan.genesis import (
    Genesis,
    LanSecrets,
    check_signatures,
    genesis_from_plain,
    new_machine,
    sign_genesis,
)
from net.lan.identity import Identity
from net.lan.received import Shelf
from net.lan.scenario_link import Taker


@dataclass
class JoinerLobby:
    """A joiner's side: claim seats, mark ready, send keys, sign the genesis. Automatic (it
    takes or refuses a scenario it lacks as `receive` says, claims `want` seats for `player`
    and readies them) unless `auto` is False: then only its person's `answer`, `claim`,
    `release`, `set_ready` and `leave` act."""

    identity: Identity
    name: str
    address: str
    want: int = 0
    player: str = "human"
    auto: bool = True
    lobby: dict[str, Any] = field(default_factory=dict)
    pending: set[int] = field(default_factory=set)
    """Seats claimed whose outcome no LOBBY has shown yet (automatic mode)."""
    secrets: LanSecrets | None = None
    genesis: Genesis | None = None
    signatures: dict[str, bytes] = field(default_factory=dict)
    refused: Rejected | None = None
    notice: str = ""
    """Plain words on the last claim the host denied ("" since this machine's last claim)."""
    closed: str = ""
    """Why the lobby is over for this machine: the host's words when it closed it, or that
    the game started without this machine ("" while it is open)."""
    shelf: Shelf | None = None
    """This machine's user scenarios (None: it neither has nor keeps any)."""
    receive: bool = True
    """Automatic mode: receive a lobby's scenario this machine lacks (else refuse it)."""
    host: str = ""
    taker: Taker = field(init=False)
    """The lobby's user scenario on this side: held, offered, asked for, received."""

    def __post_init__(self) -> None:
        self.taker = Taker(self.identity, self.shelf, self.receive)

    def handle(self, message: Message) -> list[bytes]:
        """A message from the host; the frames to send back (none once the lobby is over)."""
        body = message.body
        if self.closed:
            return []
        if message.type == "REFUSE":
            self.refused = Rejected(str(body.get("reason", "refused")), str(body.get("text")))
        elif message.type == "CLOSE":
            self.closed = str(body.get("text") or CLOSED)
        elif message.type in ("WELCOME", "LOBBY"):
            self.host = message.sender
            self._seen(body)
            return self._then(self.taker.seen(self.lobby, self.host_name(), self.auto))
        elif message.type == "SCENARIO":
            return self._then(self.taker.received(message, self.lobby, self.host_name()))
        elif message.type == "START":
            return self._keys()
        elif message.type == "GENESIS":
            return self._sign(body)
        elif message.type == "SIGNED":
            self._signed(body)
        return []

    def mine(self) -> tuple[int, ...]:
        """The seats this machine holds in the lobby."""
        return tuple(s for s, seat in enumerate(self.lobby.get("seats", []))
                     if seat.get("machine") == self.identity.fingerprint)

    def claim(self, seat: int, person: str, player: str = "human") -> bytes:
        """A CLAIM of an open seat for a person (or, with "bot:NAME", for a bot here)."""
        self.notice = ""
        return encode_frame(self.identity, "CLAIM", {"seat": seat, "player": player,
                                                     "person": person_name(person)})

    def release(self, seat: int) -> bytes:
        """A RELEASE of a seat this machine holds."""
        return encode_frame(self.identity, "RELEASE", {"seat": seat})

    def set_ready(self, ready: bool) -> bytes:
        """A READY (or not) of this machine's persons, for the lobby as last seen."""
        body = {"rev": self.lobby.get("rev", 0), "ready": ready}
        return encode_frame(self.identity, "READY", body)

    def leave(self) -> bytes:
        """A LEAVE: the host opens this machine's seats and forgets it."""
        return encode_frame(self.identity, "LEAVE", {})

    def answer(self, receive: bool) -> list[bytes]:
        """The person receives the lobby's scenario this machine lacks, or refuses it (and
        leaves the lobby)."""
        return self._then(self.taker.answer(receive))

    def host_name(self) -> str:
        """The host machine's name."""
        return str(dict(self.lobby.get("machines", {})).get(self.host, "the host"))

    def _then(self, frames: list[bytes]) -> list[bytes]:
        """After the scenario's frames: the lobby is over if it was refused or could not be
        kept; else an automatic joiner that holds it claims its seats."""
        if self.taker.closed:
            self.closed = self.taker.closed
        elif self.auto and self.taker.holds(self.lobby):
            return frames + self._claim()
        return frames

    def _seen(self, body: dict[str, Any]) -> None:
        self.lobby, seats, denied = body, body.get("seats", []), body.get("denied")
        if type(denied) is int and 0 <= denied < len(seats) and self.taker.holds(body):
            self.notice = f"{seats[denied].get('name')} went to another machine first"

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
            return [encode_frame(self.identity, "CLAIM", {"seat": seat, "player": self.player,
                                                          "person": ""}) for seat in free]
        if all(seats[s].get("ready") for s in self.mine()):
            return []
        return [self.set_ready(True)]

    def _keys(self) -> list[bytes]:
        if not self.mine():
            self.closed = "the game started without this machine"
            return []
        machine, self.secrets = new_machine(self.identity, self.name, self.address, self.mine())
        body = {"key": machine.key, "x25519": machine.x25519, "tip": machine.tip,
                "nonce": machine.nonce, "address": machine.address}
        return [encode_frame(self.identity, "KEYS", body)]

    def _sign(self, body: dict[str, Any]) -> list[bytes]:
        genesis = genesis_from_plain(body["genesis"])
        assert self.secrets is not None
        if set(genesis.seats_of(self.identity.fingerprint)) != set(self.secrets.seat_keys):
            raise Rejected("bad-genesis", "the genesis does not give this machine its seats")
        if genesis.rules_hash != self.lobby.get("rules_hash"):
            raise Rejected("bad-genesis", "the genesis is not of the lobby's rules content")
        self.genesis = genesis
        signature = sign_genesis(self.identity, genesis)
        return [encode_frame(self.identity, "GENESIS_SIG", {"signature": signature})]

    def _signed(self, body: dict[str, Any]) -> None:
        assert self.genesis is not None
        signatures = {fp: bytes.fromhex(s) for fp, s in body["signatures"].items()}
        check_signatures(self.genesis, signatures)
        self.signatures = signatures
