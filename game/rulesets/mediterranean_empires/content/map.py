"""The map (map.yaml): provinces, cities, barbarian areas and routes, checked on load.

`load_map` checks the file on its own terms; `map_facts.check_map_facts` then checks a loaded
map against the books (kept apart so a partial test map still loads). The drawing of the map
lives in `layout`.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property, partial
from typing import Protocol, TypeVar

from game.content import ContentBundle, ContentError, Node, parse_yaml
from game.rulesets.mediterranean_empires.content.findings import RAISE, Findings

MAP_FILE = "map.yaml"
ROUTE_KINDS = ("land", "coastal", "barbarian")
_ID = re.compile(r"[a-z][a-z0-9_]*")

@dataclass(frozen=True)
class Province:
    """A province: cities belong to exactly one."""

    id: str
    name: str


@dataclass(frozen=True)
class City:
    """A city: size 1-3 (VP and defence dice), port or not, position in 1/100 degrees."""

    id: str
    name: str
    aliases: tuple[str, ...]
    province: str
    size: int
    port: bool
    geo: tuple[int, int]


@dataclass(frozen=True)
class BarbarianArea:
    """A barbarian area: strength in d6, a representative position in 1/100 degrees."""

    id: str
    name: str
    aliases: tuple[str, ...]
    strength: int
    geo: tuple[int, int]


@dataclass(frozen=True)
class Route:
    """An undirected route; `ends` sorted by id."""

    kind: str
    ends: tuple[str, str]


@dataclass(frozen=True)
class MapDef:
    """The whole map; cities, areas and routes sorted by id, adjacency precomputed."""

    provinces: tuple[Province, ...]
    cities: tuple[City, ...]
    barbarian_areas: tuple[BarbarianArea, ...]
    routes: tuple[Route, ...]
    node_ids: tuple[str, ...]
    adjacency: tuple[tuple[tuple[str, ...], ...], ...]  # [node index][ROUTE_KINDS index]
    names: tuple[tuple[str, str], ...]  # (folded name or alias, id), sorted

    @cached_property
    def _by_id(self) -> dict[str, City | BarbarianArea]:
        """Cities and areas by id (built once: rules look cities up in every legal list)."""
        items: tuple[City | BarbarianArea, ...] = (*self.cities, *self.barbarian_areas)
        return {item.id: item for item in items}

    @cached_property
    def _node_index(self) -> dict[str, int]:
        return {node: index for index, node in enumerate(self.node_ids)}

    def city(self, city_id: str) -> City:
        """The city with this id (KeyError if none)."""
        found = self._by_id.get(city_id)
        if not isinstance(found, City):
            raise KeyError(city_id)
        return found

    def barbarian_area(self, area_id: str) -> BarbarianArea:
        """The barbarian area with this id (KeyError if none)."""
        found = self._by_id.get(area_id)
        if not isinstance(found, BarbarianArea):
            raise KeyError(area_id)
        return found

    def province(self, province_id: str) -> Province:
        """The province with this id (KeyError if none)."""
        return lookup_id(self.provinces, province_id)

    def is_city(self, node_id: str) -> bool:
        """Whether the id names a city."""
        return isinstance(self._by_id.get(node_id), City)

    def is_barbarian_area(self, node_id: str) -> bool:
        """Whether the id names a barbarian area."""
        return isinstance(self._by_id.get(node_id), BarbarianArea)

    def neighbours(self, node_id: str, kind: str | None = None) -> tuple[str, ...]:
        """Ids linked to a city or area by one route kind (all kinds if None), sorted."""
        index = self._node_index.get(node_id)
        if index is None:
            raise KeyError(node_id)
        if kind is not None:
            return self.adjacency[index][ROUTE_KINDS.index(kind)]
        return tuple(sorted({n for links in self.adjacency[index] for n in links}))

    def route_kind(self, a: str, b: str) -> str | None:
        """The kind of the route between two ids, or None."""
        return next((kind for kind in ROUTE_KINDS if b in self.neighbours(a, kind)), None)

    def cities_in(self, province_id: str) -> tuple[City, ...]:
        """The cities of one province, by id."""
        return tuple(c for c in self.cities if c.province == province_id)

    def provinces_bordering(self, area_id: str) -> tuple[str, ...]:
        """Provinces with a city linked to the barbarian area, sorted."""
        linked = self.neighbours(area_id, "barbarian")
        return tuple(sorted({self.city(n).province for n in linked if self.is_city(n)}))

    def resolve(self, name: str) -> str | None:
        """The id for an id, name or alias (case and accents ignored), or None."""
        key = fold(name)
        index = bisect_left(self.names, (key, ""))
        if index < len(self.names) and self.names[index][0] == key:
            return self.names[index][1]
        return None

    def fewest_crossings(self, start: str, goal: str, through: Iterable[str] | None = None
                         ) -> int | None:
        """Fewest coastal routes (shipwreck rolls, rule 5.4.3) on a land route start → goal
        whose inner stops all lie in `through`: cities, and the barbarian areas a caller
        counts as subdued (rule 5.4.1). None = any city, no area. None if no route exists."""
        allowed = {c.id for c in self.cities} if through is None else set(through)
        allowed.add(goal)
        best = {start: 0}
        queue: deque[tuple[int, str]] = deque([(0, start)])
        while queue:
            cost, node = queue.popleft()
            if node == goal:
                return cost
            if cost > best[node] or (node != start and node not in allowed):
                continue
            for step, kind in ((0, "land"), (0, "barbarian"), (1, "coastal")):
                for nxt in self.neighbours(node, kind):
                    if nxt in allowed and cost + step < best.get(nxt, cost + step + 1):
                        best[nxt] = cost + step
                        (queue.appendleft if step == 0 else queue.append)((cost + step, nxt))
        return None


def fold(name: str) -> str:
    """A name for matching: accents dropped, lowercase, spaces and hyphens as underscores."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[\s\-]+", "_", plain.strip().lower())


