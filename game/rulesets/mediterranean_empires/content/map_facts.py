"""What the rulebook and the Scenarios Book fix about the map, and the check of a loaded map.

Kept apart from `map.load_map` so a partial test map still loads; `check_map_facts` runs on
the bundled map.
"""

from __future__ import annotations

from game.content import ContentError
from game.rulesets.mediterranean_empires.content.map import MAP_FILE, MapDef

# --- Book facts (facts page and the reconciled scenario tables, SOURCES.md "Scenarios") ---
FACT_CITIES_BY_SIZE = (79, 50, 11)
FACT_PROVINCE_COUNTS: dict[str, tuple[int, int, int]] = {
    "britannia": (3, 0, 0), "gallia": (5, 4, 1), "germania": (0, 0, 0), "liguria": (2, 1, 0),
    "hispania": (11, 6, 1), "mauretania": (4, 0, 0), "africa": (3, 4, 1), "libye": (4, 1, 0),
    "aigyptos": (4, 1, 2), "asia": (12, 6, 3), "mikra_asia": (2, 4, 0), "helade": (12, 10, 1),
    "skuthia": (5, 3, 0), "pannonia": (2, 1, 0), "illyricum": (2, 2, 0), "italia": (4, 6, 1),
    "corsica_sardinia_sicilia": (4, 1, 1),
}
FACT_BARBARIAN_AREAS = (
    "conii", "gallaeci", "asturi", "vascones", "aquitani", "allobroges", "ligures",
    "massaesyli_numidae", "massylii_numidae", "garamantes_lybies", "masamones_lybies",
    "libu_lybies", "arabes_nabateai", "lykios", "kimmerioi", "trakhios", "dakoi", "carpi",
    "skythis", "marcomanni", "suevi", "batavi", "britanni", "picti", "iverni",
)
FACT_STRENGTHS = {"vascones": 4}  # Scenarios Book, round 6
# Every city the books name, spelled as they spell it (resolved through names and aliases).
FACT_NAMED_CITIES = (
    "Roma", "Capua", "Neapolis", "Reghium", "Terentum", "Tarquinii", "Pisae", "Ravenna",
    "Brundisium", "Ancona", "Aleria", "Placentia", "Nicaea", "Carthago", "Cartago", "Carthage",
    "Hadrumentum", "Hadrumentun", "Utica", "Hippo Regius", "Rusicade", "Cirta", "Theveste",
    "Capsa", "Nora", "Turris Libyssonis", "Turris Libiyssonis", "Panormos", "Panormus",
    "Messana", "Syracusae", "Numantia", "Segontia", "Helmantica", "Segeda", "Sedega", "Ilerda",
    "Emporion", "Toletum", "Castulo", "Cartago Nova", "Corduba", "Gadir", "Saguntum", "Tarraco",
    "Massilia", "Massila", "Gergovia", "Lutetia", "Bibracte", "Alesia", "Salonae", "Athenai",
    "Athens", "Sparta", "Pella", "Pélla", "Péla", "Delfoi", "Astakos", "Míletôs", "Pergamon",
    "Sardeis", "Byzantion", "Trapezous", "Tyros", "Tyre", "Ánkyra", "Sais",
)
# (city, size or None, port or None) from the worked examples.
FACT_CITY_TRAITS = (("neapolis", 1, True), ("reghium", 1, None), ("massilia", 2, True),
                    ("numantia", 2, None), ("saguntum", None, True))
# Direct links the books imply: (a, b, allowed kinds).
FACT_LINKS = (
    ("pella", "trakhios", ("barbarian",)),            # Macedonian strategy notes
    ("numantia", "vascones", ("barbarian",)),         # Vascones attack Numantia (round 6)
    ("numantia", "segeda", ("land",)), ("segeda", "saguntum", ("land",)),  # rule 5.4.1 example
    ("capua", "neapolis", ("land",)),                 # landing at Neapolis, battle at Capua
    ("roma", "capua", ("land",)),                     # Rome intercepts at Capua by land
    # Empire-building example (rule 3.1): first markers beside each capital.
    ("roma", "tarquinii", ("land", "coastal")), ("carthago", "panormos", ("land", "coastal")),
    ("gergovia", "bibracte", ("land", "coastal")),
)
# Scenario 3's extended example: who holds what at round 5 (Neapolis lost to pirates).
SC3_ROME = ("roma", "capua", "reghium", "terentum", "tarquinii", "pisae", "ravenna",
            "brundisium", "ancona", "aleria", "placentia", "nicaea")
