"""What the map shows of a game: owners, fortifications, capitals, key cities, barbarians.

Built from an engine view (plain data), never from the state itself: the client only reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.rulesets.mediterranean_empires.content import MeContent
from game.rulesets.mediterranean_empires.content.setups import SetupDef

NEUTRAL = "neutral"
FREE = "free"
SUBDUED = "subdued"


@dataclass(frozen=True)
class CityState:
    """One city as drawn: owner is an empire id, NEUTRAL, or None when out of play."""

    owner: str | None
    forts: int = 0
    capital_of: str | None = None
    key: bool = False


@dataclass(frozen=True)
class BoardPicture:
    """The drawable game position (all cities and areas of the map are listed)."""

    title: str
    empires: tuple[str, ...]
    provinces_in_play: frozenset[str]
    cities: Mapping[str, CityState]
    areas: Mapping[str, str | None] = field(default_factory=dict)
    """Barbarian area id → FREE, SUBDUED, or None when out of play."""

    @property
    def nodes_in_play(self) -> frozenset[str]:
        """Ids of the cities and barbarian areas in play."""
        return frozenset([c for c, s in self.cities.items() if s.owner is not None]
                         + [a for a, s in self.areas.items() if s is not None])

    def city(self, city_id: str) -> CityState:
        """A city's state (out of play if unknown)."""
        return self.cities.get(city_id, CityState(None))

    def area(self, area_id: str) -> str | None:
        """A barbarian area's state."""
        return self.areas.get(area_id)


def picture_from_view(view: Mapping[str, Any], setup: SetupDef, content: MeContent
                      ) -> BoardPicture:
    """The picture of a Mediterranean Empires view (see the rule set's view())."""
    capitals = {seat["capital"]: seat["empire"] for seat in view["seats"]}
    keys = set(setup.key_cities)
    cities = {}
    for city in content.map.cities:
        seen = view["cities"].get(city.id)
        if seen is None:
            cities[city.id] = CityState(None)
            continue
        cities[city.id] = CityState(seen["owner"], int(seen["forts"]), capitals.get(city.id),
                                    city.id in keys)
    areas = {a.id: view["barbarians"].get(a.id) for a in content.map.barbarian_areas}
    return BoardPicture(setup.title,
                        tuple(seat["empire"] for seat in view["seats"]),
                        frozenset(setup.province_ids), cities, areas)


def whole_map(content: MeContent, title: str = "The Mediterranean") -> BoardPicture:
    """Every city neutral and every area free: the bare map."""
    cities = {c.id: CityState(NEUTRAL) for c in content.map.cities}
    areas: dict[str, str | None] = {a.id: FREE for a in content.map.barbarian_areas}
    return BoardPicture(title, (), frozenset(p.id for p in content.map.provinces), cities,
                        areas)


def scenario_picture(content: MeContent, scenario: str) -> BoardPicture:
    """A scenario's position after set-up (capitals placed, key cities fortified), read
    through the engine's public view."""
    from game.core.ruleset import GameConfig, ViewRequest
    from game.rulesets.mediterranean_empires.rules import Rules
    from game.rulesets.mediterranean_empires.ruleset import MeRuleset

    setup = content.setup(scenario)
    ruleset = MeRuleset(Rules(content))
    seats = tuple(f"seat{n}" for n in range(setup.players))
    config = GameConfig(ruleset.id, setup.id, seats, b"map preview " + setup.id.encode())
    state = ruleset.setup(config)
    return picture_from_view(ruleset.view(state, ViewRequest(None)), setup, content)
