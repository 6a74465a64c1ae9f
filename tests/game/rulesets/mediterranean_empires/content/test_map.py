"""map.yaml and layout.yaml: book facts, the worked examples' routes, and loader rejections."""

from __future__ import annotations

from functools import cache

import pytest

from game.content import ContentBundle, ContentError, read_bundled
from game.rulesets.mediterranean_empires.content.layout import (
    LAYOUT_FILE,
    LayoutDef,
    load_layout,
    parse_layout,
)
from game.rulesets.mediterranean_empires.content.map import (
    MAP_FILE,
    ROUTE_KINDS,
    MapDef,
    load_map,
    parse_map,
)
from game.rulesets.mediterranean_empires.content.map_facts import (
    FACT_NAMED_CITIES,
    FACT_PROVINCE_COUNTS,
    SC3_CARTHAGE,
    SC3_IBERIA,
    SC3_ROME,
    check_map_facts,
)


@cache
def bundle() -> ContentBundle:
    """The bundled content, read once."""
    return read_bundled("mediterranean_empires")


@cache
def real_map() -> MapDef:
    """The bundled map, loaded once."""
    return load_map(bundle())


@cache
def real_layout() -> LayoutDef:
    """The bundled layout, loaded once."""
    return load_layout(bundle(), real_map())


def map_text() -> str:
    """The bundled map.yaml text."""
    return bundle().text(MAP_FILE) or ""


def edited(old: str, new: str) -> MapDef:
    """The bundled map with one exact piece of text replaced (which must occur once)."""
    text = map_text()
    assert text.count(old) == 1, old
    return parse_map(text.replace(old, new))


def all_cities() -> set[str]:
    """Every city id."""
    return {c.id for c in real_map().cities}


# --- Totals and names -------------------------------------------------------------------------


def test_bundled_map_meets_every_book_fact() -> None:
    check_map_facts(real_map())


def test_whole_map_has_140_cities_79_50_11() -> None:
    sizes = [c.size for c in real_map().cities]
    assert len(sizes) == 140
    assert (sizes.count(1), sizes.count(2), sizes.count(3)) == (79, 50, 11)


@pytest.mark.parametrize("province", sorted(FACT_PROVINCE_COUNTS))
def test_province_counts_by_size(province: str) -> None:
    members = real_map().cities_in(province)
    counts = tuple(sum(1 for c in members if c.size == s) for s in (1, 2, 3))
    assert counts == FACT_PROVINCE_COUNTS[province]


def test_scenario_2_area_has_29_cities() -> None:
    assert len(real_map().cities_in("mikra_asia")) + len(real_map().cities_in("helade")) == 29


def test_corsica_sardinia_sicilia_and_africa_are_the_books_cities() -> None:
    css = {c.id for c in real_map().cities_in("corsica_sardinia_sicilia")}
    assert css == {"aleria", "nora", "turris_libyssonis", "panormos", "messana", "syracusae"}
    assert {c.id for c in real_map().cities_in("africa")} == set(SC3_CARTHAGE) - css


def test_rome_holds_all_of_italia_in_scenario_3() -> None:
    italia = {c.id for c in real_map().cities_in("italia")}
    assert italia == set(SC3_ROME) - {"aleria", "nicaea"} | {"neapolis"}


@pytest.mark.parametrize("name", FACT_NAMED_CITIES)
def test_every_city_the_books_name_exists(name: str) -> None:
    found = real_map().resolve(name)
    assert found is not None and real_map().is_city(found)


@pytest.mark.parametrize(("name", "city"), [
    ("Rhegium", "reghium"), ("Tarentum", "terentum"), ("Cartago", "carthago"),
    ("Massila", "massilia"), ("Péla", "pella"), ("PELLA", "pella"), ("miletos", "miletos"),
    ("Miletus", "miletos"), ("ankyra", "ankyra"), ("Turris Libiyssonis", "turris_libyssonis"),
    ("Hadrumentun", "hadrumentum"), ("Sedega", "segeda"), ("Tyre", "tyros"),
])
def test_aliases_resolve(name: str, city: str) -> None:
    assert real_map().resolve(name) == city


def test_unknown_name_does_not_resolve() -> None:
    assert real_map().resolve("Atlantis") is None


