"""Imports every module that registers frame procedures (one place, so none is forgotten)."""

from game.rulesets.mediterranean_empires import (  # noqa: F401
    cards,
    random_events,
    setup,
    turn,
)
