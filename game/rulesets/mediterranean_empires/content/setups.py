"""The 13 scenario set-ups (setups/NN_<id>.yaml) as frozen definitions, fully validated.

Without a map or decks the loader checks each file on its own and the files against each
other; given a `map_def` it also checks every city, province and barbarian reference and the
city counts by size, and given a `decks_def` every removed card.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from game.content import ContentBundle, ContentError, Node, parse_yaml
from game.rulesets.mediterranean_empires.content.findings import RAISE, Findings
from game.rulesets.mediterranean_empires.content.references import DecksLike, MapLike
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
_USER_KEYS = ("draft", *_KEYS)
_LEFT_EMPTY: dict[str, Any] = {
    "number": 0, "id": "", "name": "", "players": 0, "description": "",
    "fortification_markers": 1, "hand_size": 1, "key_cities": (), "automatic_victory_cities": 1,
    "barbarian_areas": (), "total_cities": 0, "provinces": (), "removed_cards": ()}
"""What a field of a set-up with problems holds when its own check failed."""
_SLUG = re.compile(r"[a-z][a-z0-9_]{0,47}")


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
    def title(self) -> str:
        """Its heading: the book's number and name ("3. The Second Punic War"), or the name
        alone of a user scenario (which has no number)."""
        return f"{self.number}. {self.name}" if self.number else self.name

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
            check_against_decks(setup, root, decks_def)
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
    """One book set-up from its parsed file, checked on its own (the first problem raised)."""
    setup = read_setup(root)
    assert setup is not None, "raising findings return a set-up or raise"
    return setup


def read_setup(root: Node, findings: Findings = RAISE, user: bool = False,
               areas: tuple[str, ...] = BARBARIAN_IDS) -> SetupDef | None:
    """A set-up checked on its own, each problem reported to `findings`. When one was kept,
    what failed is left empty, for the cross-checks of the rest (None: not a mapping at all).

    A user scenario (`user`) has no book number (its `number` is 0) and may be marked
    `draft`; `areas` are the barbarian areas of its map, in the order `all` lists them."""
    if findings.attempt(root.as_dict_value) is None:
        return None
    attempt = findings.attempt
    attempt(lambda: root.only_keys(*(_USER_KEYS if user else _KEYS)))
    empires = attempt(lambda: _empires(root.child("empires"), findings)) or []
    fields: dict[str, Any] = {
        "key_cities": attempt(lambda: _distinct_ids(root.child("key_cities"), findings)),
        "provinces": attempt(lambda: _provinces(root.child("provinces"), findings)),
        "number": attempt(lambda: _number(root, user)), "id": attempt(lambda: _id(root, user)),
        "name": attempt(lambda: root.get_text("name")),
        "players": attempt(lambda: _players(root, empires)),
        "description": attempt(lambda: root.get_text("description")),
        "fortification_markers": attempt(lambda: root.get_int(
            "fortification_markers", low=1, high=FORTIFICATION_MARKERS_PER_EMPIRE)),
        "hand_size": attempt(lambda: root.get_int("hand_size", low=1, high=30)),
        "barbarian_areas": attempt(lambda: _barbarians(root.child("barbarian_areas"), areas,
                                                       findings)),
        "removed_cards": attempt(lambda: _removed(root.opt("removed_cards"),
                                                  _listed_empires(root, empires), findings)),
        "scoring": attempt(lambda: _scoring(root.opt("scoring"))),
        "turns": attempt(lambda: _turns(root.opt("turns"))),
    }
    fields["total_cities"] = total = attempt(lambda: _total(root, fields["provinces"]))
    fields["automatic_victory_cities"] = attempt(lambda: root.get_int(
        "automatic_victory_cities", low=1, high=total))
    if user:
        attempt(lambda: root.get_bool("draft", False))
    if fields["key_cities"] is not None and empires:
        _check_capitals(root.child("empires"), empires, fields["key_cities"], findings)
    fields = {key: _LEFT_EMPTY.get(key) if value is None else value
              for key, value in fields.items()}
    return SetupDef(file=root.file, empires=tuple(e for e in empires if e), **fields)


def _number(root: Node, user: bool) -> int:
    if not user:
        return root.get_int("number", low=1, high=99)
    if root.has("number"):
        raise root.child("number").error("only the book's scenarios have a number")
    return 0


def _id(root: Node, user: bool) -> str:
    ident = root.get_text("id")
    if user and not _SLUG.fullmatch(ident):
        raise root.child("id").error("an id is lowercase letters, digits and underscores, "
                                     "starting with a letter (at most 48)")
    return ident


def _players(root: Node, empires: list[SetupEmpire | None]) -> int:
    players = root.get_int("players", low=2, high=8)
    if empires and players != len(empires):
        raise root.child("players").error(f"{players} players but {len(empires)} empires")
    return players


def _total(root: Node, provinces: tuple[ProvinceCities, ...] | None) -> int:
    total = root.get_int("total_cities", low=1)
    held = None if provinces is None else sum(p.total for p in provinces)
    if held is not None and total != held:
        raise root.child("total_cities").error(f"{total} but the provinces hold {held} cities")
    return total


def _scoring(node: Node | None) -> ScoringDef | None:
    return None if node is None else parse_scoring(node)


def _turns(node: Node | None) -> int | None:
    return None if node is None else node.integer(1, 5)


def _empires(node: Node, findings: Findings) -> list[SetupEmpire | None]:
    """The empires in turn order (None where one has a problem)."""
    empires: list[SetupEmpire | None] = []
    seen: set[str] = set()
    for element in node.elements():
        empires.append(None)
        with findings.guard():
            empires[-1] = _empire(element, seen)
    if not empires:
        raise node.error("at least two empires are needed")
    return empires


def _empire(element: Node, seen: set[str]) -> SetupEmpire:
    element.only_keys("empire", "capital")
    empire = element.child("empire").choice(EMPIRE_IDS)
    if empire in seen:
        raise element.child("empire").error(f"{empire} is already in the turn order")
    seen.add(empire)
    return SetupEmpire(empire, element.get_text("capital"))


def _check_capitals(node: Node, empires: list[SetupEmpire | None],
                    key_cities: tuple[str, ...], findings: Findings) -> None:
    """Capitals are distinct and never key cities (key cities start neutral, rule 3.1)."""
    seen: set[str] = set()
    for index, entry in enumerate(empires):
        if entry is None:
            continue
        where = node.child(index).child("capital")
        if entry.capital in seen:
            findings.report(where.error(f"{entry.capital} is already another empire's capital"))
        elif entry.capital in key_cities:
            findings.report(where.error(f"{entry.capital} is a key city, which starts neutral"))
        seen.add(entry.capital)


def _distinct_ids(node: Node, findings: Findings) -> tuple[str, ...]:
    ids = node.str_list()
    for index, item in enumerate(ids):
        if item in ids[:index]:
            findings.report(node.child(index).error(f"{item} is listed twice"))
    if not ids:
        raise node.error("the list is empty")
    return tuple(dict.fromkeys(ids))


def _barbarians(node: Node, areas: tuple[str, ...], findings: Findings) -> tuple[str, ...]:
    """`all`, `{all_except: [...]}` or an explicit list; expanded to ids."""
    if node.value == "all":
        return areas
    if isinstance(node.value, dict):
        node.only_keys("all_except")
        excluded = _distinct_ids(node.child("all_except"), findings)
        _check_known(node.child("all_except"), excluded, areas, "barbarian area", findings)
        return tuple(b for b in areas if b not in excluded)
    ids = _distinct_ids(node, findings)
    _check_known(node, ids, areas, "barbarian area", findings)
    return tuple(i for i in ids if i in areas)


def _check_known(node: Node, ids: tuple[str, ...], known: tuple[str, ...], what: str,
                 findings: Findings) -> None:
    listed = node.str_list()
    for item in ids:
        if item not in known:
            findings.report(node.child(listed.index(item)).error(f"unknown {what} {item!r}"))


def _provinces(node: Node, findings: Findings) -> tuple[ProvinceCities, ...]:
    provinces: list[ProvinceCities] = []
    for province, counts in node.items():
        with findings.guard():
            provinces.append(_province(province, counts))
    if not node.as_dict_value():
        raise node.error("no provinces in play")
    return tuple(provinces)


def _province(province: str, counts: Node) -> ProvinceCities:
    if province not in PROVINCE_IDS:
        raise counts.error(f"unknown province {province!r}")
    counts.only_keys("size1", "size2", "size3", "total")
    entry = ProvinceCities(province, *(counts.get_int(f"size{n}", low=0) for n in (1, 2, 3)))
    if counts.get_int("total", low=0) != entry.total:
        raise counts.child("total").error(f"the sizes add up to {entry.total}")
    return entry


def _listed_empires(root: Node, empires: list[SetupEmpire | None]) -> set[str]:
    """The empires in play: those the turn order names, even in an entry with a problem."""
    listed = root.as_dict_value().get("empires")
    entries = listed if isinstance(listed, list) else []
    named = {str(e.get("empire")) for e in entries if isinstance(e, dict)}
    return {e.empire for e in empires if e is not None} | (named & set(EMPIRE_IDS))


def _removed(node: Node | None, in_play: set[str], findings: Findings
             ) -> tuple[RemovedCard, ...]:
    if node is None:
        return ()
    removed: list[RemovedCard] = []
    for empire, cards in node.items():
        with findings.guard():
            if empire not in in_play:
                raise cards.error(f"{empire} is not in play")
            removed.extend(RemovedCard(empire, card) for card in _distinct_ids(cards, findings))
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


def check_against_map(setup: SetupDef, root: Node, map_def: MapLike,
                      findings: Findings = RAISE) -> None:
    """Every reference exists on the map and the city counts by size are the map's."""
    counts = map_city_counts(map_def)
    for entry in setup.provinces:
        actual = counts.get(entry.province)
        where = root.child("provinces").child(entry.province)
        if actual is None:
            findings.report(where.error("province is not on the map"))
        elif actual != entry.by_size:
            findings.report(where.error(
                f"the scenario gives {entry.by_size} cities of size 1/2/3, the map has "
                f"{actual}"))
    in_play = set(setup.province_ids) | _listed_provinces(root)
    for index, empire in enumerate(setup.empires):
        _check_city(root.child("empires").child(index).child("capital"), empire.capital,
                    map_def, in_play, findings)
    for index, city in enumerate(setup.key_cities):
        _check_city(root.child("key_cities").child(index), city, map_def, in_play, findings)
    areas = {area.id for area in map_def.barbarian_areas}
    for area in setup.barbarian_areas:
        if area not in areas:
            findings.report(root.child("barbarian_areas").error(
                f"barbarian area {area!r} is not on the map"))


