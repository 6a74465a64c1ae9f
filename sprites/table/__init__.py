"""The game table: a Mediterranean Empires game in progress (controller, display and its
widgets, intents, cards, animations)."""
