"""The 13 scenario set-ups (setups/NN_<id>.yaml) as frozen definitions, fully validated.

Without a map or decks the loader checks each file on its own and the files against each
other; given a `map_def` it also checks every city, province and barbarian reference and the
city counts by size, and given a `decks_def` every removed card.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from game.content import ContentBundle, ContentError, Node, parse_yaml
from game.rulesets.mediterranean_empires.content.tables import ScoringDef, parse_scoring

SETUPS_DIR = "setups/"
EMPIRE_IDS = ("greece", "macedonia", "carthage", "rome", "iberia", "gaul", "persia", "egypt")
PROVINCE_IDS = (
    "britannia", "gallia", "germania", "liguria", "hispania", "mauretania", "africa", "libye",
    "aigyptos", "asia", "mikra_asia", "helade", "skuthia", "pannonia", "illyricum", "italia",
    "corsica_sardinia_sicilia",
)
BARBARIAN_IDS = (
    "conii", "gallaeci", "asturi", "vascones", "aquitani", "allobroges", "ligures",
    "massaesyli_numidae", "massylii_numidae", "garamantes_lybies", "masamones_lybies",
    "libu_lybies", "arabes_nabateai", "lykios", "kimmerioi", "trakhios", "dakoi", "carpi",
    "skythis", "marcomanni", "suevi", "batavi", "britanni", "picti", "iverni",
)
FORTIFICATION_MARKERS_PER_EMPIRE = 32  # rulebook §2
_FILE_NAME = re.compile(r"^setups/(\d\d)_([a-z0-9_]+)\.yaml$")
_KEYS = ("number", "id", "name", "players", "description", "empires", "fortification_markers",
         "hand_size", "key_cities", "automatic_victory_cities", "barbarian_areas",
         "total_cities", "provinces", "removed_cards", "scoring", "turns")


class _Identified(Protocol):
    @property
    def id(self) -> str: ...


class _City(_Identified, Protocol):
    @property
    def province(self) -> str: ...

    @property
    def size(self) -> int: ...


class MapLike(Protocol):
    """What the set-up checks read from a loaded map (map.MapDef)."""

    @property
    def cities(self) -> Sequence[_City]: ...

    @property
    def provinces(self) -> Sequence[_Identified]: ...

    @property
    def barbarian_areas(self) -> Sequence[_Identified]: ...


class _Deck(Protocol):
    def count(self, card_id: str) -> int: ...


class DecksLike(Protocol):
    """What the set-up checks read from loaded decks (decks.DecksDef)."""

    def deck(self, empire: str) -> _Deck: ...


@dataclass(frozen=True)
class SetupEmpire:
    """An empire in play and the city where its capital starts."""

    empire: str
    capital: str


@dataclass(frozen=True)
class ProvinceCities:
    """A province in play and how many of its cities have each size, as the book lists them."""

    province: str
    size1: int
    size2: int
    size3: int

    @property
    def total(self) -> int:
        """All cities of the province."""
        return self.size1 + self.size2 + self.size3

    @property
    def by_size(self) -> tuple[int, int, int]:
        """Counts of size-1, size-2 and size-3 cities."""
        return (self.size1, self.size2, self.size3)


@dataclass(frozen=True)
class RemovedCard:
    """A card taken out of an empire's deck before play."""

    empire: str
    card: str


@dataclass(frozen=True)
class SetupDef:
    """One scenario: who plays, from where, on which part of the map, and its special rules."""

    file: str
    number: int
    id: str
    name: str
    players: int
    description: str
    empires: tuple[SetupEmpire, ...]
    fortification_markers: int
    hand_size: int
    key_cities: tuple[str, ...]
    automatic_victory_cities: int
    barbarian_areas: tuple[str, ...]
    total_cities: int
    provinces: tuple[ProvinceCities, ...]
    removed_cards: tuple[RemovedCard, ...]
    scoring: ScoringDef | None
    turns: int | None

    @property
    def turn_order(self) -> tuple[str, ...]:
        """Empire ids in turn order."""
        return tuple(e.empire for e in self.empires)

    @property
    def province_ids(self) -> tuple[str, ...]:
        """Provinces in play, in the book's order."""
        return tuple(p.province for p in self.provinces)

    def capital(self, empire: str) -> str:
        """The starting capital of an empire in play."""
        return next(e.capital for e in self.empires if e.empire == empire)

    def removed_from(self, empire: str) -> tuple[str, ...]:
        """Card ids removed from one empire's deck."""
        return tuple(r.card for r in self.removed_cards if r.empire == empire)


