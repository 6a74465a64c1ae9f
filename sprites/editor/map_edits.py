"""The map editor's changes to a draft: move, add and remove cities and barbarian areas, set
their fields, draw and delete routes. Each call is one undo step with a label a person reads
("Move Messana"); the first one makes the map a variant of its own (`Draft.own_map`). A change
the map cannot take raises `Refused` with the reason in one sentence, and changes nothing."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

from game.content import parse_yaml
from game.rulesets.mediterranean_empires.content import bundled_bundle
from game.rulesets.mediterranean_empires.content.map import ROUTE_KINDS, fold
from sprites.editor.document import Draft
from sprites.editor.edits import sync

ROUTE_NAMES = {"land": "land route", "coastal": "coastal route", "barbarian": "barbarian route"}
NAME_LIMIT = 40
Geo = list[int]
"""[longitude, latitude] in hundredths of a degree, as map.yaml keeps it."""


class Refused(ValueError):
    """An edit the map cannot take; the message says why in one sentence."""


@cache
def _bundled_files() -> tuple[dict[str, Any], dict[str, Any]]:
    bundle = bundled_bundle()
    return (parse_yaml(bundle.text("map.yaml") or "", "map.yaml").value,
            parse_yaml(bundle.text("layout.yaml") or "", "layout.yaml").value)


def bundled_map_files() -> tuple[dict[str, Any], dict[str, Any]]:
    """The bundled map.yaml and layout.yaml as plain data (shared: never change them)."""
    return _bundled_files()


class MapEdits:
    """Edits a draft's map: reads the variant, or the bundled map while there is none."""

    def __init__(self, draft: Draft) -> None:
        self.draft = draft

    # -- reading ---------------------------------------------------------------------------

    @property
    def map(self) -> dict[str, Any]:
        """The map data shown (the draft's variant, else the bundled map)."""
        return self.draft.map if self.draft.map is not None else bundled_map_files()[0]

    @property
    def layout(self) -> dict[str, Any]:
        """The layout data shown (the draft's variant, else the bundled drawing)."""
        return self.draft.layout if self.draft.layout is not None else bundled_map_files()[1]

    def cities(self) -> dict[str, Any]:
        """The cities by id."""
        return self.map.get("cities") or {}

    def areas(self) -> dict[str, Any]:
        """The barbarian areas by id."""
        return self.map.get("barbarian_areas") or {}

    def provinces(self) -> dict[str, Any]:
        """The map's provinces by id."""
        return self.map.get("provinces") or {}

    def is_city(self, node: str) -> bool:
        """Whether the id names a city."""
        return node in self.cities()

    def place(self, node: str) -> dict[str, Any]:
        """A city's or barbarian area's data ({} if none)."""
        return self.cities().get(node) or self.areas().get(node) or {}

    def name(self, node: str) -> str:
        """A place's name (its id if it has none)."""
        return str(self.place(node).get("name") or node)

    def province_name(self, province: str) -> str:
        """A province's name (its id if unknown)."""
        return str((self.provinces().get(province) or {}).get("name") or province)

    def routes(self, kind: str) -> list[list[str]]:
        """The routes of one kind, as listed."""
        return list((self.map.get("routes") or {}).get(kind) or [])

    def route_kind(self, a: str, b: str) -> str | None:
        """The kind of route joining two places, if any."""
        return next((kind for kind in ROUTE_KINDS for pair in self.routes(kind)
                     if {a, b} == set(pair)), None)

    def routes_of(self, node: str) -> list[tuple[str, str, str]]:
        """The routes touching a place: (kind, one end, the other)."""
        return [(kind, pair[0], pair[1]) for kind in ROUTE_KINDS for pair in self.routes(kind)
                if node in pair]

    def route_label(self, kind: str, a: str, b: str) -> str:
        """"coastal route Messana–Reghium"."""
        return f"{ROUTE_NAMES[kind]} {self.name(a)}–{self.name(b)}"

    # -- one undo step ---------------------------------------------------------------------

    @contextmanager
    def step(self, label: str) -> Iterator[None]:
        """Group edits into one undo step, the map made the draft's own first and the
        scenario's cities by size counted again from the map last (as the scenario editor
        counts them), so that every step leaves the two agreeing."""
        with self.draft.change(label):
            self.draft.own_map(*bundled_map_files())
            yield
            if isinstance(self.draft.setup.get("provinces"), dict):
                sync(self.draft)

    # -- places ----------------------------------------------------------------------------

    def move(self, node: str, geo: Geo) -> None:
        """Put a city or area elsewhere (an area's name moves with it)."""
        old = self.place(node).get("geo")
        if old == geo:
            return
        section = "cities" if self.is_city(node) else "barbarian_areas"
        with self.step(f"Move {self.name(node)}"):
            self.draft.set(("map", section, node, "geo"), list(geo))
            if section == "barbarian_areas":
                self._move_area_label(node, old, geo)

    def _move_area_label(self, area: str, old: Geo | None, geo: Geo) -> None:
        label = (self.layout.get("barbarian_areas") or {}).get(area, {}).get("label")
        if not (label and old):
            self.draft.set(("layout", "barbarian_areas", area), {"label": list(geo)})
            return
        moved = [label[0] + geo[0] - old[0], label[1] + geo[1] - old[1]]
        self.draft.set(("layout", "barbarian_areas", area, "label"), moved)

    def add_city(self, name: str, geo: Geo, province: str, size: int = 1,
                 port: bool = False) -> str:
        """A new city, its id made from its name; the id."""
        name = self.checked_name(name)
        if province not in self.provinces():
            raise Refused("Choose the new city's province first.")
        node = self.new_id(name)
        city = {"name": name, "province": province, "size": size, "port": port,
                "geo": list(geo)}
        with self.step(f"Add city {name}"):
            self.draft.set(("map", "cities", node), city)
        return node

    def add_area(self, name: str, geo: Geo, strength: int = 3) -> str:
        """A new barbarian area (its name set beside its emblem); the id."""
        name = self.checked_name(name)
        node = self.new_id(name)
        area = {"name": name, "strength": _within(strength, 1, 9), "geo": list(geo)}
        with self.step(f"Add barbarian area {name}"):
            self.draft.set(("map", "barbarian_areas", node), area)
            self.draft.set(("layout", "barbarian_areas", node), {"label": list(geo)})
        return node

    def rename(self, node: str, name: str) -> None:
        """A new name for a place (its id stays, so routes and the scenario still find it)."""
        old = self.name(node)
        name = self.checked_name(name, node)
        if name == old:
            return
        with self.step(f"Rename {old} to {name}"):
            self.draft.set(("map", self._section(node), node, "name"), name)

    def set_size(self, city: str, size: int) -> None:
        """A city's size, 1 to 3."""
        self._set_city(city, "size", _within(size, 1, 3),
                       f"Make {self.name(city)} size {_within(size, 1, 3)}")

    def set_port(self, city: str, port: bool) -> None:
        """Whether a city is a port (its coastal routes stay: the bundled map has coastal
        routes to inland cities across narrow straits)."""
        words = "a port" if port else "inland"
        self._set_city(city, "port", port, f"Make {self.name(city)} {words}")

    def set_province(self, city: str, province: str) -> None:
        """A city's province: one of the map's."""
        if province not in self.provinces():
            raise Refused(f"The map has no province {province!r}.")
        self._set_city(city, "province", province,
                       f"Put {self.name(city)} in {self.province_name(province)}")

    def set_strength(self, area: str, strength: int) -> None:
        """A barbarian area's strength: 1 to 9 dice."""
        strength = _within(strength, 1, 9)
        if self.areas().get(area, {}).get("strength") == strength:
            return
        with self.step(f"Set {self.name(area)}'s strength to {strength}"):
            self.draft.set(("map", "barbarian_areas", area, "strength"), strength)

    def _set_city(self, city: str, key: str, value: object, label: str) -> None:
        if self.cities().get(city, {}).get(key) == value:
            return
        with self.step(label):
            self.draft.set(("map", "cities", city, key), value)

    def remove(self, node: str) -> None:
        """Take a city or area off the map, with its routes (and its label settings)."""
        section = self._section(node)
        kind = "city" if section == "cities" else "barbarian area"
        with self.step(f"Remove {kind} {self.name(node)}"):
            for route_kind in ROUTE_KINDS:
                kept = [pair for pair in self.routes(route_kind) if node not in pair]
                if len(kept) != len(self.routes(route_kind)):
                    self.draft.set(("map", "routes", route_kind), kept)
            self._drop(("map", section), node)
            label_section = "city_labels" if section == "cities" else "barbarian_areas"
            self._drop(("layout", label_section), node)

    def _drop(self, path: tuple[str, str], key: str) -> None:
        """Remove a key by setting its mapping without it (undo keeps the order of keys)."""
        mapping = self.draft.get(path)
        if isinstance(mapping, dict) and key in mapping:
            self.draft.set(path, {k: v for k, v in mapping.items() if k != key})

    def _section(self, node: str) -> str:
        if self.is_city(node):
            return "cities"
        if node in self.areas():
            return "barbarian_areas"
        raise Refused(f"There is no place {node!r} on the map.")

    # -- names and ids ---------------------------------------------------------------------

    def checked_name(self, name: str, node: str | None = None) -> str:
        """The name tidied, or Refused: empty, too long, or already another place's."""
        name = " ".join(name.split())
        if not name:
            raise Refused("Type a name first.")
        if len(name) > NAME_LIMIT:
            raise Refused(f"A name has at most {NAME_LIMIT} letters.")
        other = self.named(name)
        if other is not None and other != node:
            raise Refused(f"{name} already names {self.name(other)} on this map.")
        return name

    def named(self, name: str) -> str | None:
        """The place an id, name or alias names (case and accents ignored), if any."""
        key = fold(name)
        for node, data in (*self.cities().items(), *self.areas().items()):
            spellings = [node, str(data.get("name", "")), *(data.get("aliases") or [])]
            if key in (fold(str(s)) for s in spellings):
                return node
        return None

    def new_id(self, name: str) -> str:
        """An id made from a name (lowercase ASCII with underscores), unique on the map."""
        base = re.sub(r"[^a-z0-9_]", "", fold(name)).strip("_") or "place"
        if not base[0].isalpha():
            base = f"place_{base}"
        taken = set(self.cities()) | set(self.areas())
        node, n = base, 2
        while node in taken:
            node, n = f"{base}_{n}", n + 1
        return node

    # -- routes ----------------------------------------------------------------------------

    def start_refusal(self, kind: str, node: str) -> str | None:
        """Why a route of this kind cannot start at a place (None: it can)."""
        if kind in ("land", "coastal") and not self.is_city(node):
            return f"{self.name(node)} is a barbarian area: {kind} routes join two cities."
        return None  # a coastal route needs no port at either end (docs/rules-decisions.md)

    def route_refusal(self, kind: str, a: str, b: str) -> str | None:
        """Why two places cannot be joined by a route of this kind (None: they can)."""
        if a == b:
            return "A route joins two different places."
        known = self.route_kind(a, b)
        if known is not None:
            return f"{self.name(a)} and {self.name(b)} are already joined by a " \
                   f"{ROUTE_NAMES[known]}."
        found = self.start_refusal(kind, a) or self.start_refusal(kind, b)
        if found:
            return found
        if kind == "barbarian" and self.is_city(a) and self.is_city(b):
            return "A barbarian route needs a barbarian area at one end."
        return None

    def add_route(self, kind: str, a: str, b: str) -> None:
        """Join two places (Refused with the reason if they cannot be)."""
        refusal = self.route_refusal(kind, a, b)
        if refusal:
            raise Refused(refusal)
        with self.step(f"Add {self.route_label(kind, a, b)}"):
            self.draft.set(("map", "routes", kind), [*self.routes(kind), [a, b]])

    def remove_route(self, kind: str, a: str, b: str) -> None:
        """Delete the route of this kind between two places."""
        listed = next((pair for pair in self.routes(kind) if set(pair) == {a, b}), None)
        if listed is None:
            raise Refused(f"There is no {ROUTE_NAMES[kind]} between {self.name(a)} and "
                          f"{self.name(b)}.")
        kept = [pair for pair in self.routes(kind) if pair is not listed]
        with self.step(f"Remove {self.route_label(kind, *listed)}"):
            self.draft.set(("map", "routes", kind), kept)


def _within(value: int, low: int, high: int) -> int:
    return max(low, min(high, int(value)))
