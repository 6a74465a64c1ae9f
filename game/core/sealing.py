"""Sealed handoffs: the opening of one slot carried privately to one seat, bound to its place.

A handoff entry carries a sealed payload. A `Sealer` makes it for the recipient and opens it
there; both sides name the payload's `SealContext` (game, log entry, slot, recipient), so a
payload replayed into another entry or game, or sent to another seat, is refused. One machine
uses `LocalSealer` (plaintext: every seat's secrets live in that process); the LAN layer seals
to the recipient's X25519 key with the context as associated data (protocol.md, HANDOFF).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from game.core.encoding import canonical_bytes, parse_canonical
from game.core.errors import CommitmentError, EncodingError
from game.core.slots import Opening

_FIELDS = frozenset({"to", "slot", "card", "salt"})
_BOUND = _FIELDS | {"game", "index"}


@dataclass(frozen=True)
class SealContext:
    """Where a sealed opening belongs: the game, the log entry carrying it, its slot and seat."""

    game_id: bytes
    index: int
    slot: str
    recipient: int


class Sealer(Protocol):
    """Seals an opening for one seat and opens it there.

    `unseal` raises CommitmentError, and nothing else, for a payload it cannot open or that
    was bound to another context (a table reports it as a HandoffProblem)."""

    def seal(self, opening: Opening, to: int, context: SealContext) -> bytes:
        """The payload that carries `opening` to seat `to`, bound to `context`."""

    def unseal(self, sealed: bytes, context: SealContext) -> Opening:
        """The opening inside a payload; CommitmentError when garbled or bound elsewhere."""


@dataclass(frozen=True)
class HandoffProblem:
    """A recorded handoff its recipient could not take (on a LAN: grounds for a dispute)."""

    index: int
    seat: int
    to: int
    slot: str
    reason: str

    def __str__(self) -> str:
        return (f"entry {self.index}: seat {self.to} could not take the card of {self.slot} "
                f"from seat {self.seat}: {self.reason}")


class LocalSealer:
    """The plaintext sealer of one machine: not encrypted, but bound to its context.

    Payloads name their game and entry; payloads written before that (logs that carry only
    recipient and slot) are still read, checked against the recipient and slot they name.
    Called without a context (set-up transfers outside the log) it writes that older form.
    """

    @staticmethod
    def seal(opening: Opening, to: int, context: SealContext | None = None) -> bytes:
        """The payload that carries `opening` to seat `to`."""
        plain: dict[str, Any] = {"to": to, "slot": opening.slot, "card": opening.card,
                                 "salt": opening.salt}
        if context is not None:
            _check_place(context, to, opening.slot)
            plain.update(game=context.game_id, index=context.index)
        return canonical_bytes(plain)

    @staticmethod
    def unseal(sealed: bytes, context: SealContext | None = None) -> Opening:
        """The opening inside a payload; CommitmentError when garbled or bound elsewhere."""
        plain = _read(sealed)
        opening = Opening(plain["slot"], plain["card"], bytes.fromhex(plain["salt"]))
        if context is not None:
            _check_place(context, plain["to"], opening.slot)
            _check_entry(context, plain)
        return opening


def _read(sealed: bytes) -> dict[str, Any]:
    try:
        plain = parse_canonical(sealed)
        valid = isinstance(plain, dict) and plain.keys() in (_FIELDS, _BOUND)
        if valid and isinstance(plain["to"], int) and _texts(plain, "slot", "card", "salt"):
            bytes.fromhex(plain["salt"])
            return plain
    except (EncodingError, KeyError, TypeError, ValueError):
        pass
    raise CommitmentError("a handed-off opening could not be read")


def _texts(plain: dict[str, Any], *keys: str) -> bool:
    return all(isinstance(plain[key], str) for key in keys)


def _check_place(context: SealContext, to: int, slot: str) -> None:
    if to != context.recipient:
        raise CommitmentError(f"the handed-off opening is for seat {to}, not seat "
                              f"{context.recipient}")
    if slot != context.slot:
        raise CommitmentError(f"the handed-off opening is of {slot}, not {context.slot}")


def _check_entry(context: SealContext, plain: dict[str, Any]) -> None:
    if "game" not in plain:
        return  # written before payloads named their entry: recipient and slot are checked
    if plain["game"] != context.game_id.hex():
        raise CommitmentError("the handed-off opening was sealed for another game")
    if plain["index"] != context.index:
        raise CommitmentError(f"the handed-off opening was sealed for entry {plain['index']}, "
                              f"not entry {context.index}")
