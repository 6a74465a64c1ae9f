"""Mediterranean Empires content: map, decks, tables and set-ups as frozen definitions."""
