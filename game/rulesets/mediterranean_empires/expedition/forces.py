"""The forces that fight, and the outcome a combat leaves for the procedure that started it.

Shared by Military Expeditions (expedition.py), interceptions, Random Events with fights
(Neutral Attack, Pirates), barbarian attacks and the combats themselves.
"""

from __future__ import annotations

from dataclasses import dataclass

PIRATES = -3
"""The `seat` of a pirate force (Pirates event, Cilician Pirates)."""
BARBARIANS = -4
"""The `seat` of a barbarian force (it rolls no base die, rule 7)."""
NEUTRAL_FORCE = -1
"""The `seat` of a neutral city's force (Neutral Attack event, city defence)."""


@dataclass(frozen=True)
class ForceCard:
    """One card with a force: its slot, the type it is used as, and the Fleet carrying it."""

    slot: str
    use: str = ""
    """"T", "F", "L", … once revealed and chosen; "" while face down."""
    carrier: str = ""
    """Slot of the Fleet card that carries this Troop on a naval leg ("" if none)."""


@dataclass(frozen=True)
class Force:
    """One side of a combat: a seat's cards, or a non-player force's dice and fixed CF."""

    seat: int
    cards: tuple[ForceCard, ...] = ()
    leaders: tuple[str, ...] = ()
    """Leader slots added in earlier battles of the same ME (they stay with it, rule 5.4.5)."""
    dice: int = 0
    """Extra dice of the force itself (barbarian strength + Enraged, city defence dice, …)."""
    cf: int = 0
    """Fixed CF of a non-card force (pirates' city CF, neutral attackers)."""
    naval_cf: int = 0
    """Fixed naval CF of a non-card force (pirates); 0 = it cannot fight at sea."""
    base_die: bool = True
    """Civilized forces roll the base 1d6; barbarians do not (rule 7, clarifications)."""


@dataclass(frozen=True)
class CombatOutcome:
    """What the last combat left: who won and what remains of the attacking force."""

    kind: str
    """"naval", "field" or "assault"; "expedition", "declared", "shipwreck" from an ME's own
    steps; "void" when an ME's face-down declaration proved void (expedition/reveal.py)."""
    where: str
    attacker_won: bool
    attacker: Force
    defender_seat: int
