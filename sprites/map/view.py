"""The map widget: composes cached tiles and markers for the camera, pans and zooms smoothly,
and refines tiles in the background when a zoom settles."""

from __future__ import annotations

import math

import pygame

from sprites import theme
from sprites.anim import Tween, ease_out_cubic
from sprites.map import style
from sprites.map.camera import MAX_LEVEL, Camera, Point
from sprites.map.hit import Hit, hit_test
from sprites.map.markers import area_sprite, city_sprite
from sprites.map.model import MapModel
from sprites.map.picture import BoardPicture
from sprites.map.tiles import TILE, StaticPainter, TileCache

ZOOM_SECONDS = 0.22
REFINE_BUDGET = 0.006
"""Seconds per frame spent painting sharper tiles after a zoom."""


class MapView:
    """The map in a viewport: call `update(dt)`, then `compose(surface)` when `dirty`."""

    def __init__(self, model: MapModel, picture: BoardPicture, viewport: pygame.Rect,
                 colour_blind: bool = False, animation_speed: int = 100) -> None:
        self.model = model
        self.picture = picture
        self.colour_blind = colour_blind
        self.animation_speed = animation_speed
        self.camera = Camera((viewport.x, viewport.y, viewport.w, viewport.h), model.extent)
        self.camera.fit()
        self.level = 0
        self.painter = StaticPainter(model, picture.provinces_in_play, picture.nodes_in_play)
        self.tiles = TileCache(self._paint_tile)
        self._zoom: tuple[Tween, Point] | None = None
        self.dirty = True
        self.hover: Hit | None = None

    # -- camera ---------------------------------------------------------------------------

    def _paint_tile(self, level: int, rect: pygame.Rect) -> pygame.Surface:
        return self.painter.paint(self.camera.level_zoom(level), rect)

    def prepare(self) -> None:
        """Paint every tile of the fit level now (so the first frames are sharp)."""
        for key in self._visible_keys(0, self.camera):
            self.tiles.ensure(key)

    def sharpen(self) -> None:
        """Finish any zoom and paint every visible tile of the current level now."""
        if self._zoom is not None:
            self._zoom[0].elapsed = self._zoom[0].duration
            self.update(0.0)
        for key in self._visible_keys(self.level, self.camera.snapped()):
            self.tiles.ensure(key)
        self.tiles.clear_wanted()
        self.dirty = True

    def pan(self, dx: float, dy: float) -> None:
        """Move the map by screen pixels."""
        self.camera.pan(dx, dy)
        self.dirty = True

    def zoom_step(self, steps: int, anchor: Point | None = None) -> None:
        """Zoom in (+) or out (-) by whole levels, keeping `anchor` (screen) in place."""
        target = max(0, min(MAX_LEVEL, self.level + steps))
        if target == self.level and self._zoom is None:
            return
        if anchor is None:
            vx, vy, vw, vh = self.camera.viewport
            anchor = (vx + vw / 2, vy + vh / 2)
        self.level = target
        seconds = ZOOM_SECONDS * 100 / self.animation_speed if self.animation_speed > 0 else 0
        self._zoom = (Tween(self.camera.zoom, self.camera.level_zoom(target), seconds,
                            ease_out_cubic), anchor)
        self.tiles.clear_wanted()
        if seconds == 0:
            self.update(0.0)

    def fit(self) -> None:
        """Back to the whole map."""
        self._zoom = None
        self.level = 0
        self.camera.fit()
        self.dirty = True

    @property
    def settled(self) -> bool:
        """No zoom in progress and every visible tile sharp."""
        return self._zoom is None and self.tiles.pending == 0

    def update(self, dt: float) -> None:
        """Advance the zoom animation and paint queued tiles within the frame budget."""
        if self._zoom is not None:
            tween, anchor = self._zoom
            tween.step(dt)
            self.camera.zoom_about(tween.value, anchor)
            if tween.done:
                self.camera.zoom_about(self.camera.level_zoom(self.level), anchor)
                self._zoom = None
            self.dirty = True
        elif self.tiles.pending and self.tiles.work(REFINE_BUDGET):
            self.dirty = True

    def set_picture(self, picture: BoardPicture) -> None:
        """Show another game position (same provinces in play)."""
        self.picture = picture
        self.dirty = True

    def hit(self, pos: Point) -> Hit | None:
        """What is drawn at a screen position."""
        if not pygame.Rect(self.camera.viewport).collidepoint(pos):
            return None
        return hit_test(self.model, self.camera, pos)

    # -- drawing --------------------------------------------------------------------------

    def compose(self, target: pygame.Surface) -> None:
        """Draw the map into its viewport of `target`."""
        cam = self.camera if self._zoom else self.camera.snapped()
        viewport = pygame.Rect(cam.viewport)
        target.fill(theme.BACKDROP, viewport)
        board = self._board_rect(cam).clip(viewport)
        clip = target.get_clip()
        target.set_clip(board)
        self._tiles(target, cam)
        self._markers(target, cam)
        target.set_clip(clip)
        _frame(target, self._board_rect(cam), viewport)
        self.dirty = False

    def _board_rect(self, cam: Camera) -> pygame.Rect:
        x, y, w, h = self.model.extent
        left, top = cam.to_screen((x, y))
        right, bottom = cam.to_screen((x + w, y + h))
        return pygame.Rect(round(left), round(top), round(right) - round(left),
                           round(bottom) - round(top))

    def _visible_keys(self, level: int, cam: Camera) -> list[tuple[int, int, int]]:
        scale = cam.level_zoom(level)
        vx, vy, vw, vh = cam.viewport
        x0, y0 = cam.to_board((vx, vy))
        x1, y1 = cam.to_board((vx + vw, vy + vh))
        ex, ey, ew, eh = self.model.extent
        x0, y0, x1, y1 = max(x0, ex), max(y0, ey), min(x1, ex + ew), min(y1, ey + eh)
        cols = range(int(x0 * scale // TILE), math.ceil(x1 * scale / TILE))
        rows = range(int(y0 * scale // TILE), math.ceil(y1 * scale / TILE))
        return [(level, c, r) for r in rows for c in cols]

    def _tiles(self, target: pygame.Surface, cam: Camera) -> None:
        wanted = self._visible_keys(self.level, cam)
        missing = [k for k in wanted if self.tiles.get(k) is None]
        if missing:
            fallback = self._fallback_level(cam)
            for key in self._visible_keys(fallback, cam):
                self._blit_tile(target, cam, key, self.tiles.get(key))
            if self._zoom is None:
                for key in reversed(missing):
                    self.tiles.want(key)
        for key in wanted:
            tile = self.tiles.get(key)
            if tile is not None:
                self._blit_tile(target, cam, key, tile)

    def _fallback_level(self, cam: Camera) -> int:
        """The sharpest level below the current one whose visible tiles are all cached."""
        for level in range(self.level - 1, 0, -1):
            if all(self.tiles.get(k) is not None for k in self._visible_keys(level, cam)):
                return level
        for key in self._visible_keys(0, cam):
            self.tiles.ensure(key)
        return 0

    def _blit_tile(self, target: pygame.Surface, cam: Camera, key: tuple[int, int, int],
                   tile: pygame.Surface | None) -> None:
        if tile is None:
            return
        level, col, row = key
        scale = cam.level_zoom(level)
        left, top = cam.to_screen((col * TILE / scale, row * TILE / scale))
        right, bottom = cam.to_screen(((col + 1) * TILE / scale, (row + 1) * TILE / scale))
        box = pygame.Rect(round(left), round(top), round(right) - round(left),
                          round(bottom) - round(top))
        if box.size == tile.get_size():
            target.blit(tile, box)
            return
        shown = box.clip(target.get_clip())
        if shown.w <= 0 or shown.h <= 0:
            return
        fx, fy = TILE / box.w, TILE / box.h
        part = pygame.Rect(int((shown.x - box.x) * fx), int((shown.y - box.y) * fy),
                           math.ceil(shown.w * fx), math.ceil(shown.h * fy)).clip(
                               tile.get_rect())
        if part.w > 0 and part.h > 0:
            target.blit(pygame.transform.scale(tile.subsurface(part), shown.size), shown)

    def _markers(self, target: pygame.Surface, cam: Camera) -> None:
        area_r = style.area_radius(cam.zoom)
        for area in self.model.areas:
            sprite = area_sprite(area_r, area.strength, self.picture.area(area.id))
            target.blit(sprite, sprite.get_rect(center=_round(cam.to_screen(area.pos))))
        for city in sorted(self.model.cities, key=lambda c: c.size):
            sprite = city_sprite(city.size, style.city_radius(city.size, cam.zoom),
                                 self.picture.city(city.id), city.port, self.colour_blind)
            target.blit(sprite, sprite.get_rect(center=_round(cam.to_screen(city.pos))))


def _round(p: Point) -> tuple[int, int]:
    return (round(p[0]), round(p[1]))


def _frame(target: pygame.Surface, board: pygame.Rect, viewport: pygame.Rect) -> None:
    """A double ink rule round the map's edge, where it shows."""
    clip = target.get_clip()
    target.set_clip(viewport)
    pygame.draw.rect(target, theme.INK, board.inflate(2, 2), 2)
    pygame.draw.rect(target, theme.GOLD, board.inflate(8, 8), 1)
    pygame.draw.rect(target, theme.INK, board.inflate(12, 12), 2)
    target.set_clip(clip)