def load_setups(bundle: ContentBundle, map_def: MapLike | None = None,
                decks_def: DecksLike | None = None) -> tuple[SetupDef, ...]:
    """Load every set-up, ordered by number; check map and deck references when given."""
    names = tuple(n for n in bundle.names(SETUPS_DIR) if n.endswith(".yaml"))
    if not names:
        raise ContentError(SETUPS_DIR, "", "no set-up files")
    loaded = [_parse_file(name, bundle.text(name) or "") for name in names]
    _check_numbers(loaded)
    _check_province_consistency(loaded)
    for setup, root in loaded:
        if map_def is not None:
            check_against_map(setup, root, map_def)
        if decks_def is not None:
            _check_against_decks(setup, root, decks_def)
    return tuple(sorted((setup for setup, _ in loaded), key=lambda s: s.number))


def _parse_file(name: str, text: str) -> tuple[SetupDef, Node]:
    match = _FILE_NAME.match(name)
    if match is None:
        raise ContentError(name, "", "set-up files are named setups/NN_<id>.yaml")
    root = parse_yaml(text, name)
    setup = parse_setup(root)
    if setup.number != int(match.group(1)):
        raise root.child("number").error(f"number {setup.number} does not match the file name")
    if setup.id != match.group(2):
        raise root.child("id").error(f"id {setup.id!r} does not match the file name")
    return setup, root


def parse_setup(root: Node) -> SetupDef:
    """One set-up from its parsed file, checked on its own."""
    root.only_keys(*_KEYS)
    empires = _empires(root.child("empires"))
    players = root.get_int("players", low=2, high=8)
    if players != len(empires):
        raise root.child("players").error(f"{players} players but {len(empires)} empires")
    key_cities = _distinct_ids(root.child("key_cities"))
    _check_capitals(root.child("empires"), empires, key_cities)
    provinces = _provinces(root.child("provinces"))
    total = root.get_int("total_cities", low=1)
    if total != sum(p.total for p in provinces):
        raise root.child("total_cities").error(
            f"{total} but the provinces hold {sum(p.total for p in provinces)} cities")
    scoring = root.opt("scoring")
    turns = root.opt("turns")
    return SetupDef(
        file=root.file,
        number=root.get_int("number", low=1, high=99),
        id=root.get_text("id"),
        name=root.get_text("name"),
        players=players,
        description=root.get_text("description"),
        empires=empires,
        fortification_markers=root.get_int("fortification_markers", low=1,
                                           high=FORTIFICATION_MARKERS_PER_EMPIRE),
        hand_size=root.get_int("hand_size", low=1, high=30),
        key_cities=key_cities,
        automatic_victory_cities=root.get_int("automatic_victory_cities", low=1, high=total),
        barbarian_areas=_barbarians(root.child("barbarian_areas")),
        total_cities=total,
        provinces=provinces,
        removed_cards=_removed(root.opt("removed_cards"), empires),
        scoring=None if scoring is None else parse_scoring(scoring),
        turns=None if turns is None else turns.integer(1, 5),
    )


def _empires(node: Node) -> tuple[SetupEmpire, ...]:
    empires = []
    seen: set[str] = set()
    for element in node.elements():
        element.only_keys("empire", "capital")
        empire = element.child("empire").choice(EMPIRE_IDS)
        if empire in seen:
            raise element.child("empire").error(f"{empire} is already in the turn order")
        seen.add(empire)
        empires.append(SetupEmpire(empire, element.get_text("capital")))
    if not empires:
        raise node.error("at least two empires are needed")
    return tuple(empires)


def _check_capitals(node: Node, empires: tuple[SetupEmpire, ...],
                    key_cities: tuple[str, ...]) -> None:
    """Capitals are distinct and never key cities (key cities start neutral, rule 3.1)."""
    seen: set[str] = set()
    for index, entry in enumerate(empires):
        where = node.child(index).child("capital")
        if entry.capital in seen:
            raise where.error(f"{entry.capital} is already another empire's capital")
        if entry.capital in key_cities:
            raise where.error(f"{entry.capital} is a key city, which starts neutral")
        seen.add(entry.capital)


def _distinct_ids(node: Node) -> tuple[str, ...]:
    ids = node.str_list()
    for index, item in enumerate(ids):
        if item in ids[:index]:
            raise node.child(index).error(f"{item} is listed twice")
    if not ids:
        raise node.error("the list is empty")
    return ids


def _barbarians(node: Node) -> tuple[str, ...]:
    """`all`, `{all_except: [...]}` or an explicit list; expanded to ids."""
    if node.value == "all":
        return BARBARIAN_IDS
    if isinstance(node.value, dict):
        node.only_keys("all_except")
        excluded = _distinct_ids(node.child("all_except"))
        _check_known(node.child("all_except"), excluded, BARBARIAN_IDS, "barbarian area")
        return tuple(b for b in BARBARIAN_IDS if b not in excluded)
    ids = _distinct_ids(node)
    _check_known(node, ids, BARBARIAN_IDS, "barbarian area")
    return ids


