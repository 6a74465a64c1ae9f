"""Battles: naval and field battles, city assaults, their card effects and their end."""
