"""A seat's private knowledge: its shuffles' slot maps and the openings handed to it.

Lives outside the public state (with the driver of that seat). Deterministic from the seat's
secret key, so a seat can rebuild it after a crash from its key and the public log.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from types import MappingProxyType

from game.core.drbg import Drbg
from game.core.encoding import canonical_bytes, parse_canonical
from game.core.errors import CommitmentError, EncodingError
from game.core.slots import SALT_BYTES, HiddenCards, Opening, commitment, slot_id, verify


class SeatSecrets:
    """What one seat knows privately."""

    def __init__(self, seat: int, key: bytes) -> None:
        if len(key) < 16:
            raise ValueError("a seat key needs at least 16 bytes")
        self.seat = seat
        self._key = key
        self._openings: dict[str, Opening] = {}
        self._known: Mapping[str, str] | None = None
        """slot → card of every opening, rebuilt only after the openings change."""

    def shuffle(self, game_id: bytes, deck: str, epoch: int,
                cards: tuple[str, ...]) -> tuple[bytes, ...]:
        """Privately assign `cards` to the slots of a new shuffle; return the commitments."""
        drbg = Drbg(self._derive(b"deal", game_id, deck, epoch), "deal")
        order = drbg.shuffled(sorted(cards))
        out = []
        for index, card in enumerate(order):
            slot = slot_id(deck, epoch, index)
            salt = drbg.read(SALT_BYTES)
            self._openings[slot] = Opening(slot, card, salt)
            out.append(commitment(game_id, self.seat, slot, card, salt))
        self._known = None
        return tuple(out)

    def opening(self, slot: str) -> Opening:
        """The opening of a slot this seat knows (KeyError otherwise)."""
        return self._openings[slot]

    def knows(self, slot: str) -> bool:
        """Whether this seat knows the card in `slot`."""
        return slot in self._openings

    def known(self, slots: tuple[str, ...] | None = None) -> Mapping[str, str]:
        """slot → card for the given slots this seat knows (all known slots when None)."""
        if slots is None:
            if self._known is None:
                self._known = MappingProxyType({s: o.card for s, o in self._openings.items()})
            return self._known
        return {s: self._openings[s].card for s in slots if s in self._openings}

    def receive(self, hidden: HiddenCards, sealed: bytes) -> Opening:
        """Accept an opening handed to this seat; verified against its commitment."""
        opening = LocalSealer.unseal(sealed)
        verify(hidden, opening)
        self._openings[opening.slot] = opening
        self._known = None
        return opening

    def _derive(self, purpose: bytes, game_id: bytes, deck: str, epoch: int) -> bytes:
        message = b"\x00".join((purpose, game_id, deck.encode(), str(epoch).encode()))
        return hmac.new(self._key, message, hashlib.sha256).digest()


class LocalSealer:
    """Hands an opening to one seat inside a single process (hot-seat and bot tables).

    Every seat's secrets already live in this process, so the payload is not encrypted; the
    LAN layer seals to the recipient's X25519 key instead (protocol.md, HANDOFF).
    """

    @staticmethod
    def seal(opening: Opening, recipient: int) -> bytes:
        """The payload that carries `opening` to `recipient`."""
        return canonical_bytes({"to": recipient, "slot": opening.slot, "card": opening.card,
                                "salt": opening.salt})

    @staticmethod
    def unseal(sealed: bytes) -> Opening:
        """The opening inside a payload; CommitmentError when garbled."""
        try:
            plain = parse_canonical(sealed)
            return Opening(plain["slot"], plain["card"], bytes.fromhex(plain["salt"]))
        except (EncodingError, KeyError, TypeError, ValueError):
            raise CommitmentError("a handed-off opening could not be read") from None
