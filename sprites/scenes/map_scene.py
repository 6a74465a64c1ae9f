"""The map of a scenario at set-up: pan, zoom, hover for details.

Drawing: the map and the side panel are composed into a background surface whenever the
camera moves; otherwise only overlays (hover mark, tooltip, moving tokens) are redrawn, and
only the rectangles they touched (old and new) are presented.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

import pygame

from sprites import content, theme
from sprites.map import style
from sprites.map.hit import Hit
from sprites.map.picture import scenario_picture, whole_map
from sprites.map.routes import draw_route
from sprites.map.tokens import Token
from sprites.map.tooltips import describe
from sprites.map.view import MapView
from sprites.scenes.base import Intent, Scene, intent
from sprites.scenes.map_hud import draw_hud
from sprites.ui.widgets import tooltip

PAN_KEYS = {pygame.K_LEFT: (1, 0), pygame.K_RIGHT: (-1, 0), pygame.K_UP: (0, 1),
            pygame.K_DOWN: (0, -1), pygame.K_a: (1, 0), pygame.K_d: (-1, 0),
            pygame.K_w: (0, 1), pygame.K_s: (0, -1)}
PAN_SPEED = 900.0
"""Screen px per second for held arrow keys."""
DRAG_SLOP = 4

if TYPE_CHECKING:
    from sprites.app import App


class MapScene(Scene):
    """A scenario's map with its starting ownership (None: the bare map)."""

    def __init__(self, scenario: str | None = None) -> None:
        super().__init__()
        self.scenario = scenario
        data = content.content()
        self.model = content.map_model()
        self.picture = (whole_map(data) if scenario is None
                        else scenario_picture(data, scenario))
        self.capitals: dict[str, str] = {}
        self.notes: tuple[tuple[str, str], ...] = ()
        if scenario is not None:
            setup = data.setup(scenario)
            self.capitals = {e.empire: data.map.city(e.capital).name for e in setup.empires}
            keys = ", ".join(data.map.city(c).name for c in setup.key_cities)
            self.notes = (("Key cities", keys), ("The scenario", setup.description))
        self.view: MapView | None = None
        self.background: pygame.Surface | None = None
        self.tokens: list[Token] = []
        self.held: dict[int, tuple[int, int]] = {}
        self.drag: tuple[tuple[int, int], bool] | None = None
        self.pointer: tuple[int, int] | None = None
        self.hover: Hit | None = None
        self._overlay_rects: list[pygame.Rect] = []
        self._overlay_dirty = False

    # -- set-up -------------------------------------------------------------------------

    def enter(self, app: App) -> None:
        """Build the view for the window (first time) and redraw."""
        super().enter(app)
        w, h = app.size
        self.hud_rect = pygame.Rect(0, 0, app.ui(380), h)
        viewport = pygame.Rect(self.hud_rect.right, 0, w - self.hud_rect.right, h)
        if self.view is None or pygame.Rect(self.view.camera.viewport) != viewport:
            self.view = MapView(self.model, self.picture, viewport, app.settings.colour_blind,
                                app.settings.animation_speed)
            self.view.prepare()
        self.background = pygame.Surface((w, h))
        self.hud = pygame.Surface(self.hud_rect.size)
        draw_hud(self.hud, self.hud.get_rect(), self.picture, self.capitals, app.ui,
                 app.settings.colour_blind, self.notes)

    def resized(self) -> None:
        """Rebuild for a new window size or settings."""
        if self.app is not None:
            self.view = None
            self.enter(self.app)

    # -- input --------------------------------------------------------------------------

    def intents(self, event: pygame.event.Event) -> list[Intent]:
        """Mouse and keys to map intents."""
        if event.type == pygame.MOUSEWHEEL:
            return [intent("zoom", steps=1 if event.y > 0 else -1,
                           at=pygame.mouse.get_pos())]
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            return [intent("press", pos=event.pos)]
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 2, 3):
            return [intent("release", pos=event.pos)]
        if event.type == pygame.MOUSEMOTION:
            return [intent("pointer", pos=event.pos)]
        if event.type in (pygame.KEYDOWN, pygame.KEYUP):
            return self._key(event)
        return []

    def _key(self, event: pygame.event.Event) -> list[Intent]:
        down = event.type == pygame.KEYDOWN
        if event.key in PAN_KEYS:
            return [intent("hold", key=event.key, down=down)]
        if not down:
            return []
        centre = self.view.camera.viewport if self.view else (0, 0, 0, 0)
        mid = (centre[0] + centre[2] // 2, centre[1] + centre[3] // 2)
        table = {pygame.K_PLUS: intent("zoom", steps=1, at=mid),
                 pygame.K_EQUALS: intent("zoom", steps=1, at=mid),
                 pygame.K_KP_PLUS: intent("zoom", steps=1, at=mid),
                 pygame.K_MINUS: intent("zoom", steps=-1, at=mid),
                 pygame.K_KP_MINUS: intent("zoom", steps=-1, at=mid),
                 pygame.K_f: intent("fit"), pygame.K_HOME: intent("fit"),
                 pygame.K_ESCAPE: intent("back")}
        return [table[event.key]] if event.key in table else []

    def apply(self, it: Intent) -> None:
        """Pan, zoom, fit, hover, back."""
        assert self.app is not None and self.view is not None
        if it.name == "zoom":
            self.view.zoom_step(it.arg("steps"), it.arg("at"))
        elif it.name == "fit":
            self.view.fit()
        elif it.name == "pan":
            self.view.pan(it.arg("dx"), it.arg("dy"))
        elif it.name == "hold":
            self._hold(it.arg("key"), it.arg("down"))
        elif it.name == "press":
            self.drag = (it.arg("pos"), False)
        elif it.name == "release":
            self.drag = None
        elif it.name == "pointer":
            self._pointer(it.arg("pos"))
        elif it.name == "back":
            self.app.pop()

    def _hold(self, key: int, down: bool) -> None:
        if down:
            self.held[key] = PAN_KEYS[key]
        else:
            self.held.pop(key, None)

    def _pointer(self, pos: tuple[int, int]) -> None:
        assert self.view is not None
        if self.drag is not None:
            start, moving = self.drag
            if moving or abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > DRAG_SLOP:
                self.view.pan(pos[0] - start[0], pos[1] - start[1])
                self.drag = (pos, True)
                self._set_hover(None)
                return
        self.pointer = pos
        self._set_hover(self.view.hit(pos))

    def _set_hover(self, hit: Hit | None) -> None:
        if hit != self.hover:
            self.hover = hit
            self._overlay_dirty = True
        elif hit is not None:
            self._overlay_dirty = True

    # -- time and drawing ---------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Held keys pan; the view animates and refines; tokens move."""
        assert self.view is not None
        if self.held:
            dx = sum(d[0] for d in self.held.values()) * PAN_SPEED * dt
            dy = sum(d[1] for d in self.held.values()) * PAN_SPEED * dt
            self.view.pan(dx, dy)
        self.view.update(dt)
        for token in self.tokens:
            token.step(dt)
        if self.tokens:
            self._overlay_dirty = True

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Compose when the camera moved; else redraw overlays in dirty rectangles."""
        assert self.view is not None and self.background is not None
        if self.full_redraw or self.view.dirty:
            self.view.compose(self.background)
            self.background.blit(self.hud, self.hud_rect)
            surface.blit(self.background, (0, 0))
            self._overlay_rects = self._draw_overlays(surface)
            self.full_redraw = self._overlay_dirty = False
            return None
        if not self._overlay_dirty:
            return []
        old = self._overlay_rects
        for rect in old:
            surface.blit(self.background, rect, rect)
        self._overlay_rects = self._draw_overlays(surface)
        self._overlay_dirty = False
        return old + self._overlay_rects

    def _draw_overlays(self, surface: pygame.Surface) -> list[pygame.Rect]:
        assert self.view is not None and self.app is not None
        rects: list[pygame.Rect] = []
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(self.view.camera.viewport))
        for token in self.tokens:
            rects.append(token.draw(surface, self.view.camera))
        if self.hover is not None:
            rects.append(self._draw_hover(surface, self.hover))
        surface.set_clip(clip)
        if self.hover is not None and self.pointer is not None:
            title, lines = describe(self.hover, self.model, self.picture)
            rects.append(tooltip(surface, self.pointer, title, lines,
                                 self.app.ui(100) / 100))
        return [r.clip(surface.get_rect()) for r in rects]

    def _draw_hover(self, surface: pygame.Surface, hit: Hit) -> pygame.Rect:
        """A gold mark on the thing under the pointer."""
        assert self.view is not None
        cam = self.view.camera
        if hit.route is not None:
            points = [cam.to_screen(p) for p in hit.route.points]
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            for width, colour in ((5, theme.GOLD_LIGHT), (2, theme.WAX)):
                for a, b in pairwise(points):
                    pygame.draw.line(surface, colour, a, b, width)
            draw_route(surface, hit.route, points, 1.5)
            return pygame.Rect(min(xs) - 6, min(ys) - 6, max(xs) - min(xs) + 12,
                               max(ys) - min(ys) + 12)
        centre = cam.to_screen(self.model.position(hit.id))
        if hit.kind == "city":
            radius = style.city_radius(self.model.city(hit.id).size, cam.zoom) + 6
        else:
            radius = style.area_radius(cam.zoom) + 5
        pygame.draw.circle(surface, theme.GOLD_LIGHT, centre, radius, 3)
        pygame.draw.circle(surface, theme.WAX, centre, radius + 2, 1)
        return pygame.Rect(centre[0] - radius - 4, centre[1] - radius - 4, 2 * radius + 8,
                           2 * radius + 8)
