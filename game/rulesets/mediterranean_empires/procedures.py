"""Imports every module that registers frame procedures (one place, so none is forgotten)."""

from game.rulesets.mediterranean_empires import (  # noqa: F401
    barbarians,
    battle,
    card_effects,
    card_sentences,
    cards,
    city_effects,
    combat_sentences,
    expedition,
    fighting_events,
    imperium,
    random_events,
    reactions,
    sentences,
    setup,
    shipwreck,
    steal,
    turn,
)
