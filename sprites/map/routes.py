"""Routes on a tile: land solid, coastal dashed across the sea, barbarian dotted."""

from __future__ import annotations

import math
from collections.abc import Iterator
from itertools import pairwise

import pygame

from sprites import theme
from sprites.colour import RGB, mix
from sprites.map import style
from sprites.map.model import MapModel, Point, RouteLine
from sprites.map.steps import Steps, finish


class RoutePainter:
    """Draws every route that crosses a tile."""

    def __init__(self, model: MapModel, in_play: frozenset[str] | None = None) -> None:
        self.routes = [(r, _bbox(r.points)) for r in model.routes]
        self.in_play = in_play
        """Ids of the cities and areas in play (None: all)."""

    def paint(self, tile: pygame.Surface, scale: float, rect: pygame.Rect) -> None:
        """Draw the routes over `tile`, which shows level pixels `rect`."""
        finish(self.steps(tile, scale, rect))

    def steps(self, tile: pygame.Surface, scale: float, rect: pygame.Rect) -> Steps[None]:
        """`paint` in steps: one kind of route (in play or not) at a time."""
        area = (rect.x / scale - 20, rect.y / scale - 20, rect.right / scale + 20,
                rect.bottom / scale + 20)
        width = style.route_width(scale)
        for active in (False, True):
            for kind in ("land", "barbarian", "coastal"):
                for route, box in self.routes:
                    if (route.kind == kind and self._active(route) == active
                            and _overlaps(box, area)):
                        points = [(x * scale - rect.x, y * scale - rect.y)
                                  for x, y in route.points]
                        draw_route(tile, route, points, width, active)
                yield

    def _active(self, route: RouteLine) -> bool:
        return self.in_play is None or all(end in self.in_play for end in route.ends)


def draw_route(surface: pygame.Surface, route: RouteLine, points: list[Point], width: float,
               active: bool = True) -> None:
    """One route in its kind's style, in pixel coordinates (faded when out of play)."""
    fade = 0.0 if active else 0.72
    if route.kind == "land":
        _solid(surface, mix(style.LAND_ROUTE, theme.PARCHMENT, fade), points, width)
    elif route.kind == "coastal":
        _dashes(surface, mix(style.COASTAL_ROUTE, theme.SEA, fade), points, width,
                5.0 * width + 3, 3.0 * width + 2)
    else:
        _dots(surface, mix(style.BARBARIAN_ROUTE, theme.PARCHMENT, fade + 0.15), points,
              max(0.9, width * 0.6), 5.0 * width + 3)


def _solid(surface: pygame.Surface, colour: RGB, points: list[Point], width: float) -> None:
    for a, b in pairwise(points):
        pygame.draw.aaline(surface, colour, a, b, max(1, round(width)))


def _walk(points: list[Point], step: float, offset: float = 0.0
          ) -> Iterator[tuple[Point, Point]]:
    """Positions every `step` px along a polyline, with the direction there."""
    travelled = -offset
    for a, b in pairwise(points):
        length = math.dist(a, b)
        if length == 0:
            continue
        while travelled <= length:
            if travelled >= 0:
                t = travelled / length
                yield (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), \
                      ((b[0] - a[0]) / length, (b[1] - a[1]) / length)
            travelled += step
        travelled -= length


def _dashes(surface: pygame.Surface, colour: RGB, points: list[Point], width: float,
            dash: float, gap: float) -> None:
    for (x, y), (dx, dy) in _walk(points, dash + gap, -gap / 2):
        pygame.draw.aaline(surface, colour, (x, y), (x + dx * dash, y + dy * dash),
                           max(1, round(width)))


def _dots(surface: pygame.Surface, colour: RGB, points: list[Point], radius: float,
          step: float) -> None:
    for (x, y), _ in _walk(points, step, 0.0):
        pygame.draw.aacircle(surface, colour, (x, y), radius)


def _bbox(points: tuple[Point, ...]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]
              ) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]
