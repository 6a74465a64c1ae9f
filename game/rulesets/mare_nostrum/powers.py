"""Rules 10 and 11: which hero and wonder powers exist, where each one hooks into the
round, and who holds a power (an owned tile, or the hero Castor & Pollux copied).

The powers themselves live with the rule they change; this registry says where.
"""

from __future__ import annotations

from game.rulesets.mare_nostrum.state import MnState

HOOKS: dict[str, tuple[str, str]] = {
    "caesar": ("move", "battle.py: +1 per die of his legions while he is the Active Player"),
    "pericles": ("move", "battle.py: +2 per die of his legions while he is not active"),
    "nebuchadnezzar": ("move", "battle.py: +5 to a land battle in a province he controls"),
    "ramses": ("move", "battle.py: one more die in land battles where he has a unit"),
    "hamilcar": ("move", "conquest.py: pillage income doubled"),
    "queen_of_sheba": ("move", "conquest.py: once a round, convert at once by sacrificing "
                               "the occupying legion"),
    "statue_of_zeus": ("move", "war.py: peace with one opponent at the start of the phase"),
    "circe": ("collect", "collect.py: his legions on empty caravan sites collect as caravans"),
    "temple_of_artemis": ("collect", "collect.py: one extra coin"),
    "colossus": ("collect", "collect.py: one commodity of his choice, announced, after all "
                            "others collected"),
    "cleopatra": ("build", "sets.py: one coin for a commodity, or one commodity for a coin, "
                           "per set"),
    "hannibal": ("build", "sets.py: one commodity type twice per commodity set"),
    "hammurabi": ("build", "build.py: one free Control a round in an open province"),
    "penthesilea": ("build", "build.py: free legions in the capital, one per occupied "
                             "province of his"),
    "spartacus": ("build", "build.py: one legion a round for 1 coin or 1 gladiator"),
    "gilgamesh": ("build", "build.py: one fortress a round for 1 coin or 1 stone"),
    "pharos": ("build", "build.py: one trireme a round for 1 coin or 1 wood"),
    "hanging_gardens": ("build", "build.py: keep 2 different commodities besides 2 coins"),
    "perseus": ("build", "sequence.py: build first to win with a fifth tile or the Pyramids"),
    "castor_pollux": ("build", "recruit.py: copy another player's non-starting hero's power"),
    "antigone": ("trade", "offers.py: offer 0 to 5 resources of her choice"),
    "hercules": ("", "leader bonuses only"),
    "pyramids": ("build", "victory.py: whoever builds it wins at once (rule 6.1)"),
}
"""Tile id → (phase whose rules it changes, where the power is applied)."""

UNCOPYABLE = frozenset({"perseus"})
"""Castor & Pollux copies neither starting heroes, wonders nor Perseus (rule 10)."""


def has_power(state: MnState, seat: int, power: str) -> bool:
    """Whether a seat holds a power: it owns the tile or copied the hero (rule 10)."""
    player = state.player(seat)
    return power in player.tiles or player.copied == power


def holder(state: MnState, power: str) -> int | None:
    """The seat holding a power, if any (the first in seat order)."""
    return next((seat for seat in range(state.seats) if has_power(state, seat, power)), None)
