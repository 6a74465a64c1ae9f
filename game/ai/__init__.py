"""Generic bots and whole bot games; rule sets declare their own bots in their entry."""

from game.ai.bots import bot_names, make_bot
from game.ai.random_bot import RandomBot

__all__ = ["RandomBot", "bot_names", "make_bot"]