@pytest.mark.parametrize(("city", "size", "port"), [
    ("neapolis", 1, True), ("reghium", 1, True), ("massilia", 2, True), ("numantia", 2, False),
    ("saguntum", 2, True), ("roma", 3, True), ("carthago", 3, True), ("athenai", 3, True),
])
def test_sizes_and_ports_from_the_examples(city: str, size: int, port: bool) -> None:
    assert (real_map().city(city).size, real_map().city(city).port) == (size, port)


def test_capitals_are_size_2_or_3() -> None:
    for capital in ("roma", "carthago", "numantia", "gergovia", "lutetia", "athenai", "pella",
                    "ankyra", "tyros", "sais"):
        assert real_map().city(capital).size >= 2, capital


# --- Barbarian areas --------------------------------------------------------------------------


def test_25_barbarian_areas_each_touching_a_city() -> None:
    areas = real_map().barbarian_areas
    assert len(areas) == 25
    for area in areas:
        assert any(real_map().is_city(n) for n in real_map().neighbours(area.id, "barbarian"))
        assert 2 <= area.strength <= 5


def test_vascones_strength_4_and_they_reach_numantia() -> None:
    assert real_map().barbarian_area("vascones").strength == 4
    assert real_map().route_kind("vascones", "numantia") == "barbarian"


def test_pella_is_linked_to_trakhios() -> None:
    assert real_map().route_kind("pella", "trakhios") == "barbarian"


def test_ankyra_is_exposed_to_barbarians() -> None:
    assert real_map().neighbours("ankyra", "barbarian")


def areas_beside(city: str) -> list[str]:
    """Barbarian areas linked to a city."""
    return [n for n in real_map().neighbours(city, "barbarian") if real_map().is_barbarian_area(n)]


def test_gergovia_has_barbarian_areas_to_its_south() -> None:
    latitude = real_map().city("gergovia").geo[1]
    south = [a for a in areas_beside("gergovia")
             if real_map().barbarian_area(a).geo[1] < latitude]
    assert {"aquitani", "allobroges"} <= set(south)


def test_numantia_has_barbarian_areas_to_its_north() -> None:
    latitude = real_map().city("numantia").geo[1]
    north = [a for a in areas_beside("numantia")
             if real_map().barbarian_area(a).geo[1] > latitude]
    assert {"vascones", "asturi"} <= set(north)


def test_subduing_aquitani_and_vascones_joins_the_gaul_and_iberian_capitals() -> None:
    cities = all_cities()
    assert real_map().fewest_crossings("gergovia", "numantia", cities) is None
    assert real_map().fewest_crossings("gergovia", "numantia",
                                       cities | {"aquitani", "vascones"}) == 0


def test_subdued_allobroges_open_italy_and_liguria_to_gaul() -> None:
    cities = all_cities()
    for target in ("placentia", "massilia"):
        assert real_map().fewest_crossings("gergovia", target, cities) is None
        assert real_map().fewest_crossings("gergovia", target, cities | {"allobroges"}) == 0


def test_provinces_bordering_is_derived_from_routes() -> None:
    assert real_map().provinces_bordering("allobroges") == ("gallia", "italia", "liguria")


# --- Routes from the worked examples ----------------------------------------------------------


def test_carthage_reaches_reghium_with_two_shipwreck_rolls() -> None:
    assert real_map().fewest_crossings("carthago", "reghium", SC3_CARTHAGE) == 2


@pytest.mark.parametrize("needed", ["panormos", "messana"])
def test_carthages_route_to_reghium_runs_through_panormos_and_messana(needed: str) -> None:
    without = [c for c in SC3_CARTHAGE if c != needed]
    assert real_map().fewest_crossings("carthago", "reghium", without) is None


def test_rome_cannot_reach_reghium_by_land_once_neapolis_is_lost() -> None:
    assert real_map().fewest_crossings("roma", "reghium", SC3_ROME) is None
    assert real_map().fewest_crossings("roma", "reghium", (*SC3_ROME, "neapolis")) == 0
    assert real_map().neighbours("reghium", "land") == ("neapolis",)


def test_roma_to_utica_by_aleria_and_nora_costs_three_rolls() -> None:
    legs = [("roma", "aleria"), ("aleria", "nora"), ("nora", "utica")]
    assert [real_map().fewest_crossings(a, b) for a, b in legs] == [1, 1, 1]
    assert real_map().fewest_crossings("roma", "utica", ("aleria", "turris_libyssonis",
                                                         "nora")) == 3


