"""Bots: controllers that see only their seat's view and legal actions."""

from game.ai.random_bot import RandomBot

__all__ = ["RandomBot"]
