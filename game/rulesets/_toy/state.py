"""Tribute's public state."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.sealed import SealedRound
from game.core.slots import HiddenCards, parse_slot


@dataclass(frozen=True)
class ToyState:
    """Tribute's public state: hands and wagers as slot ids, never card ids."""

    rounds: int
    round: int
    turn: int
    phase: str
    hidden: HiddenCards
    hands: tuple[tuple[str, ...], ...]
    wagers: tuple[str, ...]
    discards: tuple[tuple[str, ...], ...]
    scores: tuple[int, ...]
    target: str = ""
    dealt: int = 0
    bidding: bool = False
    """Scenario "sealed": a sealed bid opens every round (bids.py)."""
    sealed: SealedRound | None = None
    """The round's sealed bids (kept, revealed, until the next round's)."""

    @property
    def seats(self) -> int:
        """Number of seats."""
        return len(self.scores)

    @property
    def victim(self) -> int:
        """The seat a thief or plague strikes: the next one in turn order."""
        return (self.turn + 1) % self.seats


def owner_of(slot: str) -> int:
    """The seat whose deck a slot belongs to."""
    return int(parse_slot(slot)[0][1:])