def test_iberia_reaches_massilia_by_land_without_a_crossing() -> None:
    assert real_map().fewest_crossings("numantia", "massilia", SC3_IBERIA) == 0


def test_iberian_route_to_capua_numantia_segeda_saguntum_then_neapolis() -> None:
    assert real_map().route_kind("numantia", "segeda") == "land"
    assert real_map().route_kind("segeda", "saguntum") == "land"
    assert real_map().city("saguntum").port and real_map().city("neapolis").port
    assert real_map().route_kind("neapolis", "capua") == "land"


def test_rome_intercepts_at_capua_by_land() -> None:
    assert real_map().route_kind("roma", "capua") == "land"


@pytest.mark.parametrize(("capital", "first"), [
    ("roma", "tarquinii"), ("carthago", "panormos"), ("numantia", "segeda"),
    ("gergovia", "bibracte"),
])
def test_first_fortification_markers_sit_beside_the_capital(capital: str, first: str) -> None:
    assert real_map().route_kind(capital, first) in ("land", "coastal")


@pytest.mark.parametrize(("capital", "held"), [
    ("roma", (*SC3_ROME, "neapolis")), ("carthago", SC3_CARTHAGE), ("numantia", SC3_IBERIA),
])
def test_scenario_3_empires_hang_together(capital: str, held: tuple[str, ...]) -> None:
    conquered_by_sea = {"nicaea"}
    for city in set(held) - conquered_by_sea:
        assert real_map().fewest_crossings(capital, city, held) is not None, city


def test_the_examples_naval_moves_have_their_ports() -> None:
    # Round 5: Rome would need a fleet to reach Reghium; round 7: Carthage sails on Massilia
    # and Iberia intercepts at sea, so she needs one of her own ports linked to Numantia.
    for city in ("roma", "reghium", "carthago", "massilia", "emporion"):
        assert real_map().city(city).port, city
    assert real_map().fewest_crossings("numantia", "emporion", SC3_IBERIA) == 0


# --- Routes from the strategy notes -----------------------------------------------------------


def test_mainland_greece_needs_a_strait_to_leave_helade_unless_through_pella() -> None:
    others = all_cities() - {"pella"}
    for city in real_map().cities:
        if city.province != "helade":
            assert real_map().fewest_crossings("athenai", city.id, others) != 0, city.id


def test_macedonia_reaches_the_north_through_byzantion() -> None:
    assert real_map().fewest_crossings("pella", "odessos", all_cities()) == 0
    assert real_map().fewest_crossings("pella", "odessos", all_cities() - {"byzantion"}) != 0


def test_persia_expands_north_of_trapezous_by_land() -> None:
    assert real_map().fewest_crossings("trapezous", "dioskourias") == 0


def test_egypt_borders_only_libye_and_asia() -> None:
    touching = {real_map().city(n).province for c in real_map().cities_in("aigyptos")
                for kind in ("land", "coastal") for n in real_map().neighbours(c.id, kind)}
    assert touching - {"aigyptos"} == {"libye", "asia"}


def test_gallic_crossings_lead_only_to_britannia() -> None:
    for city in real_map().cities_in("gallia"):
        for other in real_map().neighbours(city.id, "coastal"):
            assert real_map().city(other).province == "britannia"


def test_rome_and_macedonia_meet_in_illyricum() -> None:
    assert real_map().fewest_crossings("ravenna", "salonae") == 0
    assert real_map().fewest_crossings("pella", "dyrrachion") == 0


# --- Structure --------------------------------------------------------------------------------


def test_routes_are_symmetric_sorted_and_listed_once() -> None:
    m = real_map()
    assert len({r.ends for r in m.routes}) == len(m.routes)
    for route in m.routes:
        a, b = route.ends
        assert a < b
        assert b in m.neighbours(a, route.kind) and a in m.neighbours(b, route.kind)
    for node in m.node_ids:
        for kind in ROUTE_KINDS:
            links = m.neighbours(node, kind)
            assert list(links) == sorted(links)
            assert all(m.route_kind(node, other) == kind for other in links)


def test_every_city_has_a_land_or_coastal_route() -> None:
    for city in real_map().cities:
        assert real_map().neighbours(city.id, "land") or real_map().neighbours(city.id, "coastal")


