"""Handoffs sealed between machines open only at the recipient, for their own place."""

from __future__ import annotations

import pytest

from game.core.errors import CommitmentError
from game.core.sealing import SealContext
from game.core.slots import Opening
from net.lan.sealer import X25519Sealer, new_game_key, public_bytes

OPENING = Opening("d0:0:3", "d0/thief/6", b"s" * 16)
PLACE = SealContext(b"g" * 16, 41, "d0:0:3", 1)


def _pair() -> tuple[X25519Sealer, X25519Sealer, X25519Sealer]:
    keys = [new_game_key() for _ in range(3)]
    seats = {seat: public_bytes(key) for seat, key in enumerate(keys)}
    return tuple(X25519Sealer(key, seats) for key in keys)  # type: ignore[return-value]


def test_the_recipient_opens_it_and_nobody_else() -> None:
    victim, thief, other = _pair()
    sealed = victim.seal(OPENING, 1, PLACE)
    assert OPENING.card.encode() not in sealed
    assert thief.unseal(sealed, PLACE) == OPENING
    with pytest.raises(CommitmentError, match="does not open with this machine's key"):
        other.unseal(sealed, PLACE)


@pytest.mark.parametrize("elsewhere", [SealContext(b"h" * 16, 41, "d0:0:3", 1),
                                       SealContext(b"g" * 16, 42, "d0:0:3", 1),
                                       SealContext(b"g" * 16, 41, "d0:0:4", 1)])
def test_a_payload_replayed_elsewhere_is_refused(elsewhere: SealContext) -> None:
    victim, thief, _ = _pair()
    sealed = victim.seal(OPENING, 1, PLACE)
    with pytest.raises(CommitmentError):
        thief.unseal(sealed, elsewhere)


@pytest.mark.parametrize("garbage", [b"", b"x" * 47, bytes(80)])
def test_garbage_is_refused_by_name(garbage: bytes) -> None:
    _, thief, _ = _pair()
    with pytest.raises(CommitmentError):
        thief.unseal(garbage, PLACE)


def test_a_flipped_bit_is_refused() -> None:
    victim, thief, _ = _pair()
    sealed = bytearray(victim.seal(OPENING, 1, PLACE))
    sealed[-1] ^= 1
    with pytest.raises(CommitmentError):
        thief.unseal(bytes(sealed), PLACE)