def _index(ids: tuple[str, ...], key: str) -> int | None:
    position = bisect_left(ids, key)
    return position if position < len(ids) and ids[position] == key else None


class _HasId(Protocol):
    @property
    def id(self) -> str:
        """The item's id."""


_T = TypeVar("_T", bound=_HasId)


def lookup_id(items: tuple[_T, ...], key: str) -> _T:
    """The item with this id in a tuple sorted by id (KeyError if none)."""
    index = _index(tuple(item.id for item in items), key)
    if index is None:
        raise KeyError(key)
    return items[index]


# --- Loading map.yaml ---


def load_map(bundle: ContentBundle) -> MapDef:
    """Load and check map.yaml from a bundle (not the book facts: see map_facts)."""
    text = bundle.text(MAP_FILE)
    if text is None:
        raise ContentError(MAP_FILE, "", "file is missing")
    return parse_map(text, MAP_FILE)


def parse_map(text: str, file: str = MAP_FILE) -> MapDef:
    """Parse and check the text of a map file (the first problem raised)."""
    found = read_map(parse_yaml(text, file))
    assert found is not None, "raising findings return a map or raise"
    return found


def read_map(root: Node, findings: Findings = RAISE) -> MapDef | None:
    """A parsed map file checked on its own terms, each problem reported to `findings`.

    When collecting, the map of what passed its checks (None: the file is not a mapping)."""
    if findings.attempt(root.as_dict_value) is None:
        return None
    findings.attempt(lambda: root.only_keys("provinces", "cities", "barbarian_areas", "routes"))
    provinces = _section(root, "provinces", _province, findings)
    province_ids = frozenset(p.id for p in provinces)
    cities = _section(root, "cities", lambda cid, node: _city(cid, node, province_ids), findings)
    areas = _section(root, "barbarian_areas", _area, findings)
    names = _names(root, cities, areas, findings)
    routes = _routes(root, _listed(root, "cities"), _listed(root, "barbarian_areas"), findings)
    node_ids = tuple(sorted([c.id for c in cities] + [a.id for a in areas]))
    routes = tuple(r for r in routes if _index(node_ids, r.ends[0]) is not None
                   and _index(node_ids, r.ends[1]) is not None)
    return MapDef(tuple(sorted(provinces, key=lambda p: p.id)),
                  tuple(sorted(cities, key=lambda c: c.id)),
                  tuple(sorted(areas, key=lambda a: a.id)), routes, node_ids,
                  _adjacency(node_ids, routes), names)


def _section(root: Node, key: str, parse: Callable[[str, Node], _T],
             findings: Findings) -> tuple[_T, ...]:
    """The items of one section that pass their checks (each problem reported)."""
    found: list[_T] = []
    for item_id, node in findings.attempt(lambda: list(root.child(key).items())) or ():
        with findings.guard():
            if not _ID.fullmatch(item_id):
                raise node.error("ids are lowercase ASCII letters, digits and underscores")
            found.append(parse(item_id, node))
    return tuple(found)


def _listed(root: Node, key: str) -> set[str]:
    """Every id a section lists, whether or not its entry passed its checks."""
    section = root.as_dict_value().get(key)
    return {str(k) for k in section} if isinstance(section, dict) else set()


