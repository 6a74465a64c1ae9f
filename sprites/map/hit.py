"""What is under the pointer: a city, a barbarian area or a route (in that order; of several
markers, a legal target first)."""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
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


def hit_test(model: MapModel, camera: Camera, pos: Point,
             spots: Mapping[str, Point] | None = None,
             prefer: Collection[str] = ()) -> Hit | None:
    """The thing drawn at screen position `pos`, or None. Markers are drawn at `spots`
    (board units; default: their true spots); of several under the pointer, the nearest
    in `prefer` (the legal targets of a decision) wins, else the nearest city or area."""
    under = markers_at(model, camera, pos, spots)
    if under:
        return next((hit for hit in under if hit.id in prefer), under[0])
    return _route_at(model, camera, pos)


def markers_at(model: MapModel, camera: Camera, pos: Point,
               spots: Mapping[str, Point] | None = None) -> list[Hit]:
    """The cities under a screen position, nearest first, then the barbarian areas."""
    where = spots or {}
    cities = [(math.dist(camera.to_screen(where.get(c.id, c.pos)), pos), c.id)
              for c in model.cities]
    areas = [(math.dist(camera.to_screen(where.get(a.id, a.pos)), pos), a.id)
             for a in model.areas]
    reach = {c.id: style.city_radius(c.size, camera.zoom) + 3 for c in model.cities}
    area_reach = style.area_radius(camera.zoom) + 2
    return ([Hit("city", node) for d, node in sorted(cities) if d <= reach[node]]
            + [Hit("area", node) for d, node in sorted(areas) if d <= area_reach])


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
