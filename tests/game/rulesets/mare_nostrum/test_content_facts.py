"""Every fact the rulebook fixes about the board and the starting positions, as content tests.

The facts come from the seed's set-up, examples and Q&A (the facts file's "Facts the authored
map must satisfy"); the collection and track counts use the printed rules (1.1, 5).
"""

from __future__ import annotations

from collections import Counter

import pytest

from game.rulesets.mare_nostrum.content import COIN, EMPIRES, Empire, MnContent, load_content

CONTENT = load_content()
PRINTED_LEADER = {"rome": (7, 1, 3), "greece": (4, 4, 3), "babylon": (5, 3, 2),
                  "egypt": (4, 4, 2), "carthage": (7, 1, 2)}
"""Trade / Culture / Military at the start (set-up 4)."""
LEGENDARY = "legendary"


def built(content: MnContent, empire: Empire, province: str) -> list[str]:
    """The site kinds built at the start in one of its provinces ("city:capital" for cities)."""
    start = next(s for s in empire.provinces if s.province == province)
    sites = [content.site(id) for id in start.buildings]
    return [f"city:{s.city_kind}" if s.kind == "city" else s.kind for s in sites]


def collected(content: MnContent, empire: Empire) -> Counter[str]:
    """Round 1's collection (rule 1.1): caravan → its commodity, doubled by a market there;
    city → 1 coin, doubled by a temple there; legendary city → 1 coin and 1 legendary, and
    with a temple one more of either."""
    haul: Counter[str] = Counter()
    for start in empire.provinces:
        sites = [content.site(id) for id in start.buildings]
        kinds = {site.kind for site in sites}
        for site in sites:
            if site.kind == "caravan":
                haul[site.commodity] += 2 if "market" in kinds else 1
            elif site.kind == "city" and site.city_kind == LEGENDARY:
                haul.update({COIN: 1, LEGENDARY: 1, "coin_or_legendary": "temple" in kinds})
            elif site.kind == "city":
                haul[COIN] += 2 if "temple" in kinds else 1
    return haul


def tracks(content: MnContent, empire: Empire) -> tuple[int, int, int]:
    """Trade = caravans + markets, Culture = cities + temples, Military = units (rule 5)."""
    kinds = Counter(content.site(id).kind for s in empire.provinces for id in s.buildings)
    military = sum(s.legions + s.fortress for s in empire.provinces) + len(empire.triremes)
    bonus = content.tile(empire.starting_hero).bonus
    return (kinds["caravan"] + kinds["market"] + bonus.trade,
            kinds["city"] + kinds["temple"] + bonus.culture, military + bonus.military)


def adjoining(content: MnContent, start: str, seas: set[str]) -> set[str]:
    """Provinces reached from one through a chain of the given seas (rule 3.1.1)."""
    reached, frontier = set(), {s for s in content.province(start).coasts if s in seas}
    while frontier:
        sea = frontier.pop()
        reached.add(sea)
        frontier |= {s for s in content.sea(sea).neighbours if s in seas} - reached
    return {p for sea in reached for p in content.sea(sea).coasts} - {start}


@pytest.mark.parametrize("empire", EMPIRES)
def test_each_empire_collects_exactly_nine_resources_in_round_one(empire: str) -> None:
    haul = collected(CONTENT, CONTENT.empire(empire))
    assert sum(haul.values()) == 9, haul


@pytest.mark.parametrize("empire", EMPIRES)
def test_each_empire_starts_at_its_printed_leader_values(empire: str) -> None:
    record = CONTENT.empire(empire)
    assert tracks(CONTENT, record) == PRINTED_LEADER[empire]
    leader = record.leader
    assert (leader.trade, leader.culture, leader.military) == PRINTED_LEADER[empire]


def test_the_starting_heroes_add_nothing_to_the_tracks() -> None:
    for empire in CONTENT.empires:
        hero = CONTENT.tile(empire.starting_hero)
        assert (hero.kind, hero.starting_for, hero.bonus.trade + hero.bonus.culture
                + hero.bonus.military) == ("hero", empire.id, 0)


