"""Roll Through the Ages' own bots: `bot:greedy` (the generic `bot:random` plays it too)."""

from game.rulesets.roll_through_the_ages.bots.greedy import GreedyBot

__all__ = ["GreedyBot"]
