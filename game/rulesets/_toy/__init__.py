"""Tribute: a tiny rule set that exercises every core feature (tests, demo, benchmark).

Chance rolls, hidden draws, face-down wagers opened later, a random discard (plague), a
steal (thief) and, in the scenario "sealed", sealed bids every round; on 2-4 seats.
"""

from functools import cache

from game.rulesets._toy.cards import validate
from game.rulesets._toy.rules import ToyRuleset
from game.rulesets.registry import GameOption, RulesetEntry


@cache
def _ruleset() -> ToyRuleset:
    return ToyRuleset()


ENTRY = RulesetEntry(
    id="toy", title="Tribute (test rule set)", ruleset=_ruleset, validate=validate,
    options=(GameOption("rounds", "Rounds", (6, 3, 4, 5, 7, 8)),), seats=(2, 4),
    table_scene="")

__all__ = ["ENTRY", "ToyRuleset"]
