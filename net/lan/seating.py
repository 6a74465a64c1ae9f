"""Who holds what in a LAN game's session on this machine: only its own seats' secrets, the
other seats remote, handoffs sealed to each seat's machine (X25519)."""

from __future__ import annotations

import os
from typing import Any

from game.core.ruleset import Ruleset
from game.core.secrets import SeatSecrets
from game.core.table import Table
from game.session import HUMAN, REMOTE, GameSession, Secrets
from net.lan.genesis import Genesis, LanSecrets
from net.lan.received import game_ruleset
from net.lan.sealer import X25519Sealer


def lan_session(genesis: Genesis, fingerprint: str, secrets: LanSecrets,
                mirror: bool = False, ruleset: Ruleset | None = None) -> GameSession:
    """A session holding only this machine's seats' secrets; other seats are REMOTE (and, for
    a client's `mirror`, this machine's bots too: only its people answer there). Played with
    `ruleset`, else the genesis's (a user scenario looked up by its rules hash)."""
    config = genesis.config()
    mine = genesis.seats_of(fingerprint)
    sealer = X25519Sealer(_x25519(secrets.x25519), {
        seat: genesis.machine(genesis.owner(seat)).x25519 for seat in range(len(genesis.seats))})
    seats = {seat: SeatSecrets(seat, secrets.seat_keys[seat], sealer) for seat in mine}
    table = Table(ruleset or game_ruleset(genesis), config, seats, sealer=sealer)
    players = tuple(genesis.seats[s].player if s in mine else REMOTE
                    for s in range(len(genesis.seats)))
    if mirror:
        players = tuple(p if p == HUMAN else REMOTE for p in players)
    keys = tuple(secrets.seat_keys.get(s, b"") for s in range(len(genesis.seats)))
    return GameSession(table, players, Secrets(keys, b"", secrets.bots))


def spectator_secrets() -> LanSecrets:
    """Secrets for a machine that holds no seat (a spectator's throwaway keys)."""
    return LanSecrets({}, os.urandom(32), os.urandom(32), os.urandom(32))


def _x25519(raw: bytes) -> Any:
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey

    return X25519PrivateKey.from_private_bytes(raw)
