"""Input shared by the pages: hovering and clicking buttons, clicking rows of a list, and a
table of keys — each turning a pygame event into intents."""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from sprites import sound
from sprites.scenes.base import Intent, intent
from sprites.ui.widgets import Button


def button_intents(event: pygame.event.Event, buttons: list[Button]) -> list[Intent]:
    """A motion is a hover; a left click on an enabled button is that button's intent."""
    if event.type == pygame.MOUSEMOTION:
        return [intent("hover", pos=event.pos)]
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        hit = [b.intent for b in buttons if b.hit(event.pos)][:1]
        if hit:
            sound.play("click")
        return hit
    return []


def hover_buttons(buttons: list[Button], pos: tuple[int, int]) -> bool:
    """Light the button under the pointer; whether any button changed."""
    changed = False
    for button in buttons:
        over = button.rect.collidepoint(pos)
        changed |= over != button.hovered
        button.hovered = over
    return changed


def row_intents(event: pygame.event.Event, rows: list[pygame.Rect], name: str
                ) -> list[Intent]:
    """A left click on one of a list's rows is `name` with that row's `index`."""
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return [intent(name, index=k) for k, row in enumerate(rows)
                if row.collidepoint(event.pos)][:1]
    return []


def tab_intents(event: pygame.event.Event, tabs: list[pygame.Rect], box: pygame.Rect,
                name: str) -> list[Intent]:
    """A left click on one of a plaque's tabs is `name` with that tab's index `to`; one
    outside the plaque is "close"."""
    if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
        return []
    hit = [k for k, tab in enumerate(tabs) if tab.collidepoint(event.pos)]
    if hit:
        return [intent(name, to=hit[0])]
    return [] if box.collidepoint(event.pos) else [intent("close")]


def key_intents(event: pygame.event.Event, keys: Mapping[int, Intent]) -> list[Intent]:
    """The intent a key press stands for in a table of keys, if any."""
    if event.type == pygame.KEYDOWN and event.key in keys:
        return [keys[event.key]]
    return []
