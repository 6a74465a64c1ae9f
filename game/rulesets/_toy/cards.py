"""Tribute's cards: every physical card has its own id, so leaks are easy to detect."""

from __future__ import annotations

import hashlib

KINDS = ("coin1", "coin1", "coin2", "coin3", "raid", "raid", "thief", "plague")
"""One seat's deck; each entry becomes one uniquely named card."""

RAID_TARGET = 7
RAID_POINTS = 3
WAGER_DOUBLE_AT = 4


def deck_id(seat: int) -> str:
    """The deck owned by a seat."""
    return f"d{seat}"


def deck_cards(seat: int) -> tuple[str, ...]:
    """The unique card ids of a seat's deck."""
    return tuple(f"{deck_id(seat)}/{kind}/{n}" for n, kind in enumerate(KINDS))


def kind_of(card: str) -> str:
    """The kind of a card id ("coin2", "raid", "thief", "plague")."""
    return card.split("/")[1]


def value_of(card: str) -> int:
    """Points a card scores when played or won as a wager."""
    kind = kind_of(card)
    return int(kind[-1]) if kind.startswith("coin") else 1


def content_hash() -> str:
    """Hash of the card list (the toy's whole content)."""
    text = ",".join(KINDS) + f";{RAID_TARGET};{RAID_POINTS};{WAGER_DOUBLE_AT}"
    return hashlib.sha256(text.encode()).hexdigest()


def validate(bundle: object = None) -> str:
    """`mare validate`'s check of Tribute's built-in content; a one-line summary."""
    unknown = sorted({k for k in KINDS if not k.startswith("coin")} - {"raid", "thief", "plague"})
    if unknown:
        raise ValueError(f"Tribute has unknown card kinds: {', '.join(unknown)}")
    if RAID_TARGET < 2 or RAID_POINTS < 1 or WAGER_DOUBLE_AT < 1:
        raise ValueError("Tribute's raid target, raid points and wager threshold must be positive")
    return f"{len(KINDS)} cards per deck, 2 scenarios (standard, sealed bids) for 2-4 seats"