SC3_CARTHAGE = ("carthago", "hadrumentum", "utica", "hippo_regius", "rusicade", "cirta",
                "theveste", "capsa", "nora", "turris_libyssonis", "panormos", "messana")
SC3_IBERIA = ("numantia", "segontia", "helmantica", "segeda", "ilerda", "emporion", "toletum",
              "castulo", "cartago_nova", "corduba", "gadir")
# (start, goal, cities a route may pass (None: any), fewest coastal crossings (None: no route))
FACT_ROUTES: tuple[tuple[str, str, tuple[str, ...] | None, int | None], ...] = (
    ("carthago", "reghium", SC3_CARTHAGE, 2),   # round 5: two shipwreck rolls
    ("roma", "reghium", SC3_ROME, None),        # round 5: Rome cannot reach Reghium by land
    ("numantia", "massilia", SC3_IBERIA, 0),    # round 5: no fleet, no shipwreck roll
    # Rule 5.4.3 example: Roma to Utica by way of Aleria and Nora costs three rolls.
    ("roma", "aleria", None, 1), ("aleria", "nora", None, 1), ("nora", "utica", None, 1),
)


def check_map_facts(map_def: MapDef) -> None:
    """Raise ContentError (naming map.yaml and a key path) where the map breaks a book fact."""
    _check_counts(map_def)
    _check_named(map_def)
    for a, b, kinds in FACT_LINKS:
        if map_def.route_kind(a, b) not in kinds:
            raise _fact_error("routes", f"the books need a {'/'.join(kinds)} route {a}-{b}")
    for start, goal, through, crossings in FACT_ROUTES:
        found = map_def.fewest_crossings(start, goal, through)
        if found != crossings:
            raise _fact_error("routes", f"{start} to {goal}: the books need "
                              f"{'no route' if crossings is None else crossings} crossing(s), "
                              f"the map gives {'no route' if found is None else found}")


def _fact_error(path: str, message: str) -> ContentError:
    return ContentError(MAP_FILE, path, message)


def _check_counts(map_def: MapDef) -> None:
    by_size = tuple(sum(1 for c in map_def.cities if c.size == s) for s in (1, 2, 3))
    if by_size != FACT_CITIES_BY_SIZE:
        raise _fact_error("cities", f"the books give {FACT_CITIES_BY_SIZE} cities of size "
                          f"1/2/3, the map has {by_size}")
    provinces = tuple(p.id for p in map_def.provinces)
    if provinces != tuple(sorted(FACT_PROVINCE_COUNTS)):
        raise _fact_error("provinces", f"the books' provinces are {sorted(FACT_PROVINCE_COUNTS)}")
    for pid, expected in FACT_PROVINCE_COUNTS.items():
        members = map_def.cities_in(pid)
        counts = tuple(sum(1 for c in members if c.size == s) for s in (1, 2, 3))
        if counts != expected:
            raise _fact_error(f"provinces.{pid}", f"the books give {expected} cities of size "
                              f"1/2/3, the map has {counts}")


def _check_named(map_def: MapDef) -> None:
    areas = tuple(a.id for a in map_def.barbarian_areas)
    if areas != tuple(sorted(FACT_BARBARIAN_AREAS)):
        missing = sorted(set(FACT_BARBARIAN_AREAS) ^ set(areas))
        raise _fact_error("barbarian_areas", f"the books name 25 areas; differs at {missing}")
    for aid, strength in FACT_STRENGTHS.items():
        if map_def.barbarian_area(aid).strength != strength:
            raise _fact_error(f"barbarian_areas.{aid}.strength", f"the books give {strength}")
    for name in FACT_NAMED_CITIES:
        found = map_def.resolve(name)
        if found is None or not map_def.is_city(found):
            raise _fact_error("cities", f"the books name the city {name!r}; no city or alias "
                              "matches")
    for cid, size, port in FACT_CITY_TRAITS:
        city = map_def.city(cid)
        if size is not None and city.size != size:
            raise _fact_error(f"cities.{cid}.size", f"the books give size {size}")
        if port is not None and city.port != port:
            raise _fact_error(f"cities.{cid}.port", f"the books give port {port}")
