"""The game table: a Mediterranean Empires game in progress (session, intents, HUD, cards,
animations, saves)."""
