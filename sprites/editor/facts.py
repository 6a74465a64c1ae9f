"""What the scenario editor reads from a draft: the places of its map (the variant's, else the
bundled one), the legal values of every field and the figures computed from the map (cities
in play by size), the decks' cards, the standard tables. Plain data, no pygame."""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

import yaml

from game.rulesets.mediterranean_empires.content import bundled_bundle
from game.rulesets.mediterranean_empires.content.setups import (
    EMPIRE_IDS,
    FORTIFICATION_MARKERS_PER_EMPIRE,
)
from sprites.editor.document import Draft

HAND_SIZES = (1, 30)
TURNS = (1, 5)
VP_AWARD = (-10, 10)
CARDS_AWARD = (-5, 5)
MULTIPLIER = (1, 5)
MARKERS = (1, FORTIFICATION_MARKERS_PER_EMPIRE)
MOST_EMPIRES = len(EMPIRE_IDS)
AWARD_LINES = ("key_city", "largest_empire", "largest_empire_tie", "capital_lost",
               "best_progress", "best_progress_tie")
HOME = {"greece": "athenai", "macedonia": "pella", "carthage": "carthago", "rome": "roma",
        "iberia": "numantia", "gaul": "gergovia", "persia": "tyros", "egypt": "sais"}
"""Where each empire's capital usually stands in the books' scenarios (first offered)."""


@dataclass(frozen=True)
class Place:
    """A city or barbarian area of the draft's map, as the editor lists it."""

    id: str
    name: str
    province: str = ""
    size: int = 0
    strength: int = 0
    geo: tuple[int, int] = (0, 0)


@cache
def bundled_data(name: str) -> dict[str, Any]:
    """A bundled content file's data (map.yaml, layout.yaml, tables.yaml), parsed once."""
    data = yaml.safe_load(bundled_bundle().text(name) or "") or {}
    return data if isinstance(data, dict) else {}


def map_data(draft: Draft) -> Mapping[str, Any]:
    """The map the draft plays on: its variant, else the bundled map."""
    return draft.map if draft.map is not None else bundled_data("map.yaml")


def _entries(data: Mapping[str, Any], key: str) -> list[tuple[str, dict[str, Any]]]:
    block = data.get(key)
    if not isinstance(block, dict):
        return []
    return [(str(k), v) for k, v in block.items() if isinstance(v, dict)]


@dataclass(frozen=True)
class Places:
    """The places of a map, read once per revision of the draft."""

    provinces: tuple[Place, ...]
    cities: tuple[Place, ...]
    areas: tuple[Place, ...]
    names: Mapping[str, str]


_READ: dict[int, tuple[int, Any, Places]] = {}


def places(draft: Draft) -> Places:
    """The draft's map as the editor lists it (read again only after a change)."""
    data = map_data(draft)
    known = _READ.get(id(draft))
    if known is not None and known[0] == draft.revision and known[1] is data:
        return known[2]
    found = _read_places(data)
    _READ.clear()  # one draft is edited at a time
    _READ[id(draft)] = (draft.revision, data, found)
    return found


def _read_places(data: Mapping[str, Any]) -> Places:
    provinces = tuple(Place(pid, str(f.get("name", pid)), pid)
                      for pid, f in _entries(data, "provinces"))
    cities = tuple(Place(cid, str(f.get("name", cid)), str(f.get("province", "")),
                         _size(f.get("size")), geo=_geo(f.get("geo")))
                   for cid, f in _entries(data, "cities"))
    areas = tuple(Place(aid, str(f.get("name", aid)), strength=_size(f.get("strength")))
                  for aid, f in _entries(data, "barbarian_areas"))
    names = {p.id: p.name for p in (*provinces, *areas, *cities)}
    return Places(provinces, cities, areas, names)


def provinces(draft: Draft) -> list[Place]:
    """The map's provinces, in its order."""
    return list(places(draft).provinces)


def cities(draft: Draft) -> list[Place]:
    """The map's cities, in its order."""
    return list(places(draft).cities)


def areas(draft: Draft) -> list[Place]:
    """The map's barbarian areas, in its order."""
    return list(places(draft).areas)


def _geo(value: Any) -> tuple[int, int]:
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return (value[0], value[1])
    return (0, 0)


