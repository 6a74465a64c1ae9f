"""Scenes on a stack, opened by name: title, settings, new game, players, load, the map."""
