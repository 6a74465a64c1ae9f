"""Point-in-polygon tests on coastline and area polygons, for the map and for the authoring
tools that build them (pure Python, no pygame). A polygon is its outer ring then its holes."""

from __future__ import annotations

from collections.abc import Sequence

Point = tuple[float, float]


def inside_ring(point: Point, ring: Sequence[Point]) -> bool:
    """Even-odd point-in-ring test."""
    x, y = point
    inside = False
    j = len(ring) - 1
    for i in range(len(ring)):
        xi, yi = ring[i]
        xj, yj = ring[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def inside_polygon(point: Point, polygon: Sequence[Sequence[Point]]) -> bool:
    """Inside the outer ring and in none of the holes."""
    return inside_ring(point, polygon[0]) and not any(inside_ring(point, h) for h in polygon[1:])
