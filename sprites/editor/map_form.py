"""The selection's part of the map editor's panel: a city's name, size, port and province, a
barbarian area's name and strength, a route's ends — or the same fields for a place being
added — each a control that offers only what the map allows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from sprites import theme
from sprites.editor.map_edits import ROUTE_NAMES, MapEdits
from sprites.editor.map_tools import Pending, Tools
from sprites.map.tooltips import ROUTE_WORDS
from sprites.scenes.base import Intent, intent
from sprites.scenes.lan_common import TextField
from sprites.ui.text import draw_text, elide, wrap
from sprites.ui.widgets import Button

Scale = Callable[[float], int]


@dataclass
class Form:
    """What the form drew: its buttons (some of them choices, `chosen` lit) and the name
    field's box."""

    buttons: list[Button] = field(default_factory=list)
    chosen: list[Button] = field(default_factory=list)
    name_box: pygame.Rect | None = None


class FormPainter:
    """Draws the selection's fields from `top` down in a column of the panel."""

    def __init__(self, surface: pygame.Surface, x: int, width: int, u: Scale) -> None:
        self.surface, self.x, self.width, self.u = surface, x, width, u
        self.form = Form()
        self.y = 0

    def draw(self, top: int, tools: Tools, name: TextField, typing: bool) -> Form:
        """The form of the selection (or of the place being added); the y below it is
        `self.y`."""
        self.y = top
        edits, sel, pending = tools.edits, tools.selected, tools.pending
        if pending is not None:
            self._place(pending.kind, None, _pending_fields(pending), name, typing, edits)
        elif sel is not None and sel[0] in ("city", "area"):
            data = edits.place(sel[1])
            self._place(sel[0], sel[1], data, name, typing, edits)
        elif sel is not None:
            self._route(sel[1], sel[2], sel[3], edits)
        else:
            self._say("Nothing selected: with Select, click a place or a route.")
        return self.form

    # -- sections ----------------------------------------------------------------------------

    def _place(self, kind: str, node: str | None, data: dict[str, Any], name: TextField,
               typing: bool, edits: MapEdits) -> None:
        noun = "city" if kind == "city" else "barbarian area"
        shown = str(data.get("name") or node or "")
        self._heading(f"{noun} · {shown}" if node else f"new {noun}")
        self._name(name, typing)
        if kind == "city":
            self._choices("Size", [(str(n), intent("size", value=n)) for n in (1, 2, 3)],
                          data.get("size", 1) - 1)
            self._choices("Port", [("Yes", intent("port", value=True)),
                                   ("No", intent("port", value=False))],
                          0 if data.get("port") else 1)
            self._province(edits.province_name(str(data.get("province", ""))))
        else:
            self._strength(int(data.get("strength", 3)))
        if node is None:
            self._buttons([(f"Add {noun.split()[-1]}", intent("add_pending")),
                           ("Cancel", intent("cancel_pending"))])
            return
        self._say(_routes_line(edits, node))
        self._buttons([(f"Remove {noun.split()[-1]}", intent("remove"))])

    def _route(self, kind: str, a: str, b: str, edits: MapEdits) -> None:
        self._heading(ROUTE_NAMES[kind])
        self._line(f"{edits.name(a)} – {edits.name(b)}", "serif_bold", theme.INK)
        self._say(ROUTE_WORDS[kind][1])
        self._buttons([("Delete route", intent("delete_route"))])

    # -- rows ----------------------------------------------------------------------------

    def _heading(self, words: str) -> None:
        u = self.u
        draw_text(self.surface, "display_bold", u(17), words.upper(), theme.WAX,
                  topleft=(self.x, self.y))
        self.y += u(28)

    def _label(self, words: str, height: int) -> None:
        draw_text(self.surface, "serif", self.u(19), words, theme.INK_SOFT,
                  midleft=(self.x, self.y + height // 2))

    def _name(self, name: TextField, typing: bool) -> None:
        u = self.u
        self._label("Name", u(40))
        box = pygame.Rect(self.x + u(96), self.y, self.width - u(96), u(40))
        name.draw(self.surface, box, lambda px: u(px * 0.8), focused=typing,
                  hint="Type a name")
        self.form.name_box = box
        self.y += u(48)

    def _choices(self, label: str, options: list[tuple[str, Intent]], chosen: int) -> None:
        u = self.u
        self._label(label, u(36))
        left, gap = self.x + u(96), u(6)
        width = (self.width - u(96) - gap * (len(options) - 1)) // len(options)
        for k, (words, it) in enumerate(options):
            button = Button(pygame.Rect(left + k * (width + gap), self.y, width, u(36)), words,
                            it, u(17))
            self.form.buttons.append(button)
            if k == chosen:
                self.form.chosen.append(button)
        self.y += u(44)

    def _province(self, current: str) -> None:
        u = self.u
        self._label("Province", u(36))
        left, arrow = self.x + u(96), u(34)
        right = self.x + self.width - arrow
        self.form.buttons += [
            Button(pygame.Rect(left, self.y, arrow, u(36)), "<", intent("province", step=-1),
                   u(17)),
            Button(pygame.Rect(right, self.y, arrow, u(36)), ">", intent("province", step=1),
                   u(17))]
        room = right - left - arrow - u(8)
        shown = elide("serif_bold", u(18), current, room)
        draw_text(self.surface, "serif_bold", u(18), shown, theme.INK,
                  center=((left + arrow + right) // 2, self.y + u(18)))
        self.y += u(44)

    def _strength(self, strength: int) -> None:
        u = self.u
        self._label("Strength", u(36))
        left, arrow = self.x + u(96), u(34)
        self.form.buttons += [
            Button(pygame.Rect(left, self.y, arrow, u(36)), "−", intent("strength", step=-1),
                   u(17), enabled=strength > 1),
            Button(pygame.Rect(left + u(110), self.y, arrow, u(36)), "+",
                   intent("strength", step=1), u(17), enabled=strength < 9)]
        draw_text(self.surface, "serif_bold", u(20), f"{strength} d6", theme.INK,
                  center=(left + u(72), self.y + u(18)))
        self.y += u(44)

    def _buttons(self, options: list[tuple[str, Intent]]) -> None:
        u = self.u
        gap = u(8)
        width = (self.width - gap * (len(options) - 1)) // len(options)
        for k, (words, it) in enumerate(options):
            self.form.buttons.append(Button(pygame.Rect(self.x + k * (width + gap), self.y,
                                                        width, u(38)), words, it, u(17)))
        self.y += u(46)

    def _say(self, words: str) -> None:
        for line in wrap("serif_italic", self.u(18), words, self.width)[:3]:
            self._line(line, "serif_italic", theme.INK_SOFT)

    def _line(self, words: str, face: str, colour: tuple[int, int, int]) -> None:
        rect = draw_text(self.surface, face, self.u(18), words, colour, topleft=(self.x, self.y))
        self.y = rect.bottom + self.u(2)


def _pending_fields(pending: Pending) -> dict[str, Any]:
    return {"size": pending.size, "port": pending.port, "province": pending.province,
            "strength": pending.strength}


def _routes_line(edits: MapEdits, node: str) -> str:
    routes = edits.routes_of(node)
    if not routes:
        return "No route leads there yet."
    kinds = [kind for kind in ROUTE_NAMES if any(r[0] == kind for r in routes)]
    parts = ", ".join(f"{sum(r[0] == kind for r in routes)} {kind}" for kind in kinds)
    return f"{len(routes)} route{'s' if len(routes) > 1 else ''}: {parts}."