def _listed_provinces(root: Node) -> set[str]:
    """The provinces a file lists (a partly broken set-up still has them in play)."""
    listed = root.as_dict_value().get("provinces")
    return {str(p) for p in listed} if isinstance(listed, dict) else set()


def map_city_counts(map_def: MapLike) -> dict[str, tuple[int, int, int]]:
    """Cities per province by size (size 1, 2, 3) from a loaded map."""
    counts: dict[str, list[int]] = {p.id: [0, 0, 0] for p in map_def.provinces}
    for city in map_def.cities:
        counts.setdefault(city.province, [0, 0, 0])[city.size - 1] += 1
    return {province: (c[0], c[1], c[2]) for province, c in counts.items()}


def _check_city(node: Node, city_id: str, map_def: MapLike, in_play: set[str],
                findings: Findings) -> None:
    city = next((c for c in map_def.cities if c.id == city_id), None)
    if city is None:
        findings.report(node.error(f"city {city_id!r} is not on the map"))
    elif city.province not in in_play:
        province = _province_name(map_def, city.province)
        findings.report(node.error(f"{_name(city)} lies in {province}, which is not in play"))


def _name(place: Any) -> str:
    """A place's display name where the map gives one, else its id."""
    return str(getattr(place, "name", None) or place.id)


def _province_name(map_def: MapLike, province: str) -> str:
    """The display name of a province (its id when the map names none)."""
    found = next((p for p in map_def.provinces if p.id == province), None)
    return _name(found) if found is not None else province


def check_against_decks(setup: SetupDef, root: Node, decks_def: DecksLike,
                        findings: Findings = RAISE) -> None:
    """Each removed card is in the deck it is removed from."""
    for removed in setup.removed_cards:
        if decks_def.deck(removed.empire).count(removed.card) < 1:
            index = setup.removed_from(removed.empire).index(removed.card)
            node = root.child("removed_cards").child(removed.empire).child(index)
            findings.report(node.error(f"card {removed.card!r} is not in the {removed.empire} "
                                       "deck"))
