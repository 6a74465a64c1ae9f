"""The map as a screen widget: pan (drag, held keys), zoom about a point, F to frame the
scenario's provinces, hover with a gold mark and a tooltip, moving tokens, arrows pointing at
what happens out of sight. The map is composed straight onto the screen, only what
changed of it (a pan scrolls it and draws the strips uncovered); overlays are wiped by drawing
the map (or the side panel) again under them, and only the rectangles touched are presented
(the whole screen once the viewport moved)."""

from __future__ import annotations

from collections.abc import Callable, Collection
from itertools import pairwise

import pygame

from sprites import theme
from sprites.map import style
from sprites.map.beacons import Beacons
from sprites.map.hit import Hit
from sprites.map.model import MapModel
from sprites.map.picture import BoardPicture
from sprites.map.routes import draw_route
from sprites.map.tiles import Key, StaticPainter
from sprites.map.tokens import Token
from sprites.map.tooltips import describe
from sprites.map.view import MapView
from sprites.scenes.base import Intent, intent
from sprites.ui.widgets import tooltip

PAN_KEYS = {pygame.K_LEFT: (1, 0), pygame.K_RIGHT: (-1, 0), pygame.K_UP: (0, 1),
            pygame.K_DOWN: (0, -1), pygame.K_a: (1, 0), pygame.K_d: (-1, 0),
            pygame.K_w: (0, 1), pygame.K_s: (0, -1)}
PAN_SPEED = 900.0
"""Screen px per second for held arrow keys."""
DRAG_SLOP = 4
Paint = Callable[[pygame.Surface], list[pygame.Rect]]


