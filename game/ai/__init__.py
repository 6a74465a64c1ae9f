"""Bots: controllers that see only their seat's view and legal actions."""

from game.ai.bots import BOTS, make_bot
from game.ai.random_bot import RandomBot

__all__ = ["BOTS", "RandomBot", "make_bot"]
