"""Log entries: the answers to decisions, one kind per decision kind."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.actions import Action, action_from_plain, action_to_plain
from game.core.errors import EncodingError
from game.core.records import quick_init
from game.core.slots import Opening


@quick_init
@dataclass(frozen=True)
class ActionEntry:
    """A seat's chosen action, with the openings of the cards it plays face up."""

    seat: int
    action: Action
    openings: tuple[Opening, ...] = ()
    kind = "action"


@quick_init
@dataclass(frozen=True)
class ChanceEntry:
    """Chance's answer: a seed for the DRBG, or scripted values."""

    seed: bytes | None = None
    values: tuple[int, ...] | None = None
    kind = "chance"


@quick_init
@dataclass(frozen=True)
class OpenEntry:
    """A seat opens the slots the engine asked it to open."""

    seat: int
    openings: tuple[Opening, ...]
    kind = "open"


@quick_init
@dataclass(frozen=True)
class CommitEntry:
    """A deck owner's commitments for a new shuffle."""

    seat: int
    deck: str
    epoch: int
    commitments: tuple[bytes, ...]
    kind = "commit"


@quick_init
@dataclass(frozen=True)
class HandoffEntry:
    """A seat hands the opening of `slot` privately to seat `to` (sealed payload)."""

    seat: int
    slot: str
    to: int
    sealed: bytes
    kind = "handoff"


@quick_init
@dataclass(frozen=True)
class SealEntry:
    """A seat seals a choice in round `name`: its commitment, and the choice sealed to the seat
    itself (`own`: only its key opens it, so its machine can recover the choice)."""

    seat: int
    name: str
    commitment: bytes
    own: bytes
    kind = "seal"


@quick_init
@dataclass(frozen=True)
class RevealEntry:
    """A seat reveals its sealed choice in round `name`, with the salt of its commitment."""

    seat: int
    name: str
    choice: tuple[str, ...]
    salt: bytes
    kind = "reveal"


Entry = (ActionEntry | ChanceEntry | OpenEntry | CommitEntry | HandoffEntry | SealEntry
         | RevealEntry)


def entry_to_plain(entry: Entry) -> dict[str, Any]:
    """The plain (canonically encodable) form of an entry."""
    if isinstance(entry, ActionEntry):
        return {"k": "action", "seat": entry.seat, "action": action_to_plain(entry.action),
                "open": [_opening(o) for o in entry.openings]}
    if isinstance(entry, ChanceEntry):
        if entry.seed is not None:
            return {"k": "chance", "seed": entry.seed.hex()}
        return {"k": "chance", "values": list(entry.values or ())}
    if isinstance(entry, OpenEntry):
        return {"k": "open", "seat": entry.seat, "open": [_opening(o) for o in entry.openings]}
    if isinstance(entry, CommitEntry):
        return {"k": "commit", "seat": entry.seat, "deck": entry.deck, "epoch": entry.epoch,
                "commitments": [c.hex() for c in entry.commitments]}
    if isinstance(entry, SealEntry):
        return {"k": "seal", "seat": entry.seat, "name": entry.name,
                "commitment": entry.commitment.hex(), "own": entry.own.hex()}
    if isinstance(entry, RevealEntry):
        return {"k": "reveal", "seat": entry.seat, "name": entry.name,
                "choice": list(entry.choice), "salt": entry.salt.hex()}
    return {"k": "handoff", "seat": entry.seat, "slot": entry.slot, "to": entry.to,
            "sealed": entry.sealed.hex()}


def entry_from_plain(plain: Any) -> Entry:
    """Rebuild an entry; EncodingError naming the problem when malformed."""
    try:
        return _decode(plain)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise EncodingError(f"malformed log entry: {exc!s}") from None


def _decode(plain: dict[str, Any]) -> Entry:
    kind = plain["k"]
    if kind == "action":
        return ActionEntry(_int(plain["seat"]), action_from_plain(plain["action"]),
                           tuple(_from_opening(o) for o in plain["open"]))
    if kind == "chance":
        if "seed" in plain:
            return ChanceEntry(seed=bytes.fromhex(plain["seed"]))
        return ChanceEntry(values=tuple(_int(v) for v in plain["values"]))
    if kind == "open":
        return OpenEntry(_int(plain["seat"]), tuple(_from_opening(o) for o in plain["open"]))
    if kind == "commit":
        return CommitEntry(_int(plain["seat"]), str(plain["deck"]), _int(plain["epoch"]),
                           tuple(bytes.fromhex(c) for c in plain["commitments"]))
    if kind == "handoff":
        return HandoffEntry(_int(plain["seat"]), str(plain["slot"]), _int(plain["to"]),
                            bytes.fromhex(plain["sealed"]))
    if kind == "seal":
        return SealEntry(_int(plain["seat"]), _text(plain["name"]),
                         bytes.fromhex(plain["commitment"]), bytes.fromhex(plain["own"]))
    if kind == "reveal":
        return RevealEntry(_int(plain["seat"]), _text(plain["name"]),
                           tuple(_text(item) for item in plain["choice"]),
                           bytes.fromhex(plain["salt"]))
    raise ValueError(f"unknown entry kind {kind!r}")


def _opening(opening: Opening) -> dict[str, str]:
    return {"slot": opening.slot, "card": opening.card, "salt": opening.salt.hex()}


def _from_opening(plain: dict[str, str]) -> Opening:
    return Opening(str(plain["slot"]), str(plain["card"]), bytes.fromhex(plain["salt"]))


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected text, got {value!r}")
    return value


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected an integer, got {value!r}")
    return value
