"""The genesis: what every machine signs before a LAN game starts, and the game id it names.

It holds the protocol and engine versions, the rule set and its rules hash, the scenario and
options, who sits at each seat (machine, and a person or a bot), and every machine's keys,
beacon chain tip, nonce and address. It holds no deck commitments: those bind the game id,
which is the hash of the genesis (protocol.md, Identity, lobby and genesis).
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from game.core.encoding import canonical_bytes
from game.core.log import ENGINE_VERSION
from game.core.ruleset import GameConfig
from net.lan.beacon import CHAIN_LENGTH, HashChain
from net.lan.errors import Rejected
from net.lan.identity import TAG_LOBBY, Identity, fingerprint_of, verify
from net.lan.sealer import new_game_key, public_bytes

PROTOCOL = 2
GAME_ID_SIZE = 16


@dataclass(frozen=True)
class Machine:
    """One machine at the table: its signing key, per-game X25519 key, chain tip, nonce."""

    fingerprint: str
    name: str
    key: bytes
    x25519: bytes
    tip: bytes
    nonce: bytes
    address: str

    def to_plain(self) -> dict[str, Any]:
        """The canonical form."""
        return {"fp": self.fingerprint, "name": self.name, "key": self.key,
                "x25519": self.x25519, "tip": self.tip, "nonce": self.nonce,
                "address": self.address}


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat: the machine that answers for it, a person or a bot, and the
    person's name ("" for a bot)."""

    machine: str
    player: str
    person: str = ""

    def to_plain(self) -> dict[str, Any]:
        """The canonical form; "person" only when named, so a genesis saved before persons
        existed encodes (and so hashes and verifies) as it did."""
        plain = {"machine": self.machine, "player": self.player}
        return {**plain, "person": self.person} if self.person else plain


@dataclass(frozen=True)
class Genesis:
    """The agreed start of one LAN game."""

    ruleset: str
    rules_hash: str
    scenario: str
    seat_names: tuple[str, ...]
    seats: tuple[Seat, ...]
    machines: tuple[Machine, ...]
    options: tuple[tuple[str, Any], ...] = ()
    protocol: int = PROTOCOL
    engine: str = ENGINE_VERSION

    def to_plain(self) -> dict[str, Any]:
        """The canonical form every machine signs."""
        return {"protocol": self.protocol, "engine": self.engine, "ruleset": self.ruleset,
                "rules_hash": self.rules_hash, "scenario": self.scenario,
                "options": {key: value for key, value in self.options},
                "seat_names": list(self.seat_names),
                "seats": [seat.to_plain() for seat in self.seats],
                "machines": [m.to_plain() for m in self.machines]}

    @cached_property
    def encoded(self) -> bytes:
        """The signed bytes."""
        return canonical_bytes(self.to_plain())

    @cached_property
    def digest(self) -> bytes:
        """SHA-256 of the genesis: the `prev` of the ledger's first record."""
        return hashlib.sha256(self.encoded).digest()

    @cached_property
    def game_id(self) -> bytes:
        """The game's id: the first 16 bytes of the genesis hash."""
        return self.digest[:GAME_ID_SIZE]

    def config(self) -> GameConfig:
        """The engine's set-up for this game."""
        return GameConfig(self.ruleset, self.scenario, self.seat_names, self.game_id,
                          tuple(sorted(self.options)))

    def machine(self, fingerprint: str) -> Machine:
        """One machine by fingerprint; Rejected when it is not at this table."""
        for machine in self.machines:
            if machine.fingerprint == fingerprint:
                return machine
        raise Rejected("unknown-machine", f"machine {fingerprint[:8]} is not in this game")

    def key_of(self, fingerprint: str) -> bytes | None:
        """The signing key of a machine of this game (None for a stranger)."""
        return next((m.key for m in self.machines if m.fingerprint == fingerprint), None)

    def seats_of(self, fingerprint: str) -> tuple[int, ...]:
        """The seats a machine answers for."""
        return tuple(i for i, seat in enumerate(self.seats) if seat.machine == fingerprint)

    def owner(self, seat: int) -> str:
        """The fingerprint of the machine that answers for a seat."""
        return self.seats[seat].machine

    def fingerprints(self) -> tuple[str, ...]:
        """Every machine's fingerprint, sorted (the beacon's order)."""
        return tuple(sorted(m.fingerprint for m in self.machines))


