"""Small records the combat frames carry (kept free of imports so frames.py can use them)."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.records import quick_init

ATTACKER = 0
DEFENDER = 1
FIGHT_NAMES = {"assault": "assault", "naval": "naval battle", "field": "field battle"}
"""A fight kind as people say it."""


@quick_init
@dataclass(frozen=True)
class Played:
    """A card played face up into a combat: slot, who played it, its type, the side it helps."""

    slot: str
    seat: int
    use: str
    side: int


@quick_init
@dataclass(frozen=True)
class Casualty:
    """A card discarded in a combat; `normal` cards get the 6-on-1d6 recovery roll (5.4.5)."""

    slot: str
    seat: int
    normal: bool


@quick_init
@dataclass(frozen=True)
class Window:
    """A card-play window (rule 9): seats in order, whose turn it is, passes in a row."""

    order: tuple[int, ...]
    at: int = 0
    passes: int = 0

    @property
    def seat(self) -> int:
        """The seat whose turn it is to play or pass."""
        return self.order[self.at % len(self.order)]

    @property
    def closed(self) -> bool:
        """Every seat has passed in a row (or nobody may play)."""
        return not self.order or self.passes >= len(self.order)

    def passed(self) -> Window:
        """The window after the current seat passes."""
        return Window(self.order, self.at + 1, self.passes + 1)

    def played(self) -> Window:
        """The window after the current seat plays a card (everyone may answer again)."""
        return Window(self.order, self.at + 1, 0)


NO_WINDOW = Window(())
"""A window nobody may play in (before a combat's card window opens)."""
