"""Area cells for an area map: nearest-anchor (Voronoi) cells, each limited to a reach around
its anchor and to the board window, then cut to land (land areas) or left whole (seas, which
the renderer draws under the land).

Pure Python geometry in board units: x = longitude × `x_scale`, y = latitude (hundredths of
a degree), so that distances are true around the map's middle latitude. A land area takes land
only from the landmasses (coastline polygons) holding one of its anchors: an island is its own
area and the sea between two shores never joins them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

Point = tuple[float, float]
Ring = list[Point]
Polygon = list[Ring]
"""Outer ring first, then holes."""
DISC_SIDES = 32
NO_NEIGHBOUR = -1
"""The tag of a cell edge that is the reach's or the window's, not another anchor's."""


@dataclass(frozen=True)
class Anchor:
    """One anchor point of an area, in board units."""

    area: str
    sea: bool
    pos: Point
    reach: float
    island: bool = False


@dataclass(frozen=True)
class Cell:
    """An anchor's convex cell; `tags[k]` is the anchor index across the edge ending at
    vertex k (or NO_NEIGHBOUR)."""

    anchor: int
    ring: tuple[Point, ...]
    tags: tuple[int, ...]

    def edges(self) -> list[tuple[Point, Point, int]]:
        """The cell's edges with the anchor across each."""
        return [(self.ring[k - 1], self.ring[k], self.tags[k]) for k in range(len(self.ring))]


def cells(anchors: Sequence[Anchor], window: tuple[float, float, float, float],
          peers: Callable[[int], Sequence[int]]) -> list[Cell]:
    """Every anchor's cell among the anchors `peers(i)` names (same kind, same landmass)."""
    return [_cell(anchors, index, window, peers(index)) for index in range(len(anchors))]


def _cell(anchors: Sequence[Anchor], index: int, window: tuple[float, float, float, float],
          peers: Sequence[int]) -> Cell:
    own = anchors[index]
    poly = [(p, NO_NEIGHBOUR) for p in _disc(own.pos, own.reach)]
    poly = _clip_to_window(poly, window)
    for other in peers:
        if other != index and math.dist(own.pos, anchors[other].pos) < own.reach * 2:
            poly = clip_tagged(poly, _bisector(own.pos, anchors[other].pos), other)
    return Cell(index, tuple(p for p, _ in poly), tuple(t for _, t in poly))


def _disc(centre: Point, radius: float) -> list[Point]:
    return [(centre[0] + radius * math.cos(2 * math.pi * k / DISC_SIDES),
             centre[1] + radius * math.sin(2 * math.pi * k / DISC_SIDES))
            for k in range(DISC_SIDES)]


HalfPlane = tuple[Point, Point]
"""(a point on the line, the outward normal): kept where (p - point) · normal <= 0."""


def _bisector(own: Point, other: Point) -> HalfPlane:
    middle = ((own[0] + other[0]) / 2, (own[1] + other[1]) / 2)
    return middle, (other[0] - own[0], other[1] - own[1])


def _clip_to_window(poly: list[tuple[Point, int]], window: tuple[float, float, float, float]
                    ) -> list[tuple[Point, int]]:
    x0, y0, x1, y1 = window
    for plane in (((x0, 0.0), (-1.0, 0.0)), ((x1, 0.0), (1.0, 0.0)),
                  ((0.0, y0), (0.0, -1.0)), ((0.0, y1), (0.0, 1.0))):
        poly = clip_tagged(poly, plane, NO_NEIGHBOUR)
    return poly


def side(plane: HalfPlane, p: Point) -> float:
    """Signed distance-like value: <= 0 inside the half-plane."""
    (mx, my), (nx, ny) = plane
    return (p[0] - mx) * nx + (p[1] - my) * ny


def clip_tagged(poly: list[tuple[Point, int]], plane: HalfPlane, tag: int
                ) -> list[tuple[Point, int]]:
    """Sutherland-Hodgman against one half-plane; a vertex carries the tag of the edge
    ending at it, and the new edge along the line gets `tag`."""
    out: list[tuple[Point, int]] = []
    for k, (end, end_tag) in enumerate(poly):
        start = poly[k - 1][0]
        s_in, e_in = side(plane, start) <= 0, side(plane, end) <= 0
        if s_in and e_in:
            out.append((end, end_tag))
        elif s_in:
            out.append((_cross(start, end, plane), end_tag))
        elif e_in:
            out.append((_cross(start, end, plane), tag))
            out.append((end, end_tag))
    return out


def _cross(a: Point, b: Point, plane: HalfPlane) -> Point:
    sa, sb = side(plane, a), side(plane, b)
    t = sa / (sa - sb)
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def cell_planes(cell: Cell) -> list[HalfPlane]:
    """The half-planes whose intersection is the (convex, counter-clockwise) cell."""
    planes = []
    for a, b, _ in cell.edges():
        if a != b:
            planes.append((a, (b[1] - a[1], a[0] - b[0])))
    return planes


def area_of(ring: Sequence[Point]) -> float:
    """Signed area (shoelace; positive counter-clockwise)."""
    return sum(ring[k - 1][0] * p[1] - p[0] * ring[k - 1][1] for k, p in enumerate(ring)) / 2


def bbox(points: Sequence[Point]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of some points."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def boxes_meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float]
               ) -> bool:
    """Whether two boxes overlap."""
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]
