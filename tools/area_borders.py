"""Segments for an area map's borders: a segment cut to a convex cell, split by land, and
pieces chained into polylines (board units, as in tools.area_cells)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from itertools import pairwise

from sprites.polygons import inside_polygon
from tools.area_cells import HalfPlane, Point, Polygon, side

Segment = tuple[Point, Point]
Key = tuple[float, float]
ON_EDGE = 1e-6
"""Distance (board units) within which a point on a cell's edge counts as inside: a shared
edge of two cells lies on both."""


def clip_segment(segment: Segment, planes: Sequence[HalfPlane]) -> Segment | None:
    """The part of a segment inside a convex region (Cyrus-Beck), or None."""
    a, b = segment
    low, high = 0.0, 1.0
    for plane in planes:
        scale = math.hypot(*plane[1])
        sa, sb = side(plane, a) / scale - ON_EDGE, side(plane, b) / scale - ON_EDGE
        if sa > 0 and sb > 0:
            return None
        if sa > 0:
            low = max(low, sa / (sa - sb))
        elif sb > 0:
            high = min(high, sa / (sa - sb))
    if high - low <= 1e-9:
        return None
    return (_at(segment, low), _at(segment, high))


def _at(segment: Segment, t: float) -> Point:
    (ax, ay), (bx, by) = segment
    return (ax + (bx - ax) * t, ay + (by - ay) * t)


def split_by_land(segment: Segment, land: Sequence[Polygon], keep_land: bool) -> list[Segment]:
    """The pieces of a segment on land (keep_land) or at sea."""
    cuts = sorted({0.0, 1.0, *(_crossings(segment, land))})
    pieces = []
    for low, high in pairwise(cuts):
        if high - low > 1e-9:
            middle = _at(segment, (low + high) / 2)
            on_land = any(inside_polygon(middle, polygon) for polygon in land)
            if on_land == keep_land:
                pieces.append((_at(segment, low), _at(segment, high)))
    return _joined(pieces)


def _crossings(segment: Segment, land: Sequence[Polygon]) -> list[float]:
    (ax, ay), (bx, by) = segment
    x0, x1, y0, y1 = min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)
    found = []
    for polygon in land:
        for ring in polygon:
            for k, (cx, cy) in enumerate(ring):
                dx, dy = ring[k - 1]
                if max(cx, dx) < x0 or min(cx, dx) > x1 or max(cy, dy) < y0 or min(cy, dy) > y1:
                    continue
                t = _crossing(segment, ((dx, dy), (cx, cy)))
                if t is not None:
                    found.append(t)
    return found


def _crossing(segment: Segment, edge: Segment) -> float | None:
    (ax, ay), (bx, by) = segment
    (cx, cy), (dx, dy) = edge
    rx, ry, sx, sy = bx - ax, by - ay, dx - cx, dy - cy
    denominator = rx * sy - ry * sx
    if denominator == 0:
        return None
    t = ((cx - ax) * sy - (cy - ay) * sx) / denominator
    u = ((cx - ax) * ry - (cy - ay) * rx) / denominator
    return t if 0 < t < 1 and 0 <= u <= 1 else None


def _joined(pieces: list[Segment]) -> list[Segment]:
    out: list[Segment] = []
    for piece in pieces:
        if out and out[-1][1] == piece[0]:
            out[-1] = (out[-1][0], piece[1])
        else:
            out.append(piece)
    return out


def length(segments: Sequence[Segment]) -> float:
    """Total length of some segments."""
    return sum(((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5 for a, b in segments)


def chains(segments: Sequence[Segment], digits: int = 0) -> list[list[Point]]:
    """Segments joined end to start into polylines (ends compared after rounding)."""
    def key(p: Point) -> Key:
        return (round(p[0], digits), round(p[1], digits))

    starting: dict[Key, int] = {}
    for index, (a, _) in enumerate(segments):
        starting.setdefault(key(a), index)
    used: set[int] = set()
    ends = {key(b) for _, b in segments}
    heads = [i for i, (a, _) in enumerate(segments) if key(a) not in ends]
    lines = []
    for first in heads + list(range(len(segments))):
        if first in used:
            continue
        line = _follow(segments, first, starting, used, key)
        lines.append(line)
    return lines


def _follow(segments: Sequence[Segment], first: int, starting: dict[Key, int], used: set[int],
            key: Callable[[Point], Key]) -> list[Point]:
    line = [segments[first][0]]
    index: int | None = first
    while index is not None and index not in used:
        used.add(index)
        line.append(segments[index][1])
        index = starting.get(key(segments[index][1]))
    return line