def test_aethiopia_is_egyptian_with_a_grain_and_a_gold_caravan_site() -> None:
    aethiopia = CONTENT.province("aethiopia")
    assert aethiopia.empire == "egypt"
    assert [s.commodity for s in aethiopia.sites_of("caravan")] == ["grain", "gold"]
    assert built(CONTENT, CONTENT.empire("egypt"), "aethiopia") == ["caravan", "caravan"]
    start = next(s for s in CONTENT.empire("egypt").provinces if s.province == "aethiopia")
    assert start.legions == 0


def test_cyrenaica_has_a_papyrus_caravan_a_market_and_a_city_and_borders_mare_africum() -> None:
    cyrenaica = CONTENT.province("cyrenaica")
    assert [s.commodity for s in cyrenaica.sites_of("caravan")] == ["papyrus"]
    assert len(cyrenaica.sites_of("market")) == 1
    assert [s.city_kind for s in cyrenaica.sites_of("city")] == ["regular"]
    assert "mare_africum" in cyrenaica.coasts


def test_the_worked_battle_finds_one_egyptian_legion_and_a_fortress_in_cyrenaica() -> None:
    start = next(s for s in CONTENT.empire("egypt").provinces if s.province == "cyrenaica")
    assert (start.legions, start.fortress) == (1, True)
    assert built(CONTENT, CONTENT.empire("egypt"), "cyrenaica") == ["caravan", "market",
                                                                    "city:regular"]


def test_asia_holds_troia_and_no_caravan_or_market_and_lies_across_the_water() -> None:
    asia = CONTENT.province("asia")
    assert [(s.city_kind, s.city_name) for s in asia.sites_of("city")] == [(LEGENDARY, "Troia")]
    assert not asia.sites_of("caravan") and not asia.sites_of("market")
    assert not {"thracia", "achaea"} & set(asia.neighbours)
    assert "mare_aegaeum" in asia.coasts
    assert {"achaea", "thracia"} <= set(CONTENT.sea("mare_aegaeum").coasts)


def test_two_seas_would_let_a_greek_trireme_reach_asia() -> None:
    """Example 10: a trireme in 'either sea' links Thracia or Achaea to Asia."""
    greek = {"achaea", "thracia"}
    links = [s.id for s in CONTENT.seas if "asia" in s.coasts and greek & set(s.coasts)]
    assert sorted(links) == ["mare_aegaeum", "propontis"]


def test_example_10_greece_holding_dacia_may_reach_germania_dalmatia_macedonia() -> None:
    greek = {"dacia", "thracia", "achaea"}
    adjacent = {n for p in greek for n in CONTENT.province(p).neighbours} - greek
    assert {"germania", "dalmatia", "macedonia"} <= adjacent
    assert "asia" not in adjacent
    assert "germania" in CONTENT.province("dacia").neighbours


def test_dalmatia_and_macedonia_border_greek_territory() -> None:
    greek = {s.province for s in CONTENT.empire("greece").provinces}
    assert {"achaea", "thracia"} <= greek
    assert greek & set(CONTENT.province("macedonia").neighbours)
    assert {"dacia", "macedonia"} <= set(CONTENT.province("dalmatia").neighbours)


def test_example_11_a_trireme_in_mare_aegaeum_adjoins_asia_to_the_greek_provinces() -> None:
    for greek in ("achaea", "macedonia", "thracia"):
        assert "asia" in adjoining(CONTENT, greek, {"mare_aegaeum"})


def test_example_13_roman_triremes_carry_legions_from_italia_and_creta_to_cyrenaica() -> None:
    assert "mare_ionium" in CONTENT.province("italia").coasts
    assert "mare_africum" in CONTENT.sea("mare_ionium").neighbours
    creta = CONTENT.province("creta")
    assert creta.island and "mare_africum" in creta.coasts
    assert "cyrenaica" in adjoining(CONTENT, "italia", {"mare_ionium", "mare_africum"})
    assert "cyrenaica" in adjoining(CONTENT, "creta", {"mare_africum"})
    assert "cyrenaica" not in adjoining(CONTENT, "italia", {"mare_ionium"})


def test_example_2_cilicia_borders_judaea_and_asia_by_land() -> None:
    assert {"judaea", "asia"} <= set(CONTENT.province("cilicia").neighbours)


