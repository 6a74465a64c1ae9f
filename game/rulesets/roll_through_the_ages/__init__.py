"""Roll Through the Ages: The Iron Age with the Mediterranean expansion.

How the rule set is built: docs/roll-through-the-ages.md; rulings:
docs/roll-through-the-ages-rulings.md.
"""

from game.rulesets.registry import GameOption, RulesetEntry
from game.rulesets.roll_through_the_ages.bots import GreedyBot
from game.rulesets.roll_through_the_ages.content import RULESET_ID, validate
from game.rulesets.roll_through_the_ages.ruleset import TITLE, RttaRuleset, bundled_ruleset

OPTIONS = (GameOption("length", "Game length", ("short", "full"), (
               "ends after the round with a 5th development, 30 tribute or all monuments but "
               "one built",
               "ends after the round with a 7th development, 50 tribute or every monument "
               "built")),
           GameOption("mediterranean", "Mediterranean expansion", (False, True), (
               "the base game alone",
               "adds colonies to found by ship, 3 points for each one completed")))
"""Short or full game (the first value is the default), and the Mediterranean colonies."""

ENTRY = RulesetEntry(
    id=RULESET_ID, title=TITLE, ruleset=bundled_ruleset, validate=validate,
    content_folder=RULESET_ID, options=OPTIONS, seats=(1, 4), bots={"greedy": GreedyBot},
    table_scene="rtta")

__all__ = ["ENTRY", "OPTIONS", "RttaRuleset"]
