"""An area map's shapes in board units: every area's polygons, the typed borders between two
areas, the land and coastlines of the whole window, and where each area's name goes.

Read once from a geometry file (integer hundredths of a degree, [lon, lat]) and projected
equirectangularly, x right and y down, as Mediterranean Empires' layout does."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import pairwise

from sprites.polygons import inside_polygon
from sprites.resources import asset_path

Point = tuple[float, float]
Ring = tuple[Point, ...]
Polygon = tuple[Ring, ...]
"""Outer ring, then holes."""


@dataclass(frozen=True)
class Frame:
    """The projection: hundredths of a degree onto board units."""

    west: int
    north: int
    east: int
    south: int
    x_per_degree: int
    y_per_degree: int

    def project(self, lon: float, lat: float) -> Point:
        """Board position of a [lon, lat] position."""
        return ((lon - self.west) * self.x_per_degree / 100,
                (self.north - lat) * self.y_per_degree / 100)


@dataclass(frozen=True)
class AreaShape:
    """One area: land (province or island) or sea, its polygons, its label position."""

    id: str
    sea: bool
    polygons: tuple[Polygon, ...]
    label: Point
    bbox: tuple[float, float, float, float]


@dataclass(frozen=True)
class BorderLine:
    """A border between two areas: kind land, coast or sea (lane)."""

    kind: str
    areas: tuple[str, str]
    lines: tuple[tuple[Point, ...], ...]


@dataclass(frozen=True)
class AreaGeometry:
    """Everything the map draws that does not change in a game."""

    extent: tuple[float, float, float, float]
    """x, y, w, h of the drawn board."""
    areas: Mapping[str, AreaShape]
    borders: tuple[BorderLine, ...]
    land: tuple[Polygon, ...]
    coast: tuple[tuple[Point, ...], ...]
    surround: tuple[Polygon, ...] = ()
    """Land of a wider window, drawn muted round the board (not part of it)."""

    def area_at(self, point: Point) -> str | None:
        """The area under a board point (land areas first; a sea only off land)."""
        for shape in self.areas.values():
            if not shape.sea and _in_shape(point, shape):
                return shape.id
        if on_land(point, self.land):
            return None
        return next((s.id for s in self.areas.values() if s.sea and _in_shape(point, s)), None)

    def holds(self, area_id: str, point: Point) -> bool:
        """Whether a board point lies in an area (a sea's only off land)."""
        shape = self.areas[area_id]
        return _in_shape(point, shape) and not (shape.sea and on_land(point, self.land))


def on_land(point: Point, polygons: Sequence[Polygon]) -> bool:
    """Whether a point lies inside one of the polygons (and not in one of its holes)."""
    return any(inside_polygon(point, polygon) for polygon in polygons)


def _in_shape(point: Point, shape: AreaShape) -> bool:
    x0, y0, x1, y1 = shape.bbox
    if not (x0 <= point[0] <= x1 and y0 <= point[1] <= y1):
        return False
    return on_land(point, shape.polygons)


def load_geometry(asset: str, frame: Frame, labels: Mapping[str, Sequence[int]],
                  surround: str | None = None) -> AreaGeometry:
    """The geometry file `asset` (in sprites/assets) projected by `frame`, with each area's
    label at `labels[id]` ([lon, lat]) and the land of the asset `surround` round it."""
    return _load(asset, frame, tuple(sorted((k, (int(v[0]), int(v[1])))
                                            for k, v in labels.items())), surround)


@cache
def _load(asset: str, frame: Frame, labels: tuple[tuple[str, tuple[int, int]], ...],
          surround: str | None) -> AreaGeometry:
    data = json.loads(asset_path(asset).read_text(encoding="utf-8"))
    where = dict(labels)
    areas = {a["id"]: _shape(a, frame, where) for a in data["areas"]}
    borders = tuple(BorderLine(b["kind"], (b["areas"][0], b["areas"][1]),
                               tuple(_line(line, frame) for line in b["lines"]))
                    for b in data["borders"])
    land, coast = _coasts(frame)
    west, south, east, north = data["window"]
    x0, y0 = frame.project(max(west, frame.west), min(north, frame.north))
    x1, y1 = frame.project(min(east, frame.east), max(south, frame.south))
    return AreaGeometry((x0, y0, x1 - x0, y1 - y0), areas, borders, land, coast,
                        _surround(surround, frame) if surround else ())


def _surround(asset: str, frame: Frame) -> tuple[Polygon, ...]:
    data = json.loads(asset_path(asset).read_text(encoding="utf-8"))
    return tuple(tuple(_line(ring, frame) for ring in polygon) for polygon in data["polygons"])


def _shape(raw: dict, frame: Frame, labels: dict[str, tuple[int, int]]) -> AreaShape:
    polygons = tuple(tuple(_line(ring, frame) for ring in polygon)
                     for polygon in raw["pieces"])
    points = [p for polygon in polygons for p in polygon[0]] or [(0.0, 0.0)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    label = frame.project(*labels[raw["id"]]) if raw["id"] in labels else (
        sum(xs) / len(xs), sum(ys) / len(ys))
    return AreaShape(raw["id"], raw["kind"] == "sea", polygons, label,
                     (min(xs), min(ys), max(xs), max(ys)))


def _line(points: Sequence[Sequence[int]], frame: Frame) -> tuple[Point, ...]:
    return tuple(frame.project(p[0], p[1]) for p in points)


def _coasts(frame: Frame) -> tuple[tuple[Polygon, ...], tuple[tuple[Point, ...], ...]]:
    data = json.loads(asset_path("coastlines.json").read_text(encoding="utf-8"))
    land = tuple(tuple(_line(ring, frame) for ring in polygon) for polygon in data["polygons"])
    lines = [line for polygon in data["polygons"] for ring in polygon
             for line in _coast_runs(ring, data["window"])]
    return land, tuple(_line(line, frame) for line in lines)


def _coast_runs(ring: list[list[int]], window: list[int]) -> list[list[list[int]]]:
    """A ring split where it runs along the window's edge (a cut, not a coast)."""
    runs: list[list[list[int]]] = [[]]
    for a, b in pairwise([*ring, ring[0]]):
        if _on_window_edge(a, b, window):
            runs.append([])
        elif runs[-1]:
            runs[-1].append(b)
        else:
            runs[-1] += [a, b]
    return [run for run in runs if len(run) > 1]


def _on_window_edge(a: list[int], b: list[int], window: list[int]) -> bool:
    return ((a[0] == b[0] and a[0] in (window[0], window[2]))
            or (a[1] == b[1] and a[1] in (window[1], window[3])))
