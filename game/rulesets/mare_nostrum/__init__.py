"""Mare Nostrum: Empires: five ancient empires collect, trade through face-down offers,
build, move and fight until one of four victories.

How the rule set is built: docs/mare-nostrum.md; rulings: docs/mare-nostrum-rulings.md.
"""

from game.rulesets.mare_nostrum.bots import GreedyBot
from game.rulesets.mare_nostrum.content import PRESENTATION, RULESET_ID, validate
from game.rulesets.mare_nostrum.display import MODES
from game.rulesets.mare_nostrum.ruleset import TITLE, MnRuleset, bundled_ruleset
from game.rulesets.mare_nostrum.setup import DEFAULT_SCENARIO
from game.rulesets.registry import GameOption, RulesetEntry

OPTIONS = (GameOption("display", "Hero and wonder display", MODES, (
    "five heroes and wonders face up besides the Pyramids, the rest face down",
    "every hero and wonder face up")),)
"""First games (five face up, the default) or experienced (all face up), set-up 5."""

ENTRY = RulesetEntry(
    id=RULESET_ID, title=TITLE, ruleset=bundled_ruleset, validate=validate,
    content_folder=RULESET_ID, presentation=PRESENTATION, options=OPTIONS, seats=(3, 5),
    bots={"greedy": GreedyBot},
    table_scene="mare_nostrum", default_scenario=DEFAULT_SCENARIO)

__all__ = ["ENTRY", "OPTIONS", "MnRuleset"]
