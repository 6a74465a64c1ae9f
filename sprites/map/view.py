"""The map widget: composes cached tiles and markers for the camera, pans and zooms smoothly,
and paints tiles a little each frame: those on screen after a zoom settles, then those just
ahead of a moving camera.

At rest on a level everything is placed in whole level pixels (the tile at column c starts at
level pixel c × TILE, a city at its position × zoom, rounded), so a pan by whole pixels moves
every pixel of the last frame by the same amount: `compose` scrolls the last frame and draws
only the strips that came into view (and the boxes of tiles painted since), which gives the
same pixels as composing afresh. A tile not painted yet shows a stand-in, the same place from
a lower level scaled once into a tile, which moves with the map like a tile. While a zoom
animates (and just after one, until its stand-ins are made) the whole viewport is drawn
straight from the camera, tiles scaled.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Collection

import pygame

from sprites import theme
from sprites.anim import Tween, ease_out_cubic
from sprites.map.blits import Composed, Shown, distance, frame, scaled, strips
from sprites.map.camera import MAX_LEVEL, Camera, Point
from sprites.map.hit import Hit, hit_test
from sprites.map.marker_sprites import MarkerSprites
from sprites.map.model import MapModel
from sprites.map.picture import BoardPicture
from sprites.map.spread import forget_spread, spread_of
from sprites.map.steps import Steps
from sprites.map.tiles import TILE, Key, StaticPainter, TileCache

ZOOM_SECONDS = 0.22
STAND_INS_NOW = 4
"""Stand-ins made within a compose at most (more: the lower level is drawn scaled instead)."""
WORK_BUDGET = (0.001, 0.006)
"""Seconds per frame spent painting tiles (those on screen after a zoom, then those ahead): what
the time between frames leaves beyond FRAME_COST, within these bounds. Frames capped at 60 a
second leave room for the most; frames drawn back to back (a benchmark) get the least."""
FRAME_COST = 0.004
"""Seconds a frame of the map is allowed for itself (the interval beyond it is spare)."""
AHEAD = TILE // 2
"""How far (screen px) round the viewport tiles are painted ahead of a moving camera."""


class MapView:
    """The map in a viewport: call `update(dt)`, then `compose(surface)` when `dirty`."""

    def __init__(self, model: MapModel, picture: BoardPicture, viewport: pygame.Rect,
                 colour_blind: bool = False, animation_speed: int = 100) -> None:
        self.model = model
        self.picture = picture
        self.colour_blind = colour_blind
        self.animation_speed = animation_speed
        self.camera = Camera((viewport.x, viewport.y, viewport.w, viewport.h), model.extent,
                             fit_area=viewport.size)
        self.camera.fit()
        self.level = 0
        self.painter = StaticPainter(model, picture.provinces_in_play, picture.nodes_in_play)
        self.tiles = TileCache(self._paint_tile)
        self._zoom: tuple[Tween, Point] | None = None
        self.dirty = True
        self.hover: Hit | None = None
        self._shown: Shown | None = None
        self._motion: Point = (0.0, 0.0)
        """The last pan (screen px): tiles are painted ahead in the camera's direction."""
        self.spread = spread_of(model)
        """Where the markers are drawn at each zoom (pushed apart where they would overlap)."""
        self.markers = MarkerSprites(model, picture, self.spread, colour_blind)
        self._missing: frozenset[Key] = frozenset()
        """The level's tiles on screen at the last compose that were not painted yet."""
        self._stand_ins: dict[Key, pygame.Surface] = {}
        """For tiles on screen not painted yet, what shows meanwhile."""

    # -- camera ---------------------------------------------------------------------------

    def _paint_tile(self, level: int, rect: pygame.Rect) -> Steps[pygame.Surface]:
        return self.painter.steps(self.camera.level_zoom(level), rect)

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

    def reframe(self, viewport: pygame.Rect) -> None:
        """Show the map in another rectangle of the screen at the same levels, the board
        staying where it was on screen (the rectangle shows more or less of it)."""
        cam = self.camera
        x, y = cam.viewport[:2]
        cam.viewport = (viewport.x, viewport.y, viewport.w, viewport.h)
        cam.origin = (cam.origin[0] + (viewport.x - x) / cam.zoom,
                      cam.origin[1] + (viewport.y - y) / cam.zoom)
        cam.clamp()
        self.forget()
        self.dirty = True

    def pan(self, dx: float, dy: float) -> None:
        """Move the map by screen pixels."""
        self.camera.pan(dx, dy)
        if dx or dy:
            self._motion = (dx, dy)
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
        self._motion = (0.0, 0.0)
        self.tiles.clear_wanted()
        if seconds == 0:
            self.update(0.0)

    def fit(self, level: int = 0, centre: Point | None = None) -> None:
        """Back to the whole map, or straight to a level centred on a board point."""
        self._zoom = None
        self.level = level
        self._motion = (0.0, 0.0)
        self.camera.fit()
        if level or centre is not None:
            x, y, w, h = self.model.extent
            self.camera.zoom = self.camera.level_zoom(level)
            self.camera.centre_on(centre or (x + w / 2, y + h / 2))
        self.tiles.clear_wanted()
        self.dirty = True

    @property
    def zooming(self) -> bool:
        """A zoom is animating (every frame changes the whole viewport)."""
        return self._zoom is not None

    @property
    def settled(self) -> bool:
        """No zoom in progress and every visible tile sharp."""
        return self._zoom is None and self.tiles.pending == 0

    def update(self, dt: float) -> None:
        """Advance the zoom animation, or paint tiles within the frame's budget (`dt`: the
        seconds since the last frame)."""
        if self._zoom is not None:
            tween, anchor = self._zoom
            tween.step(dt)
            self.camera.zoom_about(tween.value, anchor)
            if tween.done:
                self.camera.zoom_about(self.camera.level_zoom(self.level), anchor)
                self._zoom = None
            self.dirty = True
        else:
            start = time.perf_counter()
            budget = min(WORK_BUDGET[1], max(WORK_BUDGET[0], dt - FRAME_COST))
            for key in self._missing - self._stand_ins.keys():
                if time.perf_counter() - start > budget:
                    break
                if self.tiles.get(key) is None:
                    self._stand_ins[key] = self._stand_in(key)
            left = budget - (time.perf_counter() - start)
            if self.tiles.busy and left > 0:
                done = self.tiles.work(left)
                self.dirty |= any(key in self._missing for key in done)

    def set_picture(self, picture: BoardPicture) -> None:
        """Show another game position (same provinces in play)."""
        self.picture = picture
        self.markers.forget(picture)
        self._shown = None
        self.dirty = True

    def remodel(self, painter: StaticPainter, picture: BoardPicture,
                stale: Callable[[Key], bool]) -> None:
        """Show an edited map (`painter.model`, same extent) where the camera is: the tiles
        `stale` names are painted again, the others kept (the map editor)."""
        forget_spread(self.model)
        self.model, self.painter = painter.model, painter
        self.tiles.discard(stale)
        self.spread = spread_of(painter.model)
        self.markers = MarkerSprites(painter.model, picture, self.spread, self.colour_blind)
        self._stand_ins.clear()
        self.hover = None
        self.set_picture(picture)

    def hit(self, pos: Point, prefer: Collection[str] = ()) -> Hit | None:
        """What is drawn at a screen position (of several markers, one in `prefer` first)."""
        if not pygame.Rect(self.camera.viewport).collidepoint(pos):
            return None
        return hit_test(self.model, self.camera, pos, self.spots(), prefer)

    def spots(self) -> dict[str, Point]:
        """Where each marker is drawn now (board units, by id)."""
        return self.spread.drawn(self.camera)

    # -- drawing --------------------------------------------------------------------------

    def compose(self, target: pygame.Surface) -> Composed:
        """Draw the map into its viewport of `target`: only what changed when the last
        compose drew into the same target at the same level."""
        self.dirty = False
        viewport = pygame.Rect(self.camera.viewport)
        if self._zoom is not None:
            self._shown = None
            self._compose_direct(target, self.camera)
            return Composed((0, 0), [viewport])
        cam = self.camera.snapped()
        corner = (round(self.camera.origin[0] * cam.zoom),
                  round(self.camera.origin[1] * cam.zoom))
        tiles = {key: self.tiles.get(key) for key in self._visible_keys(self.level, cam)}
        missing = self._missing = frozenset(key for key, tile in tiles.items() if tile is None)
        for key in sorted(missing, key=lambda k: -distance(k, corner, viewport)):
            self.tiles.want(key)
        self.tiles.ahead(self._ahead(cam, corner))
        self._stand_ins = {key: v for key, v in self._stand_ins.items() if key in missing}
        lacking = [key for key in missing if key not in self._stand_ins]
        if len(lacking) > STAND_INS_NOW:  # after a zoom: `update` makes them in the next frames
            self._shown = None
            self._compose_direct(target, cam)
            return Composed((0, 0), [viewport])
        for key in lacking:
            self._stand_ins[key] = self._stand_in(key)
        shown, self._shown = self._shown, Shown(target, self.level, cam.zoom, corner,
                                                 frozenset(tiles), missing)
        if (shown is not None and shown.target is target and shown.level == self.level
                and shown.zoom == cam.zoom and not missing & shown.shown - shown.missing):
            dx, dy = shown.corner[0] - corner[0], shown.corner[1] - corner[1]
            if abs(dx) < viewport.w and abs(dy) < viewport.h:
                if (dx, dy) != (0, 0):
                    clip = target.get_clip()
                    target.set_clip(viewport)
                    target.scroll(dx, dy)
                    target.set_clip(clip)
                rects = strips(viewport, dx, dy) + [
                    self._tile_box(key, corner, viewport).clip(viewport)
                    for key in shown.missing - missing if key in tiles]
                rects = [r for r in rects if r.w > 0 and r.h > 0]
                self._draw(target, corner, viewport, rects, tiles)
                return Composed((dx, dy), rects)
        self._draw(target, corner, viewport, [viewport], tiles)
        return Composed((0, 0), [viewport])

    def redraw(self, target: pygame.Surface, rects: list[pygame.Rect]) -> bool:
        """Draw the map again inside these rectangles as the last compose into `target` left
        it (to wipe what was drawn over it since); False when it cannot (that compose drew
        the whole viewport straight from the camera): compose instead."""
        shown = self._shown
        if shown is None or shown.target is not target:
            return False
        tiles = {key: self.tiles.get(key) for key in shown.shown}
        if any(tile is None and key not in self._stand_ins for key, tile in tiles.items()):
            return False
        viewport = pygame.Rect(self.camera.viewport)
        rects = [r.clip(viewport) for r in rects]
        self._draw(target, shown.corner, viewport, [r for r in rects if r.w and r.h], tiles)
        return True

    def forget(self) -> None:
        """The next compose draws the whole viewport (its target was drawn over)."""
        self._shown = None

    def _draw(self, target: pygame.Surface, corner: tuple[int, int], viewport: pygame.Rect,
              rects: list[pygame.Rect], tiles: dict[Key, pygame.Surface | None]) -> None:
        """Draw the map at rest on its level inside each rectangle of the viewport (a missing
        tile's stand-in in its place)."""
        board = self._board_box(corner, viewport)
        inside = board.inflate(-4, -4)  # clear of the frame's rules
        sprites, placed = self.markers.of_level(self.level, self.camera.level_zoom(self.level))
        surfaces = [tile or self._stand_ins[key] for key, tile in tiles.items()]
        boxes = [self._tile_box(key, corner, viewport) for key in tiles]
        dx, dy = viewport.x - corner[0], viewport.y - corner[1]
        clip = target.get_clip()
        for rect in rects:
            target.set_clip(rect)
            if not board.contains(rect):
                target.fill(theme.BACKDROP, rect)
            inner = rect.clip(board)
            if inner.w > 0 and inner.h > 0:
                target.set_clip(inner)
                for k in inner.collidelistall(boxes):
                    target.blit(surfaces[k], boxes[k])
                for k in inner.move(-dx, -dy).collidelistall(placed):
                    target.blit(sprites[k], placed[k].move(dx, dy))
            if not inside.contains(rect):
                frame(target, board, rect)
        target.set_clip(clip)

    def _stand_in(self, key: Key) -> pygame.Surface:
        """What shows of a tile not painted yet: the same place from the sharpest lower level
        whose tiles there are all painted (level 0 is painted now if need be), scaled."""
        level, col, row = key
        if level == 0:
            return self.tiles.ensure(key)
        for lower in range(level - 1, -1, -1):
            scale = self.camera.level_zoom(level) / self.camera.level_zoom(lower)
            board = self._level_keys(lower)
            keys = [(lower, c, r)
                    for r in range(max(board[1], int(row / scale)),
                                   min(board[3], int(((row + 1) * TILE - 1) / scale / TILE)) + 1)
                    for c in range(max(board[0], int(col / scale)),
                                   min(board[2], int(((col + 1) * TILE - 1) / scale / TILE)) + 1)]
            sources = [self.tiles.get(k) for k in keys]
            if all(tile is not None for tile in sources):
                break
        out: pygame.Surface | None = None
        for (_, c, r), tile in zip(keys, sources, strict=True):
            tile = tile or self.tiles.ensure((lower, c, r))
            if out is None:
                out = pygame.Surface((TILE, TILE), 0, tile)
                out.fill(theme.BACKDROP)
            left, top = round(c * TILE * scale) - col * TILE, round(r * TILE * scale) - row * TILE
            box = pygame.Rect(left, top, round((c + 1) * TILE * scale) - col * TILE - left,
                              round((r + 1) * TILE * scale) - row * TILE - top)
            scaled(out, box, tile)
        return out or self.tiles.ensure(key)

    def _level_keys(self, level: int) -> tuple[int, int, int, int]:
        """The first and last column and row of a level's tiles that show the board."""
        scale = self.camera.level_zoom(level)
        x, y, w, h = self.model.extent
        return (int(x * scale // TILE), int(y * scale // TILE),
                math.ceil((x + w) * scale / TILE) - 1, math.ceil((y + h) * scale / TILE) - 1)

    def _compose_direct(self, target: pygame.Surface, cam: Camera) -> None:
        """The whole viewport straight from the camera: while a zoom animates (between levels:
        tiles scaled), or at rest with tiles missing that have no stand-in yet (a lower level
        scaled there)."""
        viewport = pygame.Rect(cam.viewport)
        board = self._board_rect(cam)
        if not board.contains(viewport):
            target.fill(theme.BACKDROP, viewport)
        clip = target.get_clip()
        target.set_clip(board.clip(viewport))
        self._tiles(target, cam)
        self.markers.draw(target, cam)
        target.set_clip(clip)
        frame(target, board, viewport)

    def _board_rect(self, cam: Camera) -> pygame.Rect:
        x, y, w, h = self.model.extent
        left, top = cam.to_screen((x, y))
        right, bottom = cam.to_screen((x + w, y + h))
        return pygame.Rect(round(left), round(top), round(right) - round(left),
                           round(bottom) - round(top))

    def _board_box(self, corner: tuple[int, int], viewport: pygame.Rect) -> pygame.Rect:
        """The board on screen at rest on the level (from its level pixels)."""
        zoom = self.camera.level_zoom(self.level)
        x, y, w, h = self.model.extent
        left, top = round(x * zoom), round(y * zoom)
        return pygame.Rect(left - corner[0] + viewport.x, top - corner[1] + viewport.y,
                           round((x + w) * zoom) - left, round((y + h) * zoom) - top)

    def _tile_box(self, key: Key, corner: tuple[int, int], viewport: pygame.Rect
                  ) -> pygame.Rect:
        """Where a tile of the current level is on screen at rest."""
        return pygame.Rect(key[1] * TILE - corner[0] + viewport.x,
                           key[2] * TILE - corner[1] + viewport.y, TILE, TILE)

    def _visible_keys(self, level: int, cam: Camera,
                      rect: tuple[int, int, int, int] | None = None) -> list[Key]:
        """The tiles of a level inside the viewport (or a screen rectangle) and the board."""
        scale = cam.level_zoom(level)
        vx, vy, vw, vh = rect or cam.viewport
        x0, y0 = cam.to_board((vx, vy))
        x1, y1 = cam.to_board((vx + vw, vy + vh))
        ex, ey, ew, eh = self.model.extent
        x0, y0, x1, y1 = max(x0, ex), max(y0, ey), min(x1, ex + ew), min(y1, ey + eh)
        cols = range(int(x0 * scale // TILE), math.ceil(x1 * scale / TILE))
        rows = range(int(y0 * scale // TILE), math.ceil(y1 * scale / TILE))
        return [(level, c, r) for r in rows for c in cols]

    def _ahead(self, cam: Camera, corner: tuple[int, int]) -> list[Key]:
        """The tiles just outside the viewport that the camera is moving towards, those
        furthest in that direction first (none before the first pan after a zoom)."""
        mx, my = self._motion
        if not (mx or my):
            return []
        viewport = pygame.Rect(cam.viewport)
        ring = viewport.inflate(2 * AHEAD, 2 * AHEAD)
        shown = set(self._visible_keys(self.level, cam))
        centre = viewport.center
        out = []
        for key in self._visible_keys(self.level, cam, (ring.x, ring.y, ring.w, ring.h)):
            if key not in shown:
                box = self._tile_box(key, corner, viewport)
                towards = -(box.centerx - centre[0]) * mx - (box.centery - centre[1]) * my
                if towards > 0:
                    out.append((-towards, key))
        return [key for _, key in sorted(out)]

    def _tiles(self, target: pygame.Surface, cam: Camera) -> None:
        """The level's tiles while zooming, over the sharpest lower level whose tiles are all
        painted (scaled) where some are missing."""
        wanted = self._visible_keys(self.level, cam)
        if any(self.tiles.get(k) is None for k in wanted):
            fallback = self._fallback_level(cam)
            for key in self._visible_keys(fallback, cam):
                self._blit_tile(target, cam, key, self.tiles.get(key))
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
        box = self._screen_box(cam, key)
        if box.size == tile.get_size():
            target.blit(tile, box)
        else:
            scaled(target, box, tile)

    def _screen_box(self, cam: Camera, key: Key) -> pygame.Rect:
        """Where a tile of any level lies on screen through a camera at any zoom."""
        level, col, row = key
        scale = cam.level_zoom(level)
        left, top = cam.to_screen((col * TILE / scale, row * TILE / scale))
        right, bottom = cam.to_screen(((col + 1) * TILE / scale, (row + 1) * TILE / scale))
        return pygame.Rect(round(left), round(top), round(right) - round(left),
                           round(bottom) - round(top))
