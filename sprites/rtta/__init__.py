"""The Roll Through the Ages table: the score sheet and peg board, the dice tray, the other
players, the colony board and the end of the game, over a `GameSession` (no rule is
re-implemented here: every choice is one of the engine's legal actions)."""
