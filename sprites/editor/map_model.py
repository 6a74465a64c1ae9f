"""The map being edited as the game draws it: its MapModel, its picture, and board points
turned back into map.yaml's units. Read leniently: an entry the editor cannot draw yet (no
position, an unknown end) is left off the drawing, and the problems list names it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.rulesets.mediterranean_empires.content.layout import (
    LayoutDef,
    Projection,
    ProvinceStyle,
)
from game.rulesets.mediterranean_empires.content.map import (
    ROUTE_KINDS,
    BarbarianArea,
    City,
    Province,
    Route,
)
from sprites.map.model import MapModel, Point, map_model_of
from sprites.map.picture import FREE, NEUTRAL, BoardPicture, CityState

DEFAULT_COLOUR = "#c2b280"
Data = Mapping[str, Any]


@dataclass(frozen=True)
class DraftPlaces:
    """A map's places read from its data (what `map_model_of` draws)."""

    provinces: tuple[Province, ...]
    cities: tuple[City, ...]
    barbarian_areas: tuple[BarbarianArea, ...]
    routes: tuple[Route, ...]


def places_of(map_data: Data) -> DraftPlaces:
    """The drawable places of map data, sorted by id as the game loads them."""
    provinces = tuple(Province(pid, str((p or {}).get("name", pid)))
                      for pid, p in sorted(_mapping(map_data, "provinces").items()))
    cities = tuple(City(cid, str(c.get("name", cid)), (), str(c.get("province", "")),
                        _int(c.get("size"), 1, 3), bool(c.get("port")), geo)
                   for cid, c in sorted(_mapping(map_data, "cities").items())
                   if (geo := _geo(c)) is not None)
    areas = tuple(BarbarianArea(aid, str(a.get("name", aid)), (), _int(a.get("strength"), 1, 9),
                                geo)
                  for aid, a in sorted(_mapping(map_data, "barbarian_areas").items())
                  if (geo := _geo(a)) is not None)
    return DraftPlaces(provinces, cities, areas, _routes(map_data, cities, areas))


def _routes(map_data: Data, cities: tuple[City, ...], areas: tuple[BarbarianArea, ...]
            ) -> tuple[Route, ...]:
    known = {c.id for c in cities} | {a.id for a in areas}
    listed = map_data.get("routes") or {}
    seen: dict[tuple[str, str], Route] = {}
    for kind in ROUTE_KINDS:
        for pair in listed.get(kind) or []:
            if len(pair) == 2 and pair[0] in known and pair[1] in known and pair[0] != pair[1]:
                ends = (min(pair), max(pair))
                seen.setdefault(ends, Route(kind, ends))
    return tuple(sorted(seen.values(), key=lambda r: (r.ends, r.kind)))


def layout_of(layout: Data, places: DraftPlaces) -> LayoutDef:
    """The drawing of a map variant (a province or area missing from it: placed at a city's
    or the area's own spot)."""
    p = layout.get("projection") or {}
    projection = Projection(*(int(p[key]) for key in ("west", "north", "east", "south",
                                                      "x_per_degree", "y_per_degree")))
    styles = _mapping(layout, "provinces")
    provinces = tuple(ProvinceStyle(pid, str((styles.get(pid) or {}).get("colour",
                                                                        DEFAULT_COLOUR)),
                                    _label(styles.get(pid), _province_spot(pid, places)))
                      for pid in sorted(pr.id for pr in places.provinces))
    labels = _mapping(layout, "barbarian_areas")
    areas = tuple((a.id, _label(labels.get(a.id), a.geo)) for a in places.barbarian_areas)
    sides = _mapping(layout, "city_labels")
    cities = {c.id for c in places.cities}
    anchors = tuple(sorted((cid, str(side)) for cid, side in sides.items() if cid in cities))
    return LayoutDef(projection, provinces, areas, anchors)


def draft_model(map_data: Data, layout: Data) -> MapModel:
    """The drawable map of map and layout data."""
    places = places_of(map_data)
    return map_model_of(places, layout_of(layout, places))


def draft_picture(map_data: Data, setup: Data, title: str = "") -> BoardPicture:
    """Every place shown in play: the scenario's capitals in their empires' colours, its key
    cities ringed."""
    capitals = {e.get("capital"): e.get("empire") for e in setup.get("empires") or []
                if isinstance(e, Mapping)}
    keys = set(setup.get("key_cities") or [])
    cities = {cid: CityState(capitals.get(cid) or NEUTRAL, 0, capitals.get(cid), cid in keys)
              for cid in _mapping(map_data, "cities")}
    areas: dict[str, str | None] = {aid: FREE for aid in _mapping(map_data, "barbarian_areas")}
    empires = tuple(str(e) for e in capitals.values() if e)
    return BoardPicture(title or str(setup.get("name", "")), empires,
                        frozenset(_mapping(map_data, "provinces")), cities, areas)


def geo_at(layout: Data, point: Point) -> list[int]:
    """The [longitude, latitude] (hundredths of a degree) of a board point, on the board."""
    p = layout["projection"]
    lon = round(p["west"] + point[0] * 100 / p["x_per_degree"])
    lat = round(p["north"] - point[1] * 100 / p["y_per_degree"])
    return [max(p["west"], min(p["east"], lon)), max(p["south"], min(p["north"], lat))]


def board_at(layout: Data, geo: list[int]) -> Point:
    """Where a [longitude, latitude] lies on the board."""
    p = layout["projection"]
    return ((geo[0] - p["west"]) * p["x_per_degree"] / 100,
            (p["north"] - geo[1]) * p["y_per_degree"] / 100)


def _province_spot(province: str, places: DraftPlaces) -> tuple[int, int]:
    spots = [c.geo for c in places.cities if c.province == province]
    if not spots:
        return (0, 0)
    return (sum(s[0] for s in spots) // len(spots), sum(s[1] for s in spots) // len(spots))


def _label(entry: Any, fallback: tuple[int, int]) -> tuple[int, int]:
    label = (entry or {}).get("label") if isinstance(entry, Mapping) else None
    if isinstance(label, list) and len(label) == 2:
        return (int(label[0]), int(label[1]))
    return fallback


def _mapping(data: Data, key: str) -> Mapping[str, Any]:
    found = data.get(key)
    return found if isinstance(found, Mapping) else {}


def _geo(entry: Any) -> tuple[int, int] | None:
    geo = entry.get("geo") if isinstance(entry, Mapping) else None
    if isinstance(geo, list) and len(geo) == 2 and all(isinstance(v, int) for v in geo):
        return (geo[0], geo[1])
    return None


def _int(value: Any, low: int, high: int) -> int:
    return max(low, min(high, value)) if isinstance(value, int) else low
