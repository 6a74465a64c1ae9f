"""Where the scenario editor's parts go on the screen — the panel (title, toolbar, the form
scrolling under it), the map, the mode bar over the map's top and the problems over its foot
— and which part an input event is for."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from sprites.editor.controls import Spots
from sprites.editor.form import Form
from sprites.editor.problems import ProblemsPanel
from sprites.editor.textbox import TextBox
from sprites.map.pane import MapPane
from sprites.scenes.base import Intent, intent

Scale = Callable[[float], int]
SHORTCUTS = {pygame.K_z: "undo", pygame.K_y: "redo", pygame.K_s: "save"}
SCROLL_KEYS = {pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1}


class EditorLayout:
    """The rectangles of one window size, and the spots drawn last on the panel's toolbar
    and on the map's mode bar."""

    def __init__(self, size: tuple[int, int], u: Scale) -> None:
        w, h = size
        self.u = u
        width = min(u(900), w * 52 // 100)
        self.panel = pygame.Rect(0, 0, width, h)
        self.surface = pygame.Surface(self.panel.size)
        self.header = u(248)
        """The height of the title and the toolbar above the form."""
        self.form = pygame.Rect(u(6), self.header, width - u(26), h - self.header - u(8))
        self.map = pygame.Rect(width, 0, w - width, h)
        self.map_top = u(64)
        """Where the map's free part starts under the mode bar."""
        height = min(u(250), h * 30 // 100)
        self.problems = pygame.Rect(width + u(14), h - height - u(12), w - width - u(28),
                                    height)
        self.toolbar = Spots()
        self.map_spots = Spots()

    def form_point(self, pos: tuple[int, int], scroll: int) -> tuple[int, int]:
        """A screen point in the form's own coordinates."""
        return pos[0] - self.form.x, pos[1] - self.form.y + scroll


def editor_keys(event: pygame.event.Event, box: TextBox | None, layout: EditorLayout,
                form: Form, problems: ProblemsPanel, pane: MapPane, scroll: int,
                pointer: tuple[int, int] | None = None) -> list[Intent]:
    """The intents an event means in the editor (no dialog open)."""
    if event.type == pygame.KEYDOWN:
        return _key(event, box, layout, pane)
    if event.type == pygame.KEYUP:
        return pane.intents(event)
    if event.type == pygame.TEXTINPUT:
        return box.intents(event) if box is not None else []
    if event.type == pygame.MOUSEMOTION:
        return [intent("pointer", pos=event.pos)]
    if event.type == pygame.MOUSEWHEEL:
        return _wheel(event, layout, problems, pane, pointer or pygame.mouse.get_pos())
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        found = _click(event.pos, layout, form, problems, scroll)
        if found is not None:
            typing = [intent("text_done")] if box is not None and found.name != "focus" \
                else []
            return [*typing, found]
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
            and layout.map.collidepoint(event.pos):
        return pane.intents(event)
    if event.type == pygame.MOUSEBUTTONUP:
        return pane.intents(event)
    return []


def _key(event: pygame.event.Event, box: TextBox | None, layout: EditorLayout,
         pane: MapPane) -> list[Intent]:
    ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
    if ctrl and event.key in SHORTCUTS:
        name = SHORTCUTS[event.key]
        if event.key == pygame.K_z and event.mod & pygame.KMOD_SHIFT:
            name = "redo"
        return [intent(name)]
    if box is not None:
        return box.intents(event)
    if event.key in SCROLL_KEYS:
        return [intent("scroll", by=SCROLL_KEYS[event.key] * layout.form.h * 3 // 4)]
    if event.key == pygame.K_ESCAPE:
        return [intent("close")]
    return pane.intents(event)


def _wheel(event: pygame.event.Event, layout: EditorLayout, problems: ProblemsPanel,
           pane: MapPane, at: tuple[int, int]) -> list[Intent]:
    if layout.panel.collidepoint(at):
        return [intent("scroll", by=-event.y * layout.u(60))]
    if problems.rect.collidepoint(at):
        return [intent("problems_scroll", steps=-event.y)]
    return [intent("zoom", steps=1 if event.y > 0 else -1, at=at)]


def _click(pos: tuple[int, int], layout: EditorLayout, form: Form, problems: ProblemsPanel,
           scroll: int) -> Intent | None:
    """The intent of a left click on the panel or an overlay (None: it is the map's)."""
    for spots, point in ((layout.toolbar, pos), (layout.map_spots, pos),
                         (problems.spots, pos)):
        spot = spots.at(point)
        if spot is not None:
            return spot.intent if spot.enabled else intent("greyed", why=spot.why_not)
    if problems.rect.collidepoint(pos):
        return intent("nothing")
    if layout.form.collidepoint(pos):
        spot = form.spots.at(layout.form_point(pos, scroll))
        if spot is not None:
            return spot.intent if spot.enabled else intent("greyed", why=spot.why_not)
    return intent("nothing") if layout.panel.collidepoint(pos) else None