def _check_known(node: Node, ids: tuple[str, ...], known: tuple[str, ...], what: str) -> None:
    for index, item in enumerate(ids):
        if item not in known:
            raise node.child(index).error(f"unknown {what} {item!r}")


def _provinces(node: Node) -> tuple[ProvinceCities, ...]:
    provinces = []
    for province, counts in node.items():
        if province not in PROVINCE_IDS:
            raise counts.error(f"unknown province {province!r}")
        counts.only_keys("size1", "size2", "size3", "total")
        entry = ProvinceCities(province, *(counts.get_int(f"size{n}", low=0) for n in (1, 2, 3)))
        if counts.get_int("total", low=0) != entry.total:
            raise counts.child("total").error(f"the sizes add up to {entry.total}")
        provinces.append(entry)
    if not provinces:
        raise node.error("no provinces in play")
    return tuple(provinces)


def _removed(node: Node | None, empires: tuple[SetupEmpire, ...]) -> tuple[RemovedCard, ...]:
    if node is None:
        return ()
    in_play = {e.empire for e in empires}
    removed: list[RemovedCard] = []
    for empire, cards in node.items():
        if empire not in in_play:
            raise cards.error(f"{empire} is not in play")
        removed.extend(RemovedCard(empire, card) for card in _distinct_ids(cards))
    return tuple(removed)


def _check_numbers(loaded: list[tuple[SetupDef, Node]]) -> None:
    seen: dict[int, str] = {}
    for setup, root in loaded:
        if setup.number in seen:
            raise root.child("number").error(f"number {setup.number} is also {seen[setup.number]}")
        seen[setup.number] = setup.file


def _check_province_consistency(loaded: list[tuple[SetupDef, Node]]) -> None:
    """Whole provinces are in play, so a province has the same counts in every scenario."""
    first: dict[str, tuple[tuple[int, int, int], str]] = {}
    for setup, root in loaded:
        for entry in setup.provinces:
            seen = first.setdefault(entry.province, (entry.by_size, setup.file))
            if seen[0] != entry.by_size:
                raise root.child("provinces").child(entry.province).error(
                    f"counts {entry.by_size} differ from {seen[0]} in {seen[1]}")


def check_against_map(setup: SetupDef, root: Node, map_def: MapLike) -> None:
    """Every reference exists on the map and the city counts by size are the map's."""
    counts = map_city_counts(map_def)
    provinces = root.child("provinces")
    for entry in setup.provinces:
        actual = counts.get(entry.province)
        if actual is None:
            raise provinces.child(entry.province).error("province is not on the map")
        if actual != entry.by_size:
            raise provinces.child(entry.province).error(
                f"the book gives {entry.by_size} cities by size, the map has {actual}")
    in_play = set(setup.province_ids)
    for index, empire in enumerate(setup.empires):
        _check_city(root.child("empires").child(index).child("capital"), empire.capital,
                    map_def, in_play)
    for index, city in enumerate(setup.key_cities):
        _check_city(root.child("key_cities").child(index), city, map_def, in_play)
    areas = {area.id for area in map_def.barbarian_areas}
    for area in setup.barbarian_areas:
        if area not in areas:
            raise root.child("barbarian_areas").error(f"barbarian area {area!r} is not on the map")


def map_city_counts(map_def: MapLike) -> dict[str, tuple[int, int, int]]:
    """Cities per province by size (size 1, 2, 3) from a loaded map."""
    counts: dict[str, list[int]] = {p.id: [0, 0, 0] for p in map_def.provinces}
    for city in map_def.cities:
        counts.setdefault(city.province, [0, 0, 0])[city.size - 1] += 1
    return {province: (c[0], c[1], c[2]) for province, c in counts.items()}


def _check_city(node: Node, city_id: str, map_def: MapLike, in_play: set[str]) -> None:
    city = next((c for c in map_def.cities if c.id == city_id), None)
    if city is None:
        raise node.error(f"city {city_id!r} is not on the map")
    if city.province not in in_play:
        raise node.error(f"{city_id} lies in {city.province}, which is not in play")


def _check_against_decks(setup: SetupDef, root: Node, decks_def: DecksLike) -> None:
    """Each removed card is in the deck it is removed from."""
    for removed in setup.removed_cards:
        if decks_def.deck(removed.empire).count(removed.card) < 1:
            index = setup.removed_from(removed.empire).index(removed.card)
            node = root.child("removed_cards").child(removed.empire).child(index)
            raise node.error(f"card {removed.card!r} is not in the {removed.empire} deck")