def test_lookups_reject_unknown_ids() -> None:
    with pytest.raises(KeyError):
        real_map().city("atlantis")
    with pytest.raises(KeyError):
        real_map().neighbours("atlantis")
    assert real_map().route_kind("roma", "babylon") is None


# --- Loader rejections ------------------------------------------------------------------------

SMALL = """
provinces:
  italia: {name: Italia}
cities:
  roma: {name: Roma, province: italia, size: 3, port: true, geo: [1249, 4189]}
  capua: {name: Capua, province: italia, size: 2, port: false, geo: [1426, 4108]}
barbarian_areas:
  ligures: {name: Ligures, strength: 2, geo: [920, 4450]}
routes:
  land:
    - [roma, capua]
  barbarian:
    - [ligures, roma]
"""


def test_small_map_loads() -> None:
    small = parse_map(SMALL)
    assert small.neighbours("roma") == ("capua", "ligures")
    assert small.fewest_crossings("capua", "ligures", ["roma", "ligures"]) == 0


@pytest.mark.parametrize(("old", "new", "path", "words"), [
    ("size: 3", "size: 4", "cities.roma.size", "outside"),
    ("size: 3", "size: three", "cities.roma.size", "integer"),
    ("port: true", "port: 1", "cities.roma.port", "true or false"),
    ("port: true", "port: true, colour: red", "cities.roma", "unknown key"),
    ("province: italia, size: 3", "province: gallia, size: 3", "cities.roma.province",
     "not one of"),
    ("geo: [1249, 4189]", "geo: [12.49, 41.89]", "cities.roma.geo[0]", "integer"),
    ("geo: [1249, 4189]", "geo: [1249]", "cities.roma.geo", "longitude"),
    ("strength: 2", "strength: 0", "barbarian_areas.ligures.strength", "outside"),
    ("  ligures: {name: Ligures", "  roma: {name: Ligures", "barbarian_areas.roma",
     "already names"),
    ("  capua: {name: Capua", "  roma: {name: Capua", "line 6", "twice"),
    ("  ligures: {name: Ligures", "  Ligures: {name: Ligures", "barbarian_areas.Ligures",
     "lowercase"),
    ("name: Ligures", "name: Ligures, aliases: [Capua]", "barbarian_areas.ligures",
     "already names"),
    ("- [roma, capua]", "- [roma, tusculum]", "routes.land[0][1]", "unknown"),
    ("- [roma, capua]", "- [roma, roma]", "routes.land[0]", "itself"),
    ("- [roma, capua]", "- [roma, capua]\n    - [capua, roma]", "routes.land[1]", "already"),
    ("- [roma, capua]", "- [roma, ligures]", "routes.land[0]", "barbarian area"),
    ("- [roma, capua]", "- [roma, capua, ostia]", "routes.land[0]", "pair"),
    ("  land:", "  coastal:\n    - [capua, ligures]\n  land:", "routes.coastal[0]",
     "barbarian area"),
    ("- [ligures, roma]", "- [capua, roma]", "routes.barbarian[0]", "needs a barbarian area"),
    ("  barbarian:", "  sea:", "routes", "unknown key"),
    ("routes:", "rivers: {}\nroutes:", "(top)", "unknown key"),
    ("routes:", "routes: [", "line", "invalid YAML"),
])
def test_loader_rejects_broken_maps(old: str, new: str, path: str, words: str) -> None:
    assert SMALL.count(old) >= 1
    with pytest.raises(ContentError) as info:
        parse_map(SMALL.replace(old, new, 1))
    assert info.value.file == MAP_FILE
    assert info.value.path.startswith(path), info.value
    assert words in str(info.value)


def test_missing_map_file_is_named() -> None:
    with pytest.raises(ContentError, match=r"map\.yaml: file is missing"):
        load_map(ContentBundle("mediterranean_empires", ()))


def test_small_map_fails_the_book_facts_but_loads() -> None:
    with pytest.raises(ContentError, match="79, 50, 11"):
        check_map_facts(parse_map(SMALL))