def _province(pid: str, node: Node) -> Province:
    node.only_keys("name")
    return Province(pid, node.get_text("name"))


def _city(cid: str, node: Node, province_ids: frozenset[str]) -> City:
    node.only_keys("name", "aliases", "province", "size", "port", "geo")
    province = node.child("province").choice(province_ids)
    return City(cid, node.get_text("name"), _aliases(node), province,
                node.get_int("size", low=1, high=3), node.child("port").boolean(),
                parse_geo(node.child("geo")))


def _area(aid: str, node: Node) -> BarbarianArea:
    node.only_keys("name", "aliases", "strength", "geo")
    return BarbarianArea(aid, node.get_text("name"), _aliases(node),
                         node.get_int("strength", low=1, high=9), parse_geo(node.child("geo")))


def _aliases(node: Node) -> tuple[str, ...]:
    found = node.opt("aliases")
    return () if found is None else found.str_list()


def parse_geo(node: Node) -> tuple[int, int]:
    """A [longitude, latitude] pair in hundredths of a degree."""
    items = node.as_list_value()
    if len(items) != 2:
        raise node.error("expected [longitude, latitude] in hundredths of a degree")
    return node.child(0).integer(-18000, 18000), node.child(1).integer(-9000, 9000)


def _names(root: Node, cities: tuple[City, ...], areas: tuple[BarbarianArea, ...],
           findings: Findings) -> tuple[tuple[str, str], ...]:
    """Every id, name and alias, folded, must point to one place only."""
    owner: dict[str, tuple[str, str]] = {}
    for section, items in (("cities", cities), ("barbarian_areas", areas)):
        for item in items:
            for name in (item.id, item.name, *item.aliases):
                key = fold(name)
                if owner.setdefault(key, (section, item.id)) != (section, item.id):
                    findings.report(root.child(section).child(item.id).error(
                        f"{name!r} already names {owner[key][1]!r} (ids, names and aliases of "
                        "cities and barbarian areas share one space)"))
    return tuple(sorted((key, place[1]) for key, place in owner.items()))


def _routes(root: Node, city_ids: set[str], area_ids: set[str], findings: Findings
            ) -> tuple[Route, ...]:
    node = findings.attempt(lambda: root.child("routes"))
    if node is None or findings.attempt(lambda: node.only_keys(*ROUTE_KINDS)) is None:
        return ()
    seen: dict[tuple[str, str], str] = {}
    routes = []
    for kind in ROUTE_KINDS:
        for pair in findings.attempt(partial(_pairs, node, kind)) or ():
            with findings.guard():
                ends = _route_ends(pair, kind, city_ids, area_ids)
                if ends in seen:
                    raise pair.error(f"route {ends[0]}-{ends[1]} is already listed "
                                     f"({seen[ends]})")
                seen[ends] = kind
                routes.append(Route(kind, ends))
    return tuple(sorted(routes, key=lambda r: (r.ends, r.kind)))


def _pairs(node: Node, kind: str) -> list[Node]:
    listed = node.opt(kind)
    return [] if listed is None else list(listed.elements())


def _route_ends(pair: Node, kind: str, city_ids: set[str], area_ids: set[str]
                ) -> tuple[str, str]:
    items = pair.as_list_value()
    if len(items) != 2:
        raise pair.error("a route is a pair [a, b]")
    a, b = pair.child(0).text(), pair.child(1).text()
    for index, end in enumerate((a, b)):
        if end not in city_ids and end not in area_ids:
            raise pair.child(index).error(f"unknown city or barbarian area {end!r}")
    if a == b:
        raise pair.error(f"route from {a} to itself")
    touching = [end for end in (a, b) if end in area_ids]
    if kind != "barbarian" and touching:
        raise pair.error(f"a {kind} route joins two cities; {touching[0]} is a barbarian area")
    if kind == "barbarian" and not touching:
        raise pair.error("a barbarian route needs a barbarian area at one end")
    return (a, b) if a < b else (b, a)


def _adjacency(node_ids: tuple[str, ...], routes: tuple[Route, ...]
               ) -> tuple[tuple[tuple[str, ...], ...], ...]:
    links: dict[str, list[list[str]]] = {n: [[] for _ in ROUTE_KINDS] for n in node_ids}
    for route in routes:
        a, b = route.ends
        links[a][ROUTE_KINDS.index(route.kind)].append(b)
        links[b][ROUTE_KINDS.index(route.kind)].append(a)
    return tuple(tuple(tuple(sorted(kind)) for kind in links[n]) for n in node_ids)
