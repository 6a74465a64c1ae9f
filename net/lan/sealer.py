"""Sealed handoffs between machines: X25519 to the recipient's per-game key, HKDF-SHA256, then
ChaCha20-Poly1305 with the handoff's place as associated data (protocol.md, Hidden hands).

Implements the core's `Sealer`: a payload opens only with the recipient machine's key and
only for the game, log entry, slot and seat it was sealed for.
"""

from __future__ import annotations

from collections.abc import Mapping

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from game.core.encoding import canonical_bytes, parse_canonical
from game.core.errors import CommitmentError, EncodingError
from game.core.sealing import SealContext
from game.core.slots import Opening

SEAL_TAG = b"mare-internum/handoff/v1\x00"
_NONCE = bytes(12)  # every key is fresh (a new ephemeral key per payload)


def new_game_key() -> X25519PrivateKey:
    """A machine's X25519 key for one game."""
    return X25519PrivateKey.generate()


def public_bytes(key: X25519PrivateKey) -> bytes:
    """The raw 32-byte public key announced in KEYS and kept in the genesis."""
    return key.public_key().public_bytes_raw()


def _place(context: SealContext) -> bytes:
    return SEAL_TAG + canonical_bytes({"game": context.game_id, "index": context.index,
                                       "slot": context.slot, "to": context.recipient})


def _cipher(shared: bytes, place: bytes) -> ChaCha20Poly1305:
    key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=place).derive(shared)
    return ChaCha20Poly1305(key)


class X25519Sealer:
    """Seals to each seat's machine key; opens payloads sealed to this machine's key."""

    def __init__(self, own: X25519PrivateKey, seat_keys: Mapping[int, bytes]) -> None:
        self._own = own
        self._seat_keys = dict(seat_keys)

    def seal(self, opening: Opening, to: int, context: SealContext) -> bytes:
        """Ephemeral public key (32 bytes) ‖ ciphertext of the opening."""
        if to != context.recipient or opening.slot != context.slot:
            raise CommitmentError("a handoff must be sealed for its own slot and recipient")
        recipient = X25519PublicKey.from_public_bytes(self._recipient_key(to))
        ephemeral = X25519PrivateKey.generate()
        place = _place(context)
        body = canonical_bytes({"slot": opening.slot, "card": opening.card,
                                "salt": opening.salt})
        sealed = _cipher(ephemeral.exchange(recipient), place).encrypt(_NONCE, body, place)
        return public_bytes(ephemeral) + sealed

    def unseal(self, sealed: bytes, context: SealContext) -> Opening:
        """The opening; CommitmentError when it was not sealed here for this place."""
        if len(sealed) < 32 + 16:
            raise CommitmentError("the sealed card is too short to be one")
        try:
            ephemeral = X25519PublicKey.from_public_bytes(sealed[:32])
            place = _place(context)
            body = _cipher(self._own.exchange(ephemeral), place).decrypt(_NONCE, sealed[32:],
                                                                         place)
        except (InvalidTag, ValueError):
            raise CommitmentError("the sealed card does not open with this machine's key for "
                                  "this entry") from None
        return _opening(body, context)

    def _recipient_key(self, seat: int) -> bytes:
        if seat not in self._seat_keys:
            raise CommitmentError(f"no machine key is known for seat {seat}")
        return self._seat_keys[seat]


def _opening(body: bytes, context: SealContext) -> Opening:
    try:
        plain = parse_canonical(body)
        opening = Opening(str(plain["slot"]), str(plain["card"]), bytes.fromhex(plain["salt"]))
    except (EncodingError, KeyError, TypeError, ValueError):
        raise CommitmentError("the sealed card is garbled") from None
    if opening.slot != context.slot:
        raise CommitmentError(f"the sealed card is for {opening.slot}, not {context.slot}")
    return opening
