"""The area map's ground, drawn for one camera: sea with shallows, the land of the window,
each area's land tinted by its controller (paler out of play), glowing areas, borders by type
(land borders dashed ink, sea lanes dotted blue, coasts inked), the world beyond the board
muted behind a gilt rule, and the paper grain over all."""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Sequence
from itertools import pairwise

import pygame

from sprites import theme
from sprites.areamap.geometry import AreaGeometry, AreaShape, BorderLine, Point
from sprites.areamap.picture import AreaPicture
from sprites.colour import RGB, mix
from sprites.map.camera import Camera
from sprites.map.style import SEA_INK
from sprites.textures import multiply_tiled

BORDER_INK: RGB = (132, 108, 88)
COAST_INK: RGB = (84, 70, 56)
"""Mediterranean Empires' province-boundary and coast inks (sprites/map/terrain.py), kept
here so the area map does not load that rule set's map."""
TINT = 0.38
OFF_BOARD: RGB = mix(theme.PARCHMENT_DARK, theme.OUT_OF_PLAY, 0.4)
"""Land of the window that belongs to no area (drawn, but not part of the board)."""
SURROUND_SEA: RGB = mix(theme.SEA, theme.OUT_OF_PLAY, 0.55)
SURROUND_LAND: RGB = mix(theme.PARCHMENT_DARK, theme.OUT_OF_PLAY, 0.7)
SURROUND_INK: RGB = mix(COAST_INK, SURROUND_LAND, 0.55)
"""The world beyond the board: its geography, muted, so that the map fills its panel."""
LAYERS = 16
"""Painted pieces of that world kept (a tile's worth each)."""
GLOW: RGB = theme.GOLD_LIGHT
SEA_GLOW: RGB = mix(theme.SEA_SHALLOW, (255, 246, 214), 0.55)
SHALLOW_PX = 7


def visible(camera: Camera) -> tuple[float, float, float, float]:
    """The board rectangle (x0, y0, x1, y1) the camera shows."""
    x, y, w, h = camera.viewport
    (x0, y0), (x1, y1) = camera.to_board((x, y)), camera.to_board((x + w, y + h))
    return (x0, y0, x1, y1)


def screen_points(points: Sequence[Point], camera: Camera) -> list[tuple[float, float]]:
    """Board points on screen."""
    zoom, (ox, oy), (vx, vy) = camera.zoom, camera.origin, camera.viewport[:2]
    return [((x - ox) * zoom + vx, (y - oy) * zoom + vy) for x, y in points]


def fill(surface: pygame.Surface, colour: RGB, points: list[tuple[float, float]]) -> None:
    """A filled polygon, cut first to the surface (pygame's fill costs the polygon's height
    times its vertices, however little of it shows)."""
    w, h = surface.get_size()
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    if max(xs) < 0 or max(ys) < 0 or min(xs) > w or min(ys) > h:
        return
    if min(xs) < -2 or min(ys) < -2 or max(xs) > w + 2 or max(ys) > h + 2:
        points = _cut(points, (-2.0, -2.0, w + 2.0, h + 2.0))
    if len(points) > 2:
        pygame.draw.polygon(surface, colour, points)


def _cut(points: list[tuple[float, float]], box: tuple[float, float, float, float]
         ) -> list[tuple[float, float]]:
    """Sutherland-Hodgman against a box (its zero-width bridges fall on the box's edge, just
    off the surface)."""
    for axis, bound, keep_below in ((0, box[2], True), (0, box[0], False),
                                    (1, box[3], True), (1, box[1], False)):
        points = _cut_side(points, axis, bound, keep_below)
        if not points:
            break
    return points


def _cut_side(points: list[tuple[float, float]], axis: int, bound: float, keep_below: bool
              ) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    for k, end in enumerate(points):
        start = points[k - 1]
        s_in = (start[axis] <= bound) == keep_below
        e_in = (end[axis] <= bound) == keep_below
        if s_in != e_in:
            t = (bound - start[axis]) / (end[axis] - start[axis])
            out.append((start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t))
        if e_in:
            out.append(end)
    return out


