"""The area map widget: a camera on the board (zoom levels fit × √2^k about the mouse, drag
to pan, as Mediterranean Empires' map does), the ground painted once per camera and picture,
the dressing on top, and hit-testing (a site's key, else the area under the mouse)."""

from __future__ import annotations

import pygame

from sprites.areamap.block import Box
from sprites.areamap.dress import Dresser
from sprites.areamap.geometry import AreaGeometry
from sprites.areamap.paint import GroundPainter
from sprites.areamap.picture import AreaPicture
from sprites.areamap.tiles import GroundTiles
from sprites.map.camera import MAX_LEVEL, Camera

DRAG_SLOP = 4
"""Pixels the mouse may move between press and release and still click."""


class AreaMapView:
    """An area map in a screen rectangle."""

    def __init__(self, geometry: AreaGeometry, rect: pygame.Rect) -> None:
        self.geometry = geometry
        self.tiles = GroundTiles(GroundPainter(geometry))
        self.dresser = Dresser(geometry)
        self.camera = Camera((rect.x, rect.y, rect.w, rect.h), geometry.extent,
                             fit_area=rect.size)
        self.camera.fit()
        self.level = 0
        self.boxes: list[Box] = []
        self._last: tuple[tuple[object, ...], AreaPicture, pygame.Surface] | None = None
        self._press: tuple[int, int] | None = None
        self._surface: pygame.Surface | None = None
        self._dragged = False

    @property
    def rect(self) -> pygame.Rect:
        """The viewport on screen."""
        return pygame.Rect(self.camera.viewport)

    def resize(self, rect: pygame.Rect) -> None:
        """Move the map to a new rectangle (fitted afresh if its size changed)."""
        if pygame.Rect(rect) == self.rect:
            return
        refit = rect.size != self.rect.size
        self.camera.viewport = (rect.x, rect.y, rect.w, rect.h)
        if refit:
            self.camera.fit_area = rect.size
            self.level = 0
            self.camera.fit()
        self._last = None

    def draw(self, surface: pygame.Surface, picture: AreaPicture) -> None:
        """The map with `picture` on it, inside the viewport (the last frame again when
        neither the camera nor the picture changed)."""
        rect = self.rect
        key = (self.camera.zoom, self.camera.origin, self.camera.viewport)
        if self._last is None or self._last[0] != key or self._last[1] != picture:
            canvas = self._canvas(rect.size)
            local = Camera((0, 0, rect.w, rect.h), self.camera.extent, self.camera.zoom,
                           self.camera.origin)
            self.tiles.blit(canvas, local, picture)
            boxes = self.dresser.dress(canvas, picture, local)
            self.boxes = [(k, box.move(rect.topleft)) for k, box in boxes]
            self._last = (key, picture, canvas)
        surface.blit(self._last[2], rect)

    def _canvas(self, size: tuple[int, int]) -> pygame.Surface:
        """The surface frames are drawn in (made again only when the size changes)."""
        if self._surface is None or self._surface.get_size() != size:
            self._surface = pygame.Surface(size)
        return self._surface

    def hit(self, pos: tuple[int, int]) -> str | None:
        """The site key or area id under a screen position (None: off the map or no area)."""
        if not self.rect.collidepoint(pos):
            return None
        for key, box in reversed(self.boxes):
            if box.collidepoint(pos):
                return key
        return self.geometry.area_at(self.camera.to_board(pos))

    def zoom(self, steps: int, anchor: tuple[int, int] | None = None) -> None:
        """Zoom in (steps > 0) or out by levels about a screen point (default: the centre)."""
        level = max(0, min(MAX_LEVEL, self.level + steps))
        if level != self.level:
            self.level = level
            self.camera.zoom_about(self.camera.level_zoom(level), anchor or self.rect.center)

    def centre_on(self, area_id: str) -> None:
        """Bring an area's label to the middle of the view."""
        self.camera.centre_on(self.geometry.areas[area_id].label)

    def handle(self, event: pygame.event.Event) -> bool:
        """Pan and zoom; True when the event was the map's own (a drag or the wheel). A
        click (press and release without a drag) is left to the caller: use `hit`."""
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(pygame.mouse.get_pos()):
                self.zoom(1 if event.y > 0 else -1, pygame.mouse.get_pos())
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press = event.pos if self.rect.collidepoint(event.pos) else None
            self._dragged = False
            return False
        if event.type == pygame.MOUSEMOTION and self._press is not None and event.buttons[0]:
            return self._drag(event.pos, event.rel)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            dragged, self._press = self._dragged, None
            return dragged
        return False

    def _drag(self, pos: tuple[int, int], rel: tuple[int, int]) -> bool:
        assert self._press is not None
        far = max(abs(pos[0] - self._press[0]), abs(pos[1] - self._press[1])) > DRAG_SLOP
        if far or self._dragged:
            self._dragged = True
            self.camera.pan(*rel)
        return self._dragged
