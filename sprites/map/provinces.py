"""Province tint cells: each city's Voronoi cell, cut to a disc, with the edges that border
another province (drawn as province boundaries)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from sprites.map.model import MapModel, Point

RADIUS = 260.0
"""How far (board units, ~1/100 degree) a city's tint reaches at most."""
DISC_SIDES = 28


@dataclass(frozen=True)
class Cell:
    """The tinted area around one city."""

    city: str
    province: str
    polygon: tuple[Point, ...]
    borders: tuple[tuple[Point, Point], ...]
    """Edges shared with a city of another province."""
    bbox: tuple[float, float, float, float]


def province_cells(model: MapModel, radius: float = RADIUS) -> tuple[Cell, ...]:
    """One cell per city, in the model's city order."""
    return tuple(_cell(model, index, radius) for index in range(len(model.cities)))


def _cell(model: MapModel, index: int, radius: float) -> Cell:
    city = model.cities[index]
    cx, cy = city.pos
    poly: list[tuple[Point, int]] = [
        ((cx + radius * math.cos(2 * math.pi * k / DISC_SIDES),
          cy + radius * math.sin(2 * math.pi * k / DISC_SIDES)), -1) for k in range(DISC_SIDES)]
    for other_index, other in enumerate(model.cities):
        if other_index != index and math.dist(city.pos, other.pos) < 2 * radius:
            poly = _clip(poly, city.pos, other.pos, other_index)
    borders = tuple((poly[k - 1][0], point) for k, (point, tag) in enumerate(poly)
                    if tag >= 0 and model.cities[tag].province != city.province)
    points = tuple(p for p, _ in poly)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return Cell(city.id, city.province, points, borders, (min(xs), min(ys), max(xs), max(ys)))


def _clip(poly: list[tuple[Point, int]], own: Point, other: Point, tag: int
          ) -> list[tuple[Point, int]]:
    """Keep the half nearer `own`; vertices carry the tag of the edge that ends at them."""
    mx, my = (own[0] + other[0]) / 2, (own[1] + other[1]) / 2
    nx, ny = other[0] - own[0], other[1] - own[1]

    def side(p: Point) -> float:
        return (p[0] - mx) * nx + (p[1] - my) * ny

    out: list[tuple[Point, int]] = []
    for k, (end, end_tag) in enumerate(poly):
        start = poly[k - 1][0]
        s_in, e_in = side(start) <= 0, side(end) <= 0
        if s_in and e_in:
            out.append((end, end_tag))
        elif s_in:
            out.append((_cross(start, end, side), end_tag))
        elif e_in:
            out.append((_cross(start, end, side), tag))
            out.append((end, end_tag))
    return out


def _cross(a: Point, b: Point, side: Callable[[Point], float]) -> Point:
    sa, sb = side(a), side(b)
    t = sa / (sa - sb)
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