class MapPane:
    """The map in a viewport, with the pointer's state and the overlays' dirty rectangles."""

    def __init__(self, model: MapModel, picture: BoardPicture) -> None:
        self.model = model
        self.picture = picture
        self.view: MapView | None = None
        self.area = pygame.Rect(0, 0, 0, 0)
        """The screen area the map may fill (the viewport is its part below the bar)."""
        self.tokens: list[Token] = []
        self.held: dict[int, tuple[int, int]] = {}
        self.drag: tuple[tuple[int, int], bool] | None = None
        self.pointer: tuple[int, int] | None = None
        self.hover: Hit | None = None
        self.prefer: frozenset[str] = frozenset()
        """What a click on several markers at once means first (the legal targets)."""
        self.margins = (0, 0)
        """Pixels kept free at the top and bottom of the viewport (a little under the bar; the
        hand)."""
        self.beacons = Beacons()
        self.dirty = False
        """The overlays changed since they were last drawn."""
        self._rects: list[pygame.Rect] = []
        self._clean: pygame.Surface | None = None
        """The map in the viewport as last composed, once the camera rests (None: moving)."""

    # -- set-up -------------------------------------------------------------------------

    def place(self, viewport: pygame.Rect, screen: tuple[int, int], colour_blind: bool,
              speed: int) -> bool:
        """Fit to a viewport of a screen of that size (a new view only if it moved); whether
        the view is new."""
        if self.view is not None and self.area == viewport:
            return False
        self.area = pygame.Rect(viewport)
        self.view = MapView(self.model, self.picture, viewport, colour_blind, speed)
        return True

    def below(self, top: int) -> None:
        """Start the viewport at screen row `top` (the decision bar's bottom) inside the area
        placed; the levels and the board on screen stay as they are."""
        area, view = self.area, self.map_view
        viewport = pygame.Rect(area.x, max(area.y, top), area.w, area.bottom - max(area.y, top))
        if pygame.Rect(view.camera.viewport) != viewport:
            view.reframe(viewport)
            self.dirty = True

    @property
    def map_view(self) -> MapView:
        """The view (once placed)."""
        assert self.view is not None
        return self.view

    @property
    def viewport(self) -> pygame.Rect:
        """The part of the screen the map fills."""
        return pygame.Rect(self.map_view.camera.viewport)

    def show(self, picture: BoardPicture) -> None:
        """Draw another position of the board."""
        self.picture = picture
        if self.view is not None:
            self.view.set_picture(picture)

    def remodel(self, painter: StaticPainter, picture: BoardPicture,
                stale: Callable[[Key], bool]) -> None:
        """Draw an edited map in place, the camera kept (see `MapView.remodel`)."""
        self.model, self.picture, self.hover = painter.model, picture, None
        if self.view is not None:
            self.view.remodel(painter, picture, stale)
        self.dirty = True

    def frame(self, top: int | None = None, bottom: int | None = None) -> None:
        """Zoom to the deepest level that shows the scenario's provinces (their cities and the
        barbarian areas in play), between `top` and `bottom` px kept free (the decision bar,
        the hand; by default those of the last call)."""
        self.margins = (self.margins[0] if top is None else top,
                        self.margins[1] if bottom is None else bottom)
        top, bottom = self.margins
        view, cam = self.map_view, self.map_view.camera
        points = self.provinces_in_play()
        if not points:
            view.fit()
            return
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        width, height = max(xs) - min(xs), max(ys) - min(ys)
        room_w, room_h = cam.viewport[2] - 120, cam.viewport[3] - top - bottom - 60
        fits = [k for k in range(1, 5) if width * cam.level_zoom(k) <= room_w
                and height * cam.level_zoom(k) <= room_h]
        level = max(fits, default=0)
        view.fit(level, ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
                         + (bottom - top) / 2 / cam.level_zoom(level)))

    def provinces_in_play(self) -> list[tuple[float, float]]:
        """Where the cities of the provinces in play and the barbarian areas in play are."""
        picture = self.picture
        return [c.pos for c in self.model.cities if c.province in picture.provinces_in_play] \
            + [a.pos for a in self.model.areas if picture.area(a.id) is not None]

    def to_screen(self, node: str) -> tuple[float, float] | None:
        """Where a city's or area's marker is on the screen (None: not on the map)."""
        spot = self.map_view.spots().get(node)
        return None if spot is None else self.map_view.camera.to_screen(spot)

    def labels_of(self, nodes: Collection[str]) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """The map's labels naming these cities or areas, at their places on the screen; none
        while the camera is between levels or the level's labels are still being laid out."""
        view = self.map_view
        scale = view.camera.level_zoom(view.level)
        layout = view.painter.laid_labels(scale)
        if layout is None or abs(view.camera.zoom - scale) > 1e-9:
            return []
        out = []
        for placed in layout.placed:
            if placed.node in nodes:
                x, y = view.camera.to_screen((placed.pos[0] / scale, placed.pos[1] / scale))
                out.append((placed.surface, (round(x), round(y))))
        return out

    def hit(self, pos: tuple[int, int]) -> Hit | None:
        """What is under a point (of several markers, a legal target first)."""
        return self.map_view.hit(pos, self.prefer)

    def pulse(self, nodes: list[str]) -> None:
        """Point at these places for a while if they are out of sight."""
        for node in nodes:
            spot = self.to_screen(node)
            if spot is not None and not self.free_rect().collidepoint(spot):
                self.beacons.add(node, self._name(node))
                self.dirty = True

    def free_rect(self) -> pygame.Rect:
        """The viewport less the margins kept for the bar and the hand."""
        box = self.viewport
        return pygame.Rect(box.x, box.y + self.margins[0], box.w,
                           box.h - self.margins[0] - self.margins[1])

    def centre(self, node: str) -> None:
        """Bring a place to the middle of the free part of the viewport."""
        spot, middle = self.to_screen(node), self.free_rect().center
        if spot is not None:
            self.map_view.pan(middle[0] - spot[0], middle[1] - spot[1])
            self.beacons.forget(node)
            self.dirty = True

    def _name(self, node: str) -> str:
        try:
            return self.model.city(node).name
        except KeyError:
            return self.model.area(node).name

    # -- input --------------------------------------------------------------------------

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """The wheel zooms; buttons press and release; motion points; keys pan and zoom."""
        if event.type == pygame.MOUSEWHEEL:
            return [intent("zoom", steps=1 if event.y > 0 else -1, at=pygame.mouse.get_pos())]
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
                and event.button in (1, 2, 3):
            name = "press" if event.type == pygame.MOUSEBUTTONDOWN else "release"
            return [intent(name, pos=event.pos)]
        if event.type == pygame.MOUSEMOTION:
            return [intent("pointer", pos=event.pos)]
        if event.type in (pygame.KEYDOWN, pygame.KEYUP):
            return self._key(event)
        return []

    def _key(self, event: pygame.event.Event) -> list[Intent]:
        down = event.type == pygame.KEYDOWN
        if event.key in PAN_KEYS:
            return [intent("hold", key=event.key, down=down)]
        x, y, w, h = self.view.camera.viewport if self.view else (0, 0, 0, 0)
        mid = (x + w // 2, y + h // 2)
        table = {pygame.K_PLUS: 1, pygame.K_EQUALS: 1, pygame.K_KP_PLUS: 1,
                 pygame.K_MINUS: -1, pygame.K_KP_MINUS: -1}
        if down and event.key in table:
            return [intent("zoom", steps=table[event.key], at=mid)]
        if down and event.key in (pygame.K_f, pygame.K_HOME):
            return [intent("fit")]  # the scenario's provinces
        return []

    def apply(self, it: Intent) -> None:
        """Pan, zoom, fit (the scenario's provinces), centre on a place, press, release and
        point."""
        view = self.map_view
        actions: dict[str, Callable[[], object]] = {
            "zoom": lambda: view.zoom_step(it.arg("steps"), it.arg("at")),
            "fit": self.frame,
            "centre": lambda: self.centre(it.arg("node")),
            "pan": lambda: view.pan(it.arg("dx"), it.arg("dy")),
            "hold": lambda: self._hold(it.arg("key"), it.arg("down")),
            "press": lambda: setattr(self, "drag", (it.arg("pos"), False)),
            "release": self.release,
            "pointer": lambda: self._point(it.arg("pos")),
        }
        if it.name in actions:
            actions[it.name]()

    def release(self) -> bool:
        """The button goes up; whether that made a click (the map was not dragged)."""
        clicked = self.drag is not None and not self.drag[1]
        self.drag = None
        return clicked

    def _hold(self, key: int, down: bool) -> None:
        if down:
            self.held[key] = PAN_KEYS[key]
        else:
            self.held.pop(key, None)

    def _point(self, pos: tuple[int, int]) -> None:
        if self.drag is not None:
            start, moving = self.drag
            if moving or abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > DRAG_SLOP:
                self.map_view.pan(pos[0] - start[0], pos[1] - start[1])
                self.drag = (pos, True)
                self._set_hover(None)
                return
        self.pointer = pos
        self._set_hover(self.map_view.hit(pos, self.prefer))

    def _set_hover(self, hit: Hit | None) -> None:
        self.dirty |= hit is not None or hit != self.hover
        self.hover = hit

    # -- time and drawing ---------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Held keys pan; the view animates and refines; tokens move."""
        view = self.map_view
        if self.held:
            dx = sum(d[0] for d in self.held.values()) * PAN_SPEED * dt
            dy = sum(d[1] for d in self.held.values()) * PAN_SPEED * dt
            view.pan(dx, dy)
        view.update(dt)
        for token in self.tokens:
            token.step(dt)
        self.dirty |= bool(self.tokens) | self.beacons.update(dt)

    def present(self, surface: pygame.Surface, full: bool, panel: pygame.Surface,
                at: pygame.Rect, paint: Paint) -> list[pygame.Rect] | None:
        """Draw the map and a side panel (at `at`; the two fill the screen) in full when
        `full`, else what changed of the map when the view did (the camera moved, tiles were
        painted), and the overlays `paint` draws, after wiping their last places; the
        rectangles changed (None: the whole screen)."""
        view = self.map_view
        if not (full or self.dirty or view.dirty):
            return []
        old, viewport = self._rects, self.viewport
        for rect in old:  # overlays over the panel
            shown = rect.clip(at)
            if shown.w and shown.h:
                surface.blit(panel, shown, shown.move(-at.x, -at.y))
        changed: list[pygame.Rect] = []
        if not (full or view.dirty) and self._clean is not None:
            for rect in old:  # the camera rests: wiped from the map kept meanwhile
                shown = rect.clip(viewport)
                surface.blit(self._clean, shown, shown.move(-viewport.x, -viewport.y))
        elif full or not view.redraw(surface, old):
            view.forget()
            view.compose(surface)
            if full:
                surface.blit(panel, at)
            changed = [viewport]
        elif view.dirty:
            shift, changed = view.compose(surface)
            if shift != (0, 0):
                changed = [viewport]
        elif self._clean is None:  # the camera is found resting: keep the map to wipe from
            self._clean = surface.subsurface(viewport).copy()
        if changed:
            self._clean = None
        self._rects = paint(surface)
        self.dirty = False
        return None if viewport in changed else [*old, *changed, *self._rects]

    def marks(self, surface: pygame.Surface, under: Paint | None = None) -> list[pygame.Rect]:
        """Inside the viewport: what `under` draws, the tokens, the hover mark."""
        clip = surface.get_clip()
        surface.set_clip(self.viewport)
        rects = under(surface) if under is not None else []
        rects += [token.draw(surface, self.map_view.camera) for token in self.tokens]
        if self.hover is not None:
            rects.append(self._draw_hover(surface, self.hover))
        rects += self.beacons.draw(surface, self.to_screen, self.free_rect(),
                                   max(0.9, self.viewport.h / 1080))
        surface.set_clip(clip)
        return rects

    def tooltip(self, surface: pygame.Surface, scale: float, first: list[str] | None = None
                ) -> list[pygame.Rect]:
        """What is under the pointer, in words beside it (`first` lines on top)."""
        if self.hover is None or self.pointer is None:
            return []
        title, lines = describe(self.hover, self.model, self.picture)
        return [tooltip(surface, self.pointer, title, [*(first or []), *lines], scale)]

    def _draw_hover(self, surface: pygame.Surface, hit: Hit) -> pygame.Rect:
        """A gold mark on the thing under the pointer."""
        cam = self.map_view.camera
        if hit.route is not None:
            points = [cam.to_screen(p) for p in hit.route.points]
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            for width, colour in ((5, theme.GOLD_LIGHT), (2, theme.WAX)):
                for a, b in pairwise(points):
                    pygame.draw.line(surface, colour, a, b, width)
            draw_route(surface, hit.route, points, 1.5)
            return pygame.Rect(min(xs) - 6, min(ys) - 6, max(xs) - min(xs) + 12,
                               max(ys) - min(ys) + 12)
        centre = cam.to_screen(self.map_view.spots()[hit.id])
        radius = self.node_radius(hit.id, cam.zoom) - 1
        pygame.draw.circle(surface, theme.GOLD_LIGHT, centre, radius, 3)
        pygame.draw.circle(surface, theme.WAX, centre, radius + 2, 1)
        return pygame.Rect(centre[0] - radius - 4, centre[1] - radius - 4, 2 * radius + 8,
                           2 * radius + 8)

    def node_radius(self, node: str, zoom: float) -> float:
        """The radius of a ring drawn around a city or area."""
        try:
            return style.city_radius(self.model.city(node).size, zoom) + 7
        except KeyError:
            return style.area_radius(zoom) + 6
