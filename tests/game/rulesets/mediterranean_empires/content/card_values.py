"""A card's printed combat values, read by the deck tests (which must find them there)."""

from __future__ import annotations

from game.rulesets.mediterranean_empires.content.decks import CardDef, CombatFactor, CombatFactors


def factors(card: CardDef) -> CombatFactors:
    """The CF of a Troop/Fleet card (which must have them)."""
    assert card.cf is not None, card.id
    return card.cf


def number(factor: CombatFactor) -> int:
    """A fixed CF's number (not rolled, not the dash)."""
    assert factor.value is not None, factor
    return factor.value
