"""Tribute: a tiny rule set that exercises every core feature (tests, demo, benchmark).

Chance rolls, hidden draws, face-down wagers opened later, a random discard (plague) and a
steal (thief), on 2-4 seats.
"""

from game.core.ruleset import register
from game.rulesets._toy.rules import ToyRuleset

register("toy", ToyRuleset)

__all__ = ["ToyRuleset"]
