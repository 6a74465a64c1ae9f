"""Scenes on a stack: title, settings, scenario choice, the map; more join with the table."""
