"""What the map editor draws over the map: the tool and its hint on a plaque, the selection,
a route's first end with a line to the pointer, a place being dragged or added, the tooltip,
and the confirmation before a place is removed."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from sprites import theme
from sprites.editor.map_edits import MapEdits
from sprites.editor.map_model import board_at
from sprites.editor.map_tools import ROUTE_TOOLS, Grab, Tools
from sprites.map import style
from sprites.map.hit import Hit
from sprites.map.markers import area_sprite, city_sprite
from sprites.map.model import Point, RouteLine
from sprites.map.pane import MapPane
from sprites.map.picture import FREE, NEUTRAL, CityState
from sprites.map.routes import draw_route
from sprites.map.tooltips import ROUTE_WORDS
from sprites.scenes.base import intent
from sprites.ui.text import draw_text, elide
from sprites.ui.widgets import Button, panel, tooltip


@dataclass
class Confirm:
    """A question before a place is removed: its words and its two buttons (Remove, Keep)."""

    node: str
    title: str
    lines: list[str]
    buttons: list[Button] = field(default_factory=list)


def hint_plaque(surface: pygame.Surface, viewport: pygame.Rect, tools: Tools, scale: float
                ) -> pygame.Rect:
    """The active tool and what a click does, on a plaque at the top of the map."""
    size = round(19 * scale)
    width = min(viewport.w - round(40 * scale), round(900 * scale))
    rect = pygame.Rect(0, 0, width, round(40 * scale))
    rect.midtop = (viewport.centerx, viewport.y + round(12 * scale))
    panel(surface, rect, shadow=False)
    name = draw_text(surface, "display_bold", size, tools.tool.name.upper(), theme.WAX,
                     midleft=(rect.x + round(16 * scale), rect.centery))
    room = rect.right - name.right - round(36 * scale)
    words = elide("serif_italic", size, tools.hint(), room)
    draw_text(surface, "serif_italic", size, words, theme.INK,
              midleft=(name.right + round(16 * scale), rect.centery))
    return rect.inflate(4, 4)


def ring(surface: pygame.Surface, centre: Point, radius: float, colour: tuple[int, int, int]
         ) -> pygame.Rect:
    """A double ring round a place (selection, a route's first end)."""
    pygame.draw.circle(surface, theme.PARCHMENT_LIGHT, centre, radius + 2, 2)
    pygame.draw.circle(surface, colour, centre, radius, 3)
    r = round(radius) + 5
    return pygame.Rect(round(centre[0]) - r, round(centre[1]) - r, 2 * r, 2 * r)


def route_mark(surface: pygame.Surface, pane: MapPane, route: RouteLine) -> pygame.Rect:
    """A route drawn over in wax and gold (selected)."""
    cam = pane.map_view.camera
    points = [cam.to_screen(p) for p in route.points]
    pygame.draw.lines(surface, theme.GOLD_LIGHT, False, points, 7)
    pygame.draw.lines(surface, theme.WAX, False, points, 3)
    draw_route(surface, route, points, 1.5)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return pygame.Rect(min(xs) - 6, min(ys) - 6, max(xs) - min(xs) + 12, max(ys) - min(ys) + 12)


def band(surface: pygame.Surface, start: Point, end: Point, kind: str, ok: bool
         ) -> pygame.Rect:
    """The route being drawn, from its first end to the pointer (wax red where refused)."""
    line = RouteLine(kind, ("", ""), (start, end))
    pygame.draw.line(surface, theme.PARCHMENT_LIGHT, start, end, 6)
    if not ok:
        pygame.draw.line(surface, theme.WAX, start, end, 2)
    draw_route(surface, line, [start, end], 2.4 if ok else 1.2)
    return pygame.Rect(min(start[0], end[0]) - 6, min(start[1], end[1]) - 6,
                       abs(end[0] - start[0]) + 12, abs(end[1] - start[1]) + 12)


def ghost(surface: pygame.Surface, edits: MapEdits, node: str | None, kind: str, at: Point,
          zoom: float, size: int = 1, port: bool = False, strength: int = 3) -> pygame.Rect:
    """A place drawn where it is being dragged or added, half see-through."""
    data = edits.place(node) if node else {}
    if kind == "city":
        size, port = int(data.get("size", size)), bool(data.get("port", port))
        sprite = city_sprite(size, style.city_radius(size, zoom), CityState(NEUTRAL), port,
                             False)
    else:
        sprite = area_sprite(style.area_radius(zoom), int(data.get("strength", strength)), FREE)
    sprite = sprite.copy()
    sprite.set_alpha(210)
    rect = sprite.get_rect(center=(round(at[0]), round(at[1])))
    surface.blit(sprite, rect)
    return ring(surface, at, max(rect.w, rect.h) / 2 + 3, theme.WAX).union(rect)


def leads(surface: pygame.Surface, pane: MapPane, edits: MapEdits, node: str, at: Point
          ) -> list[pygame.Rect]:
    """Thin lines from a place being dragged to the places its routes lead to."""
    rects = []
    for _, a, b in edits.routes_of(node):
        other = pane.to_screen(b if a == node else a)
        if other is not None:
            pygame.draw.aaline(surface, theme.INK_SOFT, at, other)
            rects.append(pygame.Rect(min(at[0], other[0]) - 2, min(at[1], other[1]) - 2,
                                     abs(other[0] - at[0]) + 4, abs(other[1] - at[1]) + 4))
    return rects


def describe(hit: Hit, edits: MapEdits, tools: Tools) -> tuple[str, list[str]]:
    """Tooltip words for what is under the pointer, with what a click would do."""
    if hit.route is not None:
        kind, (a, b) = hit.route.kind, hit.route.ends
        doing = {"erase": "Click: delete this route.", "select": "Click: select it."}
        lines = [f"{edits.name(a)} – {edits.name(b)}", ROUTE_WORDS[kind][1]]
        return ROUTE_WORDS[kind][0], lines + ([doing[tools.tool.id]]
                                             if tools.tool.id in doing else [])
    data = edits.place(hit.id)
    count = len(edits.routes_of(hit.id))
    routes = f"{count} route{'s' if count != 1 else ''}"
    if hit.kind == "city":
        port = ", port" if data.get("port") else ""
        lines = [f"Size {data.get('size', '?')} city{port}",
                 f"Province: {edits.province_name(str(data.get('province', '')))}", routes]
    else:
        lines = [f"Barbarian area, strength {data.get('strength', '?')}", routes]
    action = tools.would(hit.id) or ("Click to edit it; drag to move it."
                                     if tools.tool.id == "select" else "")
    return edits.name(hit.id), lines + ([action] if action else [])


def hover_tip(surface: pygame.Surface, pane: MapPane, edits: MapEdits, tools: Tools,
              scale: float) -> list[pygame.Rect]:
    """The tooltip of what is under the pointer."""
    if pane.hover is None or pane.pointer is None:
        return []
    title, lines = describe(pane.hover, edits, tools)
    return [tooltip(surface, pane.pointer, title, lines, scale)]


def confirm_box(surface: pygame.Surface, viewport: pygame.Rect, confirm: Confirm,
                scale: float) -> pygame.Rect:
    """The confirmation in the middle of the map, its buttons laid out."""
    def px(v: float) -> int:
        return round(v * scale)
    rect = pygame.Rect(0, 0, min(viewport.w - px(40), px(620)),
                       px(150) + px(28) * len(confirm.lines))
    rect.center = viewport.center
    panel(surface, rect)
    y = draw_text(surface, "display_bold", px(24), confirm.title, theme.INK,
                  midtop=(rect.centerx, rect.y + px(22))).bottom + px(10)
    for line in confirm.lines:
        shown = elide("serif", px(19), line, rect.w - px(40))
        y = draw_text(surface, "serif", px(19), shown, theme.INK, midtop=(rect.centerx, y)).bottom
    width, height = px(180), px(44)
    hovered = {b.text for b in confirm.buttons if b.hovered}
    top = rect.bottom - height - px(18)
    confirm.buttons = [
        Button(pygame.Rect(rect.centerx - width - px(10), top, width, height), "Remove",
               intent("confirm"), px(20)),
        Button(pygame.Rect(rect.centerx + px(10), top, width, height), "Keep",
               intent("cancel"), px(20))]
    for button in confirm.buttons:
        button.hovered = button.text in hovered
        button.draw(surface)
    return rect.inflate(12, 12)


class EditorMarks:
    """The marks under the hover ring: the selection, a route's first end with the route
    being drawn to the pointer, a place being dragged (with lines along its routes) or
    added."""

    def __init__(self, pane: MapPane, edits: MapEdits, tools: Tools, grab: Grab | None
                 ) -> None:
        self.pane, self.edits, self.tools, self.grab = pane, edits, tools, grab
        self.zoom = pane.map_view.camera.zoom

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Draw them all; the rectangles drawn."""
        rects = self._selection(surface)
        start = self.tools.start
        if start is not None and (at := self.pane.to_screen(start)) is not None:
            rects.append(ring(surface, at, self.pane.node_radius(start, self.zoom), theme.WAX))
            rects.append(self._band(surface, at))
        grab = self.grab
        if grab is not None and grab.moving:
            rects += leads(surface, self.pane, self.edits, grab.node, grab.at)
            kind = "city" if self.edits.is_city(grab.node) else "area"
            rects.append(ghost(surface, self.edits, grab.node, kind, grab.at, self.zoom))
        pending = self.tools.pending
        if pending is not None:
            at = self.pane.map_view.camera.to_screen(board_at(self.edits.layout, pending.geo))
            rects.append(ghost(surface, self.edits, None, pending.kind, at, self.zoom,
                               pending.size, pending.port, pending.strength))
        return rects

    def _selection(self, surface: pygame.Surface) -> list[pygame.Rect]:
        sel = self.tools.selected
        if sel is None:
            return []
        if sel[0] == "route":
            ends = tuple(sorted(sel[2:]))
            route = next((r for r in self.pane.model.routes if r.ends == ends), None)
            return [route_mark(surface, self.pane, route)] if route is not None else []
        at = self.pane.to_screen(sel[1])
        if at is None:
            return []
        return [ring(surface, at, self.pane.node_radius(sel[1], self.zoom) + 2,
                     style.LAND_ROUTE)]

    def _band(self, surface: pygame.Surface, start: Point) -> pygame.Rect:
        pointer, hover, first = self.pane.pointer, self.pane.hover, self.tools.start
        end: Point = pointer if pointer is not None else start
        kind = self.tools.tool.id if self.tools.tool.id in ROUTE_TOOLS else "land"
        ok = (hover is None or hover.route is not None or first is None
              or self.edits.route_refusal(kind, first, hover.id) is None)
        return band(surface, start, end, kind, ok)
