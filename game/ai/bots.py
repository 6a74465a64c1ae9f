"""Bots by name, resolved per rule set: `bot:random` everywhere, others as a rule set declares."""

from __future__ import annotations

from collections.abc import Mapping

from game.ai.random_bot import RandomBot
from game.core.ruleset import Ruleset
from game.core.table import Controller
from game.rulesets import BotFactory, entry

GENERIC_BOTS: Mapping[str, BotFactory] = {"random": RandomBot}
"""Bots that play any rule set (they need only the legal actions)."""

DEFAULT_RULESET = "mediterranean_empires"


def bot_names(ruleset_id: str = DEFAULT_RULESET) -> tuple[str, ...]:
    """Every bot spec a rule set offers, generic ones first (`bot:random`, …)."""
    own = tuple(entry(ruleset_id).bots)
    return tuple(f"bot:{name}" for name in (*GENERIC_BOTS, *own))


def make_bot(spec: str, seed: bytes, ruleset_id: str = DEFAULT_RULESET,
             ruleset: Ruleset | None = None) -> Controller:
    """A controller from `bot:NAME` (or just NAME); ValueError naming the rule set's bots.
    `ruleset`: the rule set of a game over other content than the bundled one (a user
    scenario's), which the rule set's own bots then read instead."""
    name = spec.strip().removeprefix("bot:")
    if name in GENERIC_BOTS:
        return GENERIC_BOTS[name](seed)
    found = entry(ruleset_id)
    factory = found.bots.get(found.bot_aliases.get(name, name))
    if factory is None:
        known = ", ".join(bot_names(ruleset_id))
        raise ValueError(f"unknown bot {spec!r} for {ruleset_id} (known: {known})")
    return factory(seed) if ruleset is None else factory(seed, ruleset=ruleset)
