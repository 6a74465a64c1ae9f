"""What an input event means in the map editor: Ctrl+Z / Ctrl+Y (and Ctrl+Shift+Z), the
tools' number keys, Delete and Esc; the name field's typing; presses, releases and motion on
the map (the left button acts and drags places, the right and middle ones pan); the wheel and
the map's keys as in the game."""

from __future__ import annotations

import pygame

from sprites.editor.map_overlays import Confirm
from sprites.editor.map_tools import TOOLS
from sprites.map.pane import MapPane
from sprites.scenes.base import Intent, intent
from sprites.ui.input import button_intents

TOOL_KEYS = {getattr(pygame, f"K_{tool.key}"): tool.id for tool in TOOLS}
KP_TOOL_KEYS = {getattr(pygame, f"K_KP{tool.key}"): tool.id for tool in TOOLS}
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


def shortcuts(event: pygame.event.Event, typing: bool) -> list[Intent]:
    """Undo and redo (even while typing); the tools, Delete and Esc (not while typing)."""
    if event.type != pygame.KEYDOWN:
        return []
    ctrl, shift = event.mod & pygame.KMOD_CTRL, event.mod & pygame.KMOD_SHIFT
    if ctrl and event.key == pygame.K_z:
        return [intent("redo" if shift else "undo")]
    if ctrl and event.key == pygame.K_y:
        return [intent("redo")]
    if typing or ctrl:
        return []
    tool = TOOL_KEYS.get(event.key) or KP_TOOL_KEYS.get(event.key)
    if tool is not None:
        return [intent("tool", id=tool)]
    keys = {pygame.K_ESCAPE: "escape", pygame.K_DELETE: "remove"}
    return [intent(keys[event.key])] if event.key in keys else []


def typed(found: list[Intent]) -> list[Intent]:
    """The name field's intents, its accept and cancel named for the editor."""
    names = {"accept": "name_accept", "cancel": "name_cancel"}
    return [intent(names[it.name]) if it.name in names else it for it in found]


def confirm_intents(event: pygame.event.Event, confirm: Confirm) -> list[Intent]:
    """While a removal waits for its answer: Enter removes, Esc keeps, or the buttons."""
    if event.type == pygame.KEYDOWN and event.key in ENTER:
        return [intent("confirm")]
    if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
        return [intent("cancel")]
    return button_intents(event, confirm.buttons)


def map_intents(event: pygame.event.Event, pane: MapPane, typing: bool) -> list[Intent]:
    """Motion points; a button pressed on the map or released anywhere (with which one);
    the wheel and, when not typing, the map's keys."""
    if event.type == pygame.MOUSEMOTION:
        return [intent("pointer", pos=event.pos)]
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
            and event.button in (1, 2, 3):
        if event.type == pygame.MOUSEBUTTONUP:
            return [intent("release", pos=event.pos, button=event.button)]
        on_map = pane.view is not None and pane.viewport.collidepoint(event.pos)
        return [intent("press", pos=event.pos, button=event.button)] if on_map else []
    if typing and event.type in (pygame.KEYDOWN, pygame.KEYUP):
        return []
    return pane.intents(event)
