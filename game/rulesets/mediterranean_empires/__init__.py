"""Mediterranean Empires (Bellica Third Generation): content and rules."""

from game.core.ruleset import register
from game.rulesets.mediterranean_empires.ruleset import MeRuleset

register("mediterranean_empires", MeRuleset)

__all__ = ["MeRuleset"]
