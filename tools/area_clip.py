"""A simple polygon cut to a convex cell as separate rings (Weiler-Atherton for a convex
clip): the parts of the ring inside the cell are chained, each exit joined to the next entry
by walking the cell's boundary forward. Unlike Sutherland-Hodgman it leaves no zero-width
bridges between two parts (which a renderer would draw as hairlines across the sea)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from sprites.polygons import inside_ring
from tools.area_cells import Point, Ring, area_of, side

Plane = tuple[Point, Point]


@dataclass(frozen=True)
class Chain:
    """A run of the ring inside the cell, from where it enters to where it leaves."""

    points: list[Point]
    entry: float
    exit: float
    """Positions of its ends along the cell's boundary."""


def clip_to_convex(ring: Sequence[Point], cell: Sequence[Point]) -> list[Ring]:
    """The parts of `ring` inside the convex counter-clockwise `cell`, counter-clockwise."""
    subject = list(ring) if area_of(ring) > 0 else list(reversed(ring))
    planes = [(a, (b[1] - a[1], a[0] - b[0])) for a, b in _edges(cell) if a != b]
    chains = _chains(subject, planes, cell)
    if chains is None:
        return [subject]
    if not chains:
        return [list(cell)] if inside_ring(_middle(cell), subject) else []
    return _stitch(chains, cell)


def _edges(ring: Sequence[Point]) -> list[tuple[Point, Point]]:
    return [(ring[k - 1], ring[k]) for k in range(len(ring))]


def _middle(ring: Sequence[Point]) -> Point:
    return (sum(p[0] for p in ring) / len(ring), sum(p[1] for p in ring) / len(ring))


def _chains(subject: list[Point], planes: list[Plane], cell: Sequence[Point]
            ) -> list[Chain] | None:
    """The inside runs (None: the whole ring is inside)."""
    events: list[tuple[str, Point]] = []
    for a, b in _edges(subject):
        events += _crossing_events(a, b, planes)
    if not any(kind == "in" for kind, _ in events):
        return None if all(_inside(p, planes) for p in subject) else []
    start = next(k for k, (kind, _) in enumerate(events) if kind == "in")
    events = events[start:] + events[:start]
    chains: list[Chain] = []
    for kind, point in events:
        if kind == "in":
            chains.append(Chain([point], _position(point, cell), 0.0))
        elif chains:
            chains[-1].points.append(point)
            if kind == "out":
                chains[-1] = Chain(chains[-1].points, chains[-1].entry,
                                   _position(point, cell))
    return chains


def _crossing_events(a: Point, b: Point, planes: list[Plane]) -> list[tuple[str, Point]]:
    """What the edge a→b adds: an entry, its end if inside, an exit."""
    low, high = 0.0, 1.0
    for plane in planes:
        sa, sb = side(plane, a), side(plane, b)
        if sa > 0 and sb > 0:
            return []
        if sa > 0:
            low = max(low, sa / (sa - sb))
        elif sb > 0:
            high = min(high, sa / (sa - sb))
    if low >= high:
        return []
    events: list[tuple[str, Point]] = []
    if low > 0:
        events.append(("in", _at(a, b, low)))
    events.append(("out", _at(a, b, high)) if high < 1 else ("vertex", b))
    return events


def _at(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _inside(point: Point, planes: list[Plane]) -> bool:
    return all(side(plane, point) <= 0 for plane in planes)


def _position(point: Point, cell: Sequence[Point]) -> float:
    """How far along the cell's boundary (from its first vertex, forward) a point lies."""
    best, where, run = math.inf, 0.0, 0.0
    for a, b in _edges(cell):
        length = math.dist(a, b)
        if length:
            t = max(0.0, min(1.0, ((point[0] - a[0]) * (b[0] - a[0])
                                   + (point[1] - a[1]) * (b[1] - a[1])) / length ** 2))
            off = math.dist(point, _at(a, b, t))
            if off < best:
                best, where = off, run + t * length
        run += length
    return where


def _stitch(chains: list[Chain], cell: Sequence[Point]) -> list[Ring]:
    """Join each exit to the next entry forward along the boundary, ring by ring."""
    perimeter = sum(math.dist(a, b) for a, b in _edges(cell))
    unused = set(range(len(chains)))
    rings: list[Ring] = []
    while unused:
        first = current = min(unused)
        ring: Ring = []
        while True:
            unused.discard(current)
            ring += chains[current].points
            following = min(range(len(chains)),
                            key=lambda k: (chains[k].entry - chains[current].exit) % perimeter)
            ring += _corners(cell, chains[current].exit, chains[following].entry, perimeter)
            if following == first or following not in unused:
                break
            current = following
        if abs(area_of(ring)) > 0:
            rings.append(ring)
    return rings


def _corners(cell: Sequence[Point], start: float, end: float, perimeter: float
             ) -> list[Point]:
    """The cell's vertices met walking forward along its boundary from `start` to `end`."""
    span = (end - start) % perimeter
    corners, run = [], 0.0
    for a, b in _edges(cell):
        run += math.dist(a, b)
        ahead = (run - start) % perimeter
        if 0 < ahead < span:
            corners.append((ahead, b))
    return [point for _, point in sorted(corners)]