def test_the_capitals_and_legendary_cities_stand_where_the_text_puts_them() -> None:
    capitals = {e.id: CONTENT.province(e.capital).capital for e in CONTENT.empires}
    names = {id: site.city_name for id, site in capitals.items() if site is not None}
    assert names == {"rome": "Roma", "greece": "Athenae", "babylon": "Babylon",
                     "egypt": "Alexandria", "carthage": "Carthago"}
    legendary = {s.city_name: p.id for p in CONTENT.provinces for s in p.sites_of("city")
                 if s.city_kind == LEGENDARY}
    assert legendary == {"Troia": "asia", "Ierusalem": "judaea", "Syracusae": "sicilia"}


def test_each_empire_begins_with_three_provinces_of_its_colour() -> None:
    for empire in CONTENT.empires:
        coloured = {p.id for p in CONTENT.provinces if p.empire == empire.id}
        assert {s.province for s in empire.provinces} == coloured
        assert len(coloured) == 3 and empire.capital in coloured


def test_the_smaller_boards_cover_babylon_and_then_egypt() -> None:
    assert [e.id for e in CONTENT.empires_for(5)] == list(EMPIRES)
    assert [e.id for e in CONTENT.empires_for(4)] == ["rome", "greece", "egypt", "carthage"]
    assert [e.id for e in CONTENT.empires_for(3)] == ["rome", "greece", "carthage"]
    for players in (3, 4, 5):
        gone = {p.id for p in CONTENT.provinces if not p.in_play(players)}
        absent = set(EMPIRES) - {e.id for e in CONTENT.empires_for(players)}
        assert gone == {p.id for p in CONTENT.provinces if p.empire in absent}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_board_is_one_connected_map(players: int) -> None:
    areas = {p.id: set(p.neighbours) | set(p.coasts) for p in CONTENT.provinces
             if p.in_play(players)}
    for sea in CONTENT.seas:
        areas[sea.id] = set(sea.neighbours) | set(sea.coasts)
    reached, frontier = set(), ["italia"]
    while frontier:
        area = frontier.pop()
        if area in areas and area not in reached:
            reached.add(area)
            frontier += sorted(areas[area])
    assert reached == set(areas)


def test_islands_have_no_land_borders_and_touch_the_sea() -> None:
    islands = [p for p in CONTENT.provinces if p.island]
    assert {p.id for p in islands} >= {"sicilia", "creta", "sardinia", "corsica", "cyprus"}
    for island in islands:
        assert not island.neighbours and island.coasts


def test_starting_titles_follow_the_printed_ties() -> None:
    """Example 22: the printed values tie, yet Rome, Egypt and Carthage start as leaders."""
    titles = {t.track: t.empire for t in CONTENT.titles_for(5)}
    assert titles == {"military": "rome", "culture": "egypt", "trade": "carthage"}
    assert {t.track: t.empire for t in CONTENT.titles_for(3)}["culture"] == "greece"
    leader = {e.id: e.leader for e in CONTENT.empires}
    assert leader["greece"].military == leader["rome"].military
    assert leader["greece"].culture == leader["egypt"].culture
    assert leader["rome"].trade == leader["carthage"].trade


def test_the_start_leaves_every_reserve_stocked() -> None:
    """Supplies are limits (rule 9): no commodity runs dry on round 1's collection."""
    total: Counter[str] = Counter()
    for empire in CONTENT.empires:
        total += collected(CONTENT, empire)
    for kind, count in CONTENT.supplies.commodities:
        assert total[kind] < count, kind
    assert total[COIN] <= CONTENT.supplies.coins


def test_caravan_sites_per_commodity_stay_within_the_reserves() -> None:
    sites = Counter(s.commodity for p in CONTENT.provinces for s in p.sites_of("caravan"))
    for kind, count in CONTENT.supplies.commodities:
        assert 1 <= sites[kind] <= count, kind
    assert sites["ceramic"] <= 2


def test_mainland_provinces_border_land_and_straits_stay_water() -> None:
    for province in CONTENT.provinces:
        assert province.island or province.neighbours, province.id
    crossings = {("thracia", "asia"), ("italia", "sicilia"), ("baetica", "mauretania"),
                 ("corsica", "sardinia"), ("achaea", "creta")}
    for one, other in crossings:
        assert other not in CONTENT.province(one).neighbours