def _meets(box: tuple[float, float, float, float], view: tuple[float, float, float, float]
           ) -> bool:
    return box[0] <= view[2] and view[0] <= box[2] and box[1] <= view[3] and view[1] <= box[3]


def _box(points: Sequence[Point]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


class GroundPainter:
    """Paints the ground of one geometry; rings' boxes are worked out once."""

    def __init__(self, geometry: AreaGeometry) -> None:
        self.geometry = geometry
        self.land = [(polygon, _box(polygon[0])) for polygon in geometry.land]
        self.coast = [(line, _box(line)) for line in geometry.coast]
        self.surround = [(polygon, _box(polygon[0])) for polygon in geometry.surround]
        self._layers: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()

    def paint(self, surface: pygame.Surface, camera: Camera, picture: AreaPicture) -> None:
        """The ground into `surface` (the viewport's size, its top-left the viewport's)."""
        view = visible(camera)
        local = Camera((0, 0, *camera.viewport[2:]), camera.extent, camera.zoom, camera.origin)
        surface.fill(theme.SEA)
        self._seas(surface, local, view, picture)
        self._land(surface, local, view)
        self._areas(surface, local, view, picture)
        self._coastline(surface, local, view)
        self._borders(surface, local, view, picture)
        board = _board_rect(local)
        strips = _strips(surface.get_rect(), board)
        if strips:
            layer = self._surround(surface.get_size(), local, view)
            for strip in strips:
                surface.blit(layer, strip, strip)
        multiply_tiled(surface, (round(camera.origin[0] * camera.zoom),
                                 round(camera.origin[1] * camera.zoom)))
        pygame.draw.rect(surface, theme.GOLD, board.inflate(2, 2), 2)

    def _seas(self, surface: pygame.Surface, camera: Camera,
              view: tuple[float, float, float, float], picture: AreaPicture) -> None:
        for shape in self.geometry.areas.values():
            if shape.sea and shape.id in picture.highlight and _meets(shape.bbox, view):
                for polygon in shape.polygons:
                    fill(surface, SEA_GLOW, screen_points(polygon[0], camera))

    def _land(self, surface: pygame.Surface, camera: Camera,
              view: tuple[float, float, float, float]) -> None:
        shallow = max(2, round(SHALLOW_PX * min(2.0, camera.zoom ** 0.5)))
        rings = [(screen_points(polygon[0], camera), polygon) for polygon, box in self.land
                 if _meets(box, view)]
        for points, _ in rings:
            pygame.draw.lines(surface, theme.SEA_SHALLOW, True, points, shallow)
        for points, polygon in rings:
            fill(surface, OFF_BOARD, points)
            for hole in polygon[1:]:
                fill(surface, theme.SEA, screen_points(hole, camera))

    def _areas(self, surface: pygame.Surface, camera: Camera,
               view: tuple[float, float, float, float], picture: AreaPicture) -> None:
        for shape in self.geometry.areas.values():
            if not shape.sea and _meets(shape.bbox, view):
                colour = self._colour(shape, picture)
                for polygon in shape.polygons:
                    fill(surface, colour, screen_points(polygon[0], camera))
                    for hole in polygon[1:]:
                        fill(surface, theme.SEA, screen_points(hole, camera))

    def _colour(self, shape: AreaShape, picture: AreaPicture) -> RGB:
        look = picture.area(shape.id)
        side = picture.side(look.tint)
        base = theme.PARCHMENT if look.in_play else theme.OUT_OF_PLAY
        fill = mix(base, side.colour, TINT) if side and look.in_play else base
        return mix(fill, GLOW, 0.45) if shape.id in picture.highlight else fill

    def _surround(self, size: tuple[int, int], camera: Camera,
                  view: tuple[float, float, float, float]) -> pygame.Surface:
        """The muted world (the backdrop where it has no land) under a camera, painted once
        per zoom and place: it is the same whatever the picture."""
        key = (camera.zoom, camera.origin, size)
        layer = self._layers.get(key)
        if layer is None:
            layer = self._layers[key] = pygame.Surface(size)
            layer.fill(SURROUND_SEA if self.surround else theme.BACKDROP)
            for polygon, box in self.surround:
                if _meets(box, view):
                    points = screen_points(polygon[0], camera)
                    fill(layer, SURROUND_LAND, points)
                    for hole in polygon[1:]:
                        fill(layer, SURROUND_SEA, screen_points(hole, camera))
                    pygame.draw.lines(layer, SURROUND_INK, True, points, 1)
            if len(self._layers) > LAYERS:
                self._layers.popitem(last=False)
        self._layers.move_to_end(key)
        return layer

    def _coastline(self, surface: pygame.Surface, camera: Camera,
                   view: tuple[float, float, float, float]) -> None:
        width = max(1, round(1.2 * min(2.5, camera.zoom ** 0.5)))
        for line, box in self.coast:
            if _meets(box, view):
                pygame.draw.lines(surface, COAST_INK, False, screen_points(line, camera), width)

    def _borders(self, surface: pygame.Surface, camera: Camera,
                 view: tuple[float, float, float, float], picture: AreaPicture) -> None:
        for border in self.geometry.borders:
            for line in border.lines:
                if len(line) > 1 and _meets(_box(line), view):
                    self._border(surface, camera, border, line, picture)

    def _border(self, surface: pygame.Surface, camera: Camera, border: BorderLine,
                line: Sequence[Point], picture: AreaPicture) -> None:
        points = screen_points(line, camera)
        scale = min(2.5, max(1.0, camera.zoom ** 0.5))
        glowing = bool(picture.highlight & set(border.areas))
        if border.kind == "land":
            dashed(surface, BORDER_INK, points, round(2 * scale), 9 * scale, 5 * scale)
        elif border.kind == "sea":
            dashed(surface, SEA_INK, points, max(1, round(1.5 * scale)), 3 * scale, 5 * scale)
        if glowing:
            pygame.draw.lines(surface, theme.GOLD, False, points, round(3.5 * scale))


def _board_rect(camera: Camera) -> pygame.Rect:
    """The board's extent on screen."""
    x, y, w, h = camera.extent
    (left, top), (right, bottom) = camera.to_screen((x, y)), camera.to_screen((x + w, y + h))
    return pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))


