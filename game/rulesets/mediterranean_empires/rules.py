"""The rules' read-only context: content plus the indexes every procedure needs."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from game.rulesets.mediterranean_empires.content import MeContent, bundled_content
from game.rulesets.mediterranean_empires.content.decks import CardDef
from game.rulesets.mediterranean_empires.content.setups import SetupDef


@dataclass(frozen=True, eq=False)
class Rules:
    """Content and lookups (built once per process; never part of the state).

    Compared and hashed by identity, so memos on states can name the rules they were made with.
    """

    content: MeContent
    city_ids: tuple[str, ...] = field(init=False)
    area_ids: tuple[str, ...] = field(init=False)
    _city_index: dict[str, int] = field(init=False, repr=False)
    _area_index: dict[str, int] = field(init=False, repr=False)
    _cards: dict[str, CardDef] = field(init=False, repr=False)
    _city_links: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    _scenarios: dict[str, SetupDef] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        cities = tuple(city.id for city in self.content.map.cities)
        areas = tuple(area.id for area in self.content.map.barbarian_areas)
        object.__setattr__(self, "city_ids", cities)
        object.__setattr__(self, "area_ids", areas)
        object.__setattr__(self, "_city_index", {c: i for i, c in enumerate(cities)})
        object.__setattr__(self, "_area_index", {a: i for i, a in enumerate(areas)})
        object.__setattr__(self, "_cards", {c.id: c for c in self.content.decks.cards})
        object.__setattr__(self, "_city_links", tuple(self._linked(city) for city in cities))
        object.__setattr__(self, "_scenarios", {})

    def _linked(self, city: str) -> tuple[int, ...]:
        board_map = self.content.map
        return tuple(self._city_index[n] for kind in ("land", "coastal")
                     for n in board_map.neighbours(city, kind))

    def city_index(self, city_id: str) -> int:
        """Position of a city in the board's per-city tuples."""
        return self._city_index[city_id]

    def area_index(self, area_id: str) -> int:
        """Position of a barbarian area in the board's per-area tuples."""
        return self._area_index[area_id]

    def city_links(self, index: int) -> tuple[int, ...]:
        """Indices of the cities linked to city `index` by a land, then a coastal route."""
        return self._city_links[index]

    def is_city(self, node_id: str) -> bool:
        """Whether a map id names a city (else a barbarian area)."""
        return node_id in self._city_index

    def scenario(self, key: str) -> SetupDef:
        """A scenario by id or number (looked up once per key: rules ask it at every step)."""
        found = self._scenarios.get(key)
        if found is None:
            found = self._scenarios[key] = self.content.setup(key)
        return found

    def card(self, card_id: str) -> CardDef:
        """A card design (KeyError if unknown)."""
        return self._cards[card_id]


@cache
def bundled_rules() -> Rules:
    """The rules over the bundled content (loaded once)."""
    return Rules(bundled_content())
