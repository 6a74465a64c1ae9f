"""The procedure steps a game can wait in, as data (their handlers live beside their rules).

The state keeps a stack of frames; the top one names the pending decision. Each frame type has
a fixed `kind`, which also tells the decoder which record a stored frame is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Foundation:
    """Empire Foundation (rule 3.1): `seat` places its next marker; `left` per seat."""

    seat: int
    left: tuple[int, ...]
    kind: Literal["foundation"] = "foundation"


@dataclass(frozen=True)
class DrawCards:
    """`seat` draws `count` cards from its own deck (chance picks the slots)."""

    seat: int
    count: int
    reason: str
    kind: Literal["draw"] = "draw"


@dataclass(frozen=True)
class RandomDiscard:
    """`seat` loses `count` random hand cards: chance picks, then the owner opens each."""

    seat: int
    count: int
    reason: str
    picked: str = ""
    kind: Literal["random_discard"] = "random_discard"


@dataclass(frozen=True)
class RoundStart:
    """The Random Event roll that opens a round (rule 4.1)."""

    kind: Literal["round_start"] = "round_start"


@dataclass(frozen=True)
class EventChoice:
    """A seat's choice in a Random Event (Prosperity, Shortage, Going Home) (rule 4.1)."""

    event: str
    seat: int
    kind: Literal["event_choice"] = "event_choice"


@dataclass(frozen=True)
class ActionPhase:
    """`seat` takes its action for the round (rule 5); seasons allow two of a kind."""

    seat: int
    imperium_left: int = 1
    expeditions_left: int = 1
    acted: bool = False
    kind: Literal["action_phase"] = "action_phase"


@dataclass(frozen=True)
class RoundEnd:
    """Closes a round once every action phase is done."""

    kind: Literal["round_end"] = "round_end"


@dataclass(frozen=True)
class TurnEnd:
    """End-of-turn scoring, reshuffles and refills (rule 4.2)."""

    kind: Literal["turn_end"] = "turn_end"


@dataclass(frozen=True)
class TurnStart:
    """Opens the next turn once refills are done."""

    kind: Literal["turn_start"] = "turn_start"


@dataclass(frozen=True)
class DiscardDown:
    """`seat` holds more than `limit` cards after refilling and discards one (rule 4.2)."""

    seat: int
    limit: int
    kind: Literal["discard_down"] = "discard_down"


Frame = (Foundation | DrawCards | RandomDiscard | RoundStart | EventChoice | ActionPhase
         | RoundEnd | TurnEnd | TurnStart | DiscardDown)
