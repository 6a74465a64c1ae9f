"""Cards in play: effects, Imperium, reaction windows, steals and truces."""
