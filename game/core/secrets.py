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
from game.core.sealing import LocalSealer, SealContext, Sealer
from game.core.slots import SALT_BYTES, HiddenCards, Opening, check_handed, commitment, slot_id

__all__ = ["LocalSealer", "SeatSecrets"]


class SeatSecrets:
    """What one seat knows privately."""

    def __init__(self, seat: int, key: bytes, sealer: Sealer | None = None) -> None:
        if len(key) < 16:
            raise ValueError("a seat key needs at least 16 bytes")
        self.seat = seat
        self.sealer: Sealer = sealer or LocalSealer()
        """Opens the handoffs sealed to this seat (plaintext on one machine)."""
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

    def openings(self) -> tuple[Opening, ...]:
        """Every opening this seat knows: its own shuffles' and those handed to it."""
        return tuple(self._openings.values())

    def receive(self, hidden: HiddenCards, sealed: bytes,
                context: SealContext | None = None) -> Opening:
        """Accept an opening handed to this seat in the log entry `context` names; verified
        against its commitment and refused when its shuffle already shows every copy of the
        card. Without a context (set-up transfers in one process) the payload is plaintext."""
        if context is None:
            opening = LocalSealer.unseal(sealed)
        else:
            opening = self.sealer.unseal(sealed, context)
        return self.accept(hidden, opening)

    def accept(self, hidden: HiddenCards, opening: Opening) -> Opening:
        """Take an opening this seat was given (sealed, or reopened in public after a
        dispute), verified against its commitment like any handed card."""
        check_handed(hidden, opening, self.known())
        self._openings[opening.slot] = opening
        self._known = None
        return opening

    def _derive(self, purpose: bytes, game_id: bytes, deck: str, epoch: int) -> bytes:
        message = b"\x00".join((purpose, game_id, deck.encode(), str(epoch).encode()))
        return hmac.new(self._key, message, hashlib.sha256).digest()
