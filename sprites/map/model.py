"""The map as board geometry: coasts, cities, areas and routes in board units (floats).

Built once from the rule set's content and the coastline asset; every drawing layer, the
camera and the hit-tests read it. Board units are the layout projection's (x right, y down).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import cache
from itertools import pairwise
from typing import Protocol

from game.rulesets.mediterranean_empires.content import MeContent, bundled_layout
from game.rulesets.mediterranean_empires.content.layout import LayoutDef, Projection
from game.rulesets.mediterranean_empires.content.map import BarbarianArea, City, Province, Route
from sprites.colour import RGB, hex_rgb
from sprites.map.seas import COMPASS, SEAS, STRAITS
from sprites.polygons import inside_polygon
from sprites.resources import asset_path

Point = tuple[float, float]
Ring = tuple[Point, ...]


@dataclass(frozen=True)
class CitySpot:
    """A city where it is drawn."""

    id: str
    name: str
    province: str
    size: int
    port: bool
    pos: Point
    anchor: str


@dataclass(frozen=True)
class AreaSpot:
    """A barbarian area's emblem and label positions."""

    id: str
    name: str
    strength: int
    pos: Point
    label: Point


@dataclass(frozen=True)
class RouteLine:
    """A route drawn as a polyline (coastal routes bow out across the sea)."""

    kind: str
    ends: tuple[str, str]
    points: tuple[Point, ...]


@dataclass(frozen=True)
class ProvinceLook:
    """A province's name, colour and label position."""

    id: str
    name: str
    colour: RGB
    label: Point


