"""Build an area map's geometry from anchors and coastlines: each area's pieces and every
typed border between two areas (land: two land areas, coast: land and sea, sea: two seas).

Generic (no rule set named here): tools.author_mn_map feeds it Mare Nostrum's anchors.
Inputs and outputs are in hundredths of a degree [lon, lat]; the work is in board units.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from sprites.polygons import inside_polygon, inside_ring
from tools.area_borders import Segment, chains, clip_segment, length, split_by_land
from tools.area_cells import (
    Anchor,
    Point,
    Polygon,
    area_of,
    bbox,
    boxes_meet,
    cell_planes,
    cells,
)
from tools.area_clip import clip_to_convex

LAND, COAST, SEA = "land", "coast", "sea"
GeoPoint = tuple[int, int]
"""[lon, lat] in hundredths of a degree."""
MIN_PIECE = 4.0
"""Smallest piece kept (board units²): slivers where a cell grazes a coast are dropped."""


@dataclass(frozen=True)
class AreaSeed:
    """An area to derive: its id, sea or land, anchors ([lon, lat] hundredths), reach (board
    units; None: up to the window's frame); an island must have its landmasses to itself."""

    id: str
    sea: bool
    anchors: tuple[tuple[int, int], ...]
    reach: int | None
    island: bool = False


@dataclass(frozen=True)
class Geometry:
    """Each area's pieces (polygons: outer ring, holes) and the borders by (kind, a, b)."""

    pieces: dict[str, list[list[list[GeoPoint]]]]
    borders: dict[tuple[str, str, str], list[list[GeoPoint]]]
    lengths: dict[tuple[str, str, str], float]
    problems: list[str]


class Builder:
    """One build: anchors in board units, landmasses, cells."""

    def __init__(self, seeds: Sequence[AreaSeed], land: Sequence[Polygon],
                 window: tuple[int, int, int, int], x_scale: float) -> None:
        self.x_scale = x_scale
        self.window = (window[0] * x_scale, window[1], window[2] * x_scale, window[3])
        frame = 2 * math.dist(self.window[:2], self.window[2:])
        self.anchors = [Anchor(s.id, s.sea, self._board(p), frame if s.reach is None else s.reach,
                               s.island) for s in seeds for p in s.anchors]
        self.land = [[[self._board(p) for p in ring] for ring in polygon] for polygon in land]
        self.land_boxes = [bbox(polygon[0]) for polygon in self.land]
        self.problems: list[str] = []
        self.home = [self._landmass(a) for a in self.anchors]
        self.cells = cells(self.anchors, self.window, self._peers)
        self.planes = [cell_planes(c) for c in self.cells]
        self.boxes = [bbox(c.ring) if c.ring else (0.0, 0.0, -1.0, -1.0) for c in self.cells]

    def _board(self, p: Sequence[float]) -> Point:
        return (p[0] * self.x_scale, float(p[1]))

    def geo(self, p: Point) -> tuple[int, int]:
        """Back to integer hundredths of a degree."""
        return (round(p[0] / self.x_scale), round(p[1]))

    def _landmass(self, anchor: Anchor) -> int | None:
        found = next((i for i, polygon in enumerate(self.land)
                      if inside_polygon(anchor.pos, polygon)), None)
        if anchor.sea and found is not None:
            self.problems.append(f"{anchor.area}: anchor {self.geo(anchor.pos)} is on land")
        if not anchor.sea and found is None:
            self.problems.append(f"{anchor.area}: anchor {self.geo(anchor.pos)} is at sea")
        return None if anchor.sea else found

    def _peers(self, index: int) -> list[int]:
        own = self.anchors[index]
        return [i for i, a in enumerate(self.anchors)
                if a.sea == own.sea and self.home[i] == self.home[index]]

    def pieces(self) -> dict[str, list[Polygon]]:
        """Each area's polygons: land cut to its cells, or a sea's whole cells."""
        out: dict[str, list[Polygon]] = defaultdict(list)
        for index, anchor in enumerate(self.anchors):
            if anchor.sea:
                out[anchor.area].append([list(self.cells[index].ring)])
            elif self.home[index] is not None:
                out[anchor.area].extend(self._land_pieces(index))
        return dict(out)

    def _land_pieces(self, index: int) -> list[Polygon]:
        """The landmass cut to the cell: one polygon per part, each with the holes (cut to
        the cell) that lie in it."""
        polygon, cell = self.land[self.home[index] or 0], self.cells[index].ring
        outers = [r for r in clip_to_convex(polygon[0], cell) if abs(area_of(r)) >= MIN_PIECE]
        holes = [r for hole in polygon[1:] for r in clip_to_convex(hole, cell)
                 if abs(area_of(r)) >= MIN_PIECE]
        return [[outer, *[h for h in holes if inside_ring(h[0], outer)]] for outer in outers]

    def shared_edges(self, sea: bool, within: bool = False
                     ) -> dict[tuple[str, str, str], list[Segment]]:
        """Land borders (or sea lanes): cell edges between anchors of two areas, on land (at
        sea); `within`: the edges between two anchors of one area instead."""
        found: dict[tuple[str, str, str], list[Segment]] = defaultdict(list)
        for index, cell in enumerate(self.cells):
            for a, b, other in cell.edges():
                if self._is_edge(index, other, sea, within):
                    self._add_edge(found, index, other, (a, b), sea, within)
        return found

    def _is_edge(self, index: int, other: int, sea: bool, within: bool) -> bool:
        own = self.anchors[index]
        return (own.sea == sea and other > index and (sea or self.home[index] is not None)
                and (self.anchors[other].area == own.area) == within)

    def _add_edge(self, found: dict[tuple[str, str, str], list[Segment]], index: int,
                  other: int, segment: Segment, sea: bool, within: bool) -> None:
        kept = clip_segment(segment, self.planes[other])
        if kept is None:
            return
        land = self.land if sea else [self.land[self.home[index] or 0]]
        pieces = split_by_land(kept, land, keep_land=not sea)
        if pieces and within:
            found[(self.anchors[index].area, str(index), str(other))].extend(pieces)
        elif pieces:
            found[_key(SEA if sea else LAND, self.anchors[index].area,
                       self.anchors[other].area)].extend(pieces)

    def split_areas(self) -> list[str]:
        """Areas whose anchors' pieces do not join up (a province or sea in parts), and
        islands sharing a landmass with another area."""
        links = {**self.shared_edges(sea=False, within=True),
                 **self.shared_edges(sea=True, within=True)}
        joined = [(int(a), int(b)) for (_, a, b) in links]
        problems = [f"{area}: drawn in {parts} separate parts"
                    for area, parts in self._parts(joined).items() if parts > 1]
        return problems + self._shared_islands()

    def _parts(self, joined: list[tuple[int, int]]) -> dict[str, int]:
        group = list(range(len(self.anchors)))

        def root(i: int) -> int:
            while group[i] != i:
                i = group[i]
            return i

        for a, b in joined:
            group[root(a)] = root(b)
        roots: dict[str, set[int]] = defaultdict(set)
        for index, anchor in enumerate(self.anchors):
            if not anchor.island and (anchor.sea or self.home[index] is not None):
                roots[anchor.area].add(root(index))
        return {area: len(found) for area, found in roots.items()}

    def _shared_islands(self) -> list[str]:
        owners: dict[int | None, set[str]] = defaultdict(set)
        for index, anchor in enumerate(self.anchors):
            owners[self.home[index]].add(anchor.area)
        return [f"{a.area}: an island sharing its land with {sorted(owners[self.home[i]])}"
                for i, a in enumerate(self.anchors)
                if a.island and self.home[i] is not None and len(owners[self.home[i]]) > 1]

    def coasts(self) -> dict[tuple[str, str, str], list[Segment]]:
        """Coastline pieces by (land area, sea): each coast edge cut to a land cell and then
        to a sea cell."""
        found: dict[tuple[str, str, str], list[Segment]] = defaultdict(list)
        seas = [i for i, a in enumerate(self.anchors) if a.sea]
        for index, anchor in enumerate(self.anchors):
            if not anchor.sea and self.home[index] is not None:
                for piece in self._coast_in(index):
                    self._coast_at_sea(found, anchor.area, piece, seas)
        return found

    def _coast_in(self, index: int) -> list[Segment]:
        polygon = self.land[self.home[index] or 0]
        box = self.boxes[index]
        out = []
        for ring in polygon:
            for k, end in enumerate(ring):
                segment = (ring[k - 1], end)
                if self._on_window_edge(segment) or not boxes_meet(box, bbox(segment)):
                    continue
                kept = clip_segment(segment, self.planes[index])
                if kept is not None:
                    out.append(kept)
        return out

    def _coast_at_sea(self, found: dict[tuple[str, str, str], list[Segment]], area: str,
                      piece: Segment, seas: list[int]) -> None:
        box = bbox(piece)
        for sea in seas:
            if boxes_meet(box, self.boxes[sea]):
                kept = clip_segment(piece, self.planes[sea])
                if kept is not None:
                    found[(COAST, area, self.anchors[sea].area)].append(kept)

    def _on_window_edge(self, segment: Segment) -> bool:
        (ax, ay), (bx, by) = segment
        x0, y0, x1, y1 = self.window
        return ((ax == bx and min(abs(ax - x0), abs(ax - x1)) < 1e-6)
                or (ay == by and min(abs(ay - y0), abs(ay - y1)) < 1e-6))


def _key(kind: str, a: str, b: str) -> tuple[str, str, str]:
    first, second = sorted((a, b))
    return (kind, first, second)


def build(seeds: Sequence[AreaSeed], land: Sequence[Polygon], window: tuple[int, int, int, int],
          x_scale: float, min_length: dict[str, float]) -> Geometry:
    """Pieces and typed borders of the seeded areas; borders shorter than
    `min_length[kind]` (board units) are dropped as slivers."""
    builder = Builder(seeds, land, window, x_scale)
    raw = {**builder.shared_edges(sea=False), **builder.shared_edges(sea=True),
           **builder.coasts()}
    lengths = {key: length(segments) for key, segments in raw.items()}
    kept = {key: chains(raw[key]) for key in sorted(raw) if lengths[key] > min_length[key[0]]}
    pieces = {area: [[[builder.geo(p) for p in ring] for ring in polygon]
                     for polygon in polygons]
              for area, polygons in sorted(builder.pieces().items())}
    borders = {key: [[builder.geo(p) for p in line] for line in lines]
               for key, lines in kept.items()}
    return Geometry(pieces, borders, {k: lengths[k] for k in kept},
                    builder.problems + builder.split_areas())

