"""Rule sets, one package each, found by the registry; adding one never touches game/core."""

from game.rulesets.registry import (
    BotFactory,
    ContentCodec,
    GameOption,
    RulesetEntry,
    canonical_id,
    entry,
    get_ruleset,
    registered,
)

__all__ = ["BotFactory", "ContentCodec", "GameOption", "RulesetEntry", "canonical_id", "entry",
           "get_ruleset", "registered"]
