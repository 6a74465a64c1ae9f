"""Mare Nostrum's own bots: `bot:greedy` (the generic `bot:random` plays it too)."""

from game.rulesets.mare_nostrum.bots.greedy import GreedyBot

__all__ = ["GreedyBot"]