def _strips(full: pygame.Rect, board: pygame.Rect) -> list[pygame.Rect]:
    """The parts of `full` off the board: above, below, then left and right of it."""
    strips = [pygame.Rect(0, 0, full.w, board.top),
              pygame.Rect(0, board.bottom, full.w, full.h - board.bottom),
              pygame.Rect(0, board.top, board.left, board.h),
              pygame.Rect(board.right, board.top, full.w - board.right, board.h)]
    return [strip.clip(full) for strip in strips if strip.w > 0 and strip.h > 0]


def dashed(surface: pygame.Surface, colour: RGB, points: Sequence[tuple[float, float]],
           width: int, dash: float, gap: float) -> None:
    """A dashed polyline (the pattern runs on across vertices)."""
    offset = 0.0
    for (ax, ay), (bx, by) in pairwise(points):
        length = math.hypot(bx - ax, by - ay)
        t = -offset
        while t < length:
            start, end = max(t, 0.0), min(t + dash, length)
            if end > start:
                pygame.draw.line(surface, colour, _along(ax, ay, bx, by, start / length),
                                 _along(ax, ay, bx, by, end / length), width)
            t += dash + gap
        offset = (length + offset) % (dash + gap)


def _along(ax: float, ay: float, bx: float, by: float, t: float) -> tuple[float, float]:
    return (ax + (bx - ax) * t, ay + (by - ay) * t)