@dataclass(frozen=True)
class MapModel:
    """Everything drawable, in board units."""

    size: tuple[int, int]
    extent: tuple[float, float, float, float]
    """The drawn part of the board (x, y, w, h): projection ∩ coastline window."""
    land: tuple[tuple[Ring, ...], ...]
    """Land polygons: outer ring, then holes."""
    coast: tuple[tuple[Point, ...], ...]
    """Coastline polylines (window edges left out), for ink strokes."""
    cities: tuple[CitySpot, ...]
    areas: tuple[AreaSpot, ...]
    routes: tuple[RouteLine, ...]
    provinces: tuple[ProvinceLook, ...]
    seas: tuple[tuple[str, Point, bool], ...] = ()
    """Sea names: (name, position, major?)."""
    compass: Point = (0.0, 0.0)
    """Where the compass rose stands."""
    straits: tuple[tuple[Point, ...], ...] = ()
    """Lines down the middle of narrow seas, drawn open at every zoom."""
    _index: dict[str, CitySpot | AreaSpot | ProvinceLook] = field(
        init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        index: dict[str, CitySpot | AreaSpot | ProvinceLook] = {p.id: p for p in self.provinces}
        index.update({a.id: a for a in self.areas})
        index.update({c.id: c for c in self.cities})
        object.__setattr__(self, "_index", index)

    def city(self, city_id: str) -> CitySpot:
        """A city by id (KeyError if none)."""
        found = self._index[city_id]
        if not isinstance(found, CitySpot):
            raise KeyError(city_id)
        return found

    def area(self, area_id: str) -> AreaSpot:
        """A barbarian area by id (KeyError if none)."""
        found = self._index[area_id]
        if not isinstance(found, AreaSpot):
            raise KeyError(area_id)
        return found

    def position(self, node_id: str) -> Point:
        """Where a city or barbarian area sits."""
        found = self._index[node_id]
        if isinstance(found, ProvinceLook):
            raise KeyError(node_id)
        return found.pos

    def province(self, province_id: str) -> ProvinceLook:
        """A province's look by id."""
        found = self._index[province_id]
        if not isinstance(found, ProvinceLook):
            raise KeyError(province_id)
        return found


def project(projection: Projection, lon: float, lat: float) -> Point:
    """A position in hundredths of a degree onto the board, without rounding."""
    return ((lon - projection.west) * projection.x_per_degree / 100,
            (projection.north - lat) * projection.y_per_degree / 100)


@cache
def _coastline_data() -> dict:
    return json.loads(asset_path("coastlines.json").read_text(encoding="utf-8"))


class MapPlaces(Protocol):
    """What the drawing reads of a map: the bundled `MapDef`, or a map being edited."""

    @property
    def provinces(self) -> tuple[Province, ...]:
        """The provinces."""

    @property
    def cities(self) -> tuple[City, ...]:
        """The cities."""

    @property
    def barbarian_areas(self) -> tuple[BarbarianArea, ...]:
        """The barbarian areas."""

    @property
    def routes(self) -> tuple[Route, ...]:
        """The routes (both ends present)."""


_BUILT: dict[int, tuple[MeContent, MapModel]] = {}


def build_model(content: MeContent, layout: LayoutDef | None = None) -> MapModel:
    """The drawable map of a rule set's content (built once per content object), drawn as
    `layout` says (default: the bundled layout.yaml)."""
    known = _BUILT.get(id(content))
    if known is None or known[0] is not content:
        known = _BUILT[id(content)] = (content, _build(content.map,
                                                       layout or bundled_layout()))
    return known[1]


def map_model_of(places: MapPlaces, layout: LayoutDef) -> MapModel:
    """The drawable map of a map being edited (built afresh; the coasts are shared)."""
    return _build(places, layout)


@cache
def _coasts(projection: Projection) -> tuple[tuple[tuple[Ring, ...], ...],
                                             tuple[tuple[Point, ...], ...]]:
    """The land polygons and the coastlines, projected (once per projection)."""
    data = _coastline_data()
    land = tuple(tuple(tuple(project(projection, x, y) for x, y in ring) for ring in polygon)
                 for polygon in data["polygons"])
    return land, _coast_lines(data["polygons"], data["window"], projection)


def _build(places: MapPlaces, layout: LayoutDef) -> MapModel:
    projection = layout.projection
    land, coast = _coasts(projection)
    cities = tuple(CitySpot(c.id, c.name, c.province, c.size, c.port,
                            project(projection, *c.geo), layout.city_anchor(c.id))
                   for c in places.cities)
    areas = tuple(AreaSpot(a.id, a.name, a.strength, project(projection, *a.geo),
                           project(projection, *layout.area_label(a.id)))
                  for a in places.barbarian_areas)
    positions = {c.id: c.pos for c in cities} | {a.id: a.pos for a in areas}
    provinces = tuple(ProvinceLook(p.id, p.name, hex_rgb(layout.province_style(p.id)
                                                         .colour),
                                   project(projection, *layout.province_style(p.id)
                                           .label))
                      for p in places.provinces)
    routes = tuple(RouteLine(r.kind, r.ends, _route_points(r.kind, positions[r.ends[0]],
                                                           positions[r.ends[1]], land))
                   for r in places.routes)
    seas = tuple((name, project(projection, *geo), major) for name, geo, major in SEAS)
    return MapModel(projection.size, _extent(projection, _coastline_data()["window"]), land,
                    coast, cities, areas, routes, provinces, seas, project(projection, *COMPASS),
                    tuple(tuple(project(projection, *p) for p in line) for line in STRAITS))


def _extent(projection: Projection, window: list[int]) -> tuple[float, float, float, float]:
    west, south = max(projection.west, window[0]), max(projection.south, window[1])
    east, north = min(projection.east, window[2]), min(projection.north, window[3])
    x0, y0 = project(projection, west, north)
    x1, y1 = project(projection, east, south)
    return (x0, y0, x1 - x0, y1 - y0)


def _coast_lines(polygons: list, window: list[int], projection: Projection
                 ) -> tuple[tuple[Point, ...], ...]:
    """Rings split where they run along the window's edge (those are cuts, not coasts)."""
    lines: list[tuple[Point, ...]] = []
    for polygon in polygons:
        for ring in polygon:
            current: list[Point] = []
            closed = [*ring, ring[0]]
            for a, b in pairwise(closed):
                if _on_window_edge(a, b, window):
                    if len(current) > 1:
                        lines.append(tuple(current))
                    current = []
                    continue
                if not current:
                    current.append(project(projection, *a))
                current.append(project(projection, *b))
            if len(current) > 1:
                lines.append(tuple(current))
    return tuple(lines)


def _on_window_edge(a: list[int], b: list[int], window: list[int]) -> bool:
    return ((a[0] == b[0] and a[0] in (window[0], window[2]))
            or (a[1] == b[1] and a[1] in (window[1], window[3])))


_ARCS: dict[tuple[Point, Point, int], tuple[Point, ...]] = {}
"""Coastal arcs worked out (by ends and land), so a map built again reuses them."""


def _route_points(kind: str, a: Point, b: Point, land: tuple[tuple[Ring, ...], ...]
                  ) -> tuple[Point, ...]:
    """A straight line, or for a coastal route a gentle arc bowing towards open sea."""
    if kind != "coastal":
        return (a, b)
    key = (a, b, id(land))
    if key not in _ARCS:
        if len(_ARCS) > 4096:  # an editing session moving ports about: start afresh
            _ARCS.clear()
        _ARCS[key] = _arc(a, b, land)
    return _ARCS[key]


def _arc(a: Point, b: Point, land: tuple[tuple[Ring, ...], ...]) -> tuple[Point, ...]:
    length = math.dist(a, b)
    normal = ((a[1] - b[1]) / length, (b[0] - a[0]) / length)
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    bow = min(0.12 * length, 60.0)
    best = max((1, -1), key=lambda side: _sea_score(mid, normal, side * bow, land))
    control = (mid[0] + normal[0] * best * bow * 2, mid[1] + normal[1] * best * bow * 2)
    return tuple(_quadratic(a, control, b, t / 16) for t in range(17))


def _sea_score(mid: Point, normal: Point, bow: float, land: tuple[tuple[Ring, ...], ...]
               ) -> int:
    """How many sample points along a candidate bow lie at sea."""
    return sum(0 if on_land((mid[0] + normal[0] * bow * f, mid[1] + normal[1] * bow * f), land)
               else 1 for f in (0.5, 1.0, 1.5))


def _quadratic(a: Point, c: Point, b: Point, t: float) -> Point:
    u = 1 - t
    return (u * u * a[0] + 2 * u * t * c[0] + t * t * b[0],
            u * u * a[1] + 2 * u * t * c[1] + t * t * b[1])


def on_land(point: Point, land: tuple[tuple[Ring, ...], ...]) -> bool:
    """Whether a board point lies inside a land polygon (and not in one of its holes)."""
    return any(inside_polygon(point, polygon) for polygon in land)
