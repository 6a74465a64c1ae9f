"""Helpers for LAN tests: a table of machines in one process and a router between them."""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey

from game.ai.bots import make_bot
from game.core.actions import Action
from game.rulesets import get_ruleset
from game.session import make_config
from net.lan.beacon import HashChain
from net.lan.errors import Rejected
from net.lan.frames import Message, open_frame
from net.lan.genesis import Genesis, LanSecrets, Machine, Seat, new_machine
from net.lan.identity import Identity
from net.lan.ledger import Ledger
from net.lan.peer import GamePeer, Out
from net.lan.sealer import public_bytes

CHAIN = 512
"""A short beacon chain: enough for any test game, cheap to build."""
P = TypeVar("P", bound=GamePeer)


def table_of(ruleset_id: str, scenario: str | None, machines: int, seats: int | None = None,
             bot: str = "bot:random", seed: bytes | None = None) -> list[GamePeer]:
    """Peers of one game: seats dealt round the machines in turn order. With a `seed` every
    key and secret derives from it, so the game runs the same way until its first handoff
    (whose sealing uses a fresh ephemeral key)."""
    ruleset = get_ruleset(ruleset_id)
    names = make_config(ruleset, scenario, b"x" * 16, seats=seats).seats
    identities = sorted((_identity(seed, n) for n in range(machines)),
                        key=lambda i: i.fingerprint)
    owner = [identities[s % machines] for s in range(len(names))]
    made: list[tuple[Identity, Machine, LanSecrets]] = []
    for number, identity in enumerate(identities):
        mine = tuple(s for s in range(len(names)) if owner[s] is identity)
        machine, secrets = _machine(identity, number, mine, seed)
        made.append((identity, machine, secrets))
    info = next(i for i in ruleset.scenarios() if i.id in (scenario, None) or scenario is None)
    genesis = Genesis(ruleset.id, ruleset.content_hash(), info.id, names,
                      tuple(Seat(o.fingerprint, bot) for o in owner),
                      tuple(m for _, m, _ in made))
    return [GamePeer(i, genesis, s, Ledger(genesis), CHAIN) for i, _, s in made]


def _identity(seed: bytes | None, number: int) -> Identity:
    return Identity.ephemeral() if seed is None else Identity.from_seed(_part(seed, f"id{number}"))


def _part(seed: bytes, label: str) -> bytes:
    return hashlib.sha256(seed + b"\0" + label.encode()).digest()


def _machine(identity: Identity, number: int, mine: tuple[int, ...],
             seed: bytes | None) -> tuple[Machine, LanSecrets]:
    """A machine's public part and secrets: fresh, or derived from the seed and its key."""
    if seed is None:
        return new_machine(identity, f"M{number}", "127.0.0.1:0", mine, CHAIN)
    own = identity.seed()
    exchange = X25519PrivateKey.from_private_bytes(_part(own, "x25519"))
    secrets = LanSecrets({s: _part(own, f"seat{s}") for s in mine},
                         exchange.private_bytes_raw(), _part(own, "chain"), _part(own, "bots"))
    machine = Machine(identity.fingerprint, f"M{number}", identity.public_key,
                      public_bytes(exchange), HashChain(secrets.chain, CHAIN).tip,
                      _part(own, "nonce")[:16], "127.0.0.1:0")
    return machine, secrets


def recast(peers: list[GamePeer], index: int, cls: type[P]) -> P:
    """Rebuild one peer, before the game starts, as a (hostile) subclass of GamePeer."""
    old = peers[index]
    peers[index] = new = cls(old.identity, old.genesis, old.secrets, Ledger(old.genesis), CHAIN)
    return new


Pick = Callable[[tuple[Action, ...]], Action | None]
"""Chooses among the legal actions, or None to leave the choice to the random bot."""


class Steered:
    """A bot that takes what `pick` chooses, else a random legal action."""

    def __init__(self, pick: Pick, seed: bytes, ruleset_id: str) -> None:
        self.pick = pick
        self.inner = make_bot("bot:random", seed, ruleset_id)

    def choose(self, view: Mapping[str, Any], legal: tuple[Action, ...]) -> Action:
        """`pick`'s action, or a random one."""
        return self.pick(legal) or self.inner.choose(view, legal)


def steer(peer: GamePeer, seat: int, pick: Pick) -> None:
    """Let `pick` choose for one of the peer's seats (the random bot when it returns None)."""
    seed = peer.secrets.bots + bytes([seat])
    peer.session.bots[seat] = Steered(pick, seed, peer.session.ruleset.id)


Held = tuple[str, str, Message]
"""(sender, recipient, message) of a frame the router keeps back."""


@dataclass
class Router:
    """Delivers frames between peers in one process, in order, with optional interference:
    `drop` loses a frame, `hold` keeps it back until `release`. Frames that do not open
    (`open_frame` refuses them) never reach a peer: they are listed in `refused`."""

    peers: list[GamePeer]
    queue: deque[tuple[str, str, bytes]] = field(default_factory=deque)
    drop: Callable[[str, str, Message], bool] = lambda sender, to, message: False
    hold: Callable[[str, str, Message], bool] = lambda sender, to, message: False
    held: list[Held] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)
    """(recipient, reason) of every frame `open_frame` refused."""
    delivered: list[tuple[str, Message]] = field(default_factory=list)
    """(recipient, message) of every frame handed to a peer."""

    def by_fp(self, fingerprint: str) -> GamePeer:
        return next(p for p in self.peers if p.identity.fingerprint == fingerprint)

    def post(self, sender: GamePeer, outs: list[Out]) -> None:
        for out in outs:
            for peer in self.peers:
                fp = peer.identity.fingerprint
                if fp == sender.identity.fingerprint or fp == out.exclude:
                    continue
                if out.to is None or out.to == fp:
                    self.queue.append((sender.identity.fingerprint, fp, out.frame))

    def inject(self, sender: GamePeer, to: GamePeer, frame: bytes) -> None:
        """Put a frame on the wire from one machine to another (it goes after those queued)."""
        self.queue.append((sender.identity.fingerprint, to.identity.fingerprint, frame))

    def start(self) -> None:
        for peer in self.peers:
            self.post(peer, peer.advance())

    def run(self, limit: int = 2_000_000, until: Callable[[], bool] = lambda: False) -> int:
        """Deliver queued frames until none is left, `limit` are delivered or `until()`."""
        count = 0
        while self.queue and count < limit and not until():
            sender, to, frame = self.queue.popleft()
            try:
                message = open_frame(frame, self.by_fp(to).genesis.key_of)
            except Rejected as exc:
                self.refused.append((to, exc.reason))
                continue
            if self.drop(sender, to, message):
                continue
            if self.hold(sender, to, message):
                self.held.append((sender, to, message))
                continue
            self.deliver(to, message)
            count += 1
        return count

    def deliver(self, to: str, message: Message) -> None:
        """Hand one opened message to its recipient and queue the answers."""
        peer = self.by_fp(to)
        self.delivered.append((to, message))
        self.post(peer, peer.receive(message))

    def release(self) -> None:
        """Deliver every held message now, then run on."""
        held, self.held = self.held, []
        for _, to, message in held:
            self.deliver(to, message)
        self.run()

    def sent(self, message_type: str) -> list[Message]:
        """Every delivered message of one type, in delivery order."""
        return [m for _, m in self.delivered if m.type == message_type]