def _size(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def name_of(draft: Draft, place: str) -> str:
    """A city's, area's or province's name (its id when the map has none)."""
    return places(draft).names.get(place, place)


def sort_key(name: str) -> str:
    """Names compared with case and accents ignored."""
    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().casefold()


# -- the scenario's fields ------------------------------------------------------------------

def empires(draft: Draft) -> list[dict[str, Any]]:
    """The empires in turn order ({empire, capital}; a malformed entry as an empty one, so
    that the indexes stay the data's)."""
    found = draft.setup.get("empires")
    return [e if isinstance(e, dict) else {} for e in found] if isinstance(found, list) else []


def capitals(draft: Draft) -> list[str]:
    """The capitals, in turn order."""
    return [str(e.get("capital", "")) for e in empires(draft)]


def key_cities(draft: Draft) -> list[str]:
    """The key cities as listed."""
    found = draft.setup.get("key_cities")
    return [str(c) for c in found] if isinstance(found, list) else []


def provinces_in_play(draft: Draft) -> list[str]:
    """The provinces in play, as listed."""
    found = draft.setup.get("provinces")
    return [str(p) for p in found] if isinstance(found, dict) else []


def areas_in_play(draft: Draft) -> list[str]:
    """The barbarian areas in play (`all` and `all_except` expanded over the map's areas)."""
    found = draft.setup.get("barbarian_areas")
    every = [a.id for a in areas(draft)]
    if found == "all":
        return every
    if isinstance(found, dict) and isinstance(found.get("all_except"), list):
        return [a for a in every if a not in found["all_except"]]
    return [str(a) for a in found] if isinstance(found, list) else []


def removed_cards(draft: Draft, empire: str) -> list[str]:
    """The cards taken out of one empire's deck."""
    found = draft.setup.get("removed_cards")
    cards = found.get(empire) if isinstance(found, dict) else None
    return [str(c) for c in cards] if isinstance(cards, list) else []


def in_play_cities(draft: Draft) -> list[Place]:
    """The cities of the provinces in play, in the map's order."""
    playing = set(provinces_in_play(draft))
    return [c for c in cities(draft) if c.province in playing]


def counts_by_size(draft: Draft) -> dict[str, dict[str, int]]:
    """Every province's cities by size, from the map: {size1, size2, size3, total}."""
    counts = {p.id: [0, 0, 0] for p in provinces(draft)}
    for city in cities(draft):
        if city.province in counts and 1 <= city.size <= 3:
            counts[city.province][city.size - 1] += 1
    return {pid: {"size1": c[0], "size2": c[1], "size3": c[2], "total": sum(c)}
            for pid, c in counts.items()}


def total_cities(draft: Draft) -> int:
    """The cities of the provinces in play."""
    counts = counts_by_size(draft)
    return sum(counts.get(p, {}).get("total", 0) for p in provinces_in_play(draft))


# -- legal values ---------------------------------------------------------------------------

def capital_choices(draft: Draft, index: int) -> list[Place]:
    """The cities an empire's capital may stand in: in play, not another empire's capital,
    not a key city (the current one included), by name."""
    others = set(capitals(draft)) - {capitals(draft)[index]} if index < len(capitals(draft)) \
        else set(capitals(draft))
    taken = others | set(key_cities(draft))
    return sorted((c for c in in_play_cities(draft) if c.id not in taken),
                  key=lambda c: sort_key(c.name))


def key_city_choices(draft: Draft) -> list[Place]:
    """The cities that may become key cities: in play, neither a capital nor a key city."""
    taken = set(capitals(draft)) | set(key_cities(draft))
    return sorted((c for c in in_play_cities(draft) if c.id not in taken),
                  key=lambda c: sort_key(c.name))


def addable_empires(draft: Draft) -> list[str]:
    """The empires not in play yet, in the rule book's order."""
    playing = {e.get("empire") for e in empires(draft)}
    return [e for e in EMPIRE_IDS if e not in playing]


def first_capital(draft: Draft, empire: str) -> str | None:
    """Where a new empire's capital goes: its usual city if free and in play, else the free
    city in play nearest to it (the larger first when as near)."""
    free = capital_choices(draft, len(capitals(draft)))
    home = HOME.get(empire, "")
    if any(c.id == home for c in free):
        return home
    at = next((c.geo for c in cities(draft) if c.id == home), (0, 0))
    ranked = sorted(free, key=lambda c: (math.dist(c.geo, at), -c.size, c.id))
    return ranked[0].id if ranked else None


def deck_cards(empire: str) -> list[tuple[str, str, int]]:
    """An empire's deck: (card id, name, copies), by name."""
    from sprites import content

    decks = content.bundled().decks
    deck = decks.deck(empire)
    return sorted(((card, decks.card(card).name, count) for card, count in deck.cards),
                  key=lambda c: sort_key(c[1]))


def card_name(card: str) -> str:
    """A card's name (its id when unknown)."""
    from sprites import content

    try:
        return content.bundled().decks.card(card).name
    except KeyError:
        return card


def standard_hand_size(players: int) -> int | None:
    """The rule book's hand size for that many players (None outside 2-8)."""
    for row in bundled_data("tables.yaml").get("hand_size", []):
        if row.get("min_players", 99) <= players <= row.get("max_players", -1):
            return int(row["cards"])
    return None


def standard_turns() -> int:
    """The number of turns when a scenario does not say."""
    return int(bundled_data("tables.yaml").get("game_length", {}).get("turns", 3))


def standard_scoring() -> dict[str, Any]:
    """The rule book's end-of-turn scoring (tables.yaml), as a set-up's `scoring` block."""
    return dict(bundled_data("tables.yaml").get("scoring", {}))


def game_turns(draft: Draft) -> int:
    """The turns the game lasts: the scenario's, else the standard number."""
    turns = draft.setup.get("turns")
    return turns if isinstance(turns, int) and not isinstance(turns, bool) \
        else standard_turns()
