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
from game.core.errors import EncodingError
from game.core.sealed import SALT_BYTES as SEAL_SALT_BYTES
from game.core.sealed import Choice, Pick, is_choice, sealed_commitment
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
        self._cards: dict[str, str] = {}
        """slot → card of every opening, kept beside them."""
        self._known: Mapping[str, str] | None = None
        """A frozen copy of `_cards`, made again only after the openings change."""
        self._sealed: dict[str, Choice] = {}
        """round name → this seat's sealed choice."""

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
            self._cards[slot] = card
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
                self._known = MappingProxyType(dict(self._cards))
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
        self._cards[opening.slot] = opening.card
        self._known = None
        return opening

    def seal(self, game_id: bytes, name: str, choice: Choice) -> tuple[bytes, bytes]:
        """Keep `choice` as this seat's sealed choice in round `name`; (commitment, own copy
        sealed to this seat)."""
        self._sealed[name] = choice
        salt = self.sealed_salt(game_id, name)
        own = _xor(_padded(canonical_bytes(list(choice))), self._own_stream(game_id, name))
        return sealed_commitment(game_id, self.seat, name, choice, salt), own

    def sealed_choice(self, name: str) -> Choice:
        """This seat's sealed choice in round `name` (KeyError when it sealed none)."""
        return self._sealed[name]

    def sealed_choices(self) -> Mapping[str, Choice]:
        """round name → this seat's sealed choice, for every round it sealed."""
        return MappingProxyType(self._sealed)

    def sealed_salt(self, game_id: bytes, name: str) -> bytes:
        """The salt of this seat's commitment in round `name` (derived from its key)."""
        return self._derive(b"sealed-salt", game_id, name, 0)[:SEAL_SALT_BYTES]

    def recover(self, game_id: bytes, name: str, commitment: bytes, own: bytes) -> Choice:
        """Take back this seat's choice from its own copy in a logged seal (after a crash, a
        load, in a mirror); EncodingError when it does not open to the committed choice."""
        if len(own) != _OWN_BYTES:
            raise EncodingError(f"the own copy of {name} is not {_OWN_BYTES} bytes")
        choice = _unpadded_choice(_xor(own, self._own_stream(game_id, name)))
        salt = self.sealed_salt(game_id, name)
        if sealed_commitment(game_id, self.seat, name, choice, salt) != commitment:
            raise EncodingError(f"the own copy of {name} does not open to its seal")
        self._sealed[name] = choice
        return choice

    def pick(self, game_id: bytes, name: str) -> Pick:
        """An index chooser derived from the key, for a controller with no sealed choice of
        its own (deterministic, so a replayed game chooses the same)."""
        return Drbg(self._derive(b"sealed-pick", game_id, name, 0), "sealed-pick").below

    def _own_stream(self, game_id: bytes, name: str) -> bytes:
        return Drbg(self._derive(b"sealed-own", game_id, name, 0), "own").read(_OWN_BYTES)

    def _derive(self, purpose: bytes, game_id: bytes, deck: str, epoch: int) -> bytes:
        message = b"\x00".join((purpose, game_id, deck.encode(), str(epoch).encode()))
        return hmac.new(self._key, message, hashlib.sha256).digest()


_OWN_BYTES = 256
"""The size of a seal's own copy: a choice's canonical form, length-prefixed and padded (so
the copy's length tells nothing of the choice)."""


def _padded(data: bytes) -> bytes:
    if len(data) > _OWN_BYTES - 2:
        raise ValueError(f"a sealed choice is at most {_OWN_BYTES - 2} bytes encoded")
    return (len(data).to_bytes(2, "big") + data).ljust(_OWN_BYTES, b"\x00")


def _unpadded_choice(data: bytes) -> Choice:
    size = int.from_bytes(data[:2], "big")
    try:
        plain = parse_canonical(data[2:2 + size])
    except (EncodingError, ValueError):
        raise EncodingError("an own copy that does not decode") from None
    choice = tuple(plain) if isinstance(plain, list | tuple) else None
    if choice is None or not is_choice(choice):
        raise EncodingError("an own copy that is not a choice")
    return choice


def _xor(data: bytes, stream: bytes) -> bytes:
    return bytes(a ^ b for a, b in zip(data, stream, strict=True))
