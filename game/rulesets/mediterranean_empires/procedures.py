"""Imports every module that registers frame procedures (one place, so none is forgotten)."""

from game.rulesets.mediterranean_empires import setup  # noqa: F401
from game.rulesets.mediterranean_empires.barbarians import attacks, subduing  # noqa: F401
from game.rulesets.mediterranean_empires.cards import (  # noqa: F401
    card_effects,
    cards,
    city_effects,
    imperium,
    reactions,
    steal,
)
from game.rulesets.mediterranean_empires.combat import battle  # noqa: F401
from game.rulesets.mediterranean_empires.expedition import expedition, shipwreck  # noqa: F401
from game.rulesets.mediterranean_empires.sequence import (  # noqa: F401
    fighting_events,
    random_events,
    turn,
)
from game.rulesets.mediterranean_empires.text import (  # noqa: F401
    card_sentences,
    combat_sentences,
    sentences,
)
