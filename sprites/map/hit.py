"""What is under the pointer: a city, a barbarian area or a route (in that order)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import pairwise

from sprites.map import style
from sprites.map.camera import Camera
from sprites.map.model import MapModel, Point, RouteLine

ROUTE_REACH = 5.0
"""How close (px) the pointer must be to a route's line."""


@dataclass(frozen=True)
class Hit:
    """A thing on the map: kind is 'city', 'area' or 'route'; route is set for routes."""

    kind: str
    id: str
    route: RouteLine | None = None


def hit_test(model: MapModel, camera: Camera, pos: Point) -> Hit | None:
    """The thing drawn at screen position `pos`, or None."""
    best: tuple[float, Hit] | None = None
    for city in model.cities:
        d = math.dist(camera.to_screen(city.pos), pos)
        if d <= style.city_radius(city.size, camera.zoom) + 3 and (best is None or d < best[0]):
            best = (d, Hit("city", city.id))
    if best is not None:
        return best[1]
    for area in model.areas:
        d = math.dist(camera.to_screen(area.pos), pos)
        if d <= style.area_radius(camera.zoom) + 2 and (best is None or d < best[0]):
            best = (d, Hit("area", area.id))
    if best is not None:
        return best[1]
    return _route_at(model, camera, pos)


def _route_at(model: MapModel, camera: Camera, pos: Point) -> Hit | None:
    board = camera.to_board(pos)
    reach = ROUTE_REACH / camera.zoom
    best: tuple[float, RouteLine] | None = None
    for route in model.routes:
        d = min(_segment_distance(board, a, b)
                for a, b in pairwise(route.points))
        if d <= reach and (best is None or d < best[0]):
            best = (d, route)
    if best is None:
        return None
    route = best[1]
    return Hit("route", f"{route.ends[0]}-{route.ends[1]}", route)


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return math.dist(p, a)
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.dist(p, (a[0] + dx * t, a[1] + dy * t))
