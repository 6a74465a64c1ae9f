"""Mediterranean Empires (Bellica Third Generation): content and rules."""

from game.rulesets.mediterranean_empires.bots.greedy import GreedyBot
from game.rulesets.mediterranean_empires.bots.search import SEARCH_ALIASES, search_bots
from game.rulesets.mediterranean_empires.content import (
    PRESENTATION_FILES,
    RULESET_ID,
    load_content,
    use_content_loader,
)
from game.rulesets.mediterranean_empires.content.compiled import compile_content, decode_compiled
from game.rulesets.mediterranean_empires.options import OPTIONS
from game.rulesets.mediterranean_empires.ruleset import MeRuleset, bundled_ruleset
from game.rulesets.mediterranean_empires.tutorial.lesson import validate_with_lessons
from game.rulesets.registry import ContentCodec, RulesetEntry

ENTRY = RulesetEntry(
    id=RULESET_ID, title="Mediterranean Empires", ruleset=bundled_ruleset,
    validate=validate_with_lessons, content_folder=RULESET_ID, presentation=PRESENTATION_FILES,
    codec=ContentCodec(load_content, compile_content, decode_compiled, use_content_loader),
    options=OPTIONS, seats=(2, 8), bots={"greedy": GreedyBot, **search_bots()},
    bot_aliases=SEARCH_ALIASES, table_scene="table", default_scenario="3")

__all__ = ["ENTRY", "MeRuleset"]
