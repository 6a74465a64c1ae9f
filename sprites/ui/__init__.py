"""Widgets drawn in the game's style: text with halos, panels, buttons, menus, choice rows,
tooltips."""
