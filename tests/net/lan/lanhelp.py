"""Helpers for LAN tests: a table of machines in one process and a router between them."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from game.rulesets import get_ruleset
from game.session import make_config
from net.lan.frames import Message, open_frame
from net.lan.genesis import Genesis, LanSecrets, Machine, Seat, new_machine
from net.lan.identity import Identity
from net.lan.ledger import Ledger
from net.lan.peer import GamePeer, Out

CHAIN = 512
"""A short beacon chain: enough for any test game, cheap to build."""


def table_of(ruleset_id: str, scenario: str | None, machines: int, seats: int | None = None,
             bot: str = "bot:random") -> list[GamePeer]:
    """Peers of one game: seats dealt round the machines in turn order."""
    ruleset = get_ruleset(ruleset_id)
    names = make_config(ruleset, scenario, b"x" * 16, seats=seats).seats
    identities = sorted((Identity.ephemeral() for _ in range(machines)),
                        key=lambda i: i.fingerprint)
    owner = [identities[s % machines] for s in range(len(names))]
    made: list[tuple[Identity, Machine, LanSecrets]] = []
    for number, identity in enumerate(identities):
        mine = tuple(s for s in range(len(names)) if owner[s] is identity)
        machine, secrets = new_machine(identity, f"M{number}", "127.0.0.1:0", mine, CHAIN)
        made.append((identity, machine, secrets))
    info = next(i for i in ruleset.scenarios() if i.id in (scenario, None) or scenario is None)
    genesis = Genesis(ruleset.id, ruleset.content_hash(), info.id, names,
                      tuple(Seat(o.fingerprint, bot) for o in owner),
                      tuple(m for _, m, _ in made))
    return [GamePeer(i, genesis, s, Ledger(genesis), CHAIN) for i, _, s in made]


@dataclass
class Router:
    """Delivers frames between peers in one process, in order, with optional interference."""

    peers: list[GamePeer]
    queue: deque[tuple[str, str, bytes]] = field(default_factory=deque)
    drop: Callable[[str, str, Message], bool] = lambda sender, to, message: False

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

    def start(self) -> None:
        for peer in self.peers:
            self.post(peer, peer.advance())

    def run(self, limit: int = 2_000_000) -> int:
        delivered = 0
        while self.queue and delivered < limit:
            sender, to, frame = self.queue.popleft()
            peer = self.by_fp(to)
            message = open_frame(frame, peer.genesis.key_of)
            if self.drop(sender, to, message):
                continue
            self.post(peer, peer.receive(message))
            delivered += 1
        return delivered