@dataclass(frozen=True)
class LanSecrets:
    """What stays on this machine for one game (written 0600 beside its ledger)."""

    seat_keys: dict[int, bytes]
    x25519: bytes
    chain: bytes
    bots: bytes

    def to_plain(self) -> dict[str, Any]:
        """The canonical form of the secrets file."""
        return {"seats": {str(s): k for s, k in sorted(self.seat_keys.items())},
                "x25519": self.x25519, "chain": self.chain, "bots": self.bots}

    @staticmethod
    def from_plain(plain: dict[str, Any]) -> LanSecrets:
        """The secrets from their canonical form."""
        return LanSecrets({int(s): bytes.fromhex(k) for s, k in plain["seats"].items()},
                          bytes.fromhex(plain["x25519"]), bytes.fromhex(plain["chain"]),
                          bytes.fromhex(plain["bots"]))


def new_machine(identity: Identity, name: str, address: str, seats: tuple[int, ...],
                chain_length: int = CHAIN_LENGTH) -> tuple[Machine, LanSecrets]:
    """This machine's public part of a new game (for KEYS) and the secrets it keeps."""
    exchange = new_game_key()
    chain = os.urandom(32)
    secrets = LanSecrets({seat: os.urandom(32) for seat in seats}, exchange.private_bytes_raw(),
                         chain, os.urandom(32))
    machine = Machine(identity.fingerprint, name, identity.public_key, public_bytes(exchange),
                      HashChain(chain, chain_length).tip, os.urandom(16), address)
    return machine, secrets


def genesis_from_plain(plain: Any) -> Genesis:
    """A genesis from its canonical form; Rejected("bad-genesis") when malformed."""
    try:
        machines = tuple(_machine(m) for m in plain["machines"])
        seats = tuple(Seat(str(s["machine"]), str(s["player"]), str(s.get("person", "")))
                      for s in plain["seats"])
        genesis = Genesis(str(plain["ruleset"]), str(plain["rules_hash"]),
                          str(plain["scenario"]), tuple(str(n) for n in plain["seat_names"]),
                          seats, machines, tuple(sorted(plain["options"].items())),
                          int(plain["protocol"]), str(plain["engine"]))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise Rejected("bad-genesis", f"the genesis is malformed ({exc})") from None
    _check(genesis)
    return genesis


def _machine(plain: dict[str, Any]) -> Machine:
    return Machine(str(plain["fp"]), str(plain["name"]), bytes.fromhex(plain["key"]),
                   bytes.fromhex(plain["x25519"]), bytes.fromhex(plain["tip"]),
                   bytes.fromhex(plain["nonce"]), str(plain["address"]))


def _check(genesis: Genesis) -> None:
    fingerprints = [m.fingerprint for m in genesis.machines]
    if fingerprints != sorted(set(fingerprints)):
        raise Rejected("bad-genesis", "the genesis lists its machines out of order or twice")
    for machine in genesis.machines:
        if fingerprint_of(machine.key) != machine.fingerprint:
            raise Rejected("bad-genesis", f"machine {machine.name}'s key is not its own")
    if len(genesis.seats) != len(genesis.seat_names) or not genesis.seats:
        raise Rejected("bad-genesis", "the genesis names no seats, or a seat no machine holds")
    if any(seat.machine not in fingerprints for seat in genesis.seats):
        raise Rejected("bad-genesis", "a seat is held by a machine not in the genesis")


def sign_genesis(identity: Identity, genesis: Genesis) -> bytes:
    """This machine's signature over the genesis."""
    return identity.sign(TAG_LOBBY, b"genesis\x00" + genesis.encoded)


def check_signatures(genesis: Genesis, signatures: dict[str, bytes]) -> None:
    """Rejected unless every machine of the genesis signed it."""
    for machine in genesis.machines:
        signature = signatures.get(machine.fingerprint, b"")
        if not verify(machine.key, TAG_LOBBY, b"genesis\x00" + genesis.encoded, signature):
            raise Rejected("genesis-unsigned", f"{machine.name} has not signed the genesis")
