"""The drawing of the map (layout.yaml): projection, province colours, label positions.

Presentation data only: no rule may depend on it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.content import ContentBundle, ContentError, Node, parse_yaml
from game.rulesets.mediterranean_empires.content.map import MapDef, lookup_id, parse_geo

LAYOUT_FILE = "layout.yaml"
ANCHORS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
_COLOUR = re.compile(r"#[0-9a-f]{6}")


@dataclass(frozen=True)
class Projection:
    """Equirectangular projection of 1/100-degree positions onto board units."""

    west: int
    north: int
    east: int
    south: int
    x_per_degree: int
    y_per_degree: int

    def project(self, geo: tuple[int, int]) -> tuple[int, int]:
        """Board position (x right, y down) of a [lon, lat] position."""
        return ((geo[0] - self.west) * self.x_per_degree // 100,
                (self.north - geo[1]) * self.y_per_degree // 100)

    @property
    def size(self) -> tuple[int, int]:
        """Board width and height in board units."""
        return self.project((self.east, self.south))

    def contains(self, geo: tuple[int, int]) -> bool:
        """Whether a position lies on the board."""
        return self.west <= geo[0] <= self.east and self.south <= geo[1] <= self.north


@dataclass(frozen=True)
class ProvinceStyle:
    """How a province is drawn: colour (#rrggbb) and where its name goes."""

    id: str
    colour: str
    label: tuple[int, int]


@dataclass(frozen=True)
class LayoutDef:
    """Presentation data for the map; sorted by id."""

    projection: Projection
    provinces: tuple[ProvinceStyle, ...]
    area_labels: tuple[tuple[str, tuple[int, int]], ...]
    city_anchors: tuple[tuple[str, str], ...]

    def province_style(self, province_id: str) -> ProvinceStyle:
        """The style of one province (KeyError if none)."""
        return lookup_id(self.provinces, province_id)

    def area_label(self, area_id: str) -> tuple[int, int]:
        """Where a barbarian area's name goes."""
        return dict(self.area_labels)[area_id]

    def city_anchor(self, city_id: str) -> str:
        """Which side of its city a city's name goes (east unless crowded)."""
        return dict(self.city_anchors).get(city_id, "e")


def load_layout(bundle: ContentBundle, map_def: MapDef) -> LayoutDef:
    """Load layout.yaml; it must cover every province and barbarian area of `map_def`."""
    text = bundle.text(LAYOUT_FILE)
    if text is None:
        raise ContentError(LAYOUT_FILE, "", "file is missing")
    return parse_layout(text, map_def, LAYOUT_FILE)


def parse_layout(text: str, map_def: MapDef, file: str = LAYOUT_FILE) -> LayoutDef:
    """Parse and check the text of a layout file against a loaded map."""
    return read_layout(parse_yaml(text, file), map_def)


def read_layout(root: Node, map_def: MapDef) -> LayoutDef:
    """A parsed layout file checked against a loaded map (the first problem raised)."""
    root.only_keys("projection", "provinces", "barbarian_areas", "city_labels")
    projection = _projection(root.child("projection"))
    for city in map_def.cities:
        if not projection.contains(city.geo):
            raise root.child("projection").error(f"city {city.id} lies off the board")
    styles = _covering(root.child("provinces"), [p.id for p in map_def.provinces])
    provinces = tuple(ProvinceStyle(pid, _colour(node.only_keys("colour", "label")),
                                    _label(node, projection)) for pid, node in styles)
    areas = tuple((aid, _label(node.only_keys("label"), projection)) for aid, node in
                  _covering(root.child("barbarian_areas"), [a.id for a in map_def.barbarian_areas]))
    anchors = []
    listed = root.opt("city_labels")
    for cid, node in () if listed is None else listed.items():
        if not map_def.is_city(cid):
            raise node.error(f"unknown city {cid!r}")
        anchors.append((cid, node.choice(ANCHORS)))
    return LayoutDef(projection, provinces, areas, tuple(sorted(anchors)))


def _projection(node: Node) -> Projection:
    node.only_keys("kind", "west", "north", "east", "south", "x_per_degree", "y_per_degree")
    node.child("kind").choice(("equirectangular",))
    west, east = node.get_int("west", low=-18000), node.get_int("east", high=18000)
    south, north = node.get_int("south", low=-9000), node.get_int("north", high=9000)
    if west >= east or south >= north:
        raise node.error("west must lie west of east and south south of north")
    return Projection(west, north, east, south, node.get_int("x_per_degree", low=1),
                      node.get_int("y_per_degree", low=1))


def _covering(node: Node, ids: list[str]) -> list[tuple[str, Node]]:
    entries = sorted(node.items())
    for key, child in entries:
        if key not in ids:
            raise child.error(f"unknown id {key!r}")
    missing = sorted(set(ids) - {key for key, _ in entries})
    if missing:
        raise node.error(f"missing entries for {', '.join(missing)}")
    return entries


def _colour(node: Node) -> str:
    colour = node.get_text("colour")
    if not _COLOUR.fullmatch(colour):
        raise node.child("colour").error("expected a colour as #rrggbb (lowercase hex)")
    return colour


def _label(node: Node, projection: Projection) -> tuple[int, int]:
    geo = parse_geo(node.child("label"))
    if not projection.contains(geo):
        raise node.child("label").error("label lies off the board")
    return geo