@pytest.mark.parametrize(("old", "new", "path"), [
    ("- [messana, reghium]", "", "routes"),                             # Carthage's crossing
    ("- [neapolis, reghium]", "- [terentum, reghium]", "routes"),       # Rome reaches Reghium
    ("- [emporion, massilia]", "- [emporion, nicaea]", "routes"),       # Iberia's road
    ("- [trakhios, pella]", "- [dakoi, pella]", "routes"),
    ("geo: [312, 4571]}", "geo: [312, 4571], aliases: [Sedega]}", "cities.segeda"),
    ("Neapolis, province: italia, size: 1, port: true",
     "Neapolis, province: italia, size: 1, port: false", "cities.neapolis.port"),
    ("Vascones, strength: 4", "Vascones, strength: 3", "barbarian_areas.vascones.strength"),
    ("Genua, province: liguria", "Genua, province: italia", "provinces.liguria"),
    ("Massilia, province: liguria, size: 2", "Massilia, province: liguria, size: 1", "cities"),
    ("aliases: [Hadrumentun, Hadrumetum]", "aliases: [Hadrumetum]", "cities"),
])
def test_book_facts_catch_edits(old: str, new: str, path: str) -> None:
    with pytest.raises(ContentError) as info:
        check_map_facts(edited(old, new))
    assert info.value.file == MAP_FILE
    assert info.value.path.startswith(path), info.value


# --- layout.yaml ------------------------------------------------------------------------------


def test_layout_covers_the_map_and_projects_every_city_on_the_board() -> None:
    layout = real_layout()
    width, height = layout.projection.size
    assert layout.projection.x_per_degree == 79  # 100 * cos(38°)
    for city in real_map().cities:
        x, y = layout.projection.project(city.geo)
        assert 0 <= x <= width and 0 <= y <= height
    assert {s.id for s in layout.provinces} == {p.id for p in real_map().provinces}
    assert layout.city_anchor("roma") in ("n", "ne", "e", "se", "s", "sw", "w", "nw")
    assert layout.area_label("vascones") == real_map().barbarian_area("vascones").geo


SMALL_LAYOUT = """
projection: {kind: equirectangular, west: -1100, east: 5000, north: 5800, south: 2200,
             x_per_degree: 79, y_per_degree: 100}
provinces:
  italia: {colour: "#c0392b", label: [1300, 4200]}
barbarian_areas:
  ligures: {label: [920, 4450]}
city_labels:
  roma: sw
"""


def test_small_layout_loads() -> None:
    layout = parse_layout(SMALL_LAYOUT, parse_map(SMALL))
    assert layout.city_anchor("roma") == "sw" and layout.city_anchor("capua") == "e"
    assert layout.projection.project((1249, 4189)) == (1855, 1611)


@pytest.mark.parametrize(("old", "new", "path", "words"), [
    ("roma: sw", "ostia: sw", "city_labels.ostia", "unknown city"),
    ("roma: sw", "roma: up", "city_labels.roma", "not one of"),
    ('"#c0392b"', "red", "provinces.italia.colour", "#rrggbb"),
    ("  ligures: {label: [920, 4450]}", "  ligures: {label: [920, 9000]}",
     "barbarian_areas.ligures.label", "off the board"),
    ("  ligures: {label: [920, 4450]}", "  ligures: {label: [920, 4450], size: 3}",
     "barbarian_areas.ligures", "unknown key"),
    ("  ligures: {label: [920, 4450]}", "  picti: {label: [920, 4450]}",
     "barbarian_areas.picti", "unknown id"),
    ("  italia: {colour", "  gallia: {colour", "provinces.gallia", "unknown id"),
    ("kind: equirectangular", "kind: mercator", "projection.kind", "not one of"),
    ("west: -1100", "west: 1300", "projection", "off the board"),
    ("west: -1100", "west: 6000", "projection", "west must lie west"),
])
def test_layout_loader_rejects_broken_layouts(old: str, new: str, path: str,
                                              words: str) -> None:
    assert old in SMALL_LAYOUT
    with pytest.raises(ContentError) as info:
        parse_layout(SMALL_LAYOUT.replace(old, new), parse_map(SMALL))
    assert info.value.file == LAYOUT_FILE
    assert info.value.path.startswith(path), info.value
    assert words in str(info.value)


def test_layout_must_cover_every_barbarian_area() -> None:
    text = SMALL_LAYOUT.replace("  ligures: {label: [920, 4450]}\n", "")
    with pytest.raises(ContentError, match="missing entries for ligures"):
        parse_layout(text.replace("barbarian_areas:\n", "barbarian_areas: {}\n"),
                     parse_map(SMALL))
