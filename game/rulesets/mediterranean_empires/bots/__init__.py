"""Bots that know this rule set's strategy (the generic ones live in game.ai)."""
